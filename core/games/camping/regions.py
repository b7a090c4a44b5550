"""Regions and the fences that may still go up, without a flood fill per edge.

A region is a set of squares joined through unfenced edges. :func:`partition`
labels every square with its region in one pass over the board; after a fence that
splits one region, :func:`split` finds the new partition by a flood fill of that
region alone. :func:`survey` says who owns a region and what it holds
(:class:`Region`). :func:`fence_cuts` finds, for one region, which of its unfenced
edges are *bridges* (edges whose fence would split the region in two) and how many
campers would end up on the far side of each: one depth-first search per region
(Tarjan's bridge algorithm with camper counts per subtree), so judging every
candidate fence costs about as much as one flood fill of the board. The bots' board
model uses it; the engine tells bridges apart by the walls instead
(:mod:`core.games.camping.territory`), which it keeps up to date from move to move.
"""

from __future__ import annotations

from dataclasses import dataclass

from core.games.camping.contents import ICE, PEST, POOL
from core.games.camping.grid import Grid


@dataclass(slots=True)
class Region:
    """One region's bookkeeping: its squares, who owns it, what it is worth."""

    squares: list[int]
    owners: set[int]
    pool: bool
    icecreams: int
    pest: bool

    @property
    def owner(self) -> int | None:
        return next(iter(self.owners)) if len(self.owners) == 1 else None

    @property
    def contested(self) -> bool:
        return len(self.owners) > 1

    @property
    def value(self) -> int:
        """D10: squares, doubled with the pool, +5 per ice cream, -10 with the pest, >= 0."""
        base = len(self.squares) * (2 if self.pool else 1)
        return max(0, base + 5 * self.icecreams - (10 if self.pest else 0))


def survey(cells: list[int], squares: list[int]) -> Region:
    """The region made of ``squares``: its owners (the seats with a camper in it) and
    its pool, ice creams and pest, read from ``cells`` (square contents)."""
    owners: set[int] = set()
    pool = pest = False
    icecreams = 0
    for s in squares:
        content = cells[s]
        if content < POOL:
            if content >= 0:  # a camper: caravan p or bungalow half 10 + p
                owners.add(content % 10)
        elif content == POOL:
            pool = True
        elif content == ICE:
            icecreams += 1
        elif content == PEST:
            pest = True
    return Region(squares, owners, pool, icecreams, pest)


def partition(g: Grid, fences: bytearray) -> tuple[list[int], list[list[int]]]:
    """``region_of`` (square -> region number) and each region's squares, ascending.

    Regions are numbered in the order of their lowest square, so the numbering
    is stable for a given set of fences.
    """
    neighbours = g.neighbours
    region_of = [-1] * g.squares
    regions: list[list[int]] = []
    for start, seen in enumerate(region_of):
        if seen != -1:
            continue
        label = len(regions)
        region_of[start] = label
        members = [start]
        stack = [start]
        while stack:
            for other, edge in neighbours[stack.pop()]:
                if not fences[edge] and region_of[other] == -1:
                    region_of[other] = label
                    members.append(other)
                    stack.append(other)
        members.sort()
        regions.append(members)
    return region_of, regions


def split(
    g: Grid, fences: bytearray, region_of: list[int], regions: list[list[int]], start: int
) -> tuple[list[int], list[list[int]]]:
    """The partition after a new fence split the region of ``start`` in two: the
    result of :func:`partition`, found by a flood fill of that region alone.

    ``region_of`` and ``regions`` are the partition before the fence; they are not
    changed. Every other region keeps its list of squares (the same object).
    """
    label = region_of[start]
    neighbours = g.neighbours
    marked = list(region_of)
    marked[start] = -1
    side = [start]
    stack = [start]
    while stack:
        for other, edge in neighbours[stack.pop()]:
            if not fences[edge] and marked[other] == label:
                marked[other] = -1
                side.append(other)
                stack.append(other)
    side.sort()
    rest = [s for s in regions[label] if marked[s] == label]
    parts = [side, rest] if side[0] < rest[0] else [rest, side]
    after = regions[:label] + regions[label + 1 :]
    for part in parts:  # keep the regions in the order of their lowest square
        at = label
        while at < len(after) and after[at][0] < part[0]:
            at += 1
        after.insert(at, part)
    labels = list(region_of)
    for number in range(label, len(after)):
        for s in after[number]:
            labels[s] = number
    return labels, after


def fence_cuts(
    g: Grid, fences: bytearray, region: list[int], campers: list[bool]
) -> dict[int, tuple[int, int] | None]:
    """Every unfenced edge inside ``region``: None when a fence there keeps the
    region whole, else the number of campers on each side of the split.

    ``campers[s]`` says whether square ``s`` holds a camper (caravan or bungalow).
    """
    neighbours = g.neighbours
    start = region[0]
    total = sum(1 for s in region if campers[s])
    size = g.squares
    order = [-1] * size  # DFS discovery order, -1 for not yet reached
    low = [0] * size
    below = [0] * size  # campers in the DFS subtree
    order[start] = 0
    below[start] = 1 if campers[start] else 0
    reached = 1
    cuts: dict[int, tuple[int, int] | None] = {}
    # Iterative DFS: (square, edge it was reached by, iterator over its neighbours).
    stack = [(start, -1, iter(neighbours[start]))]
    while stack:
        square, via, pending = stack[-1]
        for other, edge in pending:
            if fences[edge] or edge == via:
                continue
            seen = order[other]
            if seen >= 0:
                if edge not in cuts:
                    cuts[edge] = None
                if seen < low[square]:
                    low[square] = seen
                continue
            order[other] = low[other] = reached
            reached += 1
            below[other] = 1 if campers[other] else 0
            stack.append((other, edge, iter(neighbours[other])))
            break
        else:
            stack.pop()
            if not stack:
                break
            parent = stack[-1][0]
            below[parent] += below[square]
            if low[square] < low[parent]:
                low[parent] = low[square]
            if low[square] > order[parent]:
                cuts[via] = (below[square], total - below[square])
            else:
                cuts[via] = None
    return cuts
