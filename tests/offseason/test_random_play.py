"""Seeded random games with every table option, checked against the engine protocol.

The shared conformance suite plays every registered game with its default options;
this covers open coins, the other fruit reading and fixed tiles at every player count.
"""

from __future__ import annotations

import pytest

from core.engine import IllegalAction
from tests.scenarios import observed

TABLES = [
    (2, {}),
    (3, {"open_coins": True}),
    (4, {"fruit_rule": "lowest_price"}),
    (5, {"tiles": "fixed", "open_coins": True}),
]
JUNK = ["", "pass pass", "bid", "sell", "market 9", "load dates 7", "swap 6 3", "🙂"]


@pytest.mark.parametrize("players, options", TABLES)
def test_a_random_game_keeps_the_turn_invariants_and_refuses_junk_unchanged(
    playout, players, options
):
    for seed in range(2):
        plies = 0
        for state in playout(players, seed, options):
            to_move = state.to_move()
            assert (not to_move) == state.is_over()
            for seat in range(players):
                legal = state.legal_actions(seat)
                assert legal == sorted(set(legal)) and bool(legal) == (seat in to_move)
                assert len(legal) < 200
            if plies % 7 == 0 and to_move:
                seat = min(to_move)
                for action in [*JUNK, *state.legal_actions((seat + 1) % players)[:2]]:
                    if action in state.legal_actions(seat):
                        continue
                    before = observed(state)
                    with pytest.raises(IllegalAction):
                        state.apply(seat, action)
                    assert observed(state) == before, action
            plies += 1
        assert plies < 1000
        assert state.is_over() and min(state.ranking()) == 1
        assert state.round == state.last_round
