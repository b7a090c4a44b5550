"""The Pueblo heuristic: sensible in small positions (``core.games.pueblo.position`` draws
them); ``test_heuristic_games.py`` plays it through whole games (options included).
Penalties: lower is better."""

from __future__ import annotations

import time
from typing import cast

import pytest

from core.bots import BOTS, pueblo_heuristic
from core.bots.pueblo_lines import AFFECTED
from core.games.pueblo.geometry import BY_SUFFIX, RING, square_name
from core.games.pueblo.position import position
from core.games.pueblo.state import PuebloState
from tests.bots.playing import ask, positions


def exposure(state: PuebloState) -> list[int]:
    """Per seat, what a whole lap of the chief would charge now."""
    totals = [0] * state.players
    for index in range(RING):
        for seat, points in enumerate(state.sight(index)[1]):
            totals[seat] += points
    return totals


def test_the_heuristic_bot_has_a_pueblo_policy() -> None:
    assert BOTS["heuristic"].policy("pueblo") is pueblo_heuristic.choose


def test_the_bots_sightlines_agree_with_the_engines_preview() -> None:
    checked = 0
    for ply, (state, seat) in enumerate(positions("pueblo", 3, range(2))):
        view = state.view(seat)
        if view["phase"] != "chief" or ply % 3:
            continue
        model = pueblo_heuristic.Pueblo(view, seat)
        for option in view["preview"]:
            assert model.sight(option["index"]) == option["penalties"]
        for index in range(RING):
            assert model.sight(index) == state.sight(index)[1]
        checked += 1
    assert checked >= 10


def slow_static(model: pueblo_heuristic.Pueblo, suffix: str, owner: int) -> float:
    """``Pueblo.static`` the long way: the lines through the stone looked at again."""
    before = model.worths
    model.put(suffix, owner)
    change = sum(model.line_worth(i) - before[i] for i in AFFECTED[suffix])
    model.lift(suffix)
    return model.scale * change


def test_the_bots_quick_exposure_change_is_the_plain_recount() -> None:
    checked = 0
    for ply, (state, seat) in enumerate(positions("pueblo", 4, range(1))):
        view = state.view(seat)
        if view["phase"] != "place" or ply % 4:
            continue
        model = pueblo_heuristic.Pueblo(view, seat)
        for action in state.legal_actions(seat)[::5]:
            owner = seat if action[0] == "C" else pueblo_heuristic.NEUTRAL
            quick, slow = model.static(action[1:], owner), slow_static(model, action[1:], owner)
            assert quick == pytest.approx(slow), action
            checked += 1
    assert checked >= 300


# Seen from the west side (path squares 28-35 look along rows 1-8), from the SW corner.
WEST = """
 RRR
 .
 R
 R
 B
 B
"""


def test_heuristic_moves_the_chief_where_the_other_pays_and_it_does_not() -> None:
    # Rows 1 and 2 (1 and 2 steps) charge blue 1, rows 3 and 4 charge red 1.
    state = position(WEST, chief="SW", phase="chief")
    assert [p["penalties"] for p in state.view(0)["preview"]] == [[0, 1], [0, 1], [1, 0], [1, 0]]
    assert ask(state, 0, 0) in {"chief 1", "chief 2"}
    # Blue, to move, sees it the other way round.
    state = position(WEST, chief="SW", phase="chief", current=1)
    assert ask(state, 1, 0) in {"chief 3", "chief 4"}


def test_heuristic_keeps_the_chief_out_of_the_next_players_reach() -> None:
    # Two steps would charge blue as much as one, but from row 2 blue could take the
    # chief on to row 6 (four steps), where red's three-cube tower costs 1 + 2 + 3.
    for seed in range(3):
        state = position(WEST, chief="SW", phase="chief")
        assert ask(state, 0, seed) == "chief 1"


def test_heuristic_hides_its_coloured_stone_in_a_walled_pit() -> None:
    # Neutral walls two cubes high round d2-e3: a red stone in the pit shows no side
    # face at all, only its tops from the corners.
    state = position(
        """
        . . NN NN NN NN . .
        . . NN . . NN . .
        . . NN . . NN . .
        . . NN NN NN NN . .
        """
    )
    pit = {"d2", "e2", "d3", "e3"}
    for seed in range(3):
        action = ask(state, 0, seed)
        assert action.startswith("C")
        assert {square_name(c) for c in BY_SUFFIX[action[1:]].columns} <= pit, action


def test_heuristic_covers_its_own_colour_with_a_neutral_stone_not_the_others() -> None:
    state = position(stones=["R1@b2", "B1@f6"], hands=["3N", "3C"])
    before = exposure(state)
    assert before == [19, 19]
    for seed in range(3):
        game = cast(PuebloState, state.clone())
        action = ask(game, 0, seed)
        assert action.startswith("N")
        game.apply(0, action)
        red, blue = exposure(game)
        assert red <= before[0] - 6, action
        assert blue == before[1], action


def test_heuristic_decides_quickly_on_an_open_board() -> None:
    """Opening a pair on a nearly empty site: about 400 placements. A generous
    bound (the benchmark measures the real figure)."""
    state = position(stones=["R1@b2", "B1@f6"], hands=["3", "3"])
    assert len(state.legal_actions(0)) > 300
    start = time.perf_counter()
    ask(state, 0, 0)
    assert time.perf_counter() - start < 2.0
