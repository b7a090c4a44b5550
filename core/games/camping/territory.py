"""Deluxe Camping's territory: the automatic fences, the regions and the free fences,
for :class:`core.games.camping.state.CampingState` (which mixes :class:`Territory` in).

What a search asks of a position again and again is kept until a move changes it
(:meth:`Territory._invalidate`): the partition into regions (fences alone decide
it), each region's owners and contents, the legal free fences, the scores, the
fences' names, and the legal actions of the seat to move. None of these is changed
in place once made, only replaced, so a clone may share them.

**Which fences split a region.** A fence on an open edge splits its region exactly
when that edge is a *bridge*, on no cycle of open edges. Seen from the corners
(``grid.py``), the fences and the border are walls, and an edge is a bridge exactly
when the two corners at its ends are already joined by walls: wall path and edge
then close a curve that only this edge crosses (and conversely the border of the
squares on one side of a bridge is walls but for the edge). ``_walls`` labels each
corner with its group of joined corners, updated as fences go up (they never come
down), so "bridge?" is two look-ups; only for a bridge is the board searched, on
each side, for a camper (D6 b).
"""

from __future__ import annotations

from core.engine import IllegalAction
from core.games.camping.contents import POOL, camper_owner
from core.games.camping.grid import Grid
from core.games.camping.regions import Region, partition, split, survey


class Territory:
    """The regions of a position and the fences around them (a mixin of the state)."""

    g: Grid
    cells: list[int]
    fences: bytearray
    joined: set[int]
    bungalows: list[list[int]]
    caravans: list[list[int]]
    _regions: list[Region] | None
    _region_of: list[int]
    _members: list[list[int]] | None  # the partition
    _walls: list[int] | None  # per corner, its group of corners joined by walls
    _free_fences: list[int] | None
    _scores: list[float] | None
    _fence_names: list[str] | None
    _legal: list[str] | None  # the legal actions of the seat to move

    def _forget(self) -> None:
        """Keep nothing: everything is worked out afresh when next asked for."""
        self._regions, self._region_of, self._members = None, [], None
        self._walls, self._free_fences = None, None
        self._scores, self._fence_names, self._legal = None, None, None

    def _auto_fences(self) -> list[int]:
        """D5: a fence on every open edge between campers of different players
        (every such edge has a camper at one end: only theirs are looked at)."""
        added: set[int] = set()
        cells, fences, neighbours = self.cells, self.fences, self.g.neighbours
        for pieces in (*self.bungalows, *self.caravans):
            for square in pieces:
                mine = camper_owner(cells[square])
                for other, edge in neighbours[square]:
                    theirs = cells[other]
                    # A camper (below POOL) of another seat: caravan p, bungalow 10 + p.
                    if 0 <= theirs < POOL and theirs % 10 != mine and not fences[edge]:
                        added.add(edge)
        for edge in added:
            fences[edge] = 1
            self._join_walls(edge)
        return sorted(added)

    def _wall_groups(self) -> list[int]:
        """Per corner, the lowest corner it is joined to by walls (shared: do not change it)."""
        if self._walls is None:  # worked out from the fences
            self._walls = list(self.g.border)
            for edge in self.g.edges:
                if self.fences[edge]:
                    self._join_walls(edge)
        return self._walls

    def _join_walls(self, edge: int) -> None:
        """Record the new fence on ``edge`` in ``_walls`` (a new list, when it joins two)."""
        walls = self._walls
        if walls is None:
            return  # worked out from the fences when next needed
        p, q = self.g.dual[edge]
        a, b = walls[p], walls[q]
        if a != b:
            kept, gone = min(a, b), max(a, b)
            self._walls = [kept if w == gone else w for w in walls]

    def _invalidate(self, fences: bool = True) -> None:
        """Forget what depends on the pieces; with ``fences``, the regions as well.

        A caravan's step (``fences`` False) keeps the regions: it goes over an open
        edge, so stays inside its region, and no region's owners or contents change;
        which campers lie beyond a bridge do. The pest is no camper: its step
        changes nothing kept here but the legal actions. (The walls are kept up to
        date as fences go up, by whoever puts them up.)"""
        if fences:
            self._members = None
            self._regions = None
            self._scores = None
            self._fence_names = None
        self._free_fences = None
        self._legal = None

    def regions(self) -> list[Region]:
        """The regions with their owners and contents (cached until something changes)."""
        if self._regions is None:
            if self._members is None:
                self._region_of, self._members = partition(self.g, self.fences)
            cells = self.cells
            self._regions = [survey(cells, squares) for squares in self._members]
        return self._regions

    def region_of(self, square: int) -> int:
        self.regions()
        return self._region_of[square]

    def region_labels(self) -> list[int]:
        """Per square, the label of its region (shared: do not change it)."""
        self.regions()
        return self._region_of

    def _all_owned(self) -> bool:
        """D9. A region with no camper never arises (D6 b), so 'every region owned'
        is the same as 'no region contested'."""
        return all(not r.contested for r in self.regions())

    def _legal_fences(self) -> list[int]:
        """D6: the edges the free fence may go on, in the order of their names (shared:
        do not change it): every open edge of a contested region but those inside the
        pool or a bungalow, and but the bridges with no camper on one side."""
        if self._free_fences is None:
            legal = []
            walls, ahead = self._wall_groups(), self.g.ahead
            fences, joined = self.fences, self.joined
            for region in self.regions():
                if not region.contested:
                    continue
                for square in region.squares:
                    for other, edge, p, q in ahead[square]:
                        if fences[edge] or edge in joined:
                            continue
                        if walls[p] != walls[q] or (
                            self._camper_beyond(square, edge) and self._camper_beyond(other, edge)
                        ):
                            legal.append(edge)
            legal.sort(key=self.g.edge_rank.__getitem__)
            self._free_fences = legal
        return self._free_fences

    def _camper_beyond(self, start: int, bridge: int) -> bool:
        """Whether a camper can be reached from ``start`` without crossing ``bridge``."""
        cells, fences, neighbours = self.cells, self.fences, self.g.neighbours
        if 0 <= cells[start] < POOL:
            return True
        seen = {start}
        stack = [start]
        while stack:
            for other, edge in neighbours[stack.pop()]:
                if edge == bridge or fences[edge] or other in seen:
                    continue
                if 0 <= cells[other] < POOL:  # a caravan or a bungalow
                    return True
                seen.add(other)
                stack.append(other)
        return False

    def _why_not_fence(self, edge: int) -> IllegalAction | None:
        """The rule a free fence on ``edge`` would break (D6), or None if it is legal."""
        a, b = self.g.ends[edge]
        name = self.g.edge_name(edge)
        if self.fences[edge]:
            return IllegalAction(
                f"There is already a fence on {name}.", key="camping.fenced", edge=name
            )
        if edge in self.joined:
            return IllegalAction(
                "A fence cannot cut a bungalow or the pool in two.",
                key="camping.fence_splits_piece",
                edge=name,
            )
        label = self.region_of(a)
        if not self.regions()[label].contested:
            return IllegalAction(
                "This region already belongs to one player; no fence may go inside it.",
                key="camping.fence_owned_region",
                edge=name,
            )
        if edge not in self._legal_fences():
            return IllegalAction(
                "This fence would close an area with no camper in it.",
                key="camping.fence_empty_area",
                edge=name,
            )
        return None

    def _put_fence(self, edge: int) -> None:
        """The free fence on ``edge``, which is legal. It changes the partition only if
        it is a bridge of its region, and then only that region is flood-filled again."""
        a = self.g.ends[edge][0]
        self.regions()
        p, q = self.g.dual[edge]
        walls = self._wall_groups()
        bridge = walls[p] == walls[q]
        before = self._members, self._region_of, self._regions, self._scores
        self.fences[edge] = 1
        self._join_walls(edge)
        self._invalidate()
        if not bridge:  # the same regions, with the same owners and contents
            self._members, self._region_of, self._regions, self._scores = before
            return
        members, region_of, regions, _ = before
        assert members is not None and regions is not None
        self._region_of, self._members = split(self.g, self.fences, region_of, members, a)
        kept = {id(squares): region for squares, region in zip(members, regions, strict=True)}
        cells = self.cells
        self._regions = [kept.get(id(sq)) or survey(cells, sq) for sq in self._members]

    def fence_names(self) -> list[str]:
        """The fences in notation, sorted (shared: do not change it)."""
        if self._fence_names is None:
            names, fences = self.g.edge_names, self.fences
            self._fence_names = sorted([names[e] for e in self.g.edges if fences[e]])
        return self._fence_names
