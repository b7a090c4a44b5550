"""A game of Deluxe Camping: setup, two steps, automatic fences, a free fence, regions.

Rules help and notation: ``docs/games/camping.md``. Decisions D1-D11 of the
project's specification are cited where they apply.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from core.engine import IllegalAction, State, ranking_from_scores
from core.games.camping.grid import Grid, grid
from core.games.camping.notation import (
    BUNGALOW_PHASE,
    CARAVAN_PHASE,
    FENCE,
    MOVE,
    OVER,
    POOL_PHASE,
    SETUP_PHASES,
    STOP,
    TOKEN_PHASE,
    check_canonical,
    format_place,
    format_step,
    read_fence,
    read_place,
    read_step,
)
from core.games.camping.regions import fence_cuts, partition
from core.games.camping.view import camping_view

# What a square holds. Campers: a caravan of seat p is p, a bungalow half 10 + p.
EMPTY, POOL, TOKEN, ICE, PEST = -1, 20, 21, 22, 23
BUNGALOW = 10

STEPS = 2


def camper_owner(content: int) -> int:
    """The seat whose caravan or bungalow this is, or -1."""
    if 0 <= content < BUNGALOW:
        return content
    if BUNGALOW <= content < BUNGALOW + 10:
        return content - BUNGALOW
    return -1


@dataclass
class Region:
    """One region's bookkeeping: its squares, who owns it, what it is worth."""

    squares: list[int]
    owners: set[int]
    pool: bool
    icecreams: int
    pest: bool

    @property
    def owner(self) -> int | None:
        return next(iter(self.owners)) if len(self.owners) == 1 else None

    @property
    def contested(self) -> bool:
        return len(self.owners) > 1

    @property
    def value(self) -> int:
        """D10: squares, doubled with the pool, +5 per ice cream, -10 with the pest, >= 0."""
        base = len(self.squares) * (2 if self.pool else 1)
        return max(0, base + 5 * self.icecreams - (10 if self.pest else 0))


class CampingState(State):
    """The whole position. Token identities (``kinds``) stay hidden until the reveal."""

    game = "camping"

    def __init__(self, players: int, seed: int, options: dict[str, Any]) -> None:
        self.players = players
        self.options = dict(options)
        self.g: Grid = grid(options["size"])
        rng = random.Random(seed)
        self.cells = [EMPTY] * self.g.squares
        self.fences = bytearray(2 * self.g.squares)
        self.joined: set[int] = set()  # edges inside a bungalow or the pool (D6 c)
        self.tokens: list[int] = []  # token squares, in the order they were placed
        self.kinds = ["icecream", "icecream", "pest"]  # hidden identities, in that order
        rng.shuffle(self.kinds)
        self.revealed = False
        self.pest: int | None = None
        self.pool: list[int] = []
        self.bungalows: list[list[int]] = [[] for _ in range(players)]
        self.caravans: list[list[int]] = [[] for _ in range(players)]
        self.first = rng.randrange(players)
        self.order = [(self.first + i) % players for i in range(players)]
        self.setup = self._setup_plan()
        self.setup_index = 0
        self.phase = self.setup[0][0] if self.setup else MOVE
        self.current = self.setup[0][1] if self.setup else self.first
        self.turn = 0  # turns of play begun so far
        self.steps_left = STEPS
        self.this_turn: list[str] = []
        self.last_turn: dict[str, Any] | None = None
        self.auto: list[int] = []  # the fences the last automatic step put up
        self._regions: list[Region] | None = None
        self._region_of: list[int] = []
        self._members: list[list[int]] | None = None  # the partition; fences alone decide it
        self._cuts: dict[int, dict[int, tuple[int, int] | None]] = {}
        if options["neutral_setup"] == "random":
            self._place_neutral_at_random(rng)
        self._advance_setup_if_done()

    # ------------------------------------------------------------------ setup

    def _setup_plan(self) -> list[tuple[str, int]]:
        """Who places what, in order (D3): neutral pieces if players place them,
        bungalows in turn order, then caravans one at a time round the table."""
        order, n = self.order, self.players
        plan: list[tuple[str, int]] = []
        if self.options["neutral_setup"] == "players":
            plan.append((POOL_PHASE, order[0]))
            plan += [(TOKEN_PHASE, order[(1 + i) % n]) for i in range(3)]
        plan += [(BUNGALOW_PHASE, seat) for seat in order]
        plan += [(CARAVAN_PHASE, seat) for _ in range(self.options["caravans"]) for seat in order]
        return plan

    def _place_neutral_at_random(self, rng: random.Random) -> None:
        pools = self._pair_placements()
        self._put_pool(*pools[rng.randrange(len(pools))])
        for square in rng.sample([s for s in range(self.g.squares) if self.cells[s] == EMPTY], 3):
            self._put_token(square)

    def _pair_placements(self) -> list[tuple[int, int]]:
        """Every pair of neighbouring empty squares (a 2x1 piece in either direction)."""
        g, cells = self.g, self.cells
        return [
            (a, b)
            for edge in g.edges
            for a, b in (g.ends[edge],)
            if cells[a] == EMPTY and cells[b] == EMPTY
        ]

    def _put_pool(self, a: int, b: int) -> None:
        self.cells[a] = self.cells[b] = POOL
        self.pool = [a, b]
        self.joined.add(self._edge(a, b))

    def _put_token(self, square: int) -> None:
        self.cells[square] = TOKEN
        self.tokens.append(square)

    def _edge(self, a: int, b: int) -> int:
        edge = self.g.edge_between(a, b)
        assert edge is not None
        return edge

    def _advance_setup_if_done(self) -> None:
        if self.setup_index < len(self.setup):
            self.phase, self.current = self.setup[self.setup_index]
            return
        self._reveal()
        self.auto = self._auto_fences()
        self._invalidate()
        self.current = self.first
        if self._all_owned():
            self.phase = OVER
            return
        self._begin_turn(self.first)

    def _reveal(self) -> None:
        """D3 (4): ice creams stay, the pest token becomes the pest pawn."""
        self.revealed = True
        for square, kind in zip(self.tokens, self.kinds, strict=False):
            self.cells[square] = PEST if kind == "pest" else ICE
            if kind == "pest":
                self.pest = square

    # ------------------------------------------------------------------ turns

    def _begin_turn(self, seat: int) -> None:
        self.turn += 1
        self.current = seat
        self.phase = MOVE
        self.steps_left = STEPS
        self.this_turn = []

    def _end_movement(self) -> None:
        """D5 then D9 then D6: automatic fences, the end test, the free fence."""
        self.auto = self._auto_fences()
        if self.auto:
            self._invalidate()
        if self._all_owned():
            self._finish_turn(OVER)
            return
        if self._legal_fences():
            self.phase = FENCE
            return
        self._finish_turn(None)

    def _finish_turn(self, phase: str | None) -> None:
        self.last_turn = {
            "seat": self.current,
            "actions": list(self.this_turn),
            "auto": [self.g.edge_name(e) for e in self.auto],
        }
        if phase == OVER or self._all_owned():
            self.phase = OVER
            return
        self._begin_turn(self.order[(self.order.index(self.current) + 1) % self.players])

    def _auto_fences(self) -> list[int]:
        """D5: a fence on every open edge between campers of different players."""
        added = []
        cells, fences = self.cells, self.fences
        for edge, (a, b) in self.g.ends.items():
            if fences[edge]:
                continue
            pa, pb = camper_owner(cells[a]), camper_owner(cells[b])
            if pa >= 0 and pb >= 0 and pa != pb:
                fences[edge] = 1
                added.append(edge)
        return sorted(added)

    # ------------------------------------------------------------------ regions

    def _invalidate(self, fences: bool = True) -> None:
        """Forget what depends on the pieces; with ``fences``, the partition as well."""
        if fences:
            self._members = None
        self._regions = None
        self._cuts = {}

    def regions(self) -> list[Region]:
        """The regions with their owners and contents (cached until something changes)."""
        if self._regions is None:
            if self._members is None:
                self._region_of, self._members = partition(self.g, self.fences)
            members = self._members
            cells = self.cells
            regions = []
            for squares in members:
                owners = {camper_owner(cells[s]) for s in squares} - {-1}
                regions.append(
                    Region(
                        squares=squares,
                        owners=owners,
                        pool=any(cells[s] == POOL for s in squares),
                        icecreams=sum(1 for s in squares if cells[s] == ICE),
                        pest=any(cells[s] == PEST for s in squares),
                    )
                )
            self._regions = regions
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

    def _cuts_of(self, label: int) -> dict[int, tuple[int, int] | None]:
        if label not in self._cuts:
            campers = [camper_owner(c) >= 0 for c in self.cells]
            self._cuts[label] = fence_cuts(
                self.g, self.fences, self.regions()[label].squares, campers
            )
        return self._cuts[label]

    def _legal_fences(self) -> list[int]:
        legal = []
        for label, region in enumerate(self.regions()):
            if not region.contested:
                continue
            for edge, split in self._cuts_of(label).items():
                if edge in self.joined:
                    continue
                if split is None or (split[0] > 0 and split[1] > 0):
                    legal.append(edge)
        return sorted(legal)

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
        split = self._cuts_of(label).get(edge)
        if split is not None and 0 in split:
            return IllegalAction(
                "This fence would close an area with no camper in it.",
                key="camping.fence_empty_area",
                edge=name,
            )
        return None

    # ------------------------------------------------------------------ protocol

    def to_move(self) -> frozenset[int]:
        return frozenset() if self.phase == OVER else frozenset((self.current,))

    def is_over(self) -> bool:
        return self.phase == OVER

    def legal_actions(self, seat: int) -> list[str]:
        if self.phase == OVER or seat != self.current:
            return []
        names, g = self.g.names, self.g
        if self.phase in (TOKEN_PHASE, CARAVAN_PHASE):
            word = self.phase
            return sorted(
                format_place(word, (names[s],)) for s in range(g.squares) if self.cells[s] == EMPTY
            )
        if self.phase in (POOL_PHASE, BUNGALOW_PHASE):
            pairs = self._pair_placements()
            return sorted(format_place(self.phase, (names[a], names[b])) for a, b in pairs)
        if self.phase == FENCE:
            return sorted(g.edge_name(e) for e in self._legal_fences())
        actions = [STOP]
        for piece in self._movable(seat):
            for other, edge in g.neighbours[piece]:
                if not self.fences[edge] and self.cells[other] == EMPTY:
                    actions.append(format_step(names[piece], names[other]))
        return sorted(actions)

    def _movable(self, seat: int) -> list[int]:
        pieces = list(self.caravans[seat])
        if self.pest is not None:
            pieces.append(self.pest)
        return pieces

    def _apply(self, seat: int, action: str) -> None:
        if self.phase in SETUP_PHASES:
            self._apply_setup(seat, action)
        elif self.phase == MOVE:
            self._apply_move(seat, action)
        else:
            self._apply_fence(action)

    def _apply_setup(self, seat: int, text: str) -> None:
        squares = read_place(text, self.phase, self.g)
        check_canonical(text, format_place(self.phase, (self.g.name(s) for s in squares)))
        taken = [self.g.name(s) for s in squares if self.cells[s] != EMPTY]
        if taken:
            raise IllegalAction(
                f"{', '.join(taken)} is already taken.", key="camping.occupied", square=taken[0]
            )
        if self.phase == POOL_PHASE:
            self._put_pool(*squares)
        elif self.phase == TOKEN_PHASE:
            self._put_token(squares[0])
        elif self.phase == BUNGALOW_PHASE:
            a, b = squares
            self.cells[a] = self.cells[b] = BUNGALOW + seat
            self.bungalows[seat] = [a, b]
            self.joined.add(self._edge(a, b))
        else:
            self.cells[squares[0]] = seat
            self.caravans[seat].append(squares[0])
            self.caravans[seat].sort()
        self.last_turn = {"seat": seat, "actions": [text], "auto": []}
        self.setup_index += 1
        self._advance_setup_if_done()

    def _apply_move(self, seat: int, text: str) -> None:
        if text == STOP:
            self.this_turn.append(STOP)
            self._end_movement()
            return
        a, b = read_step(text, self.g)
        left, right = self.g.name(a), self.g.name(b)  # as written: only these names read
        if a not in self._movable(seat):
            raise IllegalAction(
                f"There is none of your caravans, nor the pest, on {left}.",
                key="camping.not_your_piece",
                square=left,
            )
        edge = self.g.edge_between(a, b)
        if edge is None:
            raise IllegalAction(
                "A step goes one square up, down, left or right.", key="camping.one_square"
            )
        if self.fences[edge]:
            raise IllegalAction(
                "A fence stands in the way.",
                key="camping.fence_in_way",
                edge=self.g.edge_name(edge),
            )
        if self.cells[b] != EMPTY:
            raise IllegalAction(f"{right} is already taken.", key="camping.occupied", square=right)
        check_canonical(text, format_step(left, right))
        content = self.cells[a]
        self.cells[a], self.cells[b] = EMPTY, content
        if content == PEST:
            self.pest = b
        else:
            self.caravans[seat][self.caravans[seat].index(a)] = b
            self.caravans[seat].sort()
        self._invalidate(fences=False)  # owners and camper counts change, regions do not
        self.this_turn.append(format_step(left, right))
        self.steps_left -= 1
        if self.steps_left == 0:
            self._end_movement()

    def _apply_fence(self, text: str) -> None:
        edge = read_fence(text, self.g)
        check_canonical(text, self.g.edge_name(edge))
        problem = self._why_not_fence(edge)
        if problem is not None:
            raise problem
        self.fences[edge] = 1
        self._invalidate()
        self.this_turn.append(self.g.edge_name(edge))
        self._finish_turn(None)

    # ------------------------------------------------------------------ results

    def scores(self) -> list[float]:
        """D10: the sum of the regions each player owns (0 for all before play starts)."""
        totals = [0.0] * self.players
        if not self.revealed:
            return totals
        for region in self.regions():
            owner = region.owner
            if owner is not None:
                totals[owner] += region.value
        return totals

    def ranking(self) -> list[int]:
        return ranking_from_scores(self.scores())

    # ------------------------------------------------------------------ views

    def view(self, seat: int | None) -> dict[str, Any]:
        return camping_view(self, seat)

    def clone(self) -> CampingState:
        other = object.__new__(CampingState)
        other.__dict__.update(self.__dict__)
        other.options = dict(self.options)
        other.cells = list(self.cells)
        other.fences = bytearray(self.fences)
        other.joined = set(self.joined)
        other.tokens = list(self.tokens)
        other.kinds = list(self.kinds)
        other.pool = list(self.pool)
        other.bungalows = [list(b) for b in self.bungalows]
        other.caravans = [list(c) for c in self.caravans]
        other.order = list(self.order)
        other.this_turn = list(self.this_turn)
        other._regions = self._regions  # Region objects are never mutated, only replaced
        other._region_of = self._region_of
        other._members = self._members  # never mutated, only replaced
        other._cuts = dict(self._cuts)
        return other

    def reversible(self, seat: int, action: str) -> bool:
        """A step of the movement (or ``stop``) may be taken back when the same player's
        turn goes on: another step, or the free fence. Nothing is hidden by then (the
        tokens are revealed when the set-up ends) and nothing is drawn. The free fence
        ends the turn, and so does a movement after which no free fence is legal or no
        region is contested; every set-up placement hands over to the next player."""
        if self.phase != MOVE or seat != self.current:
            return False
        after = self.after(seat, action)
        if after is None:
            return False
        return after.phase in (MOVE, FENCE) and after.turn == self.turn and after.current == seat

    def determinize(self, seat: int, rng: random.Random) -> CampingState:
        """Before the reveal nobody knows which token is the pest: re-deal the identities."""
        other = self.clone()
        if not self.revealed:
            rng.shuffle(other.kinds)
        return other
