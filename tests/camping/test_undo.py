"""Which Deluxe Camping actions may be taken back (``State.reversible``, docs/games/camping.md).

A step of the movement, or ``stop``, may be taken back when the same turn goes on (another
step, or the free fence). The free fence ends the turn; a movement after which the game
ends (or no free fence is legal) ends it too; every set-up placement hands over.
"""

from __future__ import annotations

from core.games.camping import CampingRules
from core.games.camping.position import position
from core.games.camping.state import CampingState

# Seat 0 may move the pest (d2) or stop; a fence between c2 and c3.
OPEN_FIELD = """
    a a . .
    . . . I
    P P . X
    b b B A
"""

# Seat 1's caravan at a1 on its last step: moving next to seat 0's bungalow closes the
# last contested region (the game ends); stopping leaves a free fence to put up.
LAST_STEP = """
    a a
    B .
"""


def field() -> CampingState:
    return position(OPEN_FIELD, fences=["c2|c3"])


def test_the_first_step_and_stopping_may_be_taken_back() -> None:
    state = field()
    assert state.legal_actions(0) == ["d2-c2", "stop"]
    assert state.reversible(0, "d2-c2")
    assert state.reversible(0, "stop"), "the free fence follows"


def test_the_second_step_may_be_taken_back_when_the_free_fence_follows() -> None:
    state = field()
    state.apply(0, "d2-c2")
    assert all(state.reversible(0, a) for a in state.legal_actions(0))
    state.apply(0, "c2-d2")
    assert state.view(None)["phase"] == "fence" and state.to_move() == {0}


def test_the_free_fence_ends_the_turn_and_may_not_be_taken_back() -> None:
    state = field()
    state.apply(0, "stop")
    fences = state.legal_actions(0)
    assert fences and not any(state.reversible(0, a) for a in fences)


def test_a_last_step_that_ends_the_game_may_not_be_taken_back() -> None:
    state = position(LAST_STEP, current=1, steps_left=1)
    assert not state.reversible(1, "a1-b1")
    assert state.reversible(1, "stop")
    state.apply(1, "a1-b1")
    assert state.is_over()


def test_set_up_placements_hand_over_and_may_not_be_taken_back() -> None:
    state = CampingRules().new_game(2, 3, {"neutral_setup": "players"})
    phases = set()
    while state.view(None)["phase"] in ("pool", "token", "bungalow", "caravan"):
        (seat,) = state.to_move()
        legal = state.legal_actions(seat)
        assert not any(state.reversible(seat, a) for a in legal[:20])
        phases.add(state.view(None)["phase"])
        state.apply(seat, legal[0])
    assert phases == {"pool", "token", "bungalow", "caravan"}


def test_other_seats_and_refused_actions_are_never_reversible() -> None:
    state = field()
    assert not state.reversible(1, "d2-c2")
    assert not state.reversible(0, "d1-d2"), "the pest stands there"
    assert not state.reversible(0, "c2|c3")
    assert not state.reversible(0, "garbled")
