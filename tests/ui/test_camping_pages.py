"""Deluxe Camping's pages as a visitor uses them, without a browser."""

from __future__ import annotations

import re

from nicegui import ui
from nicegui.testing import User

from tests.ui.patience import handled, until

HOT_SEAT = "A friend on this screen (hot seat)"


def picture(user: User) -> str:
    (element,) = user.find(marker="camping-board").elements
    assert isinstance(element, ui.html)
    return element.content


def offered(user: User, kind: str) -> list[str]:
    """The click tokens of one kind (``sel`` or ``act``) the board offers now."""
    return re.findall(rf'data-click="{kind}:([^"]+)"', picture(user))


def click(user: User, token: str) -> None:
    user.find(marker="camping-board").trigger("click", token)


async def click_and_wait(user: User, token: str) -> None:
    """Click, and wait until the page has handled the click (a move is played, or a
    choice drawn); the board picture has changed by then."""
    before = picture(user)
    await handled(lambda: click(user, token))
    assert picture(user) != before, f"the board did not change after {token}"


async def until_offered(user: User) -> None:
    """Wait until the board offers something to click: a click redraws the board while
    the move is sent (nothing offered), then again for the next seat."""
    assert await until(lambda: offered(user, "act") or offered(user, "sel")), (
        "the board offers nothing"
    )


async def open_form(user: User, players: int) -> None:
    await user.open("/new/camping")
    user.find(marker="name").clear().type("Ann")
    (toggle,) = user.find(marker="players").elements
    toggle.value = players


async def test_a_three_player_table_seats_the_visitor_and_two_numbered_bots(user: User) -> None:
    await open_form(user, 3)
    user.find(marker="start").click()
    await user.should_see("Scores")
    await user.should_see("Ann (you)")
    await user.should_see("Bot (normal) 1")
    await user.should_see("Bot (normal) 2")
    await user.should_see("Place your", retries=100)  # the bots may place first


async def test_hot_seat_camping_has_no_hand_over_screen_and_plays_for_the_seat_to_move(
    user: User,
) -> None:
    await open_form(user, 2)
    user.find(HOT_SEAT).click()
    user.find(marker="second-name").clear().type("Bea")
    user.find(marker="start").click()
    await user.should_see("Place your bungalow")
    await user.should_not_see("Pass the device")
    first = offered(user, "sel")[0]
    click(user, f"sel:{first}")
    await user.should_see(f"Bungalow from {first}")
    (placement,) = offered(user, "act")[:1]
    click(user, f"act:{placement}")
    await user.should_see("Last turn")
    await user.should_see("Place your bungalow")
    await user.should_not_see("Pass the device")


async def test_a_click_on_something_the_board_does_not_offer_changes_nothing(user: User) -> None:
    await open_form(user, 2)
    user.find(HOT_SEAT).click()
    user.find(marker="start").click()
    await user.should_see("Place your bungalow")
    before = picture(user)
    for forged in ("act:e5|e6", "act:stop", "act:caravan a1", "sel:z9", "garbage", ""):
        click(user, forged)
    await user.should_see("Place your bungalow")
    assert picture(user) == before


async def test_two_players_with_the_same_name_are_refused(user: User) -> None:
    await open_form(user, 2)
    user.find(HOT_SEAT).click()
    user.find(marker="second-name").clear().type("ann")
    user.find(marker="start").click()
    await user.should_see("Each player needs a different name.")


async def test_the_mystery_tokens_reach_the_page_face_down_until_the_reveal(user: User) -> None:
    await open_form(user, 2)
    user.find(HOT_SEAT).click()
    user.find(marker="start").click()
    await user.should_see("Place your bungalow")
    shown = picture(user)
    assert shown.count('data-piece="token"') == 3
    assert 'data-piece="pest"' not in shown and 'data-piece="icecream"' not in shown
    for _ in range(2 + 2 * 4):  # two bungalows, then four caravans each
        await until_offered(user)
        if not offered(user, "act"):
            await click_and_wait(user, f"sel:{offered(user, 'sel')[0]}")
        await click_and_wait(user, f"act:{offered(user, 'act')[0]}")
    await user.should_see("Your move")
    shown = picture(user)
    assert 'data-piece="token"' not in shown
    assert shown.count('data-piece="pest"') == 1 and shown.count('data-piece="icecream"') == 2


async def test_the_rules_index_leads_to_both_games_help_in_both_languages(user: User) -> None:
    await user.open("/rules")
    await user.should_see("Deluxe Camping")
    await user.open("/rules/camping")
    await user.should_see("Scoring")
    user.http_client.headers["accept-language"] = "fr"
    await user.open("/rules/camping")
    await user.should_see("Décompte")
