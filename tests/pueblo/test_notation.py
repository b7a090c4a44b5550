"""The notation: canonical strings only; legal_actions is exactly what apply accepts."""

from __future__ import annotations

import pytest

from core.engine import IllegalAction
from core.games.pueblo.geometry import FILES
from core.games.pueblo.notation import Parsed, parse
from core.games.pueblo.position import position

GARBLED = [
    "", " ", "\n", "x", "C", "C0", "C0@", "@a1", "C0a1", "C0 @a1", "C0@ a1", " C0@a1",
    "C0@a1 ", "C0@a1\n", "c0@a1", "C0@A1", "n0@a1", "R0@a1", "X0@a1", "CN0@a1", "C00@a1",
    "C01@a1", "C-1@a1", "C+1@a1", "C123@a1", "C0@a0", "C0@a9", "C0@i1", "C0@a10", "C0@a01",
    "C0@1a", "C0#a1", "C0@a1@a1", "C\uff10@a1", "C\u0665@a1", "C0@a\u0661", "C0@a1\u00b2",
    "chief", "chief ", "chief1", "chief  1", "Chief 1", "CHIEF 1", "chief 01", "chief -1",
    "chief +1", "chief 1.0", "chief one", "chief 100", "chief 1 ", " chief 1", "chief\t1",
    "move 1", "remove", "remove 0", "remove 01", "remove 1000", "sacred", "sacred A1",
    "sacred a0", "bid", "bid -1", "bid 01", "bid 100", "card", "card 0", "card 10", "PASS",
    "pass ", "Pass", "pass pass", "\x00", "🙂", "x" * 1000, "C0@a1" * 3,
]  # fmt: skip


@pytest.mark.parametrize("action", GARBLED)
def test_garbled_notation_is_refused_as_notation_in_every_step(refused, play, action):
    for state in (position(), play(position(), "C0@a1")):
        err = refused(state, action, code="notation")
        assert err.key == "pueblo.notation"


@pytest.mark.parametrize("action", [None, 5, 1.5, b"chief 1", ["chief 1"], ("C", 0)])
def test_an_action_that_is_not_text_is_refused_as_notation(refused, action):
    assert refused(position(), action, code="notation").key == "bad_notation"


@pytest.mark.parametrize(
    "action, parsed",
    [
        ("C0@a1", Parsed("place", "C", 0, 0)),
        ("N11@h8", Parsed("place", "N", 11, 63)),
        ("C12@g7", Parsed("place", "C", 12, 54)),
        ("chief 4", Parsed("chief", number=4)),
        ("chief 0", Parsed("chief", number=0)),
        ("remove 123", Parsed("remove", number=123)),
        ("sacred d4", Parsed("sacred", square=27)),
        ("bid 0", Parsed("bid", number=0)),
        ("pass", Parsed("pass")),
        ("card 3", Parsed("card", number=3)),
    ],
)
def test_canonical_actions_read_back_to_their_parts(action, parsed):
    assert parse(action) == parsed


@pytest.mark.parametrize(
    "action, key",
    [
        ("N0@a1", "pueblo.wrong_stone"),
        ("C8@a1", "pueblo.overhang"),
        ("C0@h1", "pueblo.off_site"),
        ("C1@a8", "pueblo.off_site"),
        ("C12@a1", "pueblo.no_pose"),
        ("C99@a1", "pueblo.no_pose"),
        ("chief 1", "pueblo.not_now"),
        ("remove 1", "pueblo.not_now"),
    ],
)
def test_a_well_formed_action_that_breaks_a_rule_is_refused_as_illegal(refused, action, key):
    err = refused(position("N"), action)
    assert err.key == key and err.code == "illegal"


def candidates() -> list[str]:
    """Every spelling worth trying, in and just outside the ranges the rules allow."""
    squares = [f"{f}{r}" for f in FILES for r in range(1, 9)]
    found = [f"{k}{p}@{sq}" for k in "CN" for p in range(13) for sq in squares]
    found += [f"chief {n}" for n in range(7)] + [f"remove {n}" for n in range(1, 45)]
    found += [f"sacred {sq}" for sq in squares] + [f"bid {n}" for n in range(23)]
    found += ["pass"] + [f"card {n}" for n in range(1, 6)]
    return found


def accepted(state, seat: int, action: str) -> bool:
    trial = state.clone()
    try:
        trial.apply(seat, action)
    except IllegalAction:
        return False
    return True


def test_legal_actions_are_exactly_the_strings_apply_accepts(playout):
    every = candidates()
    options = {"auction": True, "sacred_sites": 2, "demolition": True}
    checked = set()
    for players in (2, 3):
        for ply, state in enumerate(playout(players, 30 + players, options)):
            if state.is_over() or (ply % 11 and state.phase in checked):
                continue
            (seat,) = state.to_move()
            legal = state.legal_actions(seat)
            assert legal == sorted(set(legal))
            assert [a for a in every if accepted(state, seat, a)] == sorted(legal, key=every.index)
            checked.add(state.phase)
    assert checked == {"auction", "card", "sacred", "place", "chief", "remove"}


def test_every_action_of_a_turn_is_recorded_as_written(playout):
    for state in playout(2, 3):
        if state.is_over():
            break
        (seat,) = state.to_move()
        action = state.legal_actions(seat)[-1]
        trial = state.clone()
        trial.apply(seat, action)
        view = trial.view(None)
        turn = view["this_turn"] if view["phase"] == "chief" else view["last_turn"]
        assert turn["actions"][-1] == action
