"""The forest of a Feurio! game: its tiles and their men, and what the rules read off
them, kept up to date as tiles are laid and men placed.

:class:`Forest` is the board half of :class:`~core.games.feurio.state.FeurioState`.
Tiles are numbered in the order laid; ``cells``, ``values`` (FIREBREAK, 0, for a
face-down tile), ``touching`` (neighbouring tiles, so free edges = 6 - touching),
``load`` (men on it, all colours) and ``rooms`` (how many more men it takes, D5) are
per tile, ``men`` holds four numbers per tile, the men of each colour.

A search asks the same questions of a position many times, so the answers are kept
rather than worked out anew: ``rooms`` is brought up to date tile by tile, the heat
map (D4) is replaced by an updated copy when a tile is laid (a clone may share it:
it is never changed in place), and the hottest cells and the colours' points (D7)
are worked out when first asked and kept until the board changes. Every change to
the board goes through :meth:`Forest._put` and :meth:`Forest._add_man`.
"""

from __future__ import annotations

from core.games.feurio.hexes import COLOURS, SIDES, SPACES, Cell, around, order
from core.games.feurio.zones import colour_scores

NO_MEN = (0,) * COLOURS


class Forest:
    """The tiles laid, their men, the heat around them (see the module's docstring)."""

    colours: int  # the colours taking turns (the neutral one scores nothing)
    cells: list[Cell]
    at: dict[Cell, int]
    values: list[int]
    touching: list[int]
    men: list[int]
    load: list[int]
    rooms: list[int]
    _heat: dict[Cell, int]
    _hottest: tuple[Cell, ...] | None
    _points: tuple[int, ...] | None

    def _clear(self) -> None:
        """No tile yet."""
        self.cells, self.at, self.values, self.touching = [], {}, [], []
        self.men, self.load, self.rooms = [], [], []
        self._heat, self._hottest, self._points = {}, None, None

    def _put(self, spot: Cell, value: int) -> int:
        """Lay a tile of ``value`` on the empty cell ``spot``; its number."""
        tile = len(self.cells)
        at, touching, heat = self.at, self.touching, dict(self._heat)
        self.cells.append(spot)
        at[spot] = tile
        self.values.append(value)
        self.men.extend(NO_MEN)
        self.load.append(0)
        self.rooms.append(0)
        heat.pop(spot, None)
        touched = 0
        for other in around(spot):
            near = at.get(other)
            if near is None:
                heat[other] = heat.get(other, 0) + value
            else:
                touching[near] += 1
                self._refresh(near)
                touched += 1
        touching.append(touched)
        self._refresh(tile)
        self._heat, self._hottest, self._points = heat, None, None
        return tile

    def _add_man(self, tile: int, colour: int) -> None:
        """One more man of ``colour`` on ``tile``."""
        self.men[COLOURS * tile + colour] += 1
        self.load[tile] += 1
        self._refresh(tile)
        self._points = None

    def _refresh(self, tile: int) -> None:
        """Work out anew how many more men ``tile`` takes: its :meth:`capacity` less its men."""
        spaces, free = SPACES[self.values[tile]], SIDES - self.touching[tile]
        self.rooms[tile] = max(0, (spaces if spaces < free else free) - self.load[tile])

    def free_edges(self, tile: int) -> int:
        return SIDES - self.touching[tile]

    def capacity(self, tile: int) -> int:
        """D5: men a tile may hold now: its spaces, and no more than its free edges."""
        return min(SPACES[self.values[tile]], SIDES - self.touching[tile])

    def room(self, tile: int) -> int:
        """How many more men may go on this tile."""
        return self.rooms[tile]

    def heat(self) -> dict[Cell, int]:
        """D4: every empty cell next to the forest, with the sum of its neighbours' values.

        The map is the forest's own, shared with its clones: read it, do not change it."""
        return self._heat

    def hottest(self) -> list[Cell]:
        """The cells of the highest heat, in reading order."""
        return list(self._hottest_cells())

    def _hottest_cells(self) -> tuple[Cell, ...]:
        if self._hottest is None:
            heat = self._heat
            best = max(heat.values())
            self._hottest = tuple(sorted((c for c, h in heat.items() if h == best), key=order))
        return self._hottest

    def colour_points(self) -> list[int]:
        """Per colour taking turns, the points of its zones (D7)."""
        if self._points is None:
            self._points = tuple(colour_scores(self))
        return list(self._points)
