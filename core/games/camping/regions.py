"""Regions and the fences that may still go up, without a flood fill per edge.

A region is a set of squares joined through unfenced edges. :func:`partition`
labels every square with its region in one pass over the board. :func:`fence_cuts`
then finds, for one region, which of its unfenced edges are *bridges* (edges whose
fence would split the region in two) and how many campers would end up on the far
side of each: one depth-first search per region (Tarjan's bridge algorithm with
camper counts per subtree), so judging every candidate fence costs about as much
as one flood fill of the board.
"""

from __future__ import annotations

from core.games.camping.grid import Grid


def partition(g: Grid, fences: bytearray) -> tuple[list[int], list[list[int]]]:
    """``region_of`` (square -> region number) and each region's squares, ascending.

    Regions are numbered in the order of their lowest square, so the numbering
    is stable for a given set of fences.
    """
    region_of = [-1] * g.squares
    regions: list[list[int]] = []
    for start in range(g.squares):
        if region_of[start] != -1:
            continue
        label = len(regions)
        region_of[start] = label
        members = [start]
        stack = [start]
        while stack:
            square = stack.pop()
            for other, edge in g.neighbours[square]:
                if not fences[edge] and region_of[other] == -1:
                    region_of[other] = label
                    members.append(other)
                    stack.append(other)
        members.sort()
        regions.append(members)
    return region_of, regions


def fence_cuts(
    g: Grid, fences: bytearray, region: list[int], campers: list[bool]
) -> dict[int, tuple[int, int] | None]:
    """Every unfenced edge inside ``region``: None when a fence there keeps the
    region whole, else the number of campers on each side of the split.

    ``campers[s]`` says whether square ``s`` holds a camper (caravan or bungalow).
    """
    start = region[0]
    total = sum(1 for s in region if campers[s])
    order = {start: 0}
    low = {start: 0}
    below = {start: 1 if campers[start] else 0}  # campers in the DFS subtree
    cuts: dict[int, tuple[int, int] | None] = {}
    # Iterative DFS: (square, edge it was reached by, iterator over its neighbours).
    stack = [(start, -1, iter(g.neighbours[start]))]
    while stack:
        square, via, pending = stack[-1]
        advanced = False
        for other, edge in pending:
            if fences[edge] or edge == via:
                continue
            if other in order:
                cuts.setdefault(edge, None)
                if order[other] < low[square]:
                    low[square] = order[other]
                continue
            order[other] = low[other] = len(order)
            below[other] = 1 if campers[other] else 0
            stack.append((other, edge, iter(g.neighbours[other])))
            advanced = True
            break
        if advanced:
            continue
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
