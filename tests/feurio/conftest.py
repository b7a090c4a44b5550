"""Fixtures shared by the Feurio! scenario tests."""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from core.engine import IllegalAction
from core.games.feurio import FeurioRules
from core.games.feurio.state import FeurioState


def observed(state: FeurioState) -> list[str]:
    """Every view and every seat's legal actions, as comparable text."""
    seats = [None, *range(state.players)]
    return [json.dumps(state.view(seat), sort_keys=True) for seat in seats] + [
        json.dumps(state.legal_actions(seat)) for seat in range(state.players)
    ]


@pytest.fixture
def refused() -> Callable[..., IllegalAction]:
    """Apply an action that must be refused; check nothing observable changed; return the error."""

    def check(
        state: FeurioState, action: Any, code: str = "illegal", seat: int | None = None
    ) -> IllegalAction:
        if seat is None:
            (seat,) = state.to_move() or {0}
        before = observed(state)
        with pytest.raises(IllegalAction) as info:
            state.apply(seat, action)
        assert info.value.code == code, info.value.message
        assert observed(state) == before
        return info.value

    return check


@pytest.fixture
def play() -> Callable[..., FeurioState]:
    """Apply actions in turn, each by the seat to move; return the state."""

    def run(state: FeurioState, *actions: str) -> FeurioState:
        for action in actions:
            (seat,) = state.to_move()
            state.apply(seat, action)
        return state

    return run


def random_playout(
    players: int, seed: int, options: dict[str, Any] | None = None
) -> Iterator[FeurioState]:
    """A seeded game played with random legal actions; yields the state after each action."""
    state = FeurioRules().new_game(players, seed, options)
    rng = random.Random(seed)
    yield state
    while not state.is_over():
        (seat,) = state.to_move()
        state.apply(seat, rng.choice(state.legal_actions(seat)))
        yield state


@pytest.fixture
def playout() -> Callable[..., Iterator[FeurioState]]:
    return random_playout
