"""Seeded random games with and without firebreaks, checked against the engine protocol.

The shared conformance suite plays every registered game with its default options;
this covers the firebreak variant too, at every player count.
"""

from __future__ import annotations

import random

import pytest

from core.engine import IllegalAction
from core.games.feurio import FeurioRules
from tests.scenarios import observed

TABLES = [(players, firebreak) for players in (2, 3, 4) for firebreak in (False, True)]
JUNK = ["", "pass pass", "man", "lay 0,0 ", "break", "neutral 99,99", "done done", "🙂"]


@pytest.mark.parametrize("players, firebreak", TABLES)
def test_a_random_game_keeps_the_turn_invariants_and_refuses_junk_unchanged(
    playout, players, firebreak
):
    for seed in range(3):
        plies = 0
        for state in playout(players, seed, {"firebreak": firebreak}):
            to_move = state.to_move()
            assert (not to_move) == state.is_over()
            for seat in range(players):
                legal = state.legal_actions(seat)
                assert legal == sorted(set(legal)) and bool(legal) == (seat in to_move)
            if plies % 5 == 0:
                seat = min(to_move) if to_move else 0
                for action in [*JUNK, *state.legal_actions((seat + 1) % players)[:2]]:
                    if action in state.legal_actions(seat):
                        continue
                    before = observed(state)
                    with pytest.raises(IllegalAction):
                        state.apply(seat, action)
                    assert observed(state) == before, action
            plies += 1
        assert plies < 400
        assert state.is_over() and min(state.ranking()) == 1


@pytest.mark.parametrize("players, firebreak", TABLES)
def test_replaying_the_actions_of_a_seeded_game_gives_the_same_game(players, firebreak):
    options = {"firebreak": firebreak}
    game = FeurioRules().new_game(players, 42, options)
    rng = random.Random(7)
    actions = []
    views = []
    while not game.is_over():
        (seat,) = game.to_move()
        action = rng.choice(game.legal_actions(seat))
        game.apply(seat, action)
        actions.append((seat, action))
        views.append(game.view(None))
    again = FeurioRules().new_game(players, 42, options)
    for (seat, action), view in zip(actions, views, strict=True):
        again.apply(seat, action)
        assert again.view(None) == view
    assert (again.scores(), again.ranking()) == (game.scores(), game.ranking())
