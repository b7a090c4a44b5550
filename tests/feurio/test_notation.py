"""The notation: canonical strings only, legal_actions is exactly what apply accepts."""

from __future__ import annotations

import itertools

import pytest

from core.engine import IllegalAction
from core.games.feurio.hexes import name
from core.games.feurio.notation import parse
from core.games.feurio.position import position

ROW = "1 2 3 4 5 6"
DIAMOND = ". 5 .\n 5 5 .\n  5 . ."

GARBLED = [
    "", " ", "\n", "x", "pass ", " pass", "PASS", "Pass", "pass\n", "done!", "pass pass",
    "man", "man ", "man 5", "man 5,", "man ,0", "man 5,0 ", " man 5,0", "man  5,0",
    "Man 5,0", "MAN 5,0", "man 5, 0", "man 5 ,0", "man 05,0", "man 5,00", "man +5,0",
    "man 5,-0", "man -0,0", "man 5;0", "man(5,0)", "man 5,0\n", "man\t5,0", "man 5 0",
    "man5,0", "man 5,0,0", "man 5,0x", "man \uff15,0", "man \u0665,0", "man 5,0\u00b2",
    "man 5.0,0", "man 1e1,0", "man 99999,0", "lay", "lay 0,0 0,0", "fire 0,0", "\x00",
    "x" * 1000, "break", "neutral", "men 5,0",
]  # fmt: skip


@pytest.mark.parametrize("action", GARBLED)
def test_garbled_notation_is_refused_as_notation_in_every_step(refused, action):
    for state in (position(ROW), position(DIAMOND, stack="1")):
        err = refused(state, action, code="notation")
        assert err.key == "feurio.notation"


@pytest.mark.parametrize("action", [None, 5, 1.5, b"pass", ["pass"], ("man", "5,0")])
def test_an_action_that_is_not_text_is_refused_as_notation(refused, action):
    assert refused(position(ROW), action, code="notation").key == "bad_notation"


@pytest.mark.parametrize(
    "action, expected",
    [
        ("pass", ("pass", None)),
        ("done", ("done", None)),
        ("lay 0,0", ("lay", (0, 0))),
        ("break -12,3", ("break", (-12, 3))),
        ("man 10,-10", ("man", (10, -10))),
        ("neutral 0,-1", ("neutral", (0, -1))),
    ],
)
def test_canonical_actions_read_back_to_their_word_and_cell(action, expected):
    assert parse(action) == expected
    word, spot = expected
    assert (word if spot is None else f"{word} {name(spot)}") == action


@pytest.mark.parametrize(
    "action, key",
    [
        ("man 9,9", "feurio.no_tile"),
        ("lay 1,0", "feurio.no_tile_to_lay"),
        ("done", "feurio.done_without_men"),
        ("neutral 0,0", "feurio.no_neutral"),
    ],
)
def test_a_well_formed_action_that_breaks_a_rule_is_refused_as_illegal(refused, action, key):
    assert refused(position(ROW), action).key == key


def test_only_the_seat_to_move_may_act_and_it_alone_has_legal_actions(refused):
    state = position(ROW, colour=2)
    assert state.to_move() == {2}
    assert [bool(state.legal_actions(seat)) for seat in range(4)] == [False, False, True, False]
    for seat in (0, 1, 3, -1, 4, 99):
        assert state.legal_actions(seat) == []
        assert refused(state, "pass", seat=seat).key == "not_your_turn"


def candidates(state) -> list[str]:
    """Every spelling worth trying: each word on every cell in and around the forest."""
    view = state.view(None)
    qs = [t["q"] for t in view["tiles"]]
    rs = [t["r"] for t in view["tiles"]]
    cells = itertools.product(range(min(qs) - 2, max(qs) + 3), range(min(rs) - 2, max(rs) + 3))
    spots = [name(c) for c in cells]
    words = ("lay", "break", "man", "neutral")
    return ["pass", "done"] + [f"{word} {spot}" for word in words for spot in spots]


def accepted(state, seat: int, action: str) -> bool:
    trial = state.clone()
    try:
        trial.apply(seat, action)
    except IllegalAction:
        return False
    return True


def test_legal_actions_are_exactly_the_strings_apply_accepts(playout):
    checked = 0
    for players, firebreak in ((2, True), (3, True), (4, False)):
        for ply, state in enumerate(playout(players, players, {"firebreak": firebreak})):
            if ply % 7 or state.is_over():
                continue
            (seat,) = state.to_move()
            legal = state.legal_actions(seat)
            assert legal == sorted(set(legal))
            found = [a for a in candidates(state) if accepted(state, seat, a)]
            assert sorted(found) == legal, f"ply {ply}"
            checked += 1
    assert checked > 15


def test_every_legal_action_is_recorded_in_its_turn_as_written(playout):
    recorded = 0
    for players in (2, 3, 4):
        for state in playout(players, 10 + players, {"firebreak": True}):
            if state.is_over():
                continue
            (seat,) = state.to_move()
            turn = state.view(None)["turn"]
            for action in state.legal_actions(seat):
                trial = state.clone()
                trial.apply(seat, action)
                view = trial.view(None)
                ours = view["this_turn"] if view["turn"] == turn else view["last_turn"]
                if view["turn"] <= turn + 1 and ours and ours["turn"] == turn:
                    assert ours["actions"][-1] == action
                    recorded += 1
    assert recorded > 1000
