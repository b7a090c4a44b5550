"""The Pueblo heuristic's tables of the chief's lines, one entry per candidate placement
(:mod:`core.bots.pueblo_heuristic`): which path squares look at a stone, where its cubes lie
along their lines, and which squares under a corner view it covers. Worked out once, so
scoring a placement is a few look-ups per line."""

from __future__ import annotations

from core.games.pueblo.geometry import (
    BY_SUFFIX,
    CANDIDATES,
    IS_CORNER,
    LINE,
    POSES,
    RING,
    SQUARES,
    Candidate,
    site,
    site_xy,
)

# The path squares that look at each site square, and the stone's cubes per candidate.
SEEN_FROM: list[list[int]] = [[i for i in range(RING) if sq in LINE[i]] for sq in range(SQUARES)]
AFFECTED: dict[str, tuple[int, ...]] = {
    c.suffix: tuple(sorted({i for sq in c.columns for i in SEEN_FROM[sq]})) for c in CANDIDATES
}


def _shape(suffix: str) -> tuple[tuple[int, int], ...]:
    """(square, level above the stone's base) of each cube, lowest first."""
    cand = BY_SUFFIX[suffix]
    ax, ay = site_xy(cand.anchor)
    return tuple(
        sorted(
            ((site(ax + dx, ay + dy), dz) for dx, dy, dz in POSES[cand.pose].cells),
            key=lambda c: c[1],
        )
    )


SHAPE = {c.suffix: _shape(c.suffix) for c in CANDIDATES}
# Where each site square lies along each side path square's line (0: nearest).
POSITION: list[dict[int, int]] = [
    {} if IS_CORNER[i] else {sq: p for p, sq in enumerate(LINE[i])} for i in range(RING)
]


def _side_cubes(suffix: str) -> tuple[tuple[int, tuple[tuple[int, int], ...]], ...]:
    """Per side path square looking at the stone: (dz, position) of its nearest cube
    at each of its levels."""
    found = []
    for i in AFFECTED[suffix]:
        if IS_CORNER[i]:
            continue
        nearest: dict[int, int] = {}
        for square, dz in SHAPE[suffix]:
            p = POSITION[i].get(square)
            if p is not None and p < nearest.get(dz, SQUARES):
                nearest[dz] = p
        found.append((i, tuple(sorted(nearest.items()))))
    return tuple(found)


SIDE_CUBES = {c.suffix: _side_cubes(c.suffix) for c in CANDIDATES}
LINES = {suffix: sum(1 << i for i in found) for suffix, found in AFFECTED.items()}  # as bits
CORNER_COLUMNS = {  # the stone's squares under each corner view that sees them
    c.suffix: tuple(
        sq for i in AFFECTED[c.suffix] if IS_CORNER[i] for sq in c.columns if sq in LINE[i]
    )
    for c in CANDIDATES
}
HIDDEN = SQUARES  # a position beyond every line: nothing seen at that level
FLAT_SIDE_CUBES = {  # SIDE_CUBES one cube a row: (path square, dz, position)
    suffix: tuple((i, dz, p) for i, cubes in found for dz, p in cubes)
    for suffix, found in SIDE_CUBES.items()
}
BASE = {c.suffix: (c.columns[0], c.offsets[0]) for c in CANDIDATES}  # the base's square, offset
SIDE_ENTRIES = {  # FLAT_SIDE_CUBES as (path square * 64 + dz, dz, position): + base, an entry
    suffix: tuple((i * 64 + dz, dz, p) for i, dz, p in cubes)
    for suffix, cubes in FLAT_SIDE_CUBES.items()
}
COLUMNS = {c.suffix: c.columns for c in CANDIDATES}  # the squares a stone stands on


Rests = tuple[tuple[str, ...], tuple[int, ...], dict[int, tuple[tuple[int, int, str], ...]]]


def _on(stone: Candidate) -> Rests:
    """The candidates sharing a square with ``stone`` that could rest on the pueblo once
    ``stone`` is put: those standing on it alone; the squares outside it the others stand
    on; and these others by what their first such square needs, ``need * 64 + square``
    (the square's height above the stone's lowest level, ``need``, then levels them on the
    stone), with their second square outside it and what that needs (-1, 0: none)."""
    top: dict[int, int] = {}
    for square, dz in SHAPE[stone.suffix]:
        top[square] = max(dz, top.get(square, 0))
    fully: list[str] = []
    by_need: dict[int, list[tuple[int, int, str]]] = {}
    for other in CANDIDATES:
        pairs = list(zip(other.columns, other.offsets, strict=True))
        inside = {top[c] - o for c, o in pairs if c in top}
        if len(inside) != 1:
            continue  # none inside, or not level on the stone
        (rest,) = inside
        out = [(c, rest + o) for c, o in pairs if c not in top]
        if not out:
            fully.append(other.suffix)
            continue
        (first, need), (second, then) = out[0], out[1] if len(out) == 2 else (-1, 0)
        by_need.setdefault(need * 64 + first, []).append((second, then, other.suffix))
    squares = tuple(sorted({key % 64 for key in by_need}))
    return tuple(fully), squares, {key: tuple(found) for key, found in by_need.items()}


ON = {c.suffix: _on(c) for c in CANDIDATES}  # what may rest on each candidate once put
