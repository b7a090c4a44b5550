"""Caravan offers no undo (``State.reversible``, see docs/games/caravan.md): every play shows
cards from a hand, and every play or pass hands the turn to the other merchant."""

from __future__ import annotations

from collections.abc import Callable, Iterator

from core.games.caravan.state import CaravanState


def test_no_action_of_a_whole_match_is_reversible(
    playout: Callable[..., Iterator[CaravanState]],
) -> None:
    asked = 0
    for state in playout(5, {"hands": 2}):
        for seat in sorted(state.to_move()):
            legal = state.legal_actions(seat)
            assert not any(state.reversible(seat, action) for action in legal)
            asked += len(legal)
    assert asked > 100
