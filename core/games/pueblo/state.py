"""A game of Pueblo: stones on a height map, the chief's walk, penalties and the end.

Rules help and notation: ``docs/games/pueblo.md``. Decisions D1-D12 of the
project's specification are cited where they apply. Geometry (squares, the
path, the twelve poses) is in :mod:`core.games.pueblo.geometry`.

Scores are **penalty points: lower is better**. ``scores()`` returns each
seat's penalties and ``ranking()`` gives rank 1 to the fewest.

The pueblo is a height map (D3): every site square holds a gap-free stack of
cubes, so the whole building is ``stacks`` (stone ids per square, bottom to top)
and ``height``. Stone ids count from 1 in the order the stones were placed.
"""

from __future__ import annotations

import random
import re
from typing import Any, NamedTuple

from core.engine import IllegalAction, State
from core.games.pueblo.geometry import (
    BY_SUFFIX,
    CORNERS,
    FACE,
    IS_CORNER,
    LINE,
    LOOKS,
    PATH,
    POSES,
    RING,
    SIDE,
    SQUARES,
    Candidate,
    placements,
    site,
    site_xy,
    square_index,
    square_name,
)

COLOURS = ("red", "blue", "green", "purple")  # seat 0, 1, 2, 3 (D4)
NEUTRAL = 4
STONES = {2: (8, 7), 3: (6, 5), 4: (5, 4)}  # D4: coloured, neutral stones per player
COLOURED, NEUTRAL_STONE = "C", "N"
KIND = {COLOURED: "coloured", NEUTRAL_STONE: "neutral"}
MAX_BID = 20  # the highest bid in the turn-order auction (D10)
LAST_PAIRS_LEFT = 4  # stones each player holds when the second auction is held (D10)

SACRED, AUCTION, CARD = "sacred", "auction", "card"
PLACE, CHIEF, REMOVE, OVER = "place", "chief", "remove", "over"

LONGEST_ACTION = 12
PATTERNS = (
    ("place", re.compile(r"([CN])(0|[1-9][0-9]?)@([a-h][1-8])")),
    ("chief", re.compile(r"chief (0|[1-9][0-9]?)")),
    ("remove", re.compile(r"remove ([1-9][0-9]{0,2})")),
    ("sacred", re.compile(r"sacred ([a-h][1-8])")),
    ("bid", re.compile(r"bid (0|[1-9][0-9]?)")),
    ("card", re.compile(r"card ([1-9])")),
    ("pass", re.compile(r"pass")),
)
WHAT_NOW = {
    SACRED: "Place a sacred site first ('sacred d4').",
    AUCTION: "The turn order is being auctioned: bid ('bid 3') or pass.",
    CARD: "You won the bid: choose a turn-order card ('card 1').",
    PLACE: "Place a stone first ('C3@d4'), then move the chief.",
    CHIEF: "Now move the chief clockwise 1 to 4 squares ('chief 2').",
    REMOVE: "Remove a stone first ('remove 7'), then move the chief.",
}


class Stone(NamedTuple):
    """A stone on the board (or a loose cube of a test position)."""

    colour: int  # a seat, or NEUTRAL
    by: int | None  # the seat that placed it (None: set up by a test position)
    action: str | None  # the placement as written
    cells: tuple[tuple[int, int], ...]  # (site index, level 1..), in placement order


Seen = tuple[int, int, int, int, int]  # square, level, stone id, colour, points


class Parsed(NamedTuple):
    word: str
    letter: str = ""
    number: int = 0
    square: int = -1


def _notation_error() -> IllegalAction:
    return IllegalAction(
        "Write an action as 'C3@d4' or 'N3@d4' (coloured or neutral stone, pose 0-11, "
        "anchor square), 'chief 1' to 'chief 4', 'remove 7', 'sacred d4', 'bid 3', "
        "'pass' or 'card 1'.",
        key="pueblo.notation",
        code="notation",
    )


def parse(action: object) -> Parsed:
    """The parts of a well-formed action; IllegalAction(code="notation") otherwise.

    >>> parse("N10@c4")
    Parsed(word='place', letter='N', number=10, square=26)
    >>> parse("chief 5")
    Parsed(word='chief', letter='', number=5, square=-1)
    """
    if not isinstance(action, str):
        raise IllegalAction("An action is a line of text.", key="bad_notation", code="notation")
    if len(action) <= LONGEST_ACTION:
        for word, pattern in PATTERNS:
            match = pattern.fullmatch(action)
            if match is None:
                continue
            if word == "place":
                return Parsed(word, match[1], int(match[2]), square_index(match[3]))
            if word == "sacred":
                return Parsed(word, square=square_index(match[1]))
            if word == "pass":
                return Parsed(word)
            return Parsed(word, number=int(match[1]))
    raise _notation_error()


class PuebloState(State):
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
            self._open_auction(1)
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

    # ------------------------------------------------------------------ the pueblo

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
        seat = self.order[pos]
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
            self._open_auction(2)
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

    # ------------------------------------------------------------------ the auction (D10)

    def _open_auction(self, round_number: int) -> None:
        self.auction = {
            "round": round_number,
            "bidders": list(self.order),  # seats still without a card, in turn order
            "cards": list(range(1, self.players + 1)),
            "won": [],
        }
        self._open_lot()

    def _open_lot(self) -> None:
        auction = self.auction
        assert auction is not None
        bidders = auction["bidders"]
        if len(bidders) == 1:  # the last player takes the last card for free
            last = {"seat": bidders[0], "bid": 0, "card": auction["cards"][0]}
            auction["won"] = [*auction["won"], last]
            self._close_auction()
            return
        auction.update(active=list(bidders), high=None, leader=None, bids=[])
        self.phase, self.current = AUCTION, bidders[0]

    def _next_bidder(self) -> None:
        auction = self.auction
        assert auction is not None and self.current is not None
        active = auction["active"]
        if len(active) == 1:
            winner = active[0]
            price = auction["high"] if auction["leader"] == winner else 0
            self.penalties[winner] += price
            auction.update(winner=winner, price=price)
            self.phase, self.current = CARD, winner
            return
        # the next active seat after the one who acted, skipping the leader
        ring = self.order
        at = ring.index(self.current)
        for step in range(1, self.players + 1):
            seat = ring[(at + step) % self.players]
            if seat in active and seat != auction["leader"]:
                self.current = seat
                return
        raise AssertionError("no bidder left")  # pragma: no cover

    def _close_auction(self) -> None:
        auction = self.auction
        assert auction is not None
        won = sorted(auction["won"], key=lambda lot: lot["card"])
        self.auctions.append({"round": auction["round"], "won": auction["won"]})
        self.order = [lot["seat"] for lot in won]
        self.auction = None
        if auction["round"] == 1:
            self._after_setup_step()
        else:
            self._start_turn(0)

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
            return [f"chief {k}" for k in range(1, 5)]
        if phase == REMOVE:
            return sorted(f"remove {ident}" for ident in self.removable(seat))
        if phase == SACRED:
            taken = set(self.sacred)
            return sorted(f"sacred {square_name(s)}" for s in range(SQUARES) if s not in taken)
        auction = self.auction
        assert auction is not None
        if phase == CARD:
            return [f"card {c}" for c in auction["cards"]]
        low = 0 if auction["high"] is None else auction["high"] + 1
        return sorted(["pass", *(f"bid {b}" for b in range(low, MAX_BID + 1))])

    def apply(self, seat: int, action: str) -> None:
        if not isinstance(action, str):
            raise IllegalAction("An action is a line of text.", key="bad_notation", code="notation")
        if self.phase == OVER:
            raise IllegalAction("The game is over.", key="game_over")
        if seat != self.current:
            raise IllegalAction("It is not your turn.", key="not_your_turn")
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
            "removed": {"id": ident, "colour": _colour_name(stone.colour), "cells": stone.cells},
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

    def _apply_bid(self, seat: int, parsed: Parsed, action: str) -> None:
        auction = self.auction
        assert auction is not None
        bid = parsed.number
        low = 0 if auction["high"] is None else auction["high"] + 1
        if bid < low:
            raise IllegalAction(
                f"Bid more than {low - 1} penalty points, or pass.",
                key="pueblo.bid_too_low",
                bid=bid,
                minimum=low,
            )
        if bid > MAX_BID:
            raise IllegalAction(
                f"A bid is at most {MAX_BID} penalty points.",
                key="pueblo.bid_too_high",
                bid=bid,
                maximum=MAX_BID,
            )
        auction.update(high=bid, leader=seat, bids=[*auction["bids"], [seat, action]])
        self._next_bidder()

    def _apply_pass(self, seat: int, parsed: Parsed, action: str) -> None:
        auction = self.auction
        assert auction is not None
        auction.update(
            active=[s for s in auction["active"] if s != seat],
            bids=[*auction["bids"], [seat, action]],
        )
        self._next_bidder()

    def _apply_card(self, seat: int, parsed: Parsed, action: str) -> None:
        auction = self.auction
        assert auction is not None
        if parsed.number not in auction["cards"]:
            cards = ", ".join(str(c) for c in auction["cards"])
            raise IllegalAction(
                f"Turn-order card {parsed.number} is not available; choose from {cards}.",
                key="pueblo.no_card",
                card=parsed.number,
                cards=list(auction["cards"]),
            )
        auction["won"] = [
            *auction["won"],
            {"seat": seat, "bid": auction["price"], "card": parsed.number},
        ]
        auction["cards"] = [c for c in auction["cards"] if c != parsed.number]
        auction["bidders"] = [s for s in auction["bidders"] if s != seat]
        for key in ("active", "high", "leader", "bids", "winner", "price"):
            auction.pop(key, None)
        self._open_lot()

    # ------------------------------------------------------------------ results

    def scores(self) -> list[float]:
        """Per seat, the penalty points so far: LOWER IS BETTER."""
        return [float(p) for p in self.penalties]

    def ranking(self) -> list[int]:
        """D9: the fewest penalty points rank 1; equal penalties share a rank."""
        pen = self.penalties
        return [1 + sum(other < mine for other in pen) for mine in pen]

    # ------------------------------------------------------------------ views

    def _seen_view(self, index: int, seen: list[Seen]) -> list[Any]:
        out = []
        for square, level, ident, colour, points in seen:
            x, y = site_xy(square)
            out.append(
                {
                    "x": x,
                    "y": y,
                    "z": level,
                    "square": square_name(square),
                    "colour": _colour_name(colour),
                    "seat": None if colour == NEUTRAL else colour,
                    "stone": ident,
                    "face": FACE[index],
                    "points": points,
                }
            )
        return out

    def _turn_view(self, turn: dict[str, Any] | None) -> dict[str, Any] | None:
        if turn is None:
            return None
        out = {key: value for key, value in turn.items() if key not in ("seen", "removed")}
        out["actions"] = list(turn["actions"])
        ident = turn["stone"]
        out["stone"] = None if ident is None else self._stone_view(ident)
        removed = turn["removed"]
        if removed is not None:
            out["removed"] = {
                "id": removed["id"],
                "colour": removed["colour"],
                "cubes": [_cube_xyz(sq, lv) for sq, lv in removed["cells"]],
            }
        else:
            out["removed"] = None
        if "chief" in turn:
            out["chief"] = dict(turn["chief"])
            out["seen"] = self._seen_view(turn["chief"]["to"], turn["seen"])
            out["penalties"] = list(turn["penalties"])
        return out

    def _stone_view(self, ident: int) -> dict[str, Any] | None:
        stone = self.stones[ident] if ident < len(self.stones) else None
        if stone is None:
            return {"id": ident, "on_board": False}
        return {
            "id": ident,
            "on_board": True,
            "colour": _colour_name(stone.colour),
            "seat": None if stone.colour == NEUTRAL else stone.colour,
            "by": stone.by,
            "action": stone.action,
            "cubes": [_cube_xyz(sq, lv) for sq, lv in stone.cells],
        }

    def _hand_view(self, seat: int) -> dict[str, Any]:
        allowed = self.allowed(seat)
        half = self.half[seat]
        return {
            "seat": seat,
            "colour": COLOURS[seat],
            "single": self.single[seat],
            "pairs": self.pairs[seat],
            "open_half": None if half is None else KIND[half],
            "coloured": self.coloured_left(seat),
            "neutral": self.neutral_left(seat),
            "left": self.stones_left(seat),
            "next": {"": None, "C": "coloured", "N": "neutral", "CN": "either"}[allowed],
        }

    def _preview(self) -> list[dict[str, Any]]:
        out = []
        for steps in range(1, 5):
            index = (self.chief + steps) % RING
            seen, points = self.sight(index)
            out.append(
                {
                    **_path_square(index),
                    "steps": steps,
                    "seen": self._seen_view(index, seen),
                    "penalties": points,
                }
            )
        return out

    def view(self, seat: int | None) -> dict[str, Any]:
        over = self.phase == OVER
        scores = self.scores()
        cubes = []
        for ident, stone in enumerate(self.stones):
            if stone is not None:
                colour = NAMES[stone.colour]
                owner = None if stone.colour == NEUTRAL else stone.colour
                for square, level in stone.cells:
                    x, y = XY[square]
                    cubes.append(
                        {
                            "x": x,
                            "y": y,
                            "z": level,
                            "colour": colour,
                            "seat": owner,
                            "stone": ident,
                        }
                    )
        tops: list[list[str | None]] = []
        for y in range(SIDE):
            row: list[str | None] = []
            for x in range(SIDE):
                square = y * SIDE + x
                top = self.height[square]
                row.append(NAMES[self.colour_at(square, top)] if top else None)
            tops.append(row)
        auction = None
        if self.auction is not None:
            a = self.auction
            auction = {
                "round": a["round"],
                "bidders": list(a["bidders"]),
                "cards": list(a["cards"]),
                "won": [dict(lot) for lot in a["won"]],
                "active": list(a.get("active", [])),
                "high": a.get("high"),
                "leader": a.get("leader"),
                "bids": [list(b) for b in a.get("bids", [])],
                "winner": a.get("winner"),
                "price": a.get("price"),
                "max_bid": MAX_BID,
            }
        return {
            "game": "pueblo",
            "seat": seat,
            "players": self.players,
            "options": dict(self.options),
            "phase": self.phase,
            "to_move": sorted(self.to_move()),
            "current": self.current,
            "turn": self.turn,
            "order": list(self.order),
            "colours": list(COLOURS[: self.players]),
            "lower_is_better": True,
            "penalties": list(self.penalties),
            "scores": scores,
            "cubes": cubes,
            "stones": [
                {
                    "id": ident,
                    "colour": _colour_name(stone.colour),
                    "by": stone.by,
                    "action": stone.action,
                }
                for ident, stone in enumerate(self.stones)
                if stone is not None
            ],
            "heights": [self.height[y * SIDE : (y + 1) * SIDE] for y in range(SIDE)],
            "tops": tops,
            "sacred": [square_name(s) for s in self.sacred],
            "chief": _path_square(self.chief),
            "path": [_path_square(i) for i in range(RING)],
            "poses": _pose_view(),
            "hands": [self._hand_view(s) for s in range(self.players)],
            "preview": self._preview() if self.phase == CHIEF else None,
            "this_turn": self._turn_view(self.this_turn),
            "last_turn": self._turn_view(self.last_turn),
            "final_lap": _copy_lap(self.final_lap),
            "sacred_turns": list(self.sacred_turns),
            "auction": auction,
            "auctions": [
                {"round": a["round"], "won": [dict(lot) for lot in a["won"]]} for a in self.auctions
            ],
            "result": {"scores": scores, "ranking": self.ranking()} if over else None,
        }

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


NAMES = (*COLOURS, "neutral")  # by colour number: NAMES[NEUTRAL] == "neutral"
XY = tuple(site_xy(square) for square in range(SQUARES))


def _colour_name(colour: int) -> str:
    return NAMES[colour]


def _cube_xyz(square: int, level: int) -> dict[str, int]:
    x, y = site_xy(square)
    return {"x": x, "y": y, "z": level}


_PATH_VIEW = tuple(
    {"index": i, "x": x, "y": y, "corner": IS_CORNER[i], "looks": LOOKS[i]}
    for i, (x, y) in enumerate(PATH)
)


def _path_square(index: int) -> dict[str, Any]:
    return dict(_PATH_VIEW[index])


def _copy_lap(lap: dict[str, Any] | None) -> dict[str, Any] | None:
    if lap is None:
        return None
    return {
        "start": lap["start"],
        "squares": [
            {"index": s["index"], "penalties": list(s["penalties"])} for s in lap["squares"]
        ],
        "penalties": list(lap["penalties"]),
    }


_POSES_VIEW = tuple(
    (pose.number, pose.kind, [list(c) for c in pose.cells], [list(c) for c in pose.underside])
    for pose in POSES
)


def _pose_view() -> list[dict[str, Any]]:
    return [
        {
            "pose": number,
            "kind": kind,
            "cells": [c[:] for c in cells],
            "underside": [c[:] for c in underside],
        }
        for number, kind, cells, underside in _POSES_VIEW
    ]
