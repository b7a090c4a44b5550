"""A player's board draws its side card (each seat's name, thinking mark, score) as one
element of markup, the markup the spectators' frame draws (``ui/boards/<game>/side.py``):
one element where a board of labels kept about seven a seat, each some KiB of the page's
memory on the server (``bench.page_memory``). It still says "(you)" after the seat the
page plays, shows every seat's score from the view, carries the thinking marks where the
page shows them, and escapes the names."""

from __future__ import annotations

import importlib
import random

import pytest
from nicegui import ui
from nicegui.testing import User

from core.games import GAMES
from tests.ui.test_spectator_frames import HOSTILE, read
from ui.boards import BOARDS
from ui.boards.base import Board
from ui.boards.frames import card_element, card_frame
from ui.i18n import Translator

SCORES = {"camping": "scores", "feurio": "scores", "pueblo": "penalties"}
"""The games whose seats' scores are in one card, and the view's key of those scores."""

SEATS_IN_MARKUP = (*SCORES, "offseason")
"""The games whose seats' rows are markup on a player's board."""

SEAT_TESTIDS = ("player-", "name-", "score-", "thinking-")


async def no_action(action: str) -> bool:
    return False


def board_of(game: str, names: list[str], seat: int, marks: bool) -> Board:
    return BOARDS[game].board(
        Translator("en"),
        names=names,
        seat=seat,
        on_action=no_action,
        thinking=marks,
    )


def cards(board: Board) -> list[ui.html]:
    """The board's elements of markup that hold the seats' rows."""
    return [
        element
        for element in board.root.descendants()
        if isinstance(element, ui.html) and 'data-testid="name-0"' in element.content
    ]


@pytest.mark.parametrize("game", sorted(SEATS_IN_MARKUP))
async def test_a_players_side_card_is_one_element_that_says_what_the_labels_said(
    user: User, game: str
) -> None:
    await user.open("/")
    rules = GAMES[game]
    players = min(rules.max_players, 4)
    names = [HOSTILE, "Bea", "Cem", "Dan"][:players]
    state = rules.new_game(players, seed=3)
    rng = random.Random(3)
    with user.client.layout:
        board = board_of(game, names, seat=1, marks=True)
    for _ in range(12):
        board.show(state.view(1), state.legal_actions(1) if 1 in state.to_move() else [])
        seat_elements = [
            element.props["data-testid"]
            for element in board.root.descendants()
            if str(element.props.get("data-testid", "")).startswith(SEAT_TESTIDS)
        ]
        assert seat_elements == [], "a seat's row is made of elements"
        (card,) = cards(board)
        shown = read(card.content)
        assert "img" not in shown.tags and "&lt;img" in card.content  # the name is escaped
        assert shown.texts["name-0"] == HOSTILE
        assert shown.texts["name-1"] == "Bea (you)"
        for seat in range(players):
            assert shown.texts[f"name-{seat}"].startswith(names[seat])
            assert f"thinking-{seat}" in shown.texts
            if game in SCORES:
                score = str(int(state.view(1)[SCORES[game]][seat]))
                assert shown.texts[f"score-{seat}"] == score
        if state.is_over():
            break
        for _ in range(5):
            if state.is_over():
                break
            mover = rng.choice(sorted(state.to_move()))
            state.apply(mover, rng.choice(state.legal_actions(mover)))


@pytest.mark.parametrize("game", sorted(SEATS_IN_MARKUP))
async def test_a_page_without_thinking_marks_has_none_in_its_card(user: User, game: str) -> None:
    await user.open("/")
    rules = GAMES[game]
    players = max(rules.min_players, 2)
    state = rules.new_game(players, seed=4)
    with user.client.layout:
        board = board_of(game, ["Ann", "Bea", "Cem"][:players], seat=0, marks=False)
    board.show(state.view(0), [])
    (card,) = cards(board)
    assert not [testid for testid in read(card.content).texts if testid.startswith("thinking-")]


@pytest.mark.parametrize("game", sorted(SCORES))
async def test_the_card_element_is_styled_as_the_frame_writes_it(user: User, game: str) -> None:
    """The player's card and the spectators' frame's are the same card: one element with
    the classes and style that the frame writes around the same markup."""
    side = importlib.import_module(f"ui.boards.{game}.side")
    await user.open("/")
    with user.client.layout:
        card = card_element(side.CARD, side.CARD_STYLE)
    frame = card_frame(side.CARD, side.CARD_STYLE, "")
    assert f'class="{" ".join(card.classes)}"' in frame
    assert f'style="{";".join(f"{k}:{v}" for k, v in card.style.items())}"' in frame


async def test_a_caravan_players_strips_are_one_element_each(user: User) -> None:
    """Each player's strip (name, thinking mark, cards in hand, backs) is one element; the
    page's own strip says "(you)", shows no backs and no thinking mark (a bot never plays
    the seat of the page)."""
    await user.open("/")
    state = GAMES["caravan"].new_game(2, seed=5)
    with user.client.layout:
        board = board_of("caravan", [HOSTILE, "Bea"], seat=1, marks=True)
    board.show(state.view(1), [])
    strips = {
        seat: read(element.content)
        for element in board.root.descendants()
        if isinstance(element, ui.html)
        for seat in (0, 1)
        if f'data-testid="name-{seat}"' in element.content
    }
    assert sorted(strips) == [0, 1]
    assert strips[0].texts["name-0"] == HOSTILE and "img" not in strips[0].tags
    assert strips[1].texts["name-1"] == "Bea (you)"
    assert "thinking-0" in strips[0].texts and "thinking-1" not in strips[1].texts
    for seat in (0, 1):
        assert strips[seat].texts[f"hand-count-{seat}"] == "15 cards in hand"
    seat_elements = [
        element.props["data-testid"]
        for element in board.root.descendants()
        if str(element.props.get("data-testid", "")).startswith(("name-", "hand-count-"))
    ]
    assert seat_elements == []
