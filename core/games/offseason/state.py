"""A game of Camel Up Off Season: auctions, markets, loading, sales and the end.

Rules help and notation: ``docs/games/offseason.md``. Decisions D1-D8 of the
project's specification are cited where they apply; the component data is in
:mod:`core.games.offseason.cards`. This module holds the position, the Tower, the
round's start and end and the protocol; the phases are played by
:mod:`~core.games.offseason.auction`, :mod:`~core.games.offseason.market` and
:mod:`~core.games.offseason.sales`, refusals are explained by
:mod:`~core.games.offseason.refusals`, views built by :mod:`~core.games.offseason.view`
and actions read by :mod:`~core.games.offseason.notation`.

Seats sit clockwise in number order: the player "on the left" of seat ``s`` is
``s + 1``. Camels are named by their capacity (3, 4, 5, 6); markets by their
tile number (1-6). The Tower is a list whose last card is its top.
"""

from __future__ import annotations

import random
from typing import Any

from core.engine import IllegalAction, State
from core.games.offseason.auction import Auction, give_marker, open_bid, sealed_bid
from core.games.offseason.cards import (
    ALMS,
    BACK_OF,
    CAPACITIES,
    CARDS,
    ONCE_AROUND,
    ROTATION,
    SEALED,
    STANDARD,
    START_COINS,
    TILES,
    TYPE_OF,
    camel_index,
    codes,
)
from core.games.offseason.market import (
    Market,
    Turn,
    choose_market,
    chosen_market,
    close_market_turn,
    continue_loading,
    load_actions,
    load_camel,
    power_actions,
    saddle_targets,
    sort_discard,
    use_power,
)
from core.games.offseason.notation import parse
from core.games.offseason.refusals import why_not
from core.games.offseason.sales import begin_sale_turn, sale_actions, sale_step
from core.games.offseason.steps import (
    AUCTION,
    BID,
    CHOOSE,
    DISCARD,
    LOAD,
    MARKET,
    OPEN,
    OVER,
    POWER,
    SADDLE,
    SALE,
    TIEBREAK,
)

TWO_PLAYER_TOWER = 80
LOG_SIZE = 60


def _face_down(state: OffSeasonState) -> int:
    """How many goods lie face down on the markets."""
    return sum(len(market.down) for market in state.markets)


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
        self._log_shared = False  # the log is a clone's too: copy it before the next event
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
        if self._log_shared:
            self.log, self._log_shared = list(self.log), False
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

    def _emptycamel_index(self, seat: int, camel: int) -> None:
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
                up=codes(market.up),
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
            give_marker(self, (self.holder + 1) % self.players, ROTATION)
        else:
            poorest = min(self._clockwise(self.holder), key=self.coins.__getitem__)
            give_marker(self, poorest, ALMS)

    # ------------------------------------------------------------------ market phase

    # ------------------------------------------------------------------ sales

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
            begin_sale_turn(self)
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
            return power_actions(self, seat)
        if step == DISCARD:
            faces = set(codes(chosen_market(self).up))
            return sorted(["skip", *(f"discard {code}" for code in faces)])
        if step == LOAD:
            return load_actions(self, seat)
        if step == SADDLE:
            return sorted(
                ["skip", *(f"saddle {CAPACITIES[i]}" for i in saddle_targets(self, seat))]
            )
        return sale_actions(self, seat)

    def not_your_turn(self, seat: int) -> IllegalAction:
        """A seat that has made its sealed bid waits for the others'."""
        if self.step == BID and seat in range(self.players):
            return IllegalAction(
                "You have already bid; wait for the other players' bids.",
                key="offseason.already_bid",
            )
        return super().not_your_turn(seat)

    def _apply(self, seat: int, action: str) -> None:
        word, args = parse(action)
        if action not in self.legal_actions(seat):
            raise why_not(self, seat, word, args)
        self._now, self._auto = [], []
        was_bid = self.step == BID
        step = self.step
        if step == BID:
            sealed_bid(self, seat, args[0])
        elif step == OPEN:
            open_bid(self, seat, args[0] if word == "bid" else None)
        elif step == CHOOSE:
            choose_market(self, seat, args[0])
        elif step == POWER:
            use_power(self, seat, word, args)
        elif step == DISCARD:
            sort_discard(self, seat, word, args)
        elif step == LOAD:
            load_camel(self, seat, *args)
            continue_loading(self, seat)
        elif step == SADDLE:
            if word == "saddle":
                camel = camel_index(args[0])
                assert camel is not None
                self.saddled[seat][camel] = True
                self.tokens[seat] -= 1
                self._event("saddle", seat=seat, camel=args[0])
            close_market_turn(self, seat)
        else:
            sale_step(self, seat, word, args)
        revealed = any(e["event"] == "reveal" for e in self._now)
        self.last = {
            "seat": seat,
            "action": action,
            "secret": was_bid and not revealed,
            "auto": self._auto,
            "events": self._now,
        }
        self._now, self._auto = [], []

    # ------------------------------------------------------------------ results

    def scores(self) -> list[float]:
        """Per seat, coins (final once over; the tie-break sales are counted apart)."""
        return [float(c) for c in self.coins]

    def ranking(self) -> list[int]:
        """D7: most coins; among the players tied for the lead, the tie-break sales decide."""
        keys = list(zip(self.coins, self.tiebreak, strict=True))
        return [1 + sum(other > mine for other in keys) for mine in keys]

    # ------------------------------------------------------------------ views

    def view(self, seat: int | None, brief: bool = False) -> dict[str, Any]:
        """What ``seat`` sees; ``brief``: only the parts the bots read (a seat's, not a
        spectator's), each the same as in the whole view."""
        from core.games.offseason.view import brief_view, seat_view

        if brief and seat is not None:
            return brief_view(self, seat)
        return seat_view(self, seat)

    # ------------------------------------------------------------------ copies

    def clone(self) -> OffSeasonState:
        other = object.__new__(OffSeasonState)
        other.__dict__.update(self.__dict__)
        other.options = dict(self.options)
        other.out = list(self.out)
        other.tower = list(self.tower)
        other.discard = list(self.discard)
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
        other.epoch = list(self.epoch)
        # The log (the last LOG_SIZE events) is copied only when one of the two adds to
        # it: a search's playouts never read it. Its entries never change once logged.
        self._log_shared = other._log_shared = True
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
