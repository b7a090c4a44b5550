"""A game of Camel Up Off Season: auctions, markets, loading, sales and the end.

Rules help and notation: ``docs/games/offseason.md``. Decisions D1-D8 of the
project's specification are cited where they apply; the component data is in
:mod:`core.games.offseason.cards`.

Seats sit clockwise in number order: the player "on the left" of seat ``s`` is
``s + 1``. Camels are named by their capacity (3, 4, 5, 6); markets by their
tile number (1-6). The Tower is a list whose last card is its top.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from typing import Any

from core.engine import IllegalAction, State
from core.games.offseason.cards import (
    ALL_PAY,
    ALMS,
    BACK_OF,
    CAPACITIES,
    CARDS,
    CODE_OF,
    CODES,
    FACES,
    ONCE_AROUND,
    PURSE_2,
    PURSE_3,
    QUICK_SALE,
    REARRANGE,
    ROTATION,
    SEALED,
    SECOND_PRICE,
    SORT,
    STANDARD,
    START_COINS,
    SUPPLY,
    SUPPLY_CARDS,
    TILES,
    TOKEN,
    TYPE_OF,
    UNLOAD,
    Side,
    canonical,
    legal_lots,
    lot_problem,
    lot_text,
    price,
)

AUCTION, MARKET, SALE, TIEBREAK, OVER = "auction", "market", "sale", "tiebreak", "over"
BID, OPEN, CHOOSE, POWER, DISCARD = "bid", "open", "choose", "power", "discard"
LOAD, SADDLE, SELL = "load", "saddle", "sell"
TWO_PLAYER_TOWER = 80
LOG_SIZE = 60
LONGEST_ACTION = 80
PURSE = {PURSE_2: 2, PURSE_3: 3}
POWER_WORD = {PURSE_2: "purse", PURSE_3: "purse", TOKEN: "token", SUPPLY: "supply", SORT: "sort"}

STEP_HINT = {
    BID: "Make your sealed bid ('bid 0' up to your coins).",
    OPEN: "Name a higher bid ('bid 3') or 'pass'.",
    CHOOSE: "Choose a market first ('market 2').",
    POWER: "Use this market's power or 'skip' it; the goods come next.",
    DISCARD: "Discard one of this market's goods ('discard D2') or 'skip'.",
    LOAD: "Put the new goods on an empty camel ('load dates 4').",
    SADDLE: "Put your +1 token on a loaded camel ('saddle 5') or 'skip'.",
    SELL: "Sell a lot ('sell D1+D3') or 'pass'.",
}

_NUMBER = r"(0|[1-9][0-9]{0,5})"
_CODE = "|".join(sorted(CODES, key=len, reverse=True))
_PATTERNS: list[tuple[str, re.Pattern[str]]] = [
    (word, re.compile(pattern, re.ASCII))
    for word, pattern in (
        ("bid", rf"bid {_NUMBER}"),
        ("market", r"market ([1-9])"),
        ("discard", rf"discard ({_CODE})"),
        ("sell", rf"sell ((?:{_CODE})(?:\+(?:{_CODE}))*)"),
        ("unload", r"unload ([1-9])"),
        ("saddle", r"saddle ([1-9])"),
        ("swap", r"swap ([1-9]) ([1-9])"),
        ("load", r"load (dates|carpets|vases|fruit) ([1-9])"),
    )
]
_WORDS = ("pass", "skip", "purse", "token", "supply", "sort")


def _notation_error(hint: str = "") -> IllegalAction:
    return IllegalAction(
        hint
        or "Write an action as 'bid 3', 'pass', 'market 2', 'purse', 'token', 'supply', "
        "'sort', 'discard D2', 'sell D1+D3', 'unload 5', 'swap 3 5', 'load dates 4', "
        "'saddle 5' or 'skip'.",
        key="offseason.notation",
        code="notation",
    )


def parse(action: object) -> tuple[str, tuple[Any, ...]]:
    """The word and arguments of a canonical action; IllegalAction(code="notation") otherwise.

    >>> parse("bid 12"), parse("sell D1+D3+D3"), parse("load fruit 5"), parse("skip")
    (('bid', (12,)), ('sell', ('D1', 'D3', 'D3')), ('load', ('fruit', 5)), ('skip', ()))
    """
    if not isinstance(action, str) or len(action) > LONGEST_ACTION:
        raise _notation_error()
    if action in _WORDS:
        return action, ()
    for word, pattern in _PATTERNS:
        match = pattern.fullmatch(action)
        if match is None:
            continue
        if word == "bid":
            return word, (int(match.group(1)),)
        if word in ("market", "unload", "saddle"):
            return word, (int(match.group(1)),)
        if word == "discard":
            return word, (match.group(1),)
        if word == "swap":
            first, second = int(match.group(1)), int(match.group(2))
            if first >= second:
                raise _notation_error(
                    f"Write a swap with the smaller camel first: 'swap {min(first, second)} "
                    f"{max(first, second)}'."
                )
            return word, (first, second)
        if word == "load":
            return word, (match.group(1), int(match.group(2)))
        lot = tuple(match.group(1).split("+"))
        if list(lot) != canonical(list(lot)):
            raise _notation_error(
                f"Write a lot's cards in the order {' '.join(CODES)}: "
                f"'sell {lot_text(canonical(list(lot)))}'."
            )
        return word, lot
    raise _notation_error()


def sealed_winner(bids: list[int]) -> int | None:
    """The seat with the highest bid nobody else matched, or None when every bid is tied.

    >>> sealed_winner([5, 5, 3, 1]), sealed_winner([5, 5, 0]), sealed_winner([3, 3, 1, 1])
    (2, 2, None)
    """
    counts = Counter(bids)
    unmatched = [b for b in bids if counts[b] == 1]
    return bids.index(max(unmatched)) if unmatched else None


class Market:
    """One market tile in play: its visible side, goods, coins and who chose it."""

    __slots__ = ("tile", "side", "up", "down", "coins", "chosen_by")

    def __init__(self, tile: int, side: int = 0) -> None:
        self.tile = tile
        self.side = side  # 0: side A (blue), 1: side B (orange)
        self.up: list[int] = []
        self.down: list[int] = []
        self.coins = 0
        self.chosen_by: int | None = None

    @property
    def face(self) -> Side:
        return TILES[self.tile][self.side]

    def copy(self) -> Market:
        other = Market(self.tile, self.side)
        other.up, other.down = list(self.up), list(self.down)
        other.coins, other.chosen_by = self.coins, self.chosen_by
        return other


class Auction:
    """The round's auction: its type (the back of the Tower's top card) and how it went."""

    __slots__ = (
        "kind", "attempt", "bids", "revealed", "best", "bidder", "acted", "winner", "paid",
        "outcome",
    )  # fmt: skip

    def __init__(self, kind: str, players: int) -> None:
        self.kind = kind
        self.attempt = 1
        self.bids: list[int | None] = [None] * players  # sealed bids of this attempt
        self.revealed: list[list[int]] = []  # every finished sealed attempt
        self.best = 0  # once-around: the highest bid named so far
        self.bidder: int | None = None
        self.acted: list[str | None] = [None] * players  # once-around: "pass" or "bid N"
        self.winner: int | None = None
        self.paid: list[int] = [0] * players
        self.outcome: str | None = None  # won, kept, rotation, alms

    def copy(self) -> Auction:
        other = Auction(self.kind, len(self.bids))
        other.attempt, other.bids = self.attempt, list(self.bids)
        other.revealed = [list(b) for b in self.revealed]
        other.best, other.bidder, other.acted = self.best, self.bidder, list(self.acted)
        other.winner, other.paid, other.outcome = self.winner, list(self.paid), self.outcome
        return other


class Turn:
    """A player's market turn: the chosen market and the goods waiting for a camel."""

    __slots__ = ("seat", "market", "pending", "received")

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.market: int | None = None  # index in OffSeasonState.markets
        self.pending: dict[str, list[int]] = {}  # new goods types -> their cards
        self.received: set[int] = set()  # camels that got goods this turn

    def copy(self) -> Turn:
        other = Turn(self.seat)
        other.market = self.market
        other.pending = {t: list(cards) for t, cards in self.pending.items()}
        other.received = set(self.received)
        return other


def _face_down(state: OffSeasonState) -> int:
    """How many goods lie face down on the markets."""
    return sum(len(market.down) for market in state.markets)


def _codes(cards: list[int]) -> list[str]:
    return [CODE_OF[c] for c in cards]


def _camel(capacity: int) -> int | None:
    return CAPACITIES.index(capacity) if capacity in CAPACITIES else None


class OffSeasonState(State):
    """The whole position. Hidden: face-down goods, the Tower's order, the cards left
    out (two players), sealed bids until they are revealed, and (by default) coins."""

    game = "offseason"

    def __init__(self, players: int, seed: int, options: dict[str, Any]) -> None:
        self.players = players
        self.options = dict(options)
        self.seed = seed
        self.salt = 0  # changed by determinize: the reshuffles to come are unknown
        self.shuffles = 0
        rng = random.Random(seed)
        deck = list(range(len(CARDS)))
        rng.shuffle(deck)
        self.out: list[int] = []
        if options["two_player_variant"]:
            self.out = deck[TWO_PLAYER_TOWER:]
            deck = deck[:TWO_PLAYER_TOWER]
        self.tower = deck  # the top card is the last one
        self.discard: list[int] = []
        self.epoch = [0] * len(CARDS)  # reshuffles a card has been through (determinize)
        if options["tiles"] == "fixed":
            tiles = list(range(1, players + 2))
        else:
            tiles = sorted(rng.sample(sorted(TILES), players + 1))
        self.markets = [Market(tile) for tile in tiles]
        self.coins = [START_COINS] * players
        self.camels: list[list[list[int]]] = [[[] for _ in CAPACITIES] for _ in range(players)]
        self.saddled = [[False] * len(CAPACITIES) for _ in range(players)]
        self.tokens = [0] * players
        self.holder = rng.randrange(players)
        self.round = 0
        self.last_round: int | None = None
        self.end_triggered = False
        self.phase = AUCTION
        self.step: str | None = BID
        self.order: list[int] = []
        self.pos = 0
        self.current: int | None = None
        self.auction = Auction(STANDARD, players)
        self.turn: Turn | None = None
        self.sold: list[int] = []  # camels sold from in this sale turn
        self.tiebreak_seats: list[int] = []
        self.tiebreak = [0] * players  # coins earned by the tie-break sales
        self.log: list[dict[str, Any]] = []
        self.last: dict[str, Any] | None = None
        self._now: list[dict[str, Any]] = []
        self._auto: list[str] = []
        self._refill()
        self._start_round()
        self._now, self._auto = [], []

    # ------------------------------------------------------------------ helpers

    def _event(self, event: str, **data: Any) -> None:
        entry = {"round": self.round, "event": event, **data}
        self._now.append(entry)
        self.log.append(entry)
        if len(self.log) > LOG_SIZE:
            del self.log[: len(self.log) - LOG_SIZE]

    def _clockwise(self, start: int) -> list[int]:
        return [(start + k) % self.players for k in range(self.players)]

    def _multi_sale(self) -> bool:
        """One sale per camel (last round, tie-break) rather than one sale in all."""
        return self.phase == TIEBREAK or self.round == self.last_round

    def carried(self, seat: int, kind: str) -> int | None:
        """The camel (index) carrying goods of ``kind``, or None."""
        for i, camel in enumerate(self.camels[seat]):
            if camel and TYPE_OF[camel[0]] == kind:
                return i
        return None

    def capacity(self, seat: int, camel: int) -> int:
        return CAPACITIES[camel] + (1 if self.saddled[seat][camel] else 0)

    def _empty_camel(self, seat: int, camel: int) -> None:
        self.camels[seat][camel] = []
        self.saddled[seat][camel] = False  # the +1 token goes back to the supply

    # ------------------------------------------------------------------ the Tower

    def _trigger_end(self, why: str) -> None:
        if not self.end_triggered:
            self.end_triggered = True
            self.last_round = self.round + 1
            self._event("end_triggered", why=why, last_round=self.last_round)

    def _reshuffle(self) -> None:
        """D3, 5.5: the Tower ran out: the end is triggered and the discard becomes the Tower."""
        self._trigger_end("tower")
        if not self.discard:
            return
        self.shuffles += 1
        cards = sorted(self.discard)
        random.Random(f"{self.seed}/{self.salt}/{self.shuffles}").shuffle(cards)
        for card in cards:
            self.epoch[card] = self.shuffles
        self.tower, self.discard = cards, []
        self._event("reshuffle", cards=len(cards))

    def _draw(self) -> int | None:
        if not self.tower:
            self._reshuffle()
        return self.tower.pop() if self.tower else None

    def _refill(self) -> None:
        """Fill every empty market from the Tower: face-up cards, then face-down ones."""
        for market in self.markets:
            if market.up or market.down:
                continue
            side = market.face
            for pile, count in ((market.up, side.up), (market.down, side.down)):
                for _ in range(count):
                    card = self._draw()
                    if card is not None:
                        pile.append(card)
            self._event(
                "refill",
                market=market.tile,
                up=_codes(market.up),
                down=len(market.down),
                backs=[BACK_OF[c] for c in market.down],
            )
        if not self.tower:  # no card left to show the next auction
            self._reshuffle()

    # ------------------------------------------------------------------ auction

    def _start_round(self) -> None:
        self.round += 1
        kind = BACK_OF[self.tower[-1]] if self.tower else STANDARD
        self.auction = Auction(kind, self.players)
        self.phase, self.turn, self.sold = AUCTION, None, []
        self._event("round", last=self.round == self.last_round, auction=kind)
        if kind in SEALED:
            self.step, self.order, self.current = BID, [], None
        elif kind == ONCE_AROUND:
            self.step = OPEN
            self.order = self._clockwise(self.holder + 1)
            self.pos = 0
            self.current = self.order[0]
        elif kind == ROTATION:
            self._give_marker((self.holder + 1) % self.players, ROTATION)
        else:
            poorest = min(self._clockwise(self.holder), key=self.coins.__getitem__)
            self._give_marker(poorest, ALMS)

    def _give_marker(self, seat: int, outcome: str) -> None:
        self.auction.outcome = outcome
        self.auction.winner = seat if outcome != "kept" else None
        self.holder = seat
        self._event("marker", seat=seat, how=outcome, paid=list(self.auction.paid))
        self._start_market()

    def _bid(self, seat: int, amount: int) -> None:
        auction = self.auction
        auction.bids[seat] = amount
        self._event("bid", seat=seat)
        if any(b is None for b in auction.bids):
            return
        bids = [b for b in auction.bids if b is not None]
        auction.revealed.append(bids)
        auction.bids = [None] * self.players
        winner = sealed_winner(bids)
        self._event("reveal", attempt=auction.attempt, bids=bids, winner=winner)
        if winner is None:
            if auction.attempt == 1:
                auction.attempt = 2
                self._event("repeat")
                return
            self._give_marker(self.holder, "kept")
            return
        if auction.kind == ALL_PAY:
            paid = list(bids)
        elif auction.kind == SECOND_PRICE:
            paid = [0] * self.players
            paid[winner] = max((b for b in bids if b < bids[winner]), default=0)
        else:
            paid = [0] * self.players
            paid[winner] = bids[winner]
        for s in range(self.players):
            self.coins[s] -= paid[s]
        auction.paid = paid
        self._give_marker(winner, "won")

    def _open_bid(self, seat: int, amount: int | None) -> None:
        auction = self.auction
        if amount is None:
            auction.acted[seat] = "pass"
            self._event("open_pass", seat=seat)
        else:
            auction.acted[seat] = f"bid {amount}"
            auction.best, auction.bidder = amount, seat
            self._event("open_bid", seat=seat, amount=amount)
        self.pos += 1
        if self.pos < len(self.order):
            self.current = self.order[self.pos]
            return
        if auction.bidder is None:
            self._give_marker(self.holder, "kept")
            return
        auction.paid[auction.bidder] = auction.best
        self.coins[auction.bidder] -= auction.best
        self._give_marker(auction.bidder, "won")

    # ------------------------------------------------------------------ market phase

    def _start_market(self) -> None:
        self.phase = MARKET
        self.order = self._clockwise(self.holder)
        self.pos = 0
        self._begin_market_turn()

    def _begin_market_turn(self) -> None:
        self.current = self.order[self.pos]
        self.turn = Turn(self.current)
        self.step = CHOOSE

    def _market(self) -> Market:
        assert self.turn is not None and self.turn.market is not None
        return self.markets[self.turn.market]

    def _choose(self, seat: int, tile: int) -> None:
        assert self.turn is not None
        index = next(i for i, m in enumerate(self.markets) if m.tile == tile)
        market = self.markets[index]
        market.chosen_by = seat
        self.turn.market = index
        taken, market.coins = market.coins, 0
        self.coins[seat] += taken
        self._event("choose", seat=seat, market=tile, coins=taken, power=market.face.power)
        self.step = POWER
        if self._power_actions(seat) == ["skip"]:
            self._auto.append("skip")
            self._event("power", seat=seat, power=market.face.power, used=False)
            self._take_goods(seat)

    def _power_actions(self, seat: int) -> list[str]:
        market = self._market()
        power = market.face.power
        actions = ["skip"]
        if power in (PURSE_2, PURSE_3, TOKEN):
            actions.append(POWER_WORD[power])
        elif power == SUPPLY:
            if self.tower or self.discard:
                actions.append("supply")
        elif power == SORT:
            if market.up or market.down:
                actions.append("sort")
        elif power == QUICK_SALE:
            actions += self._lots(seat, range(len(CAPACITIES)))
        elif power == UNLOAD:
            actions += [
                f"unload {CAPACITIES[i]}" for i, camel in enumerate(self.camels[seat]) if camel
            ]
        else:
            actions += [
                f"swap {CAPACITIES[i]} {CAPACITIES[j]}"
                for i in range(len(CAPACITIES))
                for j in range(i + 1, len(CAPACITIES))
                if self._swap_problem(seat, i, j) is None
            ]
        return sorted(actions)

    def _swap_problem(self, seat: int, i: int, j: int) -> tuple[str, str] | None:
        camels = self.camels[seat]
        if not camels[i] and not camels[j]:
            return "offseason.swap_empty", "Both camels are empty: there is no load to move."
        for here, there in ((i, j), (j, i)):
            room = CAPACITIES[there] + (1 if self.saddled[seat][here] else 0)
            if len(camels[here]) > room:
                return (
                    "offseason.swap_overload",
                    f"The load of camel {CAPACITIES[here]} ({len(camels[here])} goods) "
                    f"would not fit on camel {CAPACITIES[there]}.",
                )
        return None

    def _use_power(self, seat: int, word: str, args: tuple[Any, ...]) -> None:
        market = self._market()
        power = market.face.power
        if word == "skip":
            self._event("power", seat=seat, power=power, used=False)
        elif word == "purse":
            self.coins[seat] += PURSE[power]
            self._event("power", seat=seat, power=power, used=True, coins=PURSE[power])
        elif word == "token":
            self.tokens[seat] += 1
            self._event("power", seat=seat, power=power, used=True)
        elif word == "supply":
            drawn = []
            for _ in range(SUPPLY_CARDS):
                card = self._draw()
                if card is None:
                    break
                drawn.append(card)
            market.up.extend(drawn)
            self._event("power", seat=seat, power=power, used=True, cards=_codes(drawn))
        elif word == "sort":
            revealed = market.down
            market.up, market.down = market.up + revealed, []
            self._event("power", seat=seat, power=power, used=True, revealed=_codes(revealed))
            self.step = DISCARD
            return
        elif word == "sell":
            self._event("power", seat=seat, power=power, used=True)
            self._sell(seat, args)
        elif word == "unload":
            camel = _camel(args[0])
            assert camel is not None
            cards = self.camels[seat][camel]
            self.discard.extend(cards)
            self._empty_camel(seat, camel)
            self._event(
                "power", seat=seat, power=power, used=True, camel=args[0], cards=_codes(cards)
            )
        else:
            i, j = _camel(args[0]), _camel(args[1])
            assert i is not None and j is not None
            camels, saddled = self.camels[seat], self.saddled[seat]
            camels[i], camels[j] = camels[j], camels[i]
            saddled[i], saddled[j] = saddled[j], saddled[i]
            self._event("power", seat=seat, power=power, used=True, camels=list(args))
        self._take_goods(seat)

    def _sort_discard(self, seat: int, word: str, args: tuple[Any, ...]) -> None:
        market = self._market()
        if word == "discard":
            card = min(c for c in market.up if CODE_OF[c] == args[0])
            market.up.remove(card)
            self.discard.append(card)
            self._event("sort_discard", seat=seat, card=args[0])
        self._take_goods(seat)

    def _take_goods(self, seat: int) -> None:
        assert self.turn is not None
        market = self._market()
        cards = market.up + market.down
        market.up, market.down = [], []
        self._event("take", seat=seat, market=market.tile, cards=_codes(cards))
        for card in cards:
            kind = TYPE_OF[card]
            camel = self.carried(seat, kind)
            if camel is not None:
                self.camels[seat][camel].append(card)
                self.turn.received.add(camel)
            else:
                self.turn.pending.setdefault(kind, []).append(card)
        for camel in sorted(self.turn.received):
            self._event(
                "load",
                seat=seat,
                type=TYPE_OF[self.camels[seat][camel][0]],
                camel=CAPACITIES[camel],
                auto=True,
            )
        self._continue_loading(seat)

    def _load_actions(self, seat: int) -> list[str]:
        assert self.turn is not None
        empty = [CAPACITIES[i] for i, camel in enumerate(self.camels[seat]) if not camel]
        return sorted(f"load {kind} {cap}" for kind in self.turn.pending for cap in empty)

    def _saddle_targets(self, seat: int) -> list[int]:
        return [
            i for i, camel in enumerate(self.camels[seat]) if camel and not self.saddled[seat][i]
        ]

    def _continue_loading(self, seat: int) -> None:
        while True:
            actions = self._load_actions(seat)
            if len(actions) != 1:
                break
            self._auto.append(actions[0])
            _, (kind, cap) = parse(actions[0])
            self._load(seat, kind, cap, auto=True)
        if actions:
            self.step = LOAD
        elif self.tokens[seat] and self._saddle_targets(seat):
            self.step = SADDLE
        else:
            self._close_market_turn(seat)

    def _load(self, seat: int, kind: str, cap: int, auto: bool = False) -> None:
        assert self.turn is not None
        camel = _camel(cap)
        assert camel is not None
        self.camels[seat][camel].extend(self.turn.pending.pop(kind))
        self.turn.received.add(camel)
        self._event("load", seat=seat, type=kind, camel=cap, auto=auto)

    def _close_market_turn(self, seat: int) -> None:
        """5.3: camels that got goods this turn and carry more than they can collapse."""
        assert self.turn is not None
        for camel in sorted(self.turn.received):
            cards = self.camels[seat][camel]
            if len(cards) > self.capacity(seat, camel):
                self.discard.extend(cards)
                self._empty_camel(seat, camel)
                self._event("collapse", seat=seat, camel=CAPACITIES[camel], cards=_codes(cards))
        self.turn = None
        self.pos += 1
        if self.pos < len(self.order):
            self._begin_market_turn()
        else:
            self._start_sale()

    # ------------------------------------------------------------------ sales

    def _lots(self, seat: int, camels: Any) -> list[str]:
        rule = self.options["fruit_rule"]
        return [
            "sell " + lot_text(lot)
            for i in camels
            if self.camels[seat][i]
            for lot in legal_lots(_codes(self.camels[seat][i]), rule)
        ]

    def _sale_actions(self, seat: int) -> list[str]:
        camels = [i for i in range(len(CAPACITIES)) if i not in self.sold]
        return sorted(["pass", *self._lots(seat, camels)])

    def _sell(self, seat: int, lot: tuple[str, ...]) -> int:
        camel = self.carried(seat, FACES[lot[0]].type)
        assert camel is not None
        cards = self.camels[seat][camel]
        sold = []
        for code in lot:
            card = min(c for c in cards if CODE_OF[c] == code and c not in sold)
            sold.append(card)
        left = [c for c in cards if c not in sold]
        self.discard.extend(sold)
        if left:
            self.camels[seat][camel] = left
        else:
            self._empty_camel(seat, camel)
        coins = price(lot)
        if self.phase == TIEBREAK:
            self.tiebreak[seat] += coins
        else:
            self.coins[seat] += coins
        self._event("sell", seat=seat, camel=CAPACITIES[camel], cards=list(lot), coins=coins)
        return camel

    def _start_sale(self) -> None:
        self.phase = SALE
        self.order = self._clockwise(self.holder)
        self.pos = 0
        self._begin_sale_turn()

    def _begin_sale_turn(self) -> None:
        """Start the sale turn at ``pos``; a seat with nothing to sell passes at once."""
        while self.pos < len(self.order):
            self.current = self.order[self.pos]
            self.sold = []
            self.step = SELL
            if self._sale_actions(self.current) != ["pass"]:
                return
            self._auto.append("pass")
            self._event("pass", seat=self.current, auto=True)
            self.pos += 1
        self.current, self.sold = None, []
        if self.phase == TIEBREAK:
            self._game_over()
        elif self.round == self.last_round:
            self._finish()
        else:
            self._end_round()

    def _sale(self, seat: int, word: str, args: tuple[Any, ...]) -> None:
        if word == "pass":
            self._event("pass", seat=seat, auto=False)
        else:
            self.sold.append(self._sell(seat, args))
            if self._multi_sale() and self._sale_actions(seat) != ["pass"]:
                return
            if self._multi_sale():
                self._auto.append("pass")
        self.pos += 1
        self._begin_sale_turn()

    # ------------------------------------------------------------------ end of round

    def _end_round(self) -> None:
        """5.5: a coin on each unchosen market, chosen tiles flip, empty markets refill."""
        for market in self.markets:
            if market.chosen_by is None:
                market.coins += 1
                self._event("bonus", market=market.tile, coins=market.coins)
            else:
                market.side = 1 - market.side
                market.chosen_by = None
                self._event("flip", market=market.tile, side=market.face.name)
        self._refill()
        self._start_round()

    def _finish(self) -> None:
        """D7: most coins wins; players tied for the lead make one more sale per camel."""
        best = max(self.coins)
        tied = [s for s in self._clockwise(self.holder) if self.coins[s] == best]
        if len(tied) > 1:
            self.phase = TIEBREAK
            self.tiebreak_seats = tied
            self.order, self.pos = tied, 0
            self._event("tiebreak", seats=sorted(tied), coins=best)
            self._begin_sale_turn()
        else:
            self._game_over()

    def _game_over(self) -> None:
        self.phase, self.step, self.current, self.order = OVER, None, None, []
        self._event("game_over", coins=list(self.coins), ranking=self.ranking())

    # ------------------------------------------------------------------ protocol

    def to_move(self) -> frozenset[int]:
        if self.phase == OVER:
            return frozenset()
        if self.step == BID:
            return frozenset(s for s, b in enumerate(self.auction.bids) if b is None)
        assert self.current is not None
        return frozenset((self.current,))

    def is_over(self) -> bool:
        return self.phase == OVER

    def legal_actions(self, seat: int) -> list[str]:
        if seat not in self.to_move():
            return []
        step = self.step
        if step == BID:
            return sorted(f"bid {n}" for n in range(self.coins[seat] + 1))
        if step == OPEN:
            low = self.auction.best + 1
            return sorted(["pass", *(f"bid {n}" for n in range(low, self.coins[seat] + 1))])
        if step == CHOOSE:
            return sorted(f"market {m.tile}" for m in self.markets if m.chosen_by is None)
        if step == POWER:
            return self._power_actions(seat)
        if step == DISCARD:
            codes = set(_codes(self._market().up))
            return sorted(["skip", *(f"discard {code}" for code in codes)])
        if step == LOAD:
            return self._load_actions(seat)
        if step == SADDLE:
            return sorted(
                ["skip", *(f"saddle {CAPACITIES[i]}" for i in self._saddle_targets(seat))]
            )
        return self._sale_actions(seat)

    def apply(self, seat: int, action: str) -> None:
        if not isinstance(action, str):
            raise IllegalAction("An action is a line of text.", key="bad_notation", code="notation")
        if self.phase == OVER:
            raise IllegalAction("The game is over.", key="game_over")
        if seat not in self.to_move():
            if self.step == BID and seat in range(self.players):
                raise IllegalAction(
                    "You have already bid; wait for the other players' bids.",
                    key="offseason.already_bid",
                )
            raise IllegalAction("It is not your turn.", key="not_your_turn")
        word, args = parse(action)
        if action not in self.legal_actions(seat):
            raise self._why_not(seat, word, args)
        self._now, self._auto = [], []
        was_bid = self.step == BID
        step = self.step
        if step == BID:
            self._bid(seat, args[0])
        elif step == OPEN:
            self._open_bid(seat, args[0] if word == "bid" else None)
        elif step == CHOOSE:
            self._choose(seat, args[0])
        elif step == POWER:
            self._use_power(seat, word, args)
        elif step == DISCARD:
            self._sort_discard(seat, word, args)
        elif step == LOAD:
            self._load(seat, *args)
            self._continue_loading(seat)
        elif step == SADDLE:
            if word == "saddle":
                camel = _camel(args[0])
                assert camel is not None
                self.saddled[seat][camel] = True
                self.tokens[seat] -= 1
                self._event("saddle", seat=seat, camel=args[0])
            self._close_market_turn(seat)
        else:
            self._sale(seat, word, args)
        revealed = any(e["event"] == "reveal" for e in self._now)
        self.last = {
            "seat": seat,
            "action": action,
            "secret": was_bid and not revealed,
            "auto": self._auto,
            "events": self._now,
        }
        self._now, self._auto = [], []

    # ------------------------------------------------------------------ refusals

    def _why_not(self, seat: int, word: str, args: tuple[Any, ...]) -> IllegalAction:
        """The rule a well-formed action that is not legal now breaks."""
        step = self.step
        wrong_step = IllegalAction(
            f"Not now: {STEP_HINT[step or SELL]}", key="offseason.not_now", step=step
        )
        if step in (BID, OPEN):
            if word != "bid":
                return wrong_step
            amount = args[0]
            if amount > self.coins[seat]:
                return IllegalAction(
                    f"You cannot bid {amount}: you have only {self.coins[seat]} coins.",
                    key="offseason.bid_too_high",
                    bid=amount,
                    coins=self.coins[seat],
                )
            return IllegalAction(
                f"In this open auction a bid must be at least {self.auction.best + 1}.",
                key="offseason.bid_too_low",
                bid=amount,
                minimum=self.auction.best + 1,
            )
        if step == CHOOSE:
            if word != "market":
                return wrong_step
            tile = args[0]
            market = next((m for m in self.markets if m.tile == tile), None)
            if market is None:
                tiles = ", ".join(str(m.tile) for m in self.markets)
                return IllegalAction(
                    f"Market {tile} is not on the table (markets {tiles}).",
                    key="offseason.no_such_market",
                    market=tile,
                )
            return IllegalAction(
                f"Market {tile} has already been chosen this round.",
                key="offseason.market_taken",
                market=tile,
                by=market.chosen_by,
            )
        if word in ("unload", "saddle", "swap", "load"):
            bad = [c for c in (args[1:] if word == "load" else args) if c not in CAPACITIES]
            if bad:
                return IllegalAction(
                    f"There is no camel {bad[0]}: camels are 3, 4, 5 and 6.",
                    key="offseason.no_such_camel",
                    camel=bad[0],
                )
        if step == POWER:
            return self._why_not_power(seat, word, args) or wrong_step
        if step == DISCARD:
            if word == "discard":
                return IllegalAction(
                    f"This market holds no {args[0]} to discard.",
                    key="offseason.not_in_market",
                    card=args[0],
                )
            return wrong_step
        if step == LOAD:
            return self._why_not_load(seat, word, args) or wrong_step
        if step == SADDLE:
            if word != "saddle":
                return wrong_step
            camel = _camel(args[0])
            assert camel is not None
            if not self.camels[seat][camel]:
                return IllegalAction(
                    f"Camel {args[0]} is empty; a +1 token goes on a loaded camel.",
                    key="offseason.saddle_empty",
                    camel=args[0],
                )
            return IllegalAction(
                f"Camel {args[0]} already has a +1 token.",
                key="offseason.already_saddled",
                camel=args[0],
            )
        if word == "sell":
            return self._why_not_sell(seat, args) or wrong_step
        return wrong_step

    def _why_not_power(self, seat: int, word: str, args: tuple[Any, ...]) -> IllegalAction | None:
        market = self._market()
        power = market.face.power
        wanted = {"purse": (PURSE_2, PURSE_3), "token": (TOKEN,), "supply": (SUPPLY,)}
        wanted |= {"sort": (SORT,), "sell": (QUICK_SALE,), "unload": (UNLOAD,)}
        wanted |= {"swap": (REARRANGE,)}
        if word not in wanted:
            return None
        if power not in wanted[word]:
            return IllegalAction(
                f"Market {market.tile}'s power is {power.replace('_', ' ')}, not {word}.",
                key="offseason.wrong_power",
                power=power,
            )
        if word == "supply":
            return IllegalAction(
                "The Tower and the discard pile are empty: there is nothing to draw.",
                key="offseason.nothing_to_draw",
            )
        if word == "sort":
            return IllegalAction(
                "This market has no goods to sort.", key="offseason.nothing_to_sort"
            )
        if word == "sell":
            return self._why_not_sell(seat, args, quick=True)
        if word == "unload":
            return IllegalAction(
                f"Camel {args[0]} carries nothing to unload.",
                key="offseason.unload_empty",
                camel=args[0],
            )
        i, j = _camel(args[0]), _camel(args[1])
        assert i is not None and j is not None
        problem = self._swap_problem(seat, i, j)
        if problem is None:
            return None
        key, message = problem
        return IllegalAction(message, key=key, camels=list(args))

    def _why_not_load(self, seat: int, word: str, args: tuple[Any, ...]) -> IllegalAction | None:
        assert self.turn is not None
        if word != "load":
            return None
        kind, cap = args
        camel = _camel(cap)
        assert camel is not None
        carrier = self.carried(seat, kind)
        if carrier is not None and carrier != camel:
            return IllegalAction(
                f"Your {kind} travel on camel {CAPACITIES[carrier]}: all {kind} go there.",
                key="offseason.type_on_other_camel",
                type=kind,
                camel=CAPACITIES[carrier],
            )
        if kind not in self.turn.pending:
            return IllegalAction(
                f"There are no new {kind} waiting for a camel.",
                key="offseason.nothing_to_load",
                type=kind,
            )
        load = self.camels[seat][camel]
        return IllegalAction(
            f"Camel {cap} already carries {TYPE_OF[load[0]]}; one type per camel, so new "
            f"{kind} need an empty camel.",
            key="offseason.camel_busy",
            camel=cap,
            type=kind,
        )

    def _why_not_sell(
        self, seat: int, lot: tuple[str, ...], quick: bool = False
    ) -> IllegalAction | None:
        kinds = {FACES[code].type for code in lot}
        if len(kinds) > 1:
            return IllegalAction(
                "A lot is goods of one type, all from one camel.", key="offseason.mixed_lot"
            )
        (kind,) = kinds
        camel = self.carried(seat, kind)
        if camel is None:
            return IllegalAction(f"You carry no {kind}.", key="offseason.not_carried", type=kind)
        if not quick and camel in self.sold:
            return IllegalAction(
                f"You have already sold from camel {CAPACITIES[camel]} this round.",
                key="offseason.camel_sold",
                camel=CAPACITIES[camel],
            )
        problem = lot_problem(_codes(self.camels[seat][camel]), lot, self.options["fruit_rule"])
        if problem is None:
            return None
        key, message = problem
        return IllegalAction(message, key=key, camel=CAPACITIES[camel], lot=lot_text(lot))

    # ------------------------------------------------------------------ results

    def scores(self) -> list[float]:
        """Per seat, coins (final once over; the tie-break sales are counted apart)."""
        return [float(c) for c in self.coins]

    def ranking(self) -> list[int]:
        """D7: most coins; among the players tied for the lead, the tie-break sales decide."""
        keys = list(zip(self.coins, self.tiebreak, strict=True))
        return [1 + sum(other > mine for other in keys) for mine in keys]

    # ------------------------------------------------------------------ views

    def _sees_coins(self, viewer: int | None, seat: int) -> bool:
        return self.options["open_coins"] or self.phase in (TIEBREAK, OVER) or viewer == seat

    def _camel_view(self, seat: int, i: int) -> dict[str, Any]:
        cards = self.camels[seat][i]
        cap = self.capacity(seat, i)
        kind = TYPE_OF[cards[0]] if cards else None
        room = cap - len(cards)
        danger = []
        if kind is not None:
            for market in self.markets:
                if market.chosen_by is None:
                    same = sum(TYPE_OF[c] == kind for c in market.up)
                    if same > room:
                        danger.append(market.tile)
        return {
            "camel": CAPACITIES[i],
            "capacity": cap,
            "token": self.saddled[seat][i],
            "type": kind,
            "cards": _codes(cards),
            "load": len(cards),
            "room": room,
            "full": bool(cards) and room <= 0,
            "danger": danger,
        }

    def _market_view(self, market: Market) -> dict[str, Any]:
        side, other = market.face, TILES[market.tile][1 - market.side]
        return {
            "tile": market.tile,
            "side": side.name,
            "colour": side.colour,
            "up": side.up,
            "down": side.down,
            "power": side.power,
            "other_side": {
                "side": other.name,
                "colour": other.colour,
                "up": other.up,
                "down": other.down,
                "power": other.power,
            },
            "coins": market.coins,
            "face_up": _codes(market.up),
            "face_down": len(market.down),
            "face_down_backs": [BACK_OF[c] for c in market.down],
            "chosen_by": market.chosen_by,
        }

    def _auction_view(self, viewer: int | None) -> dict[str, Any]:
        auction = self.auction
        bidding = self.phase == AUCTION and self.step == BID
        own = None
        if bidding and viewer is not None and 0 <= viewer < self.players:
            own = auction.bids[viewer]
        return {
            "type": auction.kind,
            "sealed": auction.kind in SEALED,
            "attempt": auction.attempt,
            "has_bid": [b is not None for b in auction.bids] if bidding else None,
            "my_bid": own,
            "revealed": [list(b) for b in auction.revealed],
            "open": {
                "order": list(self.order) if self.step == OPEN else None,
                "best": auction.best,
                "bidder": auction.bidder,
                "acted": list(auction.acted),
            }
            if auction.kind == ONCE_AROUND
            else None,
            "winner": auction.winner,
            "paid": list(auction.paid) if auction.outcome else None,
            "outcome": auction.outcome,
        }

    def view(self, seat: int | None) -> dict[str, Any]:
        over = self.phase == OVER
        coins = [self.coins[s] if self._sees_coins(seat, s) else None for s in range(self.players)]
        turn = None
        if self.turn is not None:
            market = self.markets[self.turn.market] if self.turn.market is not None else None
            turn = {
                "seat": self.turn.seat,
                "market": market.tile if market else None,
                "power": market.face.power if market else None,
                "pending": {kind: _codes(cards) for kind, cards in self.turn.pending.items()},
                "received": sorted(CAPACITIES[i] for i in self.turn.received),
            }
        last = None
        if self.last is not None:
            hidden = self.last["secret"] and seat != self.last["seat"]
            last = {
                "seat": self.last["seat"],
                "action": None if hidden else self.last["action"],
                "auto": list(self.last["auto"]),
                "events": list(self.last["events"]),
            }
        return {
            "game": "offseason",
            "seat": seat,
            "players": self.players,
            "options": dict(self.options),
            "round": self.round,
            "last_round": self.round == self.last_round,
            "end_triggered": self.end_triggered,
            "phase": self.phase,
            "step": self.step,
            "to_move": sorted(self.to_move()),
            "current": self.current,
            "holder": self.holder,
            "order": list(self.order),
            "auction": self._auction_view(seat),
            "top_back": BACK_OF[self.tower[-1]] if self.tower else None,
            "tower": len(self.tower),
            "discard": len(self.discard),
            "discarded": dict(sorted(Counter(_codes(self.discard)).items())),
            "out": len(self.out),
            "markets": [self._market_view(m) for m in self.markets],
            "caravans": [
                {
                    "seat": s,
                    "coins": coins[s],
                    "tokens": self.tokens[s],
                    "camels": [self._camel_view(s, i) for i in range(len(CAPACITIES))],
                }
                for s in range(self.players)
            ],
            "coins": coins,
            "scores": coins,
            "turn": turn,
            "sold": [CAPACITIES[i] for i in self.sold],
            "tiebreak": {"seats": sorted(self.tiebreak_seats), "coins": list(self.tiebreak)}
            if self.tiebreak_seats
            else None,
            "log": list(self.log),
            "last_turn": last,
            "result": {"scores": self.scores(), "ranking": self.ranking()} if over else None,
        }

    # ------------------------------------------------------------------ copies

    def clone(self) -> OffSeasonState:
        other = object.__new__(OffSeasonState)
        other.__dict__.update(self.__dict__)
        other.options = dict(self.options)
        other.out = list(self.out)
        other.tower = list(self.tower)
        other.discard = list(self.discard)
        other.epoch = list(self.epoch)
        other.markets = [m.copy() for m in self.markets]
        other.coins = list(self.coins)
        other.camels = [[list(camel) for camel in caravan] for caravan in self.camels]
        other.saddled = [list(s) for s in self.saddled]
        other.tokens = list(self.tokens)
        other.order = list(self.order)
        other.auction = self.auction.copy()
        other.turn = self.turn.copy() if self.turn is not None else None
        other.sold = list(self.sold)
        other.tiebreak_seats = list(self.tiebreak_seats)
        other.tiebreak = list(self.tiebreak)
        other.log = list(self.log)  # entries are never changed once logged
        other._now, other._auto = [], []
        return other

    def reversible(self, seat: int, action: str) -> bool:
        """A step of a market turn, or a sale in a turn that may sell again (last round,
        tie-break), may be taken back while the same player's turn goes on and nothing
        hidden came out: no card drawn from the Tower (Supply, a reshuffle) and no
        face-down goods turned up (Sort, or taking a market's goods). Bids are never
        reversible (a sealed bid leaves the seats to move; an open one hands over), nor
        is the +1 step, which closes the market turn (collapses follow), nor a sale or
        pass that ends the sale turn."""
        if self.phase not in (MARKET, SALE, TIEBREAK) or self.current != seat:
            return False
        if self.step == SADDLE:
            return False
        after = self.after(seat, action)
        if after is None:
            return False
        return (
            (after.phase, after.round, after.pos, after.current)
            == (self.phase, self.round, self.pos, seat)
            and (len(after.tower), after.shuffles) == (len(self.tower), self.shuffles)
            and _face_down(after) == _face_down(self)
        )

    def determinize(self, seat: int, rng: random.Random) -> OffSeasonState:
        """D8: re-deal what ``seat`` cannot know, keeping everything it can see.

        Hidden cards (the Tower, face-down market goods, the cards left out with two
        players) are exchanged among themselves, within the group shuffled together
        (cards reshuffled from the discard pile are known to be in the new Tower) and
        keeping every visible back (the Tower's top, face-down goods). Other seats'
        sealed bids not yet revealed are drawn afresh, and later reshuffles too. Coins
        stay: every coin that changes hands is announced, so they follow from what
        everyone has seen, even where the view keeps them out of sight.
        """
        other = self.clone()
        other.seed, other.salt = rng.getrandbits(64), rng.getrandbits(64)
        if other.step == BID:
            for s, bid in enumerate(other.auction.bids):
                if s != seat and bid is not None:
                    other.auction.bids[s] = rng.randint(0, other.coins[s])
        last = other.last
        if last is not None and last["secret"] and last["seat"] != seat:
            other.last = {**last, "action": f"bid {other.auction.bids[last['seat']]}"}
        # Hidden places: (pile, index, visible back or None).
        places: list[tuple[list[int], int, str | None]] = []
        for i in range(len(other.tower)):
            top = i == len(other.tower) - 1
            places.append((other.tower, i, BACK_OF[other.tower[i]] if top else None))
        for market in other.markets:
            places += [(market.down, i, BACK_OF[c]) for i, c in enumerate(market.down)]
        places += [(other.out, i, None) for i in range(len(other.out))]
        groups: dict[int, list[tuple[list[int], int, str | None]]] = {}
        for place in places:
            groups.setdefault(other.epoch[place[0][place[1]]], []).append(place)
        for _, group in sorted(groups.items()):
            _redeal(group, rng)
        return other


def _redeal(group: list[tuple[list[int], int, str | None]], rng: random.Random) -> None:
    """Deal a reshuffle group's cards anew, uniformly among the deals keeping its backs.

    Back by back, the group's cards of that back are shuffled and dealt to the places
    showing it; what is left of every back is shuffled together for the places that
    show none. (Dealing one shuffled list, each place taking the first card that fits,
    would leave its front rich in the rarer backs for the places that show none.)
    """
    # From a fixed order, so the re-deal depends on rng alone, not on the true cards.
    cards = sorted(pile[i] for pile, i, _ in group)
    rest: list[int] = []
    for back in sorted({BACK_OF[c] for c in cards}):
        kind = [c for c in cards if BACK_OF[c] == back]
        rng.shuffle(kind)
        for pile, i, _ in (place for place in group if place[2] == back):
            pile[i] = kind.pop()
        rest += kind
    rng.shuffle(rest)
    for pile, i, _ in (place for place in group if place[2] is None):
        pile[i] = rest.pop()
