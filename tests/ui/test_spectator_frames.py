"""Each game's spectators' frame (``BoardSpec.spectator``) draws what a spectator's board of
elements draws from the same view, for every position of a game, in both languages, and
escapes every name it shows."""

from __future__ import annotations

import random
from html.parser import HTMLParser

import pytest
from nicegui import ui
from nicegui.testing import User

from core.games import GAMES
from ui.boards import BOARDS
from ui.i18n import Translator

FRAMED = sorted(game for game, spec in BOARDS.items() if spec.spectator is not None)
HOSTILE = '<img src=x onerror="alert(1)">&amp;'  # a seat name anyone may choose
VOID = {"area", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "wbr"}


class Reader(HTMLParser):
    """The text inside each element that has a ``data-testid``, and whether every tag
    that was opened was closed in order."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.open: list[tuple[str, str | None]] = []
        self.texts: dict[str, str] = {}
        self.tags: set[str] = set()
        self.nested = True

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.add(tag)
        if tag in VOID:
            return
        testid = dict(attrs).get("data-testid")
        self.open.append((tag, testid))
        if testid is not None:
            self.texts.setdefault(testid, "")

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.add(tag)

    def handle_endtag(self, tag: str) -> None:
        if tag in VOID:
            return
        if not self.open or self.open[-1][0] != tag:
            self.nested = False
            return
        self.open.pop()

    def handle_data(self, data: str) -> None:
        for _, testid in self.open:
            if testid is not None:
                self.texts[testid] += data


def read(html: str) -> Reader:
    reader = Reader()
    reader.feed(html)
    reader.close()
    return reader


def positions(game: str, players: int, seed: int, every: int) -> list[int]:
    """The plies of a random game (every ``every``-th, and the last) and the game."""
    state = GAMES[game].new_game(players, seed)
    rng = random.Random(seed)
    plies = 0
    while not state.is_over():
        seat = rng.choice(sorted(state.to_move()))
        state.apply(seat, rng.choice(state.legal_actions(seat)))
        plies += 1
    return [*range(0, plies, every), plies]


def replay(game: str, players: int, seed: int, ply: int) -> dict:  # type: ignore[type-arg]
    state = GAMES[game].new_game(players, seed)
    rng = random.Random(seed)
    for _ in range(ply):
        seat = rng.choice(sorted(state.to_move()))
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    return state.view(None)


def shown(element: ui.element) -> bool:
    """Whether ``element`` and every element it sits in are visible."""
    while True:
        if not element.visible:
            return False
        slot = element.parent_slot
        if slot is None:
            return True
        element = slot.parent


@pytest.mark.parametrize("game", FRAMED)
def test_a_frame_of_every_position_is_whole_markup_and_escapes_the_names(game: str) -> None:
    rules = GAMES[game]
    players = max(rules.min_players, 2)
    draw = BOARDS[game].spectator
    assert draw is not None
    names = [HOSTILE, *(f"P{i}" for i in range(1, players))]
    for ply in positions(game, players, seed=11, every=7):
        view = replay(game, players, 11, ply)
        for lang in ("en", "fr"):
            said, html = draw(Translator(lang), names, view)
            reader = read(html)
            assert reader.nested and not reader.open, f"{game} ply {ply}: unclosed markup"
            assert "img" not in reader.tags, "a name became markup"
            assert "&lt;img src=x onerror=&quot;alert(1)&quot;&gt;&amp;amp;" in html
            assert reader.texts.get("turn"), f"{game} ply {ply}: no turn line"
            assert reader.texts["turn"] in said


@pytest.mark.parametrize("game", FRAMED)
async def test_a_frame_says_what_a_spectators_board_of_elements_says(user: User, game: str) -> None:
    """Every element of the board of elements that has a test id and a text of its own has
    the same text in the frame, at every sampled position of a random game."""
    await user.open("/")
    rules = GAMES[game]
    players = max(rules.min_players, 2)
    names = ["Ann", "Bea", "Cem", "Dan", "Eda"][:players]
    draw = BOARDS[game].spectator
    assert draw is not None
    for lang in ("en", "fr"):
        t = Translator(lang)
        with user.client.layout:
            board = BOARDS[game].board(t, names=names, seat=None, on_action=None)
        compared = 0
        for ply in positions(game, players, seed=5, every=9):
            view = replay(game, players, 5, ply)
            board.show(view, [])
            _, html = draw(t, names, view)
            framed = read(html).texts
            for element in board.root.descendants():
                testid = element.props.get("data-testid")
                text = getattr(element, "text", "")
                if not testid or not text or not isinstance(element, ui.label):
                    continue
                if not shown(element):
                    continue
                assert testid in framed, f"{game} ply {ply} ({lang}): no {testid} in the frame"
                assert " ".join(framed[testid].split()) == " ".join(text.split()), (
                    f"{game} ply {ply} ({lang}): {testid}"
                )
                compared += 1
        assert compared > 10
        board.root.delete()
