"""Feurio!'s zones and their points (D7).

A zone is a connected group of face-up tiles holding men of one colour. It scores
the sum of its tiles' values divided by the lowest value among its tiles that still
have a free edge, rounded up; an enclosed zone scores nothing.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from core.games.feurio.hexes import COLOURS, FIREBREAK, neighbours, order

if TYPE_CHECKING:
    from core.games.feurio.state import FeurioState


def zone_score(values: list[int], edge_values: list[int]) -> int:
    """D7: the zone's values summed, divided by the lowest value among its tiles
    that still have a free edge (``edge_values``), rounded up; 0 when enclosed.

    >>> zone_score([6, 5, 3, 2], [3, 2]), zone_score([6, 5, 4], [4]), zone_score([6, 6], [])
    (8, 4, 0)
    """
    if not edge_values:
        return 0
    return -(-sum(values) // min(edge_values))


@dataclass(frozen=True)
class Zone:
    """One connected group of tiles holding men of one colour."""

    colour: int
    tiles: tuple[int, ...]  # tile numbers (placement order)
    total: int
    divisor: int | None  # lowest value among its tiles with a free edge

    @property
    def value(self) -> int:
        return 0 if self.divisor is None else -(-self.total // self.divisor)


def zones_of(state: FeurioState, colour: int) -> list[Zone]:
    """D7: the connected groups of face-up tiles holding men of ``colour``."""
    mine = {
        spot
        for tile, spot in enumerate(state.cells)
        if state.values[tile] != FIREBREAK and state.men[COLOURS * tile + colour]
    }
    found: list[Zone] = []
    for start in sorted(mine, key=order):
        if not mine:
            break
        if start not in mine:
            continue
        mine.discard(start)
        group, todo = [start], [start]
        while todo:
            for other in neighbours(todo.pop()):
                if other in mine:
                    mine.discard(other)
                    group.append(other)
                    todo.append(other)
        tiles = tuple(sorted(state.at[c] for c in group))
        edged = [state.values[t] for t in tiles if state.free_edges(t)]
        found.append(
            Zone(
                colour=colour,
                tiles=tiles,
                total=sum(state.values[t] for t in tiles),
                divisor=min(edged) if edged else None,
            )
        )
    return found


def colour_scores(state: FeurioState) -> list[int]:
    """Per colour taking turns, the sum of its zones (the neutral colour scores nothing)."""
    return [sum(z.value for z in zones_of(state, c)) for c in range(state.colours)]
