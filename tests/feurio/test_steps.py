"""Every step an action leads to is in the view, in order, with its colour: the action
itself, then each step the engine plays by itself (a forced lay, a pass, a turn's end)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from core.games.feurio.position import position

DIAMOND_3654 = """
    . 5 .
     3 6 .
      4 . .
"""


def steps(state: object) -> list[tuple[int, int, str, bool]]:
    return [
        (step["colour"], step["seat"], step["action"], step["auto"])
        for step in state.view(None)["steps"]  # type: ignore[attr-defined]
    ]


def test_the_start_lists_the_first_turns_forced_lay_with_the_tile_laid() -> None:
    state = position(DIAMOND_3654, stack="2 1 3")
    assert state.view(None)["steps"] == [
        {"colour": 0, "seat": 0, "action": "lay 2,0", "auto": True, "value": 2}
    ]


def test_a_pass_is_followed_by_the_next_colours_forced_lay() -> None:
    state = position(DIAMOND_3654, stack="2 1 3")
    state.apply(0, "pass")
    assert steps(state) == [(0, 0, "pass", False), (1, 1, "lay 1,2", True)]
    assert state.view(None)["steps"][1]["value"] == 1


def test_with_two_players_each_step_names_which_of_the_players_colours_moved() -> None:
    state = position(DIAMOND_3654, players=2, stack="2 1 3", colour=1)
    assert steps(state) == [(1, 1, "lay 2,0", True)]
    state.apply(1, "pass")
    assert [(colour, seat) for colour, seat, _, _ in steps(state)] == [(1, 1), (2, 0)]


def test_a_colour_without_men_lays_and_passes_by_itself_before_the_next_colour() -> None:
    state = position(DIAMOND_3654, hands=[0, 12, 12, 12], stack="1 1")
    assert steps(state) == [
        (0, 0, "lay 2,0", True),
        (0, 0, "pass", True),
        (1, 1, "lay 1,2", True),
    ]


def test_a_man_that_fills_the_tile_ends_the_turn_by_itself() -> None:
    state = position(DIAMOND_3654, stack="2 1 3")  # the 6 on 1,1 has room for two men
    state.apply(0, "man 1,1")
    assert steps(state) == [(0, 0, "man 1,1", False)]
    state.apply(0, "man 1,1")
    assert steps(state)[:2] == [(0, 0, "man 1,1", False), (0, 0, "done", True)]


def test_a_refused_action_leaves_the_steps_as_they_were(refused: Callable[..., Any]) -> None:
    state = position(DIAMOND_3654, stack="2 1 3")
    refused(state, "man 9,9")  # which checks that every view is unchanged
