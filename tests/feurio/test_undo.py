"""Which Feurio! actions may be taken back (``State.reversible``, see docs/games/feurio.md).

Laying the drawn tile (public since it was drawn) and placing men may be taken back while
the same turn goes on. ``pass``, ``done`` and any action after which the engine ends the
turn may not: the next turn draws a tile from the hidden stack.
"""

from __future__ import annotations

from core.games.feurio.position import position
from core.games.feurio.state import FeurioState

# Colour A (seat 0) drew a 2 with two hottest cells; the 5 at 1,1 has room for three men.
TWO_HOTTEST = """
    . . .
     . 5 5A
      . . .
"""


def start(hands: list[int] | None = None) -> FeurioState:
    return position(TWO_HOTTEST, stack="2 3", hands=hands)


def test_laying_the_drawn_tile_may_be_taken_back_when_men_may_follow() -> None:
    state = start()
    assert state.legal_actions(0) == ["lay 1,2", "lay 2,0"]
    assert all(state.reversible(0, a) for a in state.legal_actions(0))


def test_a_lay_after_which_the_colour_must_pass_ends_the_turn_and_may_not_be_undone() -> None:
    state = start(hands=[0, 12, 12, 12])  # colour A has no man left to place
    assert state.legal_actions(0) == ["lay 1,2", "lay 2,0"]
    assert not state.reversible(0, "lay 2,0")
    state.apply(0, "lay 2,0")
    assert state.to_move() == {1}


def test_men_may_be_taken_back_while_the_turn_goes_on() -> None:
    state = start()
    state.apply(0, "lay 2,0")
    assert state.reversible(0, "man 1,1")
    assert state.reversible(0, "man 2,1")
    state.apply(0, "man 1,1")
    assert state.reversible(0, "man 1,1"), "a second man: one more may follow"
    state.apply(0, "man 1,1")
    assert not state.reversible(0, "man 1,1"), "the third man ends the turn"
    assert not state.reversible(0, "done")


def test_a_man_that_fills_its_tile_ends_the_turn_and_may_not_be_taken_back() -> None:
    state = start()
    state.apply(0, "lay 2,0")
    assert not state.reversible(0, "man 2,0"), "a 2 holds one man"


def test_passing_or_stopping_ends_the_turn_and_may_not_be_taken_back() -> None:
    state = start()
    state.apply(0, "lay 2,0")
    assert not state.reversible(0, "pass")
    state.apply(0, "man 1,1")
    assert not state.reversible(0, "done")


def test_other_seats_and_refused_actions_are_never_reversible() -> None:
    state = start()
    assert not state.reversible(1, "lay 2,0")
    assert not state.reversible(0, "lay 0,0"), "not a hottest cell"
    assert not state.reversible(0, "man 1,1"), "the tile is laid first"
    assert not state.reversible(0, "garbled")
