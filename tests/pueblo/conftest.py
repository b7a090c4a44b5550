"""Fixtures shared by the Pueblo scenario tests (the checks are in tests/scenarios.py).

Positions are written with :func:`core.games.pueblo.position.position` (its
docstring explains the diagrams: the last line is row 1, each symbol a stack of
cubes bottom to top, R B G P for seats 0-3 and N for neutral).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest

from core.engine import IllegalAction
from core.games.pueblo.state import PuebloState
from tests.scenarios import play_in_turn, random_playout, refuse


@pytest.fixture
def refused() -> Callable[..., IllegalAction]:
    """Apply an action that must be refused; check nothing observable changed; return the error."""

    def check(
        state: PuebloState, action: Any, code: str = "illegal", seat: int | None = None
    ) -> IllegalAction:
        if seat is None:
            (seat,) = state.to_move() or {0}
        return refuse(state, seat, action, code)

    return check


@pytest.fixture
def play() -> Callable[..., PuebloState]:
    """Apply actions in turn, each by the seat to move; return the state."""
    return play_in_turn


@pytest.fixture
def playout() -> Callable[..., Iterator[PuebloState]]:
    """A seeded game of random legal actions: ``playout(players, seed, options)``."""

    def games(
        players: int, seed: int, options: dict[str, Any] | None = None
    ) -> Iterator[PuebloState]:
        return random_playout("pueblo", players, seed, options)

    return games
