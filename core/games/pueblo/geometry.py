"""Pueblo's geometry: the site, the chief's path, the stone and its twelve poses.

Coordinates (D1): ``x`` runs 0-9 west to east and ``y`` 0-9 south to north on
the 10x10 board; the building site is x, y in 1-8 and its squares are named like
a chessboard, ``a1`` (x 1, y 1, south-west) to ``h8`` (north-east). Levels ``z``
count from 1 for the ground floor. Inside the engine a site square is an index
``0-63``: ``(y - 1) * 8 + (x - 1)``.

The chief's path is a ring of 36 squares indexed clockwise (seen from above,
north at the top) from the north-west corner: 0 is (0,9), 1-8 the north side
west to east, 9 the north-east corner, 10-17 the east side north to south, 18
the south-east corner, 19-26 the south side east to west, 27 the south-west
corner and 28-35 the west side south to north.

>>> square_name(site(3, 4)), site_xy(site(3, 4))
('c4', (3, 4))
>>> [PATH[i] for i in (0, 1, 9, 18, 27, 35)]
[(0, 9), (1, 9), (9, 9), (9, 0), (0, 0), (0, 8)]
>>> [square_name(s) for s in LINE[1]][:3], LOOKS[1]
(['a8', 'a7', 'a6'], 'south')
>>> len(POSES), [len(p.cells) for p in POSES] == [4] * 12
(12, True)
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from itertools import permutations, product
from typing import NamedTuple

# D2: the screw tetracube as written in the specification. Which mirror image
# the real stones are is not settled; "left" mirrors the shape (x -> -x).
HANDEDNESS = "right"
SCREW = ((0, 0, 0), (1, 0, 0), (0, 1, 0), (1, 0, 1))

SIDE = 8  # the site is SIDE x SIDE
SQUARES = SIDE * SIDE
FILES = "abcdefgh"
RING = 36
CORNERS = {"NW": 0, "NE": 9, "SE": 18, "SW": 27}

Cell = tuple[int, int, int]


def site(x: int, y: int) -> int:
    """The index of the site square at board coordinates (x, y), both 1-8."""
    return (y - 1) * SIDE + (x - 1)


def site_xy(index: int) -> tuple[int, int]:
    return index % SIDE + 1, index // SIDE + 1


def square_name(index: int) -> str:
    x, y = site_xy(index)
    return f"{FILES[x - 1]}{y}"


def square_index(name: str) -> int:
    """``'c4'`` -> its index; ValueError for anything that is not a1-h8."""
    if len(name) != 2 or name[0] not in FILES or name[1] not in "12345678":
        raise ValueError(f"{name!r} is not a site square (a1 to h8).")
    return site(FILES.index(name[0]) + 1, int(name[1]))


# ---------------------------------------------------------------------- the path


def _path() -> list[tuple[int, int]]:
    ring = [(0, 9)]
    ring += [(x, 9) for x in range(1, 9)]
    ring += [(9, 9)]
    ring += [(9, y) for y in range(8, 0, -1)]
    ring += [(9, 0)]
    ring += [(x, 0) for x in range(8, 0, -1)]
    ring += [(0, 0)]
    ring += [(0, y) for y in range(1, 9)]
    return ring


PATH: tuple[tuple[int, int], ...] = tuple(_path())
QUADRANTS = {  # D8: the corner's 4x4 quarter of the site
    "NW": (range(1, 5), range(5, 9)),
    "NE": (range(5, 9), range(5, 9)),
    "SE": (range(5, 9), range(1, 5)),
    "SW": (range(1, 5), range(1, 5)),
}


def _sight(index: int) -> tuple[str, str, tuple[int, ...]]:
    """What the chief on path square ``index`` looks at: the direction he looks,
    the side of a cube he sees, and the site squares (nearest first for a line)."""
    x, y = PATH[index]
    for corner, at in CORNERS.items():
        if at == index:
            xs, ys = QUADRANTS[corner]
            return "down", "top", tuple(site(i, j) for j in ys for i in xs)
    if y == 9:
        return "south", "north", tuple(site(x, j) for j in range(8, 0, -1))
    if x == 9:
        return "west", "east", tuple(site(i, y) for i in range(8, 0, -1))
    if y == 0:
        return "north", "south", tuple(site(x, j) for j in range(1, 9))
    return "east", "west", tuple(site(i, y) for i in range(1, 9))


_SIGHTS = [_sight(i) for i in range(RING)]
LOOKS: tuple[str, ...] = tuple(s[0] for s in _SIGHTS)  # "down" on a corner
FACE: tuple[str, ...] = tuple(s[1] for s in _SIGHTS)  # the side of a cube he sees
LINE: tuple[tuple[int, ...], ...] = tuple(s[2] for s in _SIGHTS)  # nearest first
IS_CORNER: tuple[bool, ...] = tuple(s[0] == "down" for s in _SIGHTS)


# ---------------------------------------------------------------------- the stone


class Pose(NamedTuple):
    """One orientation of the stone, relative to its anchor (the south-west
    corner of the 2x2 squares it covers; the anchor need not be covered)."""

    number: int
    cells: tuple[Cell, ...]  # (dx, dy, dz), dz 0 = the stone's lowest level
    underside: tuple[Cell, ...]  # per covered column: (dx, dy, lowest dz)

    @property
    def kind(self) -> str:
        """A: lies on its three-square side; B: on its two-square; C: on its one."""
        return "CBA"[sum(1 for _, _, off in self.underside if off == 0) - 1]


def _rotations() -> list[tuple[Cell, Cell]]:
    """The 24 rotations of space as signed axis permutations of determinant +1."""
    found = []
    for p0, p1, p2 in permutations(range(3)):
        inversions = (p0 > p1) + (p0 > p2) + (p1 > p2)
        for s0, s1, s2 in product((1, -1), repeat=3):
            if (-1) ** inversions * s0 * s1 * s2 == 1:
                found.append(((p0, p1, p2), (s0, s1, s2)))
    return found


def _normalise(cells: list[Cell]) -> tuple[Cell, ...]:
    mx, my, mz = (min(c[i] for c in cells) for i in range(3))
    return tuple(sorted((x - mx, y - my, z - mz) for x, y, z in cells))


def _underside(cells: tuple[Cell, ...]) -> tuple[Cell, ...]:
    lowest: dict[tuple[int, int], int] = {}
    for x, y, z in cells:
        lowest[(x, y)] = min(z, lowest.get((x, y), z))
    return tuple((x, y, z) for (x, y), z in sorted(lowest.items()))


def poses(shape: tuple[Cell, ...]) -> tuple[Pose, ...]:
    """Every distinct rotation of ``shape`` (mirror images excluded: a stone cannot
    be reflected), flat ones first, then by their cells: the numbering of the
    specification's pose table."""
    found = {
        _normalise(
            [
                (s0 * cell[p0], s1 * cell[p1], s2 * cell[p2])
                for cell in shape
                for (p0, p1, p2), (s0, s1, s2) in ((perm, signs),)
            ]
        )
        for perm, signs in _rotations()
    }

    def order(cells: tuple[Cell, ...]) -> tuple[int, tuple[Cell, ...]]:
        return -sum(1 for *_, off in _underside(cells) if off == 0), cells

    return tuple(
        Pose(n, cells, _underside(cells)) for n, cells in enumerate(sorted(found, key=order))
    )


def stone_shape(handedness: str) -> tuple[Cell, ...]:
    if handedness == "right":
        return SCREW
    if handedness == "left":
        return _normalise([(-x, y, z) for x, y, z in SCREW])
    raise ValueError("A stone is right- or left-handed.")


POSES = poses(stone_shape(HANDEDNESS))


class Candidate(NamedTuple):
    """A pose at an anchor that keeps the stone on the site: what to check there."""

    suffix: str  # the notation after the stone letter: "3@d4"
    pose: int
    anchor: int  # site index of the anchor
    columns: tuple[int, int, int]
    offsets: tuple[int, int, int]


def candidates(pose_table: tuple[Pose, ...]) -> tuple[Candidate, ...]:
    """Every pose at every anchor that keeps it on the site, sorted by notation."""
    found = []
    for pose in pose_table:
        for ax in range(1, SIDE + 1):
            for ay in range(1, SIDE + 1):
                (x1, y1, o1), (x2, y2, o2), (x3, y3, o3) = (
                    (ax + dx, ay + dy, off) for dx, dy, off in pose.underside
                )
                if max(x1, x2, x3, y1, y2, y3) <= SIDE:
                    anchor = site(ax, ay)
                    found.append(
                        Candidate(
                            f"{pose.number}@{square_name(anchor)}",
                            pose.number,
                            anchor,
                            (site(x1, y1), site(x2, y2), site(x3, y3)),
                            (o1, o2, o3),
                        )
                    )
    return tuple(sorted(found, key=lambda c: c.suffix))


CANDIDATES = candidates(POSES)
BY_SUFFIX = {c.suffix: c for c in CANDIDATES}
_FITS = tuple(  # the candidates as plain tuples: what placements() reads, at less cost
    (c.columns[0], c.offsets[0], c.columns[1], c.offsets[1], c.columns[2], c.offsets[2], c.suffix)
    for c in CANDIDATES
)


def placements(height: Sequence[int], blocked: Collection[int] = ()) -> list[str]:
    """D3: every pose and anchor where a stone fits on a pueblo of ``height`` (per site
    square, the levels built), none of its cubes over a ``blocked`` square (a sacred
    site), as ``"3@d4"``, sorted. The engine's placements, and the bots' on their own
    height maps.

    >>> len(placements([0] * SQUARES)), placements([0] * SQUARES)[:2]
    (196, ['0@a1', '0@a2'])
    """
    found = []
    for c1, o1, c2, o2, c3, o3, suffix in _FITS:
        b = height[c1] - o1
        if height[c2] - o2 == b and height[c3] - o3 == b:
            if blocked and (c1 in blocked or c2 in blocked or c3 in blocked):
                continue
            found.append(suffix)
    return found
