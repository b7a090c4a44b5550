"""Fixtures shared by the Caravan scenario tests."""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from core.engine import IllegalAction
from core.games.caravan import CaravanRules
from core.games.caravan.state import CaravanState


def all_views(state: CaravanState) -> list[str]:
    """The spectator's and both seats' views, as comparable text."""
    return [json.dumps(state.view(seat), sort_keys=True) for seat in (None, 0, 1)]


@pytest.fixture
def refused() -> Callable[..., IllegalAction]:
    """Apply an action that must be refused; check every view is unchanged; return the error."""

    def check(state: CaravanState, seat: int, action: Any, code: str = "illegal") -> IllegalAction:
        before = all_views(state)
        with pytest.raises(IllegalAction) as info:
            state.apply(seat, action)
        assert info.value.code == code, info.value.message
        assert all_views(state) == before
        return info.value

    return check


@pytest.fixture
def play() -> Callable[..., CaravanState]:
    """Apply actions in turn, each by the seat to move; return the state."""

    def run(state: CaravanState, *actions: str) -> CaravanState:
        for action in actions:
            (seat,) = state.to_move()
            state.apply(seat, action)
        return state

    return run


def random_playout(seed: int, options: dict[str, Any] | None = None) -> Iterator[CaravanState]:
    """A seeded match played with random legal actions; yields the state after each action."""
    state = CaravanRules().new_game(2, seed, options)
    rng = random.Random(seed)
    yield state
    while not state.is_over():
        (seat,) = state.to_move()
        state.apply(seat, rng.choice(state.legal_actions(seat)))
        yield state


@pytest.fixture
def playout() -> Callable[..., Iterator[CaravanState]]:
    return random_playout
