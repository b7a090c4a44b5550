"""The pages as a visitor uses them, without a browser."""

from __future__ import annotations

import httpx
import pytest
from nicegui import core
from nicegui.testing import User
from sqlalchemy.exc import OperationalError

from core.games import GAMES
from storage import history, repo
from tests.ui.test_move_box import choose_card, hand_codes
from ui.boards import BOARDS
from ui.pages.home import SHOWCASE

HOT_SEAT = "A friend on this screen (hot seat)"


def database_down(*args: object, **kwargs: object) -> None:
    """Stands in for a repository function when the database cannot be reached."""
    raise OperationalError("statement", {}, Exception("connection refused"))


async def start_table(user: User, *, hot_seat: bool) -> None:
    """Open a Caravan table as Ann, against the bot or with Bea on the same screen."""
    await user.open("/new/caravan")
    user.find(marker="name").clear().type("Ann")
    if hot_seat:
        user.find(HOT_SEAT).click()
        user.find(marker="second-name").clear().type("Bea")
    user.find(marker="start").click()


async def start_hot_seat(user: User) -> None:
    await start_table(user, hot_seat=True)
    await user.should_see("Pass the device to")


async def test_the_home_page_offers_every_playable_game_and_announces_the_others(
    user: User,
) -> None:
    await user.open("/")
    await user.should_see("Five board games, ready to play")
    for game in SHOWCASE:
        await user.should_see(game.title)
    playable = {g.id for g in SHOWCASE if g.id in GAMES and g.id in BOARDS}
    assert "caravan" in playable
    buttons = {
        element.props.get("data-testid")
        for element in user.client.elements.values()
        if str(element.props.get("data-testid", "")).startswith("play-")
    }
    assert buttons == {f"play-{g}" for g in playable}
    if len(playable) < len(SHOWCASE):
        await user.should_see("Coming soon")


async def test_a_french_browser_gets_the_site_in_french(user: User) -> None:
    user.http_client.headers["accept-language"] = "fr-CH, fr;q=0.9, en;q=0.5"
    await user.open("/")
    await user.should_see("Cinq jeux de société, prêts à jouer")
    await user.should_see("Jouer")
    await user.should_see("Règles")


async def test_a_name_made_of_spaces_is_refused_and_no_table_is_opened(user: User) -> None:
    await user.open("/new/caravan")
    user.find(marker="name").clear().type("   ")
    user.find(marker="start").click()
    await user.should_see("Names must be 1 to 24 printable characters.")
    await user.should_see("New game of Caravan")


async def test_an_unreachable_database_leaves_the_form_with_a_message(
    user: User, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(repo, "create_match", database_down)
    await user.open("/new/caravan")
    user.find(marker="start").click()
    await user.should_see("cannot reach its database")
    await user.should_see("New game of Caravan")


async def test_hot_seat_shows_no_card_of_a_hand_until_its_player_asks(user: User) -> None:
    await start_hot_seat(user)
    assert hand_codes(user) == []
    user.find(marker="cover-show").click()
    await user.should_see("Your lead")
    assert len(hand_codes(user)) == 15


async def test_a_move_that_cannot_be_stored_is_refused_and_changes_nothing(
    user: User, monkeypatch: pytest.MonkeyPatch
) -> None:
    await start_hot_seat(user)
    user.find(marker="cover-show").click()
    await user.should_see("Your lead")
    hand = sorted(hand_codes(user))

    monkeypatch.setattr(repo, "append_move", database_down)
    single = next(code for code in hand if code[0] in "23456789")
    await choose_card(user, single)
    user.find(marker="play").click()
    await user.should_see("could not be saved")
    await user.should_see("Your lead")
    assert sorted(hand_codes(user)) == hand


async def test_unknown_tables_replays_and_rules_say_so(user: User) -> None:
    assert "There is no such table." in (await user.http_client.get("/table/nope")).text
    assert "There is no such game." in (await user.http_client.get("/replay/nope")).text
    reply = await user.http_client.get("/rules/nope")
    assert reply.status_code == 404 and "No rules help for this game yet." in reply.text


async def test_the_rules_help_explains_the_notation_in_both_languages(user: User) -> None:
    await user.open("/rules/caravan")
    await user.should_see("Notation")
    user.http_client.headers["accept-language"] = "fr"
    await user.open("/rules/caravan")
    await user.should_see("Les cartes")


async def test_history_is_empty_for_a_new_visitor(user: User) -> None:
    await user.open("/history")
    await user.should_see("No games yet on this browser.")


def elements_marked(user: User, prefix: str) -> set[int]:
    return {
        element.id
        for element in user.client.elements.values()
        if any(m.startswith(prefix) for m in element._markers)
    }


async def test_a_move_patches_the_board_instead_of_rebuilding_it(user: User) -> None:
    await start_hot_seat(user)
    user.find(marker="cover-show").click()
    await user.should_see("Your lead")
    indicators, turn = elements_marked(user, "indicators"), elements_marked(user, "turn")
    single = next(code for code in hand_codes(user) if code[0] in "23456789")
    await choose_card(user, single)
    user.find(marker="play").click()
    await user.should_see("Pass the device to")
    assert elements_marked(user, "indicators") == indicators != set()
    assert elements_marked(user, "turn") == turn != set()
    assert hand_codes(user) == []


async def test_an_unreachable_database_is_reported_on_the_history_page(
    user: User, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(history, "matches_for_user_page", database_down)
    monkeypatch.setattr(repo, "load_record", database_down)
    monkeypatch.setattr(repo, "load_tables", database_down)  # what the table page reads
    await user.open("/history")
    await user.should_see("cannot reach its database")
    await user.open("/table/some-table")
    await user.should_see("cannot be read just now")


async def test_a_visitor_without_a_seat_watches_without_any_hand(user: User) -> None:
    await start_table(user, hot_seat=False)
    await user.should_see("Ann (you)")
    table_path = user.back_history[-1]
    assert table_path.startswith("/table/")
    assert len(hand_codes(user)) == 15

    async with httpx.AsyncClient(
        transport=httpx.ASGITransport(core.app), base_url="http://test"
    ) as other_browser:
        watcher = User(other_browser)
        await watcher.open(table_path)
        await watcher.should_see("Bot (normal)")
        await watcher.should_see("You are watching")
        await watcher.should_not_see("(you)")
        assert hand_codes(watcher) == []
        assert not any(
            "pass" in element._markers and element.visible
            for element in watcher.client.elements.values()
        )
