"""Fixtures shared by the Feurio! scenario tests (the checks are in tests/scenarios.py)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest

from core.engine import IllegalAction
from core.games.feurio.state import FeurioState
from tests.scenarios import play_in_turn, random_playout, refuse


@pytest.fixture
def refused() -> Callable[..., IllegalAction]:
    """Apply an action that must be refused; check nothing observable changed; return the error."""

    def check(
        state: FeurioState, action: Any, code: str = "illegal", seat: int | None = None
    ) -> IllegalAction:
        if seat is None:
            (seat,) = state.to_move() or {0}
        return refuse(state, seat, action, code)

    return check


@pytest.fixture
def play() -> Callable[..., FeurioState]:
    """Apply actions in turn, each by the seat to move; return the state."""
    return play_in_turn


@pytest.fixture
def playout() -> Callable[..., Iterator[FeurioState]]:
    """A seeded game of random legal actions: ``playout(players, seed, options)``."""

    def games(
        players: int, seed: int, options: dict[str, Any] | None = None
    ) -> Iterator[FeurioState]:
        return random_playout("feurio", players, seed, options)

    return games
