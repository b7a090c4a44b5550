"""The pueblo itself: a height map of stones, where a stone fits, what the chief sees.

The pueblo is a height map (D3): every site square holds a gap-free stack of cubes,
so the whole building is ``stacks`` (stone ids per square, bottom to top) and
``height``. Stone ids count from 1 in the order the stones were placed.
:class:`Building` holds these fields and the rules that read them; the game's state
(:class:`core.games.pueblo.state.PuebloState`) is one.
"""

from __future__ import annotations

from typing import NamedTuple

from core.games.pueblo.geometry import IS_CORNER, LINE, POSES, Candidate, placements, site, site_xy

COLOURS = ("red", "blue", "green", "purple")  # seat 0, 1, 2, 3 (D4)
NEUTRAL = 4
STONES = {2: (8, 7), 3: (6, 5), 4: (5, 4)}  # D4: coloured, neutral stones per player
NAMES = (*COLOURS, "neutral")  # by colour number: NAMES[NEUTRAL] == "neutral"


class Stone(NamedTuple):
    """A stone on the board (or a loose cube of a test position)."""

    colour: int  # a seat, or NEUTRAL
    by: int | None  # the seat that placed it (None: set up by a test position)
    action: str | None  # the placement as written
    cells: tuple[tuple[int, int], ...]  # (site index, level 1..), in placement order


Seen = tuple[int, int, int, int, int]  # square, level, stone id, colour, points


def colour_name(colour: int) -> str:
    return NAMES[colour]


class Building:
    """The stones on the site and the sacred sites; the rules of where stones go."""

    players: int
    height: list[int]
    stacks: list[tuple[int, ...]]
    stones: list[Stone | None]
    sacred: tuple[int, ...]
    _placements: tuple[str, ...] | None

    def placements(self) -> tuple[str, ...]:
        """D3: every pose and anchor where a stone fits now, as ``"3@d4"``, sorted."""
        if self._placements is None:
            self._placements = tuple(placements(self.height, self.sacred))
        return self._placements

    def _put(
        self, colour: int, by: int | None, action: str | None, cand: Candidate
    ) -> tuple[int, Stone]:
        """Put a stone in pose and anchor ``cand`` on the (legal) support under it."""
        base = self.height[cand.columns[0]] - cand.offsets[0]
        x, y = site_xy(cand.anchor)
        cells = sorted(
            (base + dz + 1, site(x + dx, y + dy)) for dx, dy, dz in POSES[cand.pose].cells
        )
        stone = Stone(colour, by, action, tuple((square, level) for level, square in cells))
        return self._add(stone), stone

    def _add(self, stone: Stone) -> int:
        ident = len(self.stones)
        self.stones.append(stone)
        for square, level in stone.cells:
            assert self.height[square] == level - 1
            self.stacks[square] += (ident,)
            self.height[square] = level
        self._placements = None
        return ident

    def _lift(self, ident: int) -> Stone:
        stone = self.stones[ident]
        assert stone is not None
        for square, _ in reversed(stone.cells):
            assert self.stacks[square][-1] == ident
            self.stacks[square] = self.stacks[square][:-1]
            self.height[square] -= 1
        self.stones[ident] = None
        self._placements = None
        return stone

    def colour_at(self, square: int, level: int) -> int:
        stone = self.stones[self.stacks[square][level - 1]]
        assert stone is not None
        return stone.colour

    def sight(self, index: int) -> tuple[list[Seen], list[int]]:
        """What the chief sees from path square ``index`` (D7, D8): the cubes whose
        face he sees, as (square, level, stone id, colour, points), and the penalty of each
        seat. Neutral cubes are listed with 0 points."""
        seen: list[Seen] = []
        points = [0] * self.players
        stones, stacks, height = self.stones, self.stacks, self.height
        if IS_CORNER[index]:
            for square in LINE[index]:
                if height[square]:
                    ident = stacks[square][-1]
                    colour = stones[ident].colour  # type: ignore[union-attr]
                    scored = 0 if colour == NEUTRAL else 1
                    if scored:
                        points[colour] += scored
                    seen.append((square, height[square], ident, colour, scored))
            return seen, points
        covered = 0  # levels already seen on a nearer square
        for square in LINE[index]:
            top = height[square]
            if top > covered:
                column = stacks[square]
                for level in range(covered + 1, top + 1):
                    ident = column[level - 1]
                    colour = stones[ident].colour  # type: ignore[union-attr]
                    scored = 0 if colour == NEUTRAL else level
                    if scored:
                        points[colour] += scored
                    seen.append((square, level, ident, colour, scored))
                covered = top
        return seen, points

    def removable(self, seat: int) -> list[int]:
        """D11: ids of the free stones ``seat`` may take away in the demolition."""
        mine = any(s is not None and s.colour == seat for s in self.stones)
        found = []
        for ident, stone in enumerate(self.stones):
            if stone is None or not (stone.colour == seat or (mine and stone.colour == NEUTRAL)):
                continue
            if all(self.stacks[square][-1] == ident for square, _ in stone.cells):
                found.append(ident)
        return found
