"""The hex grid of Feurio!: axial coordinates, neighbours, cell names, tiles and men.

A cell is ``(q, r)`` in axial coordinates; its six neighbours differ by one of
:data:`DIRECTIONS`. A cell is written ``q,r`` with plain decimal integers
(``0,0``, ``2,-1``): no plus sign, no leading zero, no ``-0``.

>>> name((2, -1)), cell("2,-1"), cell("02,-1"), cell("2, -1")
('2,-1', (2, -1), None, None)
>>> sorted(neighbours((0, 0)))
[(-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0)]
>>> [SPACES[value] for value in range(1, 7)]
[1, 1, 2, 2, 3, 3]
"""

from __future__ import annotations

import re

Cell = tuple[int, int]

DIRECTIONS: tuple[Cell, ...] = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
SIDES = len(DIRECTIONS)

VALUES = range(1, 7)
TILES_PER_VALUE = 6
FIREBREAK = 0  # the value a face-down tile shows
SPACES = {FIREBREAK: 1, 1: 1, 2: 1, 3: 2, 4: 2, 5: 3, 6: 3}
"""Spaces for men by tile value (D1); a firebreak holds only the man who laid it."""

DIAMOND: tuple[Cell, ...] = ((0, 0), (1, 0), (1, -1), (0, 1))
"""The start layout with four colours in turn: two touching tiles and the two tips."""
TRIANGLE: tuple[Cell, ...] = ((0, 0), (1, 0), (0, 1))
"""The start layout with three colours in turn: three tiles touching each other."""

COLOURS = 4
NEUTRAL = 3  # the neutral colour in the three-player game
MEN_PER_COLOUR = 12
NEUTRAL_PER_PLAYER = 4
MEN_PER_TURN = 3
"""The firemen: twelve of each colour, four neutral ones each with three players, and
at most three placed a turn."""

_COORD = r"(0|-?[1-9][0-9]{0,3})"  # [0-9], not \d: only ASCII digits are notation
CELL = re.compile(rf"{_COORD},{_COORD}")


def neighbours(c: Cell) -> list[Cell]:
    q, r = c
    return [(q + dq, r + dr) for dq, dr in DIRECTIONS]


_AROUND: dict[Cell, tuple[Cell, ...]] = {}


def around(c: Cell) -> tuple[Cell, ...]:
    """The :func:`neighbours` of a cell as a tuple, worked out once per cell.

    For the engine's hot paths, which ask it only of tiles and the cells next to them:
    the cells remembered are those of the forests played, a few thousand at most.

    >>> around((0, 0)) == tuple(neighbours((0, 0))) and around((0, 0)) is around((0, 0))
    True
    """
    found = _AROUND.get(c)
    if found is None:
        q, r = c
        found = _AROUND[c] = tuple([(q + dq, r + dr) for dq, dr in DIRECTIONS])
    return found


def name(c: Cell) -> str:
    return f"{c[0]},{c[1]}"


def cell(text: str) -> Cell | None:
    """The cell a canonical name denotes, or None when ``text`` is not one."""
    match = CELL.fullmatch(text)
    if match is None:
        return None
    return int(match.group(1)), int(match.group(2))


def order(c: Cell) -> tuple[int, int]:
    """Reading order: top row first (r ascending), then left to right (q ascending)."""
    return c[1], c[0]
