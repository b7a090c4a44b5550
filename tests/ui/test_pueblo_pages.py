"""Pueblo's pages as a visitor uses them, without a browser."""

from __future__ import annotations

import re

from nicegui import ui
from nicegui.testing import User

from tests.ui.patience import handled, until

HOT_SEAT = "A friend on this screen (hot seat)"


def picture(user: User) -> str:
    (element,) = user.find(marker="pueblo-top").elements
    assert isinstance(element, ui.html)
    return element.content


def offered(user: User) -> list[str]:
    return re.findall(r'data-click="act:([^"]+)"', picture(user))


async def start_hot_seat(user: User) -> None:
    await user.open("/new/pueblo")
    user.find(marker="name").clear().type("Ann")
    user.find(HOT_SEAT).click()
    user.find(marker="second-name").clear().type("Bea")
    user.find(marker="start").click()
    await user.should_see("Penalty points")


async def click_and_wait(user: User, token: str) -> None:
    """Click, and wait until the page has handled the click (a move played, a choice
    drawn); the board picture has changed by then."""
    before = picture(user)
    await handled(lambda: user.find(marker="pueblo-top").trigger("click", token))
    assert picture(user) != before, f"the board did not change after {token}"


async def test_the_first_stone_offers_one_position_at_a_time_and_turning_changes_it(
    user: User,
) -> None:
    await start_hot_seat(user)
    await user.should_see("Place your coloured stone")
    first = offered(user)
    assert first and all(a.startswith("C") and "@" in a for a in first)
    assert len({a.split("@")[0] for a in first}) == 1, "one position offered at a time"
    user.find(marker="rotate").click()
    assert await until(
        lambda: {a.split("@")[0] for a in offered(user)} != {a.split("@")[0] for a in first}
    ), "turning the stone offers another position"


async def test_placing_then_moving_the_chief_plays_a_whole_turn_without_a_cover(
    user: User,
) -> None:
    await start_hot_seat(user)
    await user.should_see("Place your coloured stone")
    await click_and_wait(user, f"act:{offered(user)[0]}")
    await user.should_see("Where the chief may go")
    steps = offered(user)
    assert sorted(steps) == ["chief 1", "chief 2", "chief 3", "chief 4"]
    await click_and_wait(user, "act:chief 3")
    await user.should_see("Place your coloured stone")
    await user.should_not_see("Pass the device")


async def test_clicks_the_board_does_not_offer_change_nothing(user: User) -> None:
    await start_hot_seat(user)
    before = picture(user)
    offered_now = set(offered(user))
    forgeries = ["act:C0@h8", "act:N0@a1", "act:chief 5", "act:chief 1", "act:C12@a1", "x"]
    assert not offered_now & {f[4:] for f in forgeries}
    board = user.find(marker="pueblo-top")
    await handled(lambda: [board.trigger("click", forged) for forged in forgeries])
    assert picture(user) == before


async def test_the_rules_help_of_pueblo_exists_in_both_languages(user: User) -> None:
    await user.open("/rules/pueblo")
    await user.should_see("The chief")
    user.http_client.headers["accept-language"] = "fr"
    await user.open("/rules/pueblo")
    await user.should_see("Le chef")
