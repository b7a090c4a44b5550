"""A game of Pueblo: stones on a height map, the chief's walk, penalties and the end.

Rules help and notation: ``docs/games/pueblo.md``. Decisions D1-D12 of the
project's specification are cited where they apply. Geometry (squares, the
path, the twelve poses) is in :mod:`core.games.pueblo.geometry`, the notation in
:mod:`core.games.pueblo.notation` and what each seat sees in :mod:`core.games.pueblo.view`.

Scores are **penalty points: lower is better**. ``scores()`` returns each
seat's penalties and ``ranking()`` gives rank 1 to the fewest.

The pueblo is a height map (D3), held and read by
:class:`core.games.pueblo.building.Building`; the turn-order auction (D10) is in
:mod:`core.games.pueblo.auction`.
"""

from __future__ import annotations

import random
from typing import Any

from core.engine import IllegalAction, State
from core.games.pueblo import notation
from core.games.pueblo.auction import (
    MAX_BID,
    apply_bid,
    apply_card,
    apply_pass,
    open_auction,
)
from core.games.pueblo.building import NEUTRAL, STONES, Building, Stone, colour_name
from core.games.pueblo.geometry import BY_SUFFIX, CORNERS, POSES, RING, SQUARES, square_name
from core.games.pueblo.notation import COLOURED, NEUTRAL_STONE, PASS, Parsed, parse
from core.games.pueblo.steps import AUCTION, CARD, CHIEF, KIND, OVER, PLACE, REMOVE, SACRED

LAST_PAIRS_LEFT = 4  # stones each player holds when the second auction is held (D10)

WHAT_NOW = {
    SACRED: "Place a sacred site first ('sacred d4').",
    AUCTION: "The turn order is being auctioned: bid ('bid 3') or pass.",
    CARD: "You won the bid: choose a turn-order card ('card 1').",
    PLACE: "Place a stone first ('C3@d4'), then move the chief.",
    CHIEF: "Now move the chief clockwise 1 to 4 squares ('chief 2').",
    REMOVE: "Remove a stone first ('remove 7'), then move the chief.",
}


class PuebloState(Building, State):
    """The whole position. Pueblo has no hidden information and no chance after setup."""

    game = "pueblo"

    def __init__(self, players: int, seed: int, options: dict[str, Any]) -> None:
        self.players = players
        self.options = dict(options)
        rng = random.Random(seed)
        first = options["first_player"]
        if first == "random":
            first = rng.randrange(players)
        self.order = [(first + i) % players for i in range(players)]  # turn order of seats
        self.pos = 0  # index in ``order`` of the seat whose turn it is
        coloured, neutral = STONES[players]
        # D5: one single coloured stone, the rest in (coloured, neutral) pairs.
        self.single = [True] * players
        self.pairs = [neutral] * players
        self.half: list[str | None] = [None] * players  # the half left of an opened pair
        assert coloured == neutral + 1
        self.height = [0] * SQUARES
        self.stacks: list[tuple[int, ...]] = [()] * SQUARES  # stone ids, bottom to top
        self.stones: list[Stone | None] = [None]  # by id; None: not on the board
        self.sacred: tuple[int, ...] = ()
        self.chief = CORNERS[options["chief_start"]]  # D6
        self.penalties = [0] * players
        self.turn = 0
        self.this_turn: dict[str, Any] | None = None
        self.last_turn: dict[str, Any] | None = None
        self.final_lap: dict[str, Any] | None = None
        self.demolishing = False  # D11: the demolition after the final lap
        self.auction: dict[str, Any] | None = None
        self.auctions: list[dict[str, Any]] = []  # lots won in past auctions
        self.sacred_turns: list[int] = []  # seats still to place a sacred site
        self.phase = PLACE
        self.current: int | None = None
        self._placements: tuple[str, ...] | None = None
        if options["auction"]:
            open_auction(self, 1)
        else:
            self._after_setup_step()

    # ------------------------------------------------------------------ stones in hand

    def stones_left(self, seat: int) -> int:
        return self.single[seat] + 2 * self.pairs[seat] + (self.half[seat] is not None)

    def coloured_left(self, seat: int) -> int:
        return self.single[seat] + self.pairs[seat] + (self.half[seat] == COLOURED)

    def neutral_left(self, seat: int) -> int:
        return self.pairs[seat] + (self.half[seat] == NEUTRAL_STONE)

    def allowed(self, seat: int) -> str:
        """D5: the stones ``seat`` may place now: "C", "N", "CN" (opening a pair) or ""."""
        if self.single[seat]:
            return COLOURED
        half = self.half[seat]
        if half is not None:
            return half
        return COLOURED + NEUTRAL_STONE if self.pairs[seat] else ""

    def _take(self, seat: int, letter: str) -> None:
        if self.single[seat]:
            self.single[seat] = False
        elif self.half[seat] is not None:
            self.half[seat] = None
        else:
            self.pairs[seat] -= 1
            self.half[seat] = NEUTRAL_STONE if letter == COLOURED else COLOURED

    # ------------------------------------------------------------------ flow

    def _after_setup_step(self) -> None:
        """After the first auction (if any): sacred sites (D10), then the first stone."""
        count = self.options["sacred_sites"]
        if count and not self.sacred and not self.sacred_turns:
            n = self.players
            self.sacred_turns = [self.order[(n - 1 + i) % n] for i in range(count)]
        if self.sacred_turns:
            self.phase, self.current = SACRED, self.sacred_turns[0]
            return
        self._start_turn(0)

    def _open_turn(self, pos: int) -> int:
        self.pos = pos
        seat: int = self.order[pos]
        self.current = seat
        self.turn += 1
        self.this_turn = {
            "turn": self.turn,
            "seat": seat,
            "stone": None,
            "discarded": None,
            "removed": None,
            "actions": [],
        }
        return seat

    def _start_turn(self, pos: int) -> None:
        """The seat at ``order[pos]`` places a stone, or (D11) removes one."""
        seat = self._open_turn(pos)
        if self.demolishing:
            self.phase = REMOVE if self.removable(seat) else CHIEF
            return
        if self.placements():
            self.phase = PLACE
            return
        # Nothing fits anywhere (never seen in play): the stone goes out of the game
        # and the chief still moves. Opening a pair, the coloured half goes.
        letter = self.allowed(seat)[0]
        self._take(seat, letter)
        assert self.this_turn is not None
        self.this_turn = {**self.this_turn, "discarded": KIND[letter]}
        self.phase = CHIEF

    def _end_turn(self) -> None:
        n = self.players
        if self.demolishing:  # round the table until nobody can remove
            nxt = (self.pos + 1) % n
            if any(self.removable(seat) for seat in range(n)):
                self._start_turn(nxt)
            else:
                self._finish()
            return
        for pos in range(self.pos + 1, n):
            if self.stones_left(self.order[pos]):
                self._start_turn(pos)
                return
        left = [self.stones_left(seat) for seat in range(n)]
        if not any(left):
            self._final_lap()
            return
        if self.options["auction"] and len(self.auctions) == 1 and max(left) <= LAST_PAIRS_LEFT:
            open_auction(self, 2)
            return
        self._start_turn(next(p for p in range(n) if self.stones_left(self.order[p])))

    def _final_lap(self) -> None:
        """D9: from the square after the chief's, every path square once, his own last."""
        start = self.chief
        squares = []
        totals = [0] * self.players
        for step in range(1, RING + 1):
            index = (start + step) % RING
            _, points = self.sight(index)
            squares.append({"index": index, "penalties": points})
            for seat, p in enumerate(points):
                totals[seat] += p
                self.penalties[seat] += p
        self.final_lap = {"start": start, "squares": squares, "penalties": totals}
        if self.options["demolition"] and any(self.removable(s) for s in range(self.players)):
            self.demolishing = True
            self._start_turn((self.pos + 1) % self.players)
        else:
            self._finish()

    def _finish(self) -> None:
        self.phase, self.current, self.this_turn = OVER, None, None

    # ------------------------------------------------------------------ protocol

    def to_move(self) -> frozenset[int]:
        return frozenset() if self.current is None else frozenset((self.current,))

    def is_over(self) -> bool:
        return self.phase == OVER

    def legal_actions(self, seat: int) -> list[str]:
        if self.current is None or seat != self.current:
            return []
        phase = self.phase
        if phase == PLACE:
            found = self.placements()
            return [letter + suffix for letter in self.allowed(seat) for suffix in found]
        if phase == CHIEF:
            return [notation.chief(k) for k in range(1, 5)]
        if phase == REMOVE:
            return sorted(notation.remove(ident) for ident in self.removable(seat))
        if phase == SACRED:
            taken = set(self.sacred)
            return sorted(notation.sacred(square_name(s)) for s in range(SQUARES) if s not in taken)
        auction = self.auction
        assert auction is not None
        if phase == CARD:
            return [notation.card(c) for c in auction["cards"]]
        low = 0 if auction["high"] is None else auction["high"] + 1
        return sorted([PASS, *(notation.bid(b) for b in range(low, MAX_BID + 1))])

    def _apply(self, seat: int, action: str) -> None:
        parsed = parse(action)
        expected = {
            PLACE: ("place",),
            CHIEF: ("chief",),
            REMOVE: ("remove",),
            SACRED: ("sacred",),
            AUCTION: ("bid", "pass"),
            CARD: ("card",),
        }[self.phase]
        if parsed.word not in expected:
            raise IllegalAction(WHAT_NOW[self.phase], key="pueblo.not_now", phase=self.phase)
        if parsed.word == "bid":
            apply_bid(self, seat, parsed, action)
        elif parsed.word == PASS:
            apply_pass(self, seat, parsed, action)
        elif parsed.word == "card":
            apply_card(self, seat, parsed, action)
        else:
            getattr(self, f"_apply_{parsed.word}")(seat, parsed, action)

    def _apply_place(self, seat: int, parsed: Parsed, action: str) -> None:
        allowed = self.allowed(seat)
        letter = parsed.letter
        if letter not in allowed:
            raise self._wrong_stone(seat, letter)
        if parsed.number >= len(POSES):
            raise IllegalAction(
                f"The stone has {len(POSES)} poses, numbered 0 to {len(POSES) - 1}.",
                key="pueblo.no_pose",
                pose=parsed.number,
            )
        anchor = square_name(parsed.square)
        cand = BY_SUFFIX.get(action[1:])
        if cand is None:
            raise IllegalAction(
                f"Pose {parsed.number} at {anchor} would stick out of the building site: "
                "every cube must stand on a square from a1 to h8.",
                key="pueblo.off_site",
                pose=parsed.number,
                anchor=anchor,
            )
        holy = [square_name(c) for c in cand.columns if c in self.sacred]
        if holy:
            raise IllegalAction(
                f"Nothing may be built on a sacred site ({', '.join(holy)}).",
                key="pueblo.sacred",
                squares=holy,
            )
        rests = [self.height[c] - off for c, off in zip(cand.columns, cand.offsets, strict=True)]
        if min(rests) != max(rests):
            top = max(rests)
            gaps = [square_name(c) for c, r in zip(cand.columns, rests, strict=True) if r < top]
            raise IllegalAction(
                f"The stone would overhang at {', '.join(gaps)}: every cube must rest on "
                "the board or on another cube, with no gap below it.",
                key="pueblo.overhang",
                squares=gaps,
            )
        self._take(seat, letter)
        colour = seat if letter == COLOURED else NEUTRAL
        ident, stone = self._put(colour, seat, action, cand)
        assert self.this_turn is not None
        self.this_turn = {
            **self.this_turn,
            "stone": ident,
            "actions": [*self.this_turn["actions"], action],
        }
        self.phase = CHIEF

    def _wrong_stone(self, seat: int, letter: str) -> IllegalAction:
        required = KIND[self.allowed(seat)]  # one kind: with a choice, no stone is wrong
        why = (
            "Your first stone is your single coloured stone."
            if self.single[seat]
            else f"You opened a pair: now place its {required} half."
        )
        return IllegalAction(why, key="pueblo.wrong_stone", stone=KIND[letter], required=required)

    def _apply_chief(self, seat: int, parsed: Parsed, action: str) -> None:
        steps = parsed.number
        if not 1 <= steps <= 4:
            raise IllegalAction(
                f"The chief moves clockwise 1 to 4 squares, not {steps}.",
                key="pueblo.chief_steps",
                steps=steps,
            )
        start = self.chief
        self.chief = (start + steps) % RING
        seen, points = self.sight(self.chief)
        for s, p in enumerate(points):
            self.penalties[s] += p
        assert self.this_turn is not None
        self.last_turn = {
            **self.this_turn,
            "actions": [*self.this_turn["actions"], action],
            "chief": {"steps": steps, "from": start, "to": self.chief},
            "seen": seen,
            "penalties": points,
        }
        self.this_turn = None
        self._end_turn()

    def _apply_remove(self, seat: int, parsed: Parsed, action: str) -> None:
        ident = parsed.number
        stone = self.stones[ident] if ident < len(self.stones) else None
        if stone is None:
            raise IllegalAction(
                f"There is no stone {ident} on the board.", key="pueblo.no_stone", stone=ident
            )
        if ident not in self.removable(seat):
            # In this step the seat has a stone of its colour on the board (else it
            # could remove nothing and would be moving the chief), so a neutral
            # stone is refused only when something rests on it.
            on_top = sorted({self.stacks[sq][-1] for sq, _ in stone.cells} - {ident})
            if on_top:
                raise IllegalAction(
                    f"Stone {ident} is not free: stone {on_top[0]} rests on it.",
                    key="pueblo.not_free",
                    stone=ident,
                )
            raise IllegalAction(
                "Take away a stone of your colour or a neutral one.",
                key="pueblo.not_yours",
                stone=ident,
            )
        self._lift(ident)
        assert self.this_turn is not None
        self.this_turn = {
            **self.this_turn,
            "removed": {"id": ident, "colour": colour_name(stone.colour), "cells": stone.cells},
            "actions": [*self.this_turn["actions"], action],
        }
        self.phase = CHIEF

    def _apply_sacred(self, seat: int, parsed: Parsed, action: str) -> None:
        if parsed.square in self.sacred:
            where = square_name(parsed.square)
            raise IllegalAction(
                f"{where} is a sacred site already.", key="pueblo.sacred_taken", square=where
            )
        self.sacred = (*self.sacred, parsed.square)
        self._placements = None
        self.sacred_turns = self.sacred_turns[1:]
        self._after_setup_step()

    # ------------------------------------------------------------------ results

    def scores(self) -> list[float]:
        """Per seat, the penalty points so far: LOWER IS BETTER."""
        return [float(p) for p in self.penalties]

    def ranking(self) -> list[int]:
        """D9: the fewest penalty points rank 1; equal penalties share a rank."""
        pen = self.penalties
        return [1 + sum(other < mine for other in pen) for mine in pen]

    # ------------------------------------------------------------------ views

    def view(self, seat: int | None) -> dict[str, Any]:
        from core.games.pueblo.view import seat_view

        return seat_view(self, seat)

    # ------------------------------------------------------------------ copies

    def clone(self) -> PuebloState:
        other = object.__new__(PuebloState)
        other.__dict__.update(self.__dict__)
        other.options = dict(self.options)
        other.order = list(self.order)
        other.single = list(self.single)
        other.pairs = list(self.pairs)
        other.half = list(self.half)
        other.height = list(self.height)
        other.stacks = list(self.stacks)  # tuples: replaced, never mutated
        other.stones = list(self.stones)
        other.penalties = list(self.penalties)
        other.auctions = list(self.auctions)
        if self.auction is not None:
            other.auction = dict(self.auction)  # its lists are replaced, never mutated
        # this_turn, last_turn, final_lap, sacred, sacred_turns: replaced, never mutated.
        return other

    def determinize(self, seat: int, rng: random.Random) -> PuebloState:
        """Pueblo hides nothing: any seat knows the whole state."""
        return self.clone()

    def reversible(self, seat: int, action: str) -> bool:
        """Placing (or, in the demolition, removing) a stone may be taken back: the same
        player then moves the chief, and nothing is hidden or left to chance. Moving the
        chief ends the turn; a sacred site, a bid, a pass or a card hands over to the next
        player."""
        if seat != self.current or self.phase not in (PLACE, REMOVE):
            return False
        return isinstance(action, str) and action in self.legal_actions(seat)
