"""Fixtures shared by the Pueblo scenario tests.

Positions are written with :func:`core.games.pueblo.position.position` (its
docstring explains the diagrams: the last line is row 1, each symbol a stack of
cubes bottom to top, R B G P for seats 0-3 and N for neutral).
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from core.engine import IllegalAction
from core.games.pueblo import PuebloRules
from core.games.pueblo.state import PuebloState


def observed(state: PuebloState) -> list[str]:
    """Every view and every seat's legal actions, as comparable text."""
    seats = [None, *range(state.players)]
    return [json.dumps(state.view(seat), sort_keys=True) for seat in seats] + [
        json.dumps(state.legal_actions(seat)) for seat in range(state.players)
    ]


@pytest.fixture
def refused() -> Callable[..., IllegalAction]:
    """Apply an action that must be refused; check nothing observable changed; return the error."""

    def check(
        state: PuebloState, action: Any, code: str = "illegal", seat: int | None = None
    ) -> IllegalAction:
        if seat is None:
            (seat,) = state.to_move() or {0}
        before = observed(state)
        with pytest.raises(IllegalAction) as info:
            state.apply(seat, action)
        err = info.value
        assert err.code == code, f"{err.key}: {err.message}"
        assert isinstance(err.message, str) and err.message.endswith("."), err.message
        assert observed(state) == before
        return err

    return check


@pytest.fixture
def play() -> Callable[..., PuebloState]:
    """Apply actions in turn, each by the seat to move; return the state."""

    def run(state: PuebloState, *actions: str) -> PuebloState:
        for action in actions:
            (seat,) = state.to_move()
            state.apply(seat, action)
        return state

    return run


def random_playout(
    players: int, seed: int, options: dict[str, Any] | None = None
) -> Iterator[PuebloState]:
    """A seeded game of random legal actions; yields the state before each action
    and, last, the finished state (the same object throughout)."""
    state = PuebloRules().new_game(players, seed, options)
    rng = random.Random(seed)
    yield state
    while not state.is_over():
        (seat,) = state.to_move()
        state.apply(seat, rng.choice(state.legal_actions(seat)))
        yield state


@pytest.fixture
def playout() -> Callable[..., Iterator[PuebloState]]:
    return random_playout
