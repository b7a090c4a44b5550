"""The move box: playing by typing the notation, with completion from the legal actions."""

from __future__ import annotations

import asyncio
import os
import re
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import httpx
import pytest
from nicegui import core, ui
from nicegui.testing import User

from core.games import GAMES
from core.games.caravan.cards import DECK
from storage import repo
from storage.db import make_engine
from tests.ui.sites import until
from ui.pages.move_box import LIMIT, examples, read, suggest

HOT_SEAT = "A friend on this screen (hot seat)"
OPEN_SEAT = "An open seat: anyone in the lobby may take it"


# ------------------------------------------------------------------ filtering


def test_suggestions_list_what_starts_with_the_text_before_what_contains_it() -> None:
    legal = ["2MK+5ML", "5ML", "9VY+NV@9", "5SV", "pass", "1M+NM"]
    assert suggest(legal, "5") == ["5ML", "5SV", "2MK+5ML"]
    assert suggest(legal, "ml") == ["2MK+5ML", "5ML"]  # case ignored, engine's order
    assert suggest(legal, " Pa ") == ["pass"]
    assert suggest(legal, "xyz") == []
    assert suggest(legal, "") == legal  # fewer than the limit: all of them


def test_suggestions_stop_at_the_limit_among_hundreds_of_pueblo_placements() -> None:
    state = GAMES["pueblo"].new_game(2, 5, {})
    seat = min(state.to_move())
    legal = state.legal_actions(seat)
    assert len(legal) > 100
    assert suggest(legal, "") == legal[:LIMIT]
    first = legal[0][:3]  # e.g. "C0@"
    found = suggest(legal, first.lower())
    assert len(found) == LIMIT
    assert all(action.startswith(first) for action in found)
    assert suggest(legal, legal[-1]) == [legal[-1]]
    assert set(suggest(legal, "@a1", limit=500)) == {a for a in legal if "@a1" in a}


def test_examples_quote_the_first_middle_and_last_legal_actions() -> None:
    assert examples(["a", "b", "c", "d", "e"]) == ["a", "c", "e"]
    assert examples(["a", "b"]) == ["a", "b"]
    assert examples([]) == []


# ------------------------------------------------------------------ the page


def elements(user: User) -> list[ui.element]:
    assert user.client is not None
    return list(user.client.elements.values())


def box(user: User) -> ui.input:
    (element,) = user.find(marker="move-input").elements
    assert isinstance(element, ui.input)
    return element


def text_of(user: User, marker: str) -> str:
    (element,) = user.find(marker=marker).elements
    return str(getattr(element, "text", ""))


def suggestion_options(user: User) -> list[ui.element]:
    """The move box's suggestion elements, shown or not."""
    return [e for e in elements(user) if any(m.startswith("move-option-") for m in e._markers)]


def shown_suggestions(user: User) -> list[str]:
    options = [element for element in suggestion_options(user) if element.visible]
    return [str(getattr(option, "text", "")) for option in sorted(options, key=lambda e: e.id)]


def press(user: User, key: str) -> None:
    """A key pressed in the box, as the browser reports it (with the text it holds)."""
    user.find(marker="move-input").trigger("keydown", {"key": key, "value": box(user).value})


def ply(user: User) -> int:
    (board,) = [e for e in elements(user) if e.props.get("data-testid") == "board"]
    return int(board.props["data-ply"])


def hand_codes(user: User) -> list[str]:
    """The cards in the hand on this visitor's page (the hand is one element of markup)."""
    return [
        code
        for element in elements(user)
        if isinstance(element, ui.html) and element.props.get("data-testid") == "hand"
        for code in re.findall(r'data-code="([^"]+)"', element.content)
    ]


def card_pressed(user: User, code: str) -> bool:
    """Whether the hand shows the card ``code`` chosen."""
    (hand,) = user.find(marker="hand").elements
    tag = re.search(rf'<div [^>]*data-code="{re.escape(code)}"[^>]*>', hand.content)
    return tag is not None and 'aria-pressed="true"' in tag.group()


async def choose_card(user: User, code: str) -> None:
    """Click a card of the hand (a target of the hand's one click handler) and wait until
    the hand shows it chosen, or put back."""
    before = card_pressed(user, code)
    user.find(marker="hand").trigger("click", f"sel:{code}")
    await until(lambda: card_pressed(user, code) != before)


async def stored_moves(user: User) -> list[tuple[int, str]]:
    """The (seat, action) pairs stored for the visitor's table (the conftest points
    DATABASE_URL at the site's database)."""
    table_id = user.back_history[-1].rsplit("/", 1)[-1]
    record = repo.load_record(make_engine(os.environ["DATABASE_URL"]), match_id=table_id)
    assert record is not None
    return [(seat, action) for seat, action in record["actions"]]


async def stored_actions(user: User) -> list[Any]:
    return [action for _seat, action in await stored_moves(user)]


async def hot_seat_caravan(user: User) -> None:
    """Ann and Bea on one screen; Ann's hand is shown, the box is hers."""
    await user.open("/new/caravan")
    user.find(marker="name").clear().type("Ann")
    user.find(HOT_SEAT).click()
    user.find(marker="second-name").clear().type("Bea")
    user.find(marker="start").click()
    await user.should_see("Pass the device to")
    user.find(marker="cover-show").click()
    await user.should_see("Your lead")


async def test_typing_lists_only_legal_moves_and_tab_completes_the_first(user: User) -> None:
    await hot_seat_caravan(user)
    assert not box(user).props.get("readonly")
    await user.should_see("Your move. For example:")
    press(user, "ArrowDown")  # on an empty box: the first legal actions
    listed = shown_suggestions(user)
    assert 0 < len(listed) <= LIMIT
    press(user, "Escape")
    assert shown_suggestions(user) == []

    hand = hand_codes(user)
    single = next(code for code in hand if code[0] in "23456789")
    box(user).value = single[:1]
    offered = shown_suggestions(user)
    assert single in offered or len(offered) == LIMIT
    starting = [a for a in offered if a.startswith(single[:1])]
    assert offered[: len(starting)] == starting  # what starts with the text comes first
    for shown in offered:  # every suggestion is made only of cards in this hand
        cards = read("caravan", "en", shown).partition("@")[0].split("+")
        assert set(cards) <= set(hand), shown
    assert box(user).props["aria-expanded"] == "true"
    press(user, "Tab")
    assert box(user).value == offered[0]


async def test_enter_plays_the_typed_move_and_clears_the_box(user: User) -> None:
    await hot_seat_caravan(user)
    single = next(code for code in hand_codes(user) if code[0] in "23456789")
    box(user).value = single
    press(user, "Enter")
    await user.should_see("Pass the device to")
    assert await stored_actions(user) == [single]
    # The box is emptied once the table has taken the move, which it tells the board (the
    # hand-over shown) before the submission returns to the box.
    await until(lambda: box(user).value == "")
    assert text_of(user, "move-error") == ""
    # Bea's hand is hidden: the box waits, read-only, and says why.
    assert box(user).props.get("readonly")
    assert shown_suggestions(user) == []
    assert "Show the hand of the player to move first" in text_of(user, "move-status")


def option(user: User, index: int) -> ui.element:
    (element,) = [e for e in elements(user) if f"move-option-{index}" in e._markers]
    return element


async def test_a_picked_suggestion_is_played_with_up_down_and_enter(user: User) -> None:
    await hot_seat_caravan(user)
    press(user, "ArrowDown")
    press(user, "ArrowDown")
    options = shown_suggestions(user)
    assert box(user).props["aria-activedescendant"] == option(user, 1).html_id
    assert option(user, 1).props["aria-selected"] == "true"
    assert option(user, 0).props["aria-selected"] == "false"
    press(user, "ArrowUp")
    press(user, "ArrowUp")  # past the first: round to the last
    last = option(user, len(options) - 1)
    assert box(user).props["aria-activedescendant"] == last.html_id
    press(user, "Enter")
    await user.should_see("Pass the device to")
    assert await stored_actions(user) == [read("caravan", "en", options[-1])]


async def test_garbled_notation_is_refused_with_the_engines_message_and_kept(user: User) -> None:
    await hot_seat_caravan(user)
    box(user).value = "zz9"
    press(user, "Enter")
    said = (
        "'zz9' is not a play: write the cards as their corners show them, joined by '+',"
        " like 2MK+3MV."
    )
    await user.should_see(said)
    assert text_of(user, "move-error") == said
    assert box(user).value == "zz9"
    assert box(user).props["aria-invalid"] == "true"
    assert ply(user) == 0
    assert await stored_actions(user) == []
    box(user).value = "zz"  # editing the text takes the message away
    assert text_of(user, "move-error") == ""


async def test_an_illegal_move_is_refused_with_the_reason_and_kept(user: User) -> None:
    await hot_seat_caravan(user)
    hand = set(hand_codes(user))
    absent = next(card.code for card in DECK if not card.is_wild and card.code not in hand)
    box(user).value = absent
    press(user, "Enter")
    await user.should_see(f"You do not hold {absent}.")
    assert box(user).value == absent
    assert await stored_actions(user) == []
    box(user).value = ""
    press(user, "Enter")  # nothing typed: a hint, nothing sent
    await user.should_see("Type a move first, for example")
    assert await stored_actions(user) == []


@asynccontextmanager
async def other_browser() -> AsyncIterator[User]:
    async with httpx.AsyncClient(
        transport=httpx.ASGITransport(core.app), base_url="http://test"
    ) as client:
        yield User(client)


async def test_out_of_turn_the_box_is_read_only_and_a_spectator_has_none(user: User) -> None:
    await user.open("/new/caravan")
    user.find(marker="name").clear().type("Ann")
    user.find(OPEN_SEAT).click()
    user.find(marker="start").click()
    await user.should_see("Waiting for players")
    path = user.back_history[-1]
    async with other_browser() as bea, other_browser() as watcher:
        await bea.open(path)
        bea.find(marker="join-name").clear().type("Bea")
        bea.find(marker="take-seat").click()
        await bea.should_see("Hand 1 of 5")
        await user.should_see("Hand 1 of 5")
        await bea.should_see(marker="move-input")
        pages = {"Ann": user, "Bea": bea}
        waiting = [p for p in pages.values() if box(p).props.get("readonly")]
        playing = [p for p in pages.values() if not box(p).props.get("readonly")]
        assert len(waiting) == len(playing) == 1
        (idle,) = waiting
        assert text_of(idle, "move-status") == "Not your turn: the box opens when it is."
        single = next(code for code in hand_codes(idle) if code[0] in "23456789")
        box(idle).value = single
        press(idle, "Enter")  # refused by the box being read-only: nothing is sent
        press(idle, "ArrowDown")
        assert shown_suggestions(idle) == []
        assert ply(idle) == 0

        await watcher.open(path)
        await watcher.should_see("You are watching")
        await watcher.should_not_see(marker="move-input")  # a spectator gets no box
        await user.should_see(marker="move-input")


async def test_the_box_speaks_french(user: User) -> None:
    user.http_client.headers["accept-language"] = "fr"
    await user.open("/new/caravan")
    user.find(marker="name").clear().type("Ann")
    user.find("Un ami sur cet écran (chacun son tour)").click()
    user.find(marker="second-name").clear().type("Bea")
    user.find(marker="start").click()
    await user.should_see(marker="cover-show")
    user.find(marker="cover-show").click()
    await user.should_see("À vous de jouer. Par exemple :")
    assert box(user).props["label"] == "Coup (notation)"
    await user.should_see("Comment s’écrivent les coups")
    box(user).value = "zz9"
    press(user, "Enter")
    await user.should_see("« zz9 » n’est pas un coup : écrivez les cartes comme leurs coins")
    assert box(user).value == "zz9"


@pytest.mark.parametrize("game", ["caravan", "camping", "feurio", "pueblo", "offseason"])
async def test_every_game_is_played_from_the_box(user: User, game: str) -> None:
    """Against the bots: when the box opens, the first legal move it lists is played."""
    await user.open(f"/new/{game}")
    user.find(marker="name").clear().type("Ann")
    user.find(marker="start").click()
    await user.should_see("Your move. For example:", retries=300)
    press(user, "ArrowDown")
    (shown,) = shown_suggestions(user)[:1]
    first = read(game, "en", shown)
    before = ply(user)
    press(user, "Enter")
    for _ in range(300):  # the visitor sits first; the move is stored before it is shown
        if (0, first) in await stored_moves(user) and ply(user) > before:
            break
        await asyncio.sleep(0.05)
    assert (0, first) in await stored_moves(user)
    assert ply(user) > before
    assert text_of(user, "move-error") == ""
