"""What a board shows is what a player types, in English and in French.

For every game and both languages, over the legal actions of many random positions:
the action spelt with the labels its board draws (a Caravan card's corner, a square's
column letter and row number, Pueblo's pose number, Off Season's goods word and card
code, a Feurio cell as its target names it) reads back,
through the move box's parser, as that very action; and so does the move box's own
writing of it (its suggestions), which never shows two actions alike.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Iterator

import pytest

from core.engine import IllegalAction, State
from core.games import GAMES
from core.games.offseason.notation import type_word
from core.notation import LANGUAGES
from core.table import TableError
from ui.boards.camping import svg as camping_svg
from ui.boards.caravan.cards import card_html
from ui.boards.feurio.svg import target_name
from ui.boards.offseason.art import card_svg
from ui.boards.offseason.words import card_name
from ui.boards.pueblo import top as pueblo_top
from ui.boards.pueblo.board import pose_text
from ui.i18n import Translator
from ui.pages.errors import refusal
from ui.pages.move_box import read, shown

PLAYERS = {
    "caravan": (2,),
    "camping": (2, 3),
    "feurio": (2, 3),
    "pueblo": (2, 3),
    "offseason": (3,),
}
SEEDS = range(4)
PLIES = 40  # random moves played from each start
SAMPLE = 30  # legal actions checked per position, at most

Spell = Callable[[Translator, State, int, str], str]


def _texts(markup: str) -> list[str]:
    """The texts of an SVG's ``<text>`` elements, in order."""
    return re.findall(r"<text[^>]*>([^<]*)</text>", markup)


def _caravan(t: Translator, state: State, seat: int, action: str) -> str:
    """The cards as their corners show them, the declared top as the play button does."""
    if action == "pass":
        return action
    body, at, top = action.partition("@")
    corners = []
    for code in body.split("+"):
        face = card_html(t, code)
        rank = re.search(r'<div class="cv-rank">(.*?)</div>', face)
        assert rank, face
        corners.append(re.sub(r"<[^>]+>", "", rank.group(1)))
    return "+".join(corners) + at + top


def _squares(action: str, names: Callable[[str], str]) -> str:
    return re.sub(r"\b[a-j](?:10|[1-9])\b", lambda m: names(m.group(0)), action)


def _camping(t: Translator, state: State, seat: int, action: str) -> str:
    """Squares named by the board's column letters and row numbers."""
    n = state.view(seat)["size"]
    labels = _texts("".join(camping_svg._coordinates(n)))
    columns, rows = labels[0::2], labels[1::2]

    def name(square: str) -> str:
        return columns["abcdefghij".index(square[0])] + rows[int(square[1:]) - 1]

    return _squares(action, name)


def _pueblo(t: Translator, state: State, seat: int, action: str) -> str:
    """Squares by the board's files and rows, the pose by the number the board shows
    for it, the stone by the initial of the board's choice (Coloured / Neutral)."""
    labels = _texts("".join(pueblo_top._coordinates()))
    files, rows = labels[0::2], labels[1::2]

    def name(square: str) -> str:
        return files["abcdefgh".index(square[0])] + rows[int(square[1]) - 1]

    placed = re.fullmatch(r"([CN])(\d+)@([a-h][1-8])", action)
    if not placed:
        return _squares(action, name)
    kind, pose, square = placed.groups()
    stone = t("pueblo.coloured" if kind == "C" else "pueblo.neutral")[0]
    shown_pose = re.match(r"\D*(\d+)", pose_text(t, int(pose), [int(pose)]))
    assert shown_pose, pose
    return f"{stone}{shown_pose.group(1)}@{name(square)}"


def _feurio(t: Translator, state: State, seat: int, action: str) -> str:
    """A cell as the board's targets name it ("Lay the tile on 2,-1")."""
    word, _, cell = action.partition(" ")
    if not cell:
        return action
    said = target_name(state.view(seat), f"act:{action}", None, t)
    named = re.search(r"-?\d+,-?\d+", said)
    assert named, said
    return f"{word} {named.group(0)}"


def _goods(t: Translator, code: str) -> str:
    """A goods card's code as its picture's name ends: "Fruit worth 2 (F2)"."""
    named = re.search(r"<title>[^<]*\(([^)<]+)\)</title>", card_svg(code, card_name(t, code)))
    assert named, code
    return named.group(1)


def _offseason(t: Translator, state: State, seat: int, action: str) -> str:
    """A goods type by the word the board names it with, a card by its picture's name."""
    words = action.split(" ")
    if words[0] == "load":
        return f"load {type_word(words[1], t.lang)} {words[2]}"
    if words[0] in ("sell", "discard") and len(words) == 2:
        return f"{words[0]} " + "+".join(_goods(t, code) for code in words[1].split("+"))
    return action


SPELLERS: dict[str, Spell] = {
    "caravan": _caravan,
    "camping": _camping,
    "feurio": _feurio,
    "pueblo": _pueblo,
    "offseason": _offseason,
}


def positions(game: str) -> Iterator[tuple[State, int, list[str]]]:
    """Random positions of ``game``: each with a seat to move and a sample of its actions."""
    for players in PLAYERS[game]:
        for seed in SEEDS:
            rng = random.Random(seed)
            state = GAMES[game].new_game(players, seed)
            for _ in range(PLIES):
                if state.is_over():
                    break
                seat = rng.choice(sorted(state.to_move()))
                legal = state.legal_actions(seat)
                yield state, seat, rng.sample(legal, min(SAMPLE, len(legal)))
                state.apply(seat, rng.choice(legal))


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("game", sorted(GAMES))
def test_what_the_board_shows_reads_back_as_the_action(game: str, lang: str) -> None:
    t, spell = Translator(lang), SPELLERS[game]
    checked: set[str] = set()
    for state, seat, actions in positions(game):
        for action in actions:
            on_board = spell(t, state, seat, action)
            assert read(game, lang, on_board) == action, (on_board, action)
            written = shown(game, lang, action)
            assert read(game, lang, written) == action, (written, action)
            checked.add(action)
        legal = state.legal_actions(seat)
        assert len({shown(game, lang, a) for a in legal}) == len(legal)  # none shown alike
    assert len(checked) > 50, checked


def test_caravan_reads_a_letter_in_the_pages_language_and_the_codes_elsewhere() -> None:
    assert read("caravan", "fr", "A L") == "1M"  # L is Lunes on a French card
    assert read("caravan", "en", "AL") == "1L"  # and Leaves on an English one
    assert read("caravan", "fr", "6 FN") == "6LK"
    assert read("caravan", "fr", "5VoN") == read("caravan", "fr", "5YK") == "5YK"
    assert read("caravan", "fr", "1l") == "1M"  # the digit rank, case ignored
    assert read("caravan", "fr", "NN") == "NK"  # rank N (the codes' Crown), suit Nœuds
    assert read("caravan", "fr", "7SK+AN@8") == "1K+7SK@8"  # any order, codes mixed in
    assert read("caravan", "fr", "zz9") == "zz9"  # not read: the engine refuses it as typed
    assert shown("caravan", "fr", "1K+7SK@8") == "AN+7SN@8"
    assert shown("caravan", "en", "1M+NM") == "AM+CM"


def test_off_season_reads_the_goods_word_of_the_pages_language() -> None:
    assert shown("offseason", "fr", "load dates 4") == "load dattes 4"
    assert read("offseason", "fr", "load Dattes 4") == "load dates 4"
    assert read("offseason", "fr", "load fruit 3") == "load fruit 3"  # the codes' word
    assert read("offseason", "en", "load fruits 3") == "load fruits 3"  # French on no English page


def test_a_spelling_the_engine_asks_for_is_written_in_the_pages_language() -> None:
    state = GAMES["caravan"].new_game(2, 3)
    seat = min(state.to_move())
    single = next(a for a in state.legal_actions(seat) if "+" not in a and a != "pass")
    typed = read("caravan", "fr", shown("caravan", "fr", single) + f"@{single[0]}")
    try:
        state.apply(seat, typed)  # a top rank on a caravan without a wild: not canonical
    except IllegalAction as cause:
        err = TableError(cause.code, cause.message, key=cause.key, **cause.params)
    else:  # pragma: no cover - the engine takes only the canonical spelling
        raise AssertionError(typed)
    t = Translator("fr")
    said = refusal(t, err, "caravan")
    assert said == t("error.canonical", canonical=shown("caravan", "fr", single))
    assert shown("caravan", "fr", single) != single
