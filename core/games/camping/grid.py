"""The square grid of Deluxe Camping: square names, edges and their notation.

Squares are numbered row by row from the bottom-left corner: square ``r * n + c``
is column ``c`` (letters ``a``...) and row ``r + 1`` (numbers from the bottom), so
``a1`` is 0 and, on 8x8, ``h8`` is 63. An edge lies between two orthogonal
neighbours; its id is ``2 * s`` for the edge to the right of square ``s`` and
``2 * s + 1`` for the edge above it. A fence fills one edge.

>>> g = grid(8)
>>> g.name(0), g.name(63), g.square("c4")
('a1', 'h8', 26)
>>> g.edge_name(g.edge_between(g.square("c4"), g.square("c5")))
'c4|c5'
>>> g.edge("c5|c4") == g.edge("c4|c5")
True
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass

from core.engine import IllegalAction
from core.games.camping.notation import format_edge

SIZES = (8, 9, 10)
LETTERS = "abcdefghij"
SQUARE = re.compile(r"([a-j])(10|[1-9])")


@dataclass(frozen=True)
class Grid:
    """Geometry of an ``n`` by ``n`` board: neighbours, edges and names."""

    n: int
    names: tuple[str, ...]
    neighbours: tuple[tuple[tuple[int, int], ...], ...]  # per square: (neighbour, edge id)
    edges: tuple[int, ...]  # every internal edge id, ascending
    ends: dict[int, tuple[int, int]]  # edge id -> (lower square, higher square)

    @property
    def squares(self) -> int:
        return self.n * self.n

    def name(self, square: int) -> str:
        return self.names[square]

    def square(self, text: str) -> int:
        """The square a name like ``c4`` denotes; IllegalAction when there is none."""
        match = SQUARE.fullmatch(text)
        if match:
            col, row = LETTERS.index(match.group(1)), int(match.group(2)) - 1
            if col < self.n and row < self.n:
                return row * self.n + col
        raise IllegalAction(
            f"{text!r} is not a square of this {self.n}x{self.n} board.",
            key="camping.no_square",
            code="notation",
            square=text,
        )

    def edge_between(self, a: int, b: int) -> int | None:
        """The edge between two squares, or None when they are not neighbours."""
        for other, edge in self.neighbours[a]:
            if other == b:
                return edge
        return None

    def edge(self, text: str) -> int:
        """The edge a name like ``c4|c5`` denotes; IllegalAction when there is none."""
        left, bar, right = text.partition("|")
        if not bar:
            raise IllegalAction(
                f"{text!r} is not an edge: write two neighbouring squares as c4|c5.",
                key="camping.bad_edge",
                code="notation",
            )
        edge = self.edge_between(self.square(left), self.square(right))
        if edge is None:
            raise IllegalAction(
                f"{left} and {right} are not side by side, so no fence can go between them.",
                key="camping.not_neighbours",
                code="notation",
                a=left,
                b=right,
            )
        return edge

    def edge_name(self, edge: int) -> str:
        low, high = self.ends[edge]
        return format_edge(self.names[low], self.names[high])


@functools.cache
def grid(n: int) -> Grid:
    """The (shared, immutable) geometry of an ``n`` by ``n`` board."""
    names = tuple(f"{LETTERS[s % n]}{s // n + 1}" for s in range(n * n))
    neighbours: list[list[tuple[int, int]]] = [[] for _ in range(n * n)]
    ends: dict[int, tuple[int, int]] = {}
    for s in range(n * n):
        row, col = divmod(s, n)
        if col + 1 < n:
            ends[2 * s] = (s, s + 1)
        if row + 1 < n:
            ends[2 * s + 1] = (s, s + n)
    for edge, (a, b) in ends.items():
        neighbours[a].append((b, edge))
        neighbours[b].append((a, edge))
    return Grid(
        n=n,
        names=names,
        neighbours=tuple(tuple(sorted(x)) for x in neighbours),
        edges=tuple(sorted(ends)),
        ends=ends,
    )
