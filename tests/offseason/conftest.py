"""Fixtures shared by the Camel Up Off Season scenario tests.

Positions are built with :func:`core.games.offseason.position.position` (its
docstring explains how goods, caravans and markets are written).
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from core.engine import IllegalAction
from core.games.offseason import OffSeasonRules
from core.games.offseason.state import OffSeasonState


def observed(state: OffSeasonState) -> list[str]:
    """Every view and every seat's legal actions, as comparable text."""
    seats = [None, *range(state.players)]
    return (
        [json.dumps(state.view(seat), sort_keys=True) for seat in seats]
        + [json.dumps(state.legal_actions(seat)) for seat in range(state.players)]
        + [json.dumps([sorted(state.to_move()), state.scores(), state.ranking()])]
    )


@pytest.fixture
def refused() -> Callable[..., IllegalAction]:
    """Apply an action that must be refused; check nothing observable changed; return the error."""

    def check(
        state: OffSeasonState, action: Any, code: str = "illegal", seat: int | None = None
    ) -> IllegalAction:
        if seat is None:
            seat = min(state.to_move() or {0})
        before = observed(state)
        with pytest.raises(IllegalAction) as info:
            state.apply(seat, action)
        err = info.value
        assert err.code == code, f"{err.key}: {err.message}"
        assert err.message.endswith("."), err.message
        assert observed(state) == before
        return err

    return check


def run(state: OffSeasonState, *actions: str) -> OffSeasonState:
    """Apply actions in turn, each by the one seat to move."""
    for action in actions:
        (seat,) = state.to_move()
        state.apply(seat, action)
    return state


def bid_all(state: OffSeasonState, *amounts: int) -> OffSeasonState:
    """Every seat makes its sealed bid, seat 0 first."""
    for seat, amount in enumerate(amounts):
        state.apply(seat, f"bid {amount}")
    return state


@pytest.fixture
def play() -> Callable[..., OffSeasonState]:
    return run


@pytest.fixture
def bids() -> Callable[..., OffSeasonState]:
    return bid_all


def random_playout(
    players: int, seed: int, options: dict[str, Any] | None = None
) -> Iterator[OffSeasonState]:
    """A seeded game of random legal actions; yields the state after each action."""
    state = OffSeasonRules().new_game(players, seed, options)
    rng = random.Random(seed)
    yield state
    while not state.is_over():
        seat = rng.choice(sorted(state.to_move()))
        state.apply(seat, rng.choice(state.legal_actions(seat)))
        yield state


@pytest.fixture
def playout() -> Callable[..., Iterator[OffSeasonState]]:
    return random_playout


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
