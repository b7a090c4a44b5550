"""The Deluxe Camping heuristic's board model (:mod:`core.bots.camping_heuristic`):
:class:`Board`, the position as one seat's view shows it, cheap to change and to score.

The view is copied into it; legal actions are tried out on it and the result
scored from the bot's seat:

- **Owned regions** score what they will score at the end (D10): squares, doubled
  with the pool, +5 per ice cream, -10 with the pest, never below 0.
- **Contested regions** are shared out square by square: a square goes to the
  player whose camper is nearest through open edges (split evenly on a tie). A
  player's share is scored like a region of that size -- doubled if the pool lies
  in it, +5 per ice cream in it, -10 if the pest does -- and weighed by
  ``CONTESTED``, since nothing in it is safe yet. Half of the pest's weight
  (``PEST_REACH``) goes by where the next player could push it in two steps, taking
  the worst square for this bot: a fence or a caravan that blocks its way counts.
- A position's score is the bot's total minus the best opponent's total.

The grid, the notation and the fence cuts are the engine's
(:mod:`core.games.camping.grid`, :mod:`core.games.camping.notation`,
:mod:`core.games.camping.regions`).
"""

from __future__ import annotations

import functools
from collections.abc import Iterable
from typing import Any

from core.games.camping.grid import Grid, grid
from core.games.camping.notation import split_place, split_step
from core.games.camping.regions import fence_cuts

# Square contents in the bot's board model.
EMPTY, POOL, ICE, TOKEN, PEST, CARAVAN, BUNGALOW = range(7)

CONTESTED = 0.95  # a contested share, relative to the same squares owned
ICE_BONUS = 5
PEST_PENALTY = 10
PEST_REACH = 0.5  # how much of the pest's threat is where the next player could push it
LEADER = 1.0  # the opponent to beat is the best one; 0 would weigh every opponent alike

BITS = (1, 2, 4, 8, 0)  # BITS[seat] for a camper's seat, BITS[-1] = 0 for no camper
# SHARES[mask]: (player, fraction) for a square nearest to the players in ``mask``.
SHARES = tuple(
    tuple((p, 1 / bin(mask).count("1")) for p in range(4) if mask >> p & 1) for mask in range(16)
)


@functools.cache
def edge_ids(n: int) -> dict[str, int]:
    """Edge notation -> edge id on an ``n`` by ``n`` board."""
    g = grid(n)
    return {g.edge_name(e): e for e in g.edges}


@functools.cache
def square_ids(n: int) -> dict[str, int]:
    """Square notation -> square number on an ``n`` by ``n`` board."""
    return {name: s for s, name in enumerate(grid(n).names)}


class Board:
    """The position as one seat sees it, cheap to change and to score."""

    def __init__(self, view: dict[str, Any], seat: int) -> None:
        self.seat = seat
        self.players = view["players"]
        self.n: int = view["size"]
        self.g: Grid = grid(self.n)
        self.nb = self.g.neighbours
        ids = self.ids = square_ids(self.n)
        size = self.g.squares
        self.kind = [EMPTY] * size
        self.who = [-1] * size  # the camper's seat, or -1
        self.pool = [ids[s] for s in view["pool"]]
        self.ices: list[int] = []
        for square in self.pool:
            self.kind[square] = POOL
        for token in view["tokens"]:
            square = ids[token["square"]]
            if token["kind"] == "icecream":
                self.kind[square] = ICE
                self.ices.append(square)
            else:
                self.kind[square] = TOKEN  # hidden: worth 0 on average
        self.pest: int | None = None
        if view["pest"] is not None:
            self.pest = ids[view["pest"]]
            self.kind[self.pest] = PEST
        self.campers: list[int] = []
        self.mine: list[int] = []  # this seat's caravans
        for kind, pieces in ((BUNGALOW, view["bungalows"]), (CARAVAN, view["caravans"])):
            for player, names in enumerate(pieces):
                for name in names:
                    square = ids[name]
                    self.kind[square], self.who[square] = kind, player
                    self.campers.append(square)
                    if kind == CARAVAN and player == seat:
                        self.mine.append(square)
        edges = edge_ids(self.n)
        self.fences = bytearray(2 * size)
        for name in view["fences"]:
            self.fences[edges[name]] = 1
        # Edges inside the pool or a bungalow, where no fence may go (D6 c).
        self.joined: set[int] = set()
        for pair in [view["pool"], *view["bungalows"]]:
            if len(pair) == 2:
                edge = self.g.edge_between(ids[pair[0]], ids[pair[1]])
                if edge is not None:
                    self.joined.add(edge)
        # Scratch arrays: region labels (stamped, never reset), BFS depth and zones.
        self.label = [0] * size
        self.stamp = 0
        self.depth = [0] * size
        self.zone = [0] * size

    # ------------------------------------------------------------------ notation

    def squares_of(self, action: str) -> list[int]:
        """The squares a set-up action names: 'caravan e5', 'bungalow c4-c5'."""
        return [self.ids[name] for name in split_place(action)[1]]

    def step_of(self, action: str) -> tuple[int, int]:
        """The squares a step goes from and to: 'e5-e6'."""
        a, b = split_step(action)
        return self.ids[a], self.ids[b]

    # ------------------------------------------------------------------ scoring

    def regions_in(self, squares: Iterable[int]) -> list[list[int]]:
        """The regions making up ``squares`` (a union of whole regions), labelled."""
        label, fences, nb = self.label, self.fences, self.nb
        start = self.stamp
        regions = []
        for first in squares:
            if label[first] > start:
                continue
            self.stamp += 1
            mark = self.stamp
            label[first] = mark
            members = [first]
            i = 0
            while i < len(members):
                for other, edge in nb[members[i]]:
                    if not fences[edge] and label[other] != mark:
                        label[other] = mark
                        members.append(other)
                i += 1
            regions.append(members)
        return regions

    def add_value(self, members: list[int], out: list[float]) -> None:
        """Add what the region ``members`` is worth to each player."""
        label, who = self.label, self.who
        self.stamp += 1
        mark = self.stamp
        for s in members:
            label[s] = mark
        sources = [s for s in self.campers if label[s] == mark]
        mask = 0
        for s in sources:
            mask |= 1 << who[s]
        pool = [s for s in self.pool if label[s] == mark]
        ices = [s for s in self.ices if label[s] == mark]
        pest = [self.pest] if self.pest is not None and label[self.pest] == mark else []
        if mask & (mask - 1) == 0:
            if mask:  # owned (a region without campers only arises during set-up)
                worth = len(members) * (2 if pool else 1) + ICE_BONUS * len(ices)
                out[mask.bit_length() - 1] += max(0, worth - PEST_PENALTY * len(pest))
            return
        zone = self.zone
        self.nearest(members, sources)
        counts = [0] * 16
        for s in members:
            counts[zone[s]] += 1
        players = self.players
        share = [0.0] * players
        for m in range(1, 16):
            if counts[m]:
                for p, f in SHARES[m]:
                    share[p] += counts[m] * f
        bonus = [0.0] * players  # ice creams and pest
        doubled = [1.0] * players
        for s in pool:
            for p, f in SHARES[zone[s]]:
                doubled[p] += f / 2
        for s in ices:
            for p, f in SHARES[zone[s]]:
                bonus[p] += ICE_BONUS * f
        for s in pest:
            for p, f in SHARES[zone[s]]:
                bonus[p] -= PEST_PENALTY * f * (1 - PEST_REACH)
            # The next player may push the pest two steps: fear the worst for this seat.
            worst = max(
                (f for t in self.pest_reach(s) for p, f in SHARES[zone[t]] if p == self.seat),
                default=0.0,
            )
            bonus[self.seat] -= PEST_PENALTY * worst * PEST_REACH
            for p, f in SHARES[zone[s]]:
                if p != self.seat:
                    bonus[p] -= PEST_PENALTY * f * PEST_REACH
        for p in range(players):
            value = share[p] * doubled[p] + bonus[p]
            if value > 0:
                out[p] += CONTESTED * value
            # else: a share worth nothing (the floor of D10)

    def pest_reach(self, pest: int) -> list[int]:
        """The squares the pest can be pushed to in two steps (staying included)."""
        kind, fences, nb = self.kind, self.fences, self.nb
        reach = [pest]
        first = [b for b, e in nb[pest] if not fences[e] and kind[b] == EMPTY]
        reach.extend(first)
        for a in first:
            for b, e in nb[a]:
                if not fences[e] and kind[b] == EMPTY and b not in reach:
                    reach.append(b)
        return reach

    def nearest(self, members: list[int], sources: list[int]) -> None:
        """``zone[s]``: the bit mask of the players with a camper nearest to ``s``."""
        depth, zone, who, fences, nb = self.depth, self.zone, self.who, self.fences, self.nb
        for s in members:
            depth[s] = -1
        for s in sources:
            depth[s] = 0
            zone[s] = 1 << who[s]
        frontier = sources
        d = 0
        while frontier:
            d += 1
            following = []
            for square in frontier:
                here = zone[square]
                for other, edge in nb[square]:
                    if fences[edge]:
                        continue
                    there = depth[other]
                    if there < 0:
                        depth[other] = d
                        zone[other] = here
                        following.append(other)
                    elif there == d:
                        zone[other] |= here
            frontier = following

    def totals(self) -> list[float]:
        out = [0.0] * self.players
        for members in self.regions_in(range(self.g.squares)):
            self.add_value(members, out)
        return out

    def margin(self, totals: list[float]) -> float:
        """The seat's total minus the best other total (or a mix of the best and the mean)."""
        others = [t for p, t in enumerate(totals) if p != self.seat]
        return totals[self.seat] - LEADER * max(others) - (1 - LEADER) * sum(others) / len(others)

    # ------------------------------------------------------------------ changes

    def move(self, a: int, b: int) -> None:
        """Move the caravan or the pest on ``a`` to ``b`` (no legality check)."""
        kind, who = self.kind, self.who
        kind[b], who[b], kind[a], who[a] = kind[a], who[a], EMPTY, -1
        if kind[b] == PEST:
            self.pest = b
        else:
            self.campers[self.campers.index(a)] = b
            self.mine[self.mine.index(a)] = b

    def auto_fences(self, squares: Iterable[int]) -> list[int]:
        """D5 around ``squares``: fence every open edge to another player's camper."""
        added = []
        who, fences = self.who, self.fences
        for square in squares:
            player = who[square]
            for other, edge in self.nb[square]:
                if not fences[edge] and who[other] >= 0 and who[other] != player:
                    fences[edge] = 1
                    added.append(edge)
        return added

    def remove_fences(self, edges: list[int]) -> None:
        for edge in edges:
            self.fences[edge] = 0

    # ------------------------------------------------------------------ phases

    def base(self) -> tuple[list[list[int]], list[list[float]], list[float], list[int]]:
        """The regions, what each is worth to each player, the totals, square -> region."""
        regions = self.regions_in(range(self.g.squares))
        values, totals = [], [0.0] * self.players
        region_of = [0] * self.g.squares
        for index, members in enumerate(regions):
            value = [0.0] * self.players
            self.add_value(members, value)
            values.append(value)
            for p in range(self.players):
                totals[p] += value[p]
            for s in members:
                region_of[s] = index
        return regions, values, totals, region_of

    def cuts(self, region: list[int]) -> dict[int, tuple[int, int] | None]:
        """Every open edge of ``region``: None if a fence there keeps it whole, else
        the campers on either side of the split."""
        campers = [w >= 0 for w in self.who]
        return fence_cuts(self.g, self.fences, region, campers)

    def fence_value(
        self,
        edge: int,
        split: tuple[int, int] | None,
        region: list[int],
        before: list[float],
        totals: list[float],
    ) -> float:
        """The score with a fence on ``edge`` of ``region``, which it splits or not."""
        self.fences[edge] = 1
        out = list(totals)
        for p in range(self.players):
            out[p] -= before[p]
        for members in [region] if split is None else self.regions_in(region):
            self.add_value(members, out)
        self.fences[edge] = 0
        return self.margin(out)

    def contested(self, members: list[int]) -> bool:
        mask = 0
        for s in members:
            mask |= BITS[self.who[s]]
        return mask & (mask - 1) != 0

    # ------------------------------------------------------------------ geometry

    def manhattan(self, a: int, b: int) -> int:
        n = self.n
        return abs(a % n - b % n) + abs(a // n - b // n)

    def distance(self, squares: list[int], targets: list[int]) -> int:
        """The least distance between ``squares`` and ``targets`` (0 without targets)."""
        if not targets:
            return 0
        return min(self.manhattan(a, b) for a in squares for b in targets)

    def centre_distance(self, squares: list[int]) -> float:
        middle = (self.n - 1) / 2
        return min(abs(s % self.n - middle) + abs(s // self.n - middle) for s in squares)
