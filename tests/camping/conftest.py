"""Fixtures shared by the Deluxe Camping scenario tests (the checks are in tests/scenarios.py).

Positions are drawn with :func:`core.games.camping.position.position` (read its
docstring for the symbols). ``walls`` turns a map of region letters into the
fences around them, so a scenario can say which squares belong together instead
of listing every fence.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest

from core.engine import IllegalAction
from core.games.camping.state import CampingState
from tests.scenarios import play_in_turn, random_playout, refuse

LETTERS = "abcdefghij"


@pytest.fixture
def refused() -> Callable[..., IllegalAction]:
    """Apply an action that must be refused; check nothing observable changed; return the error."""
    return refuse


@pytest.fixture
def play() -> Callable[..., CampingState]:
    """Apply actions in turn, each by the seat to move; return the state."""
    return play_in_turn


@pytest.fixture
def playout() -> Callable[..., Iterator[CampingState]]:
    """A seeded game of random legal actions: ``playout(players, seed, options)``."""

    def games(
        players: int, seed: int, options: dict[str, Any] | None = None
    ) -> Iterator[CampingState]:
        return random_playout("camping", players, seed, options)

    return games


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
