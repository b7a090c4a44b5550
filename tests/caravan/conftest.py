"""Fixtures shared by the Caravan scenario tests (the checks are in tests/scenarios.py)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest

from core.engine import IllegalAction
from core.games.caravan.state import CaravanState
from tests.scenarios import play_in_turn, random_playout, refuse


@pytest.fixture
def refused() -> Callable[..., IllegalAction]:
    """Apply an action that must be refused; check nothing observable changed; return the error."""
    return refuse


@pytest.fixture
def play() -> Callable[..., CaravanState]:
    """Apply actions in turn, each by the seat to move; return the state."""
    return play_in_turn


@pytest.fixture
def playout() -> Callable[..., Iterator[CaravanState]]:
    """A seeded two-player match of random legal actions: ``playout(seed, options)``."""

    def matches(seed: int, options: dict[str, Any] | None = None) -> Iterator[CaravanState]:
        return random_playout("caravan", 2, seed, options)

    return matches
