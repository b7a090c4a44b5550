"""D6: the free fence. Mandatory while one is legal; never (a) inside an owned region,
(b) where it would split off a part with no camper, (c) between the two halves of a
bungalow or of the pool."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from core.games.camping.position import position


def fence_phase(diagram: str, fences: Sequence[str] = (), **kwargs):
    """Seat 0 has moved and must now put up the free fence."""
    return position(diagram, fences=list(fences), phase="fence", steps_left=0, **kwargs)


CORNER = """
    {} . . . .
    . . . . .
    . A . B .
    . . . . .
    a a . b b
"""


def corner_holding(symbol: str):
    """An open board whose top-left square a5 is already fenced off from a4."""
    return fence_phase(CORNER.format(symbol), ["a4|a5"])


# ------------------------------------------------------------------ (b) no camper cut off


def test_a_fence_that_would_seal_off_only_the_pest_is_refused(refused):
    state = corner_holding("X")
    assert "a5|b5" not in state.legal_actions(0)
    err = refused(state, 0, "a5|b5")
    assert err.key == "camping.fence_empty_area" and err.params["edge"] == "a5|b5"


def test_a_fence_that_would_seal_off_only_an_ice_cream_is_refused(refused):
    state = corner_holding("I")
    assert "a5|b5" not in state.legal_actions(0)
    assert refused(state, 0, "a5|b5").key == "camping.fence_empty_area"


def test_a_fence_that_would_seal_off_an_empty_area_is_refused(refused):
    state = corner_holding(".")
    assert refused(state, 0, "a5|b5").key == "camping.fence_empty_area"


def test_a_fence_that_would_seal_off_the_pool_is_refused(refused):
    state = fence_phase(
        """
        P P . . .
        . . . . .
        . A . B .
        . . . . .
        a a . b b
        """,
        ["a4|a5", "b4|b5"],
    )
    assert refused(state, 0, "b5|c5").key == "camping.fence_empty_area"


def test_a_fence_that_would_seal_off_the_pest_the_pool_and_an_ice_cream_together_is_refused(
    refused,
):
    state = fence_phase(
        """
        P P X I .
        . . . . .
        . A . B .
        . . . . .
        a a . b b
        """,
        ["a4|a5", "b4|b5", "c4|c5", "d4|d5"],
    )
    assert refused(state, 0, "d5|e5").key == "camping.fence_empty_area"


def test_a_fence_that_does_not_split_its_region_is_fine_wherever_it_goes(play):
    state = corner_holding("X")
    assert "a4|b4" in state.legal_actions(0)
    play(state, "c3|c4")
    view = state.view(None)
    assert "c3|c4" in view["fences"] and view["current"] == 1 and view["phase"] == "move"


def test_a_fence_that_splits_its_region_with_a_camper_on_each_side_is_fine(play):
    state = fence_phase(
        """
        A . . . .
        . . . . .
        . . . . .
        . . . . B
        a a . b b
        """,
        ["a3|a4", "b3|b4", "c3|c4", "d3|d4"],
    )
    assert "e3|e4" in state.legal_actions(0)
    play(state, "e3|e4")
    owners = {r["label"]: r["owners"] for r in state.view(None)["regions"]}
    assert owners == {"a1": [0, 1], "a4": [0]}
    assert not state.is_over()


def test_a_bungalow_alone_is_a_camper_enough_to_be_fenced_off(play):
    state = fence_phase(
        """
        . . . . .
        . A . B .
        . . . . .
        . . . . .
        a a . b b
        """,
        ["a1|a2", "b1|b2"],
    )
    assert "b1|c1" in state.legal_actions(0)
    play(state, "b1|c1")
    assert {r["label"]: r["owners"] for r in state.view(None)["regions"]}["a1"] == [0]


# ------------------------------------------------------------------ (a) owned regions


OWNED_TOP_ROW = """
    A . . . A
    . . . . .
    . . . B .
    . . . . .
    a a . b b
"""
TOP_ROW_WALL = ["a4|a5", "b4|b5", "c4|c5", "d4|d5", "e4|e5"]


@pytest.mark.parametrize(
    "edge, splits",
    [("b5|c5", "into two parts that each keep a caravan"), ("a5|b5", "off a lone caravan")],
)
def test_a_fence_inside_a_region_already_owned_is_refused(refused, edge, splits):
    state = fence_phase(OWNED_TOP_ROW, TOP_ROW_WALL)
    assert edge not in state.legal_actions(0)
    assert refused(state, 0, edge).key == "camping.fence_owned_region", splits


def test_a_fence_inside_an_owned_region_that_would_not_split_it_is_refused_too(refused):
    state = fence_phase(
        """
        A . . . .
        . . . . .
        . . . B .
        . . . . .
        a a . b b
        """,
        ["a3|a4", "b3|b4", "c3|c4", "d3|d4", "e3|e4"],
    )
    assert refused(state, 0, "a4|b4").key == "camping.fence_owned_region"
    assert refused(state, 0, "a5|b5").key == "camping.fence_owned_region"


def test_a_free_fence_may_go_in_a_contested_region_where_the_mover_has_no_camper(play):
    state = fence_phase(
        """
        A . . . .
        . . . . .
        . . . . .
        B . . . C
        b b . c c
        """,
        ["a3|a4", "b3|b4", "c3|c4", "d3|d4", "e3|e4"],
    )
    assert state.players == 3
    play(state, "c1|c2")
    assert "c1|c2" in state.view(None)["fences"] and state.current == 1


# ------------------------------------------------------------------ (c) 2x1 pieces


def test_the_edge_between_the_two_halves_of_a_bungalow_is_refused(refused):
    state = corner_holding(".")
    assert "a1|b1" not in state.legal_actions(0) and "d1|e1" not in state.legal_actions(0)
    assert refused(state, 0, "a1|b1").key == "camping.fence_splits_piece"
    assert refused(state, 0, "d1|e1").key == "camping.fence_splits_piece"


def test_the_edge_between_the_two_halves_of_the_pool_is_refused(refused):
    state = fence_phase(
        """
        . . . . .
        . P . . .
        . P A B .
        . . . . .
        a a . b b
        """
    )
    assert "b3|b4" not in state.legal_actions(0)
    assert refused(state, 0, "b3|b4").key == "camping.fence_splits_piece"


# ------------------------------------------------------------------ mandatory, once


def test_an_edge_already_fenced_cannot_take_another_fence(refused):
    state = corner_holding(".")
    assert refused(state, 0, "a4|a5").key == "camping.fenced"


@pytest.mark.parametrize("action", ["stop", "b3-b4"])
def test_the_free_fence_is_mandatory_while_one_is_legal(refused, action):
    state = corner_holding(".")
    assert state.legal_actions(0)
    assert refused(state, 0, action, code="notation").key == "camping.fence_now"


def test_the_legal_free_fences_of_a_tiny_board_are_exactly_the_ones_the_rules_allow():
    # a2 holds A, b1 holds B, the fence a1|a2 is up: the open edges form a path
    # a2 - b2 - b1 - a1. Cutting a2|b2 or b2|b1 leaves a camper on both sides;
    # cutting a1|b1 would seal off the empty a1.
    state = fence_phase(
        """
        A .
        . B
        """,
        ["a1|a2"],
    )
    assert state.legal_actions(0) == ["a2|b2", "b1|b2"]
    open_square = fence_phase(
        """
        A .
        . B
        """
    )
    assert open_square.legal_actions(0) == ["a1|a2", "a1|b1", "a2|b2", "b1|b2"]


def test_after_the_free_fence_the_next_player_clockwise_moves_with_two_steps(play):
    state = fence_phase(
        """
        A . . . .
        . . . . .
        . B . C .
        . . . . .
        . . . . .
        """,
        current=2,
    )
    play(state, "a1|a2")
    view = state.view(None)
    assert view["current"] == 0 and view["phase"] == "move" and view["steps_left"] == 2
    assert view["last_turn"]["seat"] == 2 and view["last_turn"]["actions"] == ["a1|a2"]


def test_the_free_fence_is_skipped_only_when_none_is_legal_which_a_contested_region_never_allows(
    playout,
):
    """A.5: a contested region always has a legal fence (one on the path between two
    players' campers), so every turn that does not end the game ends with a fence."""
    turns = 0
    for players, seed in [(2, 3), (3, 4), (4, 5)]:
        for state in playout(players, seed):
            if state.phase == "fence":
                assert state.legal_actions(state.current)
            last = state.view(None)["last_turn"]
            if state.phase == "move" and state.turn > 1 and not state.this_turn:
                assert "|" in last["actions"][-1], last
                turns += 1
    assert turns > 100
