"""A game of Deluxe Camping: setup, two steps, automatic fences, a free fence, regions.

Rules help and notation: ``docs/games/camping.md``. Decisions D1-D11 of the
project's specification are cited where they apply.

The regions, the automatic and free fences, and what is kept of them between moves
are in :mod:`core.games.camping.territory`.
"""

from __future__ import annotations

import random
from typing import Any

from core.engine import IllegalAction, State, ranking_from_scores
from core.games.camping.contents import BUNGALOW, EMPTY, ICE, PEST, POOL, TOKEN
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
from core.games.camping.territory import Territory
from core.games.camping.view import camping_view

STEPS = 2
TO_MOVE = tuple(frozenset((seat,)) for seat in range(4))  # to_move() of seat 0 to 3


class CampingState(Territory, State):
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
        self._forget()
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

    # ------------------------------------------------------------------ protocol

    def to_move(self) -> frozenset[int]:
        return frozenset() if self.phase == OVER else TO_MOVE[self.current]

    def is_over(self) -> bool:
        return self.phase == OVER

    def legal_actions(self, seat: int) -> list[str]:
        if self.phase == OVER or seat != self.current:
            return []
        if self._legal is None:
            self._legal = self._list_actions(seat)
        return list(self._legal)

    def _list_actions(self, seat: int) -> list[str]:
        names, g, cells = self.g.names, self.g, self.cells
        if self.phase in (TOKEN_PHASE, CARAVAN_PHASE):  # in the order of the names
            word = self.phase
            return [format_place(word, (names[s],)) for s in g.by_name if cells[s] == EMPTY]
        if self.phase in (POOL_PHASE, BUNGALOW_PHASE):
            pairs = self._pair_placements()
            return sorted(format_place(self.phase, (names[a], names[b])) for a, b in pairs)
        if self.phase == FENCE:
            edge_names = g.edge_names
            return [edge_names[e] for e in self._legal_fences()]  # in the order of the names
        fences, steps_from = self.fences, g.steps_from
        actions = [STOP]
        for piece in self._movable(seat):
            for other, edge, step in steps_from[piece]:
                if not fences[edge] and cells[other] == EMPTY:
                    actions.append(step)
        actions.sort()
        return actions

    def _movable(self, seat: int) -> list[int]:
        pieces = list(self.caravans[seat])
        if self.pest is not None:
            pieces.append(self.pest)
        return pieces

    def _apply(self, seat: int, action: str) -> None:
        self._legal = None
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
        self._invalidate()
        self.last_turn = {"seat": seat, "actions": [text], "auto": []}
        self.setup_index += 1
        self._advance_setup_if_done()

    def _apply_move(self, seat: int, text: str) -> None:
        if text == STOP:
            self.this_turn.append(STOP)
            self._end_movement()
            return
        g = self.g
        step = g.steps.get(text)  # a step between neighbours, as written canonically
        if step is None:
            a, b = read_step(text, g)
            edge = g.edge_between(a, b)
        else:
            a, b, edge = step
        left, right = g.names[a], g.names[b]  # as written: only these names read
        mine = self.caravans[seat]
        if a not in mine and a != self.pest:
            raise IllegalAction(
                f"There is none of your caravans, nor the pest, on {left}.",
                key="camping.not_your_piece",
                square=left,
            )
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
        if step is None:
            check_canonical(text, format_step(left, right))
        content = self.cells[a]
        self.cells[a], self.cells[b] = EMPTY, content
        if content == PEST:  # not a camper: only the legal steps change
            self.pest = b
        else:
            mine[mine.index(a)] = b
            mine.sort()
            self._invalidate(fences=False)  # camper counts change, regions do not
        self.this_turn.append(text)
        self.steps_left -= 1
        if self.steps_left == 0:
            self._end_movement()

    def _apply_fence(self, text: str) -> None:
        edge = read_fence(text, self.g)
        check_canonical(text, self.g.edge_name(edge))
        problem = self._why_not_fence(edge)
        if problem is not None:
            raise problem
        self._put_fence(edge)
        self.this_turn.append(self.g.edge_name(edge))
        self._finish_turn(None)

    # ------------------------------------------------------------------ results

    def scores(self) -> list[float]:
        """D10: the sum of the regions each player owns (0 for all before play starts)."""
        if not self.revealed:
            return [0.0] * self.players
        if self._scores is None:
            totals = [0.0] * self.players
            for region in self.regions():
                owner = region.owner
                if owner is not None:
                    totals[owner] += region.value
            self._scores = totals
        return list(self._scores)

    def ranking(self) -> list[int]:
        return ranking_from_scores(self.scores())

    # ------------------------------------------------------------------ views

    def view(self, seat: int | None) -> dict[str, Any]:
        return camping_view(self, seat)

    def clone(self) -> CampingState:
        """A copy that shares what neither changes in place: the options, the order,
        the set-up plan, what only the set-up changes once it is over, and the caches
        (never changed in place, only replaced)."""
        other = object.__new__(CampingState)
        other.__dict__.update(self.__dict__)
        other.cells = self.cells.copy()
        other.fences = self.fences.copy()
        other.caravans = [c.copy() for c in self.caravans]
        other.this_turn = self.this_turn.copy()
        if not self.revealed:
            other.joined = set(self.joined)
            other.tokens = list(self.tokens)
            other.kinds = list(self.kinds)
            other.pool = list(self.pool)
            other.bungalows = [list(b) for b in self.bungalows]
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
