"""Fixtures shared by the Deluxe Camping scenario tests.

Positions are drawn with :func:`core.games.camping.position.position` (read its
docstring for the symbols). ``walls`` turns a map of region letters into the
fences around them, so a scenario can say which squares belong together instead
of listing every fence.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from core.engine import IllegalAction
from core.games.camping import CampingRules
from core.games.camping.state import CampingState

LETTERS = "abcdefghij"


def all_views(state: CampingState) -> list[str]:
    """The spectator's and every seat's view, as comparable text."""
    return [json.dumps(state.view(seat), sort_keys=True) for seat in [None, *range(state.players)]]


def observable(state: CampingState) -> dict[str, Any]:
    """Every view, every seat's legal actions, who moves, scores and whether it is over."""
    return {
        "views": all_views(state),
        "legal": [state.legal_actions(seat) for seat in range(state.players)],
        "to_move": sorted(state.to_move()),
        "scores": state.scores(),
        "over": state.is_over(),
    }


@pytest.fixture
def refused() -> Callable[..., IllegalAction]:
    """Apply an action that must be refused; check nothing observable changed; return the error."""

    def check(state: CampingState, seat: Any, action: Any, code: str = "illegal") -> IllegalAction:
        before = observable(state)
        with pytest.raises(IllegalAction) as info:
            state.apply(seat, action)
        err = info.value
        assert err.code == code, f"{err.key}: {err.message}"
        assert isinstance(err.message, str) and err.message.endswith("."), err.message
        assert observable(state) == before
        return err

    return check


@pytest.fixture
def play() -> Callable[..., CampingState]:
    """Apply actions in turn, each by the seat to move; return the state."""

    def run(state: CampingState, *actions: str) -> CampingState:
        for action in actions:
            (seat,) = state.to_move()
            state.apply(seat, action)
        return state

    return run


def random_playout(
    players: int, seed: int, options: dict[str, Any] | None = None
) -> Iterator[CampingState]:
    """A seeded game played with random legal actions; yields the state before each
    action and, last, the finished state."""
    state = CampingRules().new_game(players, seed, options)
    rng = random.Random(seed)
    yield state
    while not state.is_over():
        (seat,) = state.to_move()
        state.apply(seat, rng.choice(state.legal_actions(seat)))
        yield state


@pytest.fixture
def playout() -> Callable[..., Iterator[CampingState]]:
    return random_playout


def edge_name(a: tuple[int, int], b: tuple[int, int]) -> str:
    """Notation of the edge between two neighbouring (column, row) squares, lower first."""
    (c1, r1), (c2, r2) = sorted((a, b), key=lambda s: (s[1], s[0]))
    return f"{LETTERS[c1]}{r1 + 1}|{LETTERS[c2]}{r2 + 1}"


def region_walls(regions: str) -> list[str]:
    """The fences between neighbouring squares labelled differently in a map
    (written top row first, like a position diagram)."""
    rows = [line.split() for line in regions.strip().splitlines()]
    n = len(rows)
    label = {(c, n - 1 - r): sym for r, row in enumerate(rows) for c, sym in enumerate(row)}
    fences = []
    for (c, r), sym in label.items():
        for other in ((c + 1, r), (c, r + 1)):
            if other in label and label[other] != sym:
                fences.append(edge_name((c, r), other))
    return sorted(fences)


@pytest.fixture
def walls() -> Callable[[str], list[str]]:
    return region_walls
