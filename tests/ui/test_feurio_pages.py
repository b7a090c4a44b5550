"""Feurio!'s pages as a visitor uses them, without a browser."""

from __future__ import annotations

import re

from nicegui import ui
from nicegui.testing import User

from tests.ui.patience import handled

HOT_SEAT = "A friend on this screen (hot seat)"


def picture(user: User) -> str:
    (element,) = user.find(marker="feurio-board").elements
    assert isinstance(element, ui.html)
    return element.content


def offered(user: User) -> list[str]:
    return re.findall(r'data-click="act:([^"]+)"', picture(user))


async def click_and_wait(user: User, token: str) -> None:
    """Click, and wait until the page has handled the click (a move played, a choice
    drawn); the board picture has changed by then."""
    before = picture(user)
    await handled(lambda: user.find(marker="feurio-board").trigger("click", token))
    assert picture(user) != before, f"the board did not change after {token}"


def board_ply(user: User) -> str:
    """The ply the table page says its board shows (``data-ply`` of the board box)."""
    box = next(e for e in user.client.elements.values() if e.props.get("data-testid") == "board")
    return str(box.props.get("data-ply"))


async def pass_and_wait(user: User) -> None:
    await user.should_see(marker="pass")
    before = board_ply(user)
    await handled(lambda: user.find(marker="pass").click())
    assert board_ply(user) != before, "the pass was not shown"


async def start_hot_seat(user: User) -> None:
    await user.open("/new/feurio")
    user.find(marker="name").clear().type("Ann")
    user.find(HOT_SEAT).click()
    user.find(marker="second-name").clear().type("Bea")
    user.find(marker="start").click()
    await user.should_see("Colours")


async def test_a_hot_seat_table_plays_each_colour_in_turn_without_a_hand_over_screen(
    user: User,
) -> None:
    await start_hot_seat(user)
    await user.should_not_see("Pass the device")
    for _ in range(3):
        cells = offered(user)
        if cells and cells[0].startswith("lay "):
            await click_and_wait(user, f"act:{cells[0]}")
        else:
            await pass_and_wait(user)
    await user.should_see("Last turn")
    await user.should_not_see("Pass the device")


async def test_clicks_the_board_does_not_offer_change_nothing(user: User) -> None:
    await start_hot_seat(user)
    before = picture(user)
    forgeries = (
        "act:lay 9,9",
        "act:man 9,9",
        "act:lay 0,0",
        "act:neutral 0,0",
        "act:done",
        "x",
        "",
    )
    assert not set(forgeries) & {f"act:{a}" for a in offered(user)}
    board = user.find(marker="feurio-board")
    await handled(lambda: [board.trigger("click", forged) for forged in forgeries])
    assert picture(user) == before


async def test_the_rules_help_of_feurio_exists_in_both_languages(user: User) -> None:
    await user.open("/rules/feurio")
    await user.should_see("Scoring")
    user.http_client.headers["accept-language"] = "fr"
    await user.open("/rules/feurio")
    await user.should_see("Décompte")
