"""The boards can be read and played without seeing them or without a mouse.

Pure checks of the shared attributes and of every board's target names over seeded
games, then the boards of hot-seat tables as drawn by the site: every clickable
target is a named button in the Tab order, inside a picture that is a named group.
"""

from __future__ import annotations

import random
import re
from html import unescape

import pytest
from nicegui import ui
from nicegui.testing import User

from core.games import GAMES
from tests.ui.patience import until
from tests.ui.test_move_box import card_pressed, choose_card, hand_codes, hot_seat_caravan
from ui.boards.a11y import group, piece, seat_mark, target
from ui.boards.camping import svg as camping_svg
from ui.boards.feurio import svg as feurio_svg
from ui.boards.pueblo import top as pueblo_top
from ui.i18n import Translator

HOT_SEAT = "A friend on this screen (hot seat)"
CLICKABLE = re.compile(r"<[a-z]+\b[^>]*\bdata-click=\"[^\"]*\"[^>]*>")
ATTRIBUTE = r'\b{name}="([^"]*)"'


def attribute(tag: str, name: str) -> str | None:
    found = re.search(ATTRIBUTE.format(name=name), tag)
    return unescape(found.group(1)) if found else None


# ------------------------------------------------------------------ the shared helper


def test_a_target_is_a_named_button_in_the_tab_order() -> None:
    attrs = target('Fence between c3 and d3 <"a">')
    assert 'role="button"' in attrs and 'tabindex="0"' in attrs
    assert attribute(attrs, "aria-label") == 'Fence between c3 and d3 <"a">'
    assert "<" not in attrs.split("aria-label=")[1]  # escaped, so it stays one attribute


def test_pieces_and_pictures_are_named_images_and_groups() -> None:
    assert attribute(piece("Pest on e5"), "role") == "img"
    assert attribute(piece("Pest  on\ne5"), "aria-label") == "Pest on e5"
    assert attribute(group("Board"), "role") == "group"
    with pytest.raises(ValueError):
        target("  ")


def test_a_seat_mark_shows_a_letter_beside_its_colour() -> None:
    mark = seat_mark("R", "#d32f2f")
    assert ">R</span>" in mark and "#d32f2f" in mark and 'aria-hidden="true"' in mark


# ------------------------------------------------------------------ names over games


def positions(game: str, players: int, seed: int, plies: int):  # type: ignore[no-untyped-def]
    """(view, legal actions) of the first seat to move, along a seeded random game."""
    rng = random.Random(seed)
    state = GAMES[game].new_game(players, seed)
    for _ in range(plies):
        if state.is_over():
            return
        seat = min(state.to_move())
        legal = state.legal_actions(seat)
        yield state.view(seat), legal
        state.apply(seat, rng.choice(legal))


def camping_tokens(action: str) -> list[str]:
    """The click tokens a Deluxe Camping action is reached through (board.py's way)."""
    word, _, where = action.partition(" ")
    if word in ("pool", "bungalow"):
        return [f"sel:{square}" for square in where.split("-")] + [f"act:{action}"]
    if "-" in action and " " not in action:
        return [f"sel:{action.split('-')[0]}", f"act:{action}"]
    return [] if action == "stop" else [f"act:{action}"]


def squares_of(action: str) -> list[str]:
    return re.findall(r"[a-j](?:10|[1-9])", action.partition(" ")[2] or action)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_every_camping_action_has_a_name_that_says_its_squares(lang: str) -> None:
    t = Translator(lang)
    seen_phases = set()
    for view, legal in positions("camping", 3, seed=4, plies=160):
        seen_phases.add(view["phase"])
        names = {}
        for action in legal:
            for token in camping_tokens(action):
                name = camping_svg.target_name(view, token, None, t)
                assert name.strip(), (action, token)
                value = token.partition(":")[2]
                assert all(square in name for square in squares_of(value)), (token, name)
                if token.startswith("act:"):
                    names[name] = action
        assert len(names) == len([a for a in legal if a != "stop"]), "one name per action"
    assert {"bungalow", "caravan", "move", "fence"} <= seen_phases


def test_camping_names_read_like_the_notation() -> None:
    t, view = Translator("en"), {"phase": "fence", "pest": None}
    assert camping_svg.target_name(view, "act:c3|d3", None, t) == "Fence between c3 and d3"
    view = {"phase": "move", "pest": "e5"}
    assert camping_svg.target_name(view, "sel:e5", None, t) == "Move the pest on e5"
    assert camping_svg.target_name(view, "sel:e5", "e5", t) == "Cancel the choice of e5"
    assert camping_svg.target_name(view, "act:e5-e6", "e5", t) == "Move from e5 to e6"
    fr = Translator("fr")
    assert camping_svg.target_name({"phase": "fence"}, "act:c3|d3", None, fr) == (
        "Clôture entre c3 et d3"
    )


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_every_feurio_cell_action_has_a_name_that_says_its_cell(lang: str) -> None:
    t = Translator(lang)
    words = set()
    for view, legal in positions("feurio", 3, seed=2, plies=120):
        names = set()
        cells = [a for a in legal if a.split(" ")[0] in ("lay", "break", "man", "neutral")]
        for action in cells:
            name = feurio_svg.target_name(view, f"act:{action}", "2", t)
            assert action.split(" ")[1] in name and name.strip(), (action, name)
            names.add(name)
            words.add(action.split(" ")[0])
        assert len(names) == len(cells)
    assert {"lay", "man", "neutral"} <= words
    assert feurio_svg.target_name({}, "act:lay 2,-1", None, Translator("en")) == (
        "Lay the tile on 2,-1"
    )


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_every_pueblo_board_action_has_a_name(lang: str) -> None:
    t = Translator(lang)
    kinds = set()
    for _view, legal in positions("pueblo", 2, seed=3, plies=120):
        board = [a for a in legal if "@" in a or a.split(" ")[0] in ("chief", "sacred", "remove")]
        names = {pueblo_top.target_name(f"act:{a}", t) for a in board}
        assert len(names) == len(board) and all(n.strip() for n in names)
        for action in board:
            kinds.add("place" if "@" in action else action.split(" ")[0])
            where = action.split("@")[1] if "@" in action else action.split(" ")[1]
            assert where in pueblo_top.target_name(f"act:{action}", t)
    assert {"place", "chief"} <= kinds
    assert pueblo_top.target_name("act:chief 3", Translator("en")) == "Move the chief 3 squares on"


def test_pieces_on_a_camping_board_are_named_for_their_owner() -> None:
    t = Translator("en")
    *_, (view, legal) = positions("camping", 2, seed=4, plies=40)
    picture = camping_svg.board_svg(view, camping_svg.Clicks(), t, ["Ann", "Bea"])
    assert re.search(r'role="group" aria-label="Deluxe Camping board"', picture)
    labels = re.findall(r'role="img" aria-label="([^"]*)"', picture)
    bungalows = [label for label in labels if label.startswith("Bungalow of ")]
    assert len(bungalows) == 2 and any("Ann" in b for b in bungalows)
    assert any(label.startswith("Caravan of Bea on ") for label in labels)
    assert "data-click" not in picture  # nothing to click in a picture without clicks


# ------------------------------------------------------------------ as the site draws them


def picture(user: User, marker: str) -> str:
    (element,) = user.find(marker=marker).elements
    assert isinstance(element, ui.html)
    return element.content


def check_targets(content: str) -> list[str]:
    """Every clickable element is a named button; returns their tokens."""
    assert re.match(r'<svg[^>]*role="group" aria-label="[^"]+"', content), content[:200]
    tokens = []
    for tag in CLICKABLE.findall(content):
        if attribute(tag, "aria-hidden") == "true":  # a stone's other squares
            continue
        assert attribute(tag, "role") == "button", tag
        assert attribute(tag, "tabindex") == "0", tag
        assert (attribute(tag, "aria-label") or "").strip(), tag
        tokens.append(attribute(tag, "data-click") or "")
    return tokens


async def play_a_few(user: User, marker: str, moves: int) -> int:
    """Click the first target a few times, checking the targets every time."""
    checked = 0
    for _ in range(moves):
        await until(lambda: bool(check_targets(picture(user, marker))))
        tokens = check_targets(picture(user, marker))
        assert tokens, "the seat to move is offered something to click"
        checked += len(tokens)
        before = picture(user, marker)
        user.find(marker=marker).trigger("click", tokens[0])
        await until(lambda shown=before: picture(user, marker) != shown)  # (or it stays)
    return checked


@pytest.mark.parametrize(
    ("game", "marker", "ready"),
    [
        ("camping", "camping-board", "Scores"),
        ("feurio", "feurio-board", "Colours"),
        ("pueblo", "pueblo-top", "Penalty points"),
    ],
)
async def test_the_drawn_board_offers_only_named_buttons(
    user: User, game: str, marker: str, ready: str
) -> None:
    await user.open(f"/new/{game}")
    user.find(marker="name").clear().type("Ann")
    user.find(HOT_SEAT).click()
    user.find(marker="second-name").clear().type("Bea")
    user.find(marker="start").click()
    await user.should_see(ready)
    assert await play_a_few(user, marker, 4) > 4


async def test_a_caravan_hand_is_one_element_of_named_toggle_buttons(user: User) -> None:
    """The hand is markup with one click handler, as the pictures are: each card a named
    button in the Tab order, pressed while chosen; a card not in the hand is no choice."""
    await hot_seat_caravan(user)
    (hand,) = user.find(marker="hand").elements
    assert isinstance(hand, ui.html) and not list(hand.descendants())
    codes = hand_codes(user)
    assert len(codes) == 15
    tags = CLICKABLE.findall(hand.content)
    assert [attribute(tag, "data-click") for tag in tags] == [f"sel:{code}" for code in codes]
    for tag in tags:
        assert attribute(tag, "role") == "button" and attribute(tag, "tabindex") == "0", tag
        assert (attribute(tag, "aria-label") or "").strip(), tag
        assert attribute(tag, "aria-pressed") == "false", tag
    single = next(code for code in codes if code[0] in "23456789")
    await choose_card(user, single)
    assert card_pressed(user, single)
    await user.should_see(marker="play")
    before = hand.content
    user.find(marker="hand").trigger("click", "sel:2MK+3MV")  # no card of any hand
    user.find(marker="hand").trigger("click", "act:pass")  # not a kind the hand offers
    await choose_card(user, single)  # put back: the forged clicks changed nothing before it
    assert not card_pressed(user, single)
    assert hand.content != before and hand_codes(user) == codes
