"""Fixtures shared by the Camel Up Off Season scenario tests (the checks are in
tests/scenarios.py).

Positions are built with :func:`core.games.offseason.position.position` (its
docstring explains how goods, caravans and markets are written).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest

from core.engine import IllegalAction
from core.games.offseason.state import OffSeasonState
from tests.scenarios import play_in_turn, random_playout, refuse


@pytest.fixture
def refused() -> Callable[..., IllegalAction]:
    """Apply an action that must be refused; check nothing observable changed; return the error."""

    def check(
        state: OffSeasonState, action: Any, code: str = "illegal", seat: int | None = None
    ) -> IllegalAction:
        if seat is None:
            seat = min(state.to_move() or {0})
        return refuse(state, seat, action, code)

    return check


def bid_all(state: OffSeasonState, *amounts: int) -> OffSeasonState:
    """Every seat makes its sealed bid, seat 0 first."""
    for seat, amount in enumerate(amounts):
        state.apply(seat, f"bid {amount}")
    return state


@pytest.fixture
def play() -> Callable[..., OffSeasonState]:
    """Apply actions in turn, each by the one seat to move; return the state."""
    return play_in_turn


@pytest.fixture
def bids() -> Callable[..., OffSeasonState]:
    return bid_all


@pytest.fixture
def playout() -> Callable[..., Iterator[OffSeasonState]]:
    """A seeded game of random legal actions, the seat drawn among those to move:
    ``playout(players, seed, options)``."""

    def games(
        players: int, seed: int, options: dict[str, Any] | None = None
    ) -> Iterator[OffSeasonState]:
        return random_playout("offseason", players, seed, options, draw_seat=True)

    return games


def last_events(state: OffSeasonState, name: str) -> list[dict[str, Any]]:
    """The events of that name in the last action (and what it set off)."""
    assert state.last is not None
    return [e for e in state.last["events"] if e["event"] == name]


def loads(state: OffSeasonState, seat: int) -> dict[int, list[str]]:
    """Seat's camels as capacity -> codes, empty camels left out."""
    camels = state.view(None)["caravans"][seat]["camels"]
    return {c["camel"]: c["cards"] for c in camels if c["cards"]}


@pytest.fixture
def events() -> Callable[..., list[dict[str, Any]]]:
    return last_events


@pytest.fixture
def camels() -> Callable[..., dict[int, list[str]]]:
    return loads
