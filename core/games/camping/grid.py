"""The square grid of Deluxe Camping: square names, edges and their notation.

Squares are numbered row by row from the bottom-left corner: square ``r * n + c``
is column ``c`` (letters ``a``...) and row ``r + 1`` (numbers from the bottom), so
``a1`` is 0 and, on 8x8, ``h8`` is 63. An edge lies between two orthogonal
neighbours; its id is ``2 * s`` for the edge to the right of square ``s`` and
``2 * s + 1`` for the edge above it. A fence fills one edge.

The names of squares, edges and steps are worked out once per board size, so that
reading and writing the notation during play is a dictionary look-up.

The *corners* are the ``(n + 1) ** 2`` lattice points between squares, numbered row by
row from the bottom-left: corner ``y * (n + 1) + x``. An edge is the side between two
corners, its ``dual``; a fence and the board's border are walls between corners.

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
from core.games.camping.notation import format_edge, format_step

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
    ids: dict[str, int]  # square name -> square
    edge_names: dict[int, str]  # edge id -> its notation, c4|c5
    edge_ids: dict[str, int]  # edge notation (lower square first) -> edge id
    by_name: tuple[int, ...]  # the squares in the order of their names (a1, a10, a2...)
    edge_rank: dict[int, int]  # edge id -> its place in the order of the edges' names
    # Per square: (neighbour, edge id, the step's notation) for each neighbour, ascending.
    steps_from: tuple[tuple[tuple[int, int, str], ...], ...]
    steps: dict[str, tuple[int, int, int]]  # step notation -> (from, to, edge id)
    dual: dict[int, tuple[int, int]]  # edge id -> the two corners at its ends
    # Per square: (neighbour, edge id, corner, corner) to the right and above.
    ahead: tuple[tuple[tuple[int, int, int, int], ...], ...]
    border: tuple[int, ...]  # per corner: 0 on the border, else its own number

    @property
    def squares(self) -> int:
        return self.n * self.n

    def name(self, square: int) -> str:
        return self.names[square]

    def square(self, text: str) -> int:
        """The square a name like ``c4`` denotes; IllegalAction when there is none."""
        square = self.ids.get(text)
        if square is not None:
            return square
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
        known = self.edge_ids.get(text)
        if known is not None:
            return known
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
        return self.edge_names[edge]


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
    edge_names = {edge: format_edge(names[a], names[b]) for edge, (a, b) in ends.items()}
    side = n + 1  # corners a row
    dual = {}
    for edge, (a, b) in ends.items():
        row, col = divmod(a, n)
        if b == a + 1:  # the vertical side at x = col + 1
            dual[edge] = (row * side + col + 1, (row + 1) * side + col + 1)
        else:  # the horizontal side at y = row + 1
            dual[edge] = ((row + 1) * side + col, (row + 1) * side + col + 1)
    ahead = tuple(
        tuple((b, edge, *dual[edge]) for b, edge in sorted(x) if b > a)
        for a, x in enumerate(neighbours)
    )
    border = tuple(
        0 if c % side in (0, n) or c // side in (0, n) else c for c in range(side * side)
    )
    steps_from = tuple(
        tuple((b, edge, format_step(names[a], names[b])) for b, edge in sorted(x))
        for a, x in enumerate(neighbours)
    )
    return Grid(
        n=n,
        names=names,
        neighbours=tuple(tuple(sorted(x)) for x in neighbours),
        edges=tuple(sorted(ends)),
        ends=ends,
        ids={name: s for s, name in enumerate(names)},
        edge_names=edge_names,
        edge_ids={name: edge for edge, name in edge_names.items()},
        by_name=tuple(sorted(range(n * n), key=names.__getitem__)),
        edge_rank={e: i for i, e in enumerate(sorted(edge_names, key=edge_names.__getitem__))},
        steps_from=steps_from,
        steps={text: (a, b, edge) for a, x in enumerate(steps_from) for b, edge, text in x},
        dual=dual,
        ahead=ahead,
        border=border,
    )
