"""Feurio!'s zones and their points (D7).

A zone is a connected group of face-up tiles holding men of one colour. It scores
the sum of its tiles' values divided by the lowest value among its tiles that still
have a free edge, rounded up; an enclosed zone scores nothing.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from core.games.feurio.hexes import COLOURS, FIREBREAK, SIDES, around, neighbours, order

if TYPE_CHECKING:
    from core.games.feurio.forest import Forest


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


def zones_of(state: Forest, colour: int) -> list[Zone]:
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


def colour_scores(state: Forest) -> list[int]:
    """Per colour taking turns, the sum of its zones' points (the neutral colour scores
    nothing): the values of :func:`zones_of`, found without building the zones."""
    at, values, touching, cells = state.at, state.values, state.touching, state.cells
    points = []
    for colour in range(state.colours):
        mine = {t for t, n in enumerate(state.men[colour::COLOURS]) if n and values[t] != FIREBREAK}
        total = 0
        while mine:
            todo = [mine.pop()]
            summed = lowest = 0  # lowest: of its tiles with a free edge (face up: 1 to 6)
            while todo:
                tile = todo.pop()
                value = values[tile]
                summed += value
                if touching[tile] < SIDES and (not lowest or value < lowest):
                    lowest = value
                for other in around(cells[tile]):
                    near = at.get(other, -1)  # -1: no tile there
                    if near in mine:
                        mine.discard(near)
                        todo.append(near)
            if lowest:  # else enclosed: no points
                total += -(-summed // lowest)
        points.append(total)
    return points
