"""One seat of Off Season as the heuristic (:mod:`core.bots.offseason_heuristic`) sees it:
:class:`Merchant`, its caravan and the markets of its view, the goods it has not
seen sampled, and its judgement of every step -- the markets and their powers,
loading, the +1 token, the sales, the auctions. What goods are worth is
:mod:`core.bots.offseason_worth`.
"""

from __future__ import annotations

import functools
import math
import random
from collections import Counter
from collections.abc import Iterable
from itertools import chain
from typing import Any

from core.bots.offseason_worth import (
    DELAY,
    HORIZON,
    Caravan,
    Goods,
    appraiser,
    canonical,
    growth_ratio,
    kind_of,
    lot_codes,
    plan,
    without,
)
from core.games.offseason import notation
from core.games.offseason.cards import (
    ALL_PAY,
    CAPACITIES,
    CODES,
    FACES,
    ORDER,
    QUICK_SALE,
    REARRANGE,
    SECOND_PRICE,
    SORT,
    SPECIAL_FACES,
    SUPPLY,
    SUPPLY_CARDS,
    TOKEN,
    UNLOAD,
    legal_lots,
    price,
)
from core.games.offseason.market import PURSE

SAMPLES = 8  # draws of a market's face-down goods
QUICK_LOTS = 2  # quick-sale lots tried per camel when valuing a market
SHARE = 0.5  # of the worth of choosing first, bid in a standard sealed auction
SHARE_SECOND = 0.8  # ... when the winner pays the next bid below
SHARE_ALL_PAY = 0.25  # ... when everybody pays
SHARE_OPEN = 0.5  # ... raised to in the once-around auction
PASS = 0.25  # a sale scoring no more than this is not worth the goods
LATER = 0.01  # the round before the last: per coin of a lot that would sell next round too
TIE = 1e-9
PER_ROUND = 3  # goods a chosen market is refilled with, on average


class Merchant:
    """One seat's caravan and the markets as its view shows them, and what it can do;
    ``samples``: draws of a market's face-down goods (:data:`SAMPLES`, fewer in the quick
    rollout policy)."""

    def __init__(
        self, view: dict[str, Any], seat: int, rng: random.Random, samples: int = SAMPLES
    ) -> None:
        self.view = view
        self.seat = seat
        self.rng = rng
        self.sample_count = samples  # draws of a market's face-down goods
        self.rule: str = view["options"]["fruit_rule"]
        mine = view["caravans"][seat]
        self.coins: int = mine["coins"] or 0
        self.tokens: int = mine["tokens"]
        self.caravan: Caravan = tuple(
            (canonical(c["cards"]), bool(c["token"])) for c in mine["camels"]
        )
        self.markets = {m["tile"]: m for m in view["markets"]}
        self.last = bool(view["last_round"])
        players = view["players"]
        if self.last or view["phase"] == "tiebreak":
            rounds_left = 0.0
        elif view["end_triggered"]:
            rounds_left = 1.0
        else:
            rounds_left = 1.0 + view["tower"] / (PER_ROUND * players)
        self.rounds_left = rounds_left
        self.h = min(1.0, rounds_left / HORIZON)
        self.delay = 0.0 if self.last else DELAY * min(1.0, rounds_left)
        self.can_draw = view["tower"] > 0 or view["discard"] > 0
        self.appraiser = appraiser(self.rule, self.h, self.delay)

    # ------------------------------------------------------------------ unseen goods

    def unseen(self) -> list[str]:
        """The codes of every card this seat has not seen (Tower, face down, left out)."""
        view = self.view
        parts = [market["face_up"] for market in view["markets"]]
        parts += [camel["cards"] for caravan in view["caravans"] for camel in caravan["camels"]]
        if view["turn"] is not None:
            parts += view["turn"]["pending"].values()
        seen = Counter(chain.from_iterable(parts))
        for code, count in view["discarded"].items():
            seen[code] += count
        pool: list[str] = []
        for code, face in FACES.items():
            left = face.copies - seen[code]
            if left > 0:
                pool += [code] * left
        return pool

    @functools.cached_property
    def pool(self) -> list[str]:
        """:meth:`unseen`, worked out when first drawn from."""
        return self.unseen()

    def draw(self, backs: list[str | None]) -> list[str]:
        """Codes for hidden cards with these backs (None: not known), sampled from the pool
        without replacement (a special back is one of the four faces that carry it)."""
        if len(backs) == 1 and backs[0] not in SPECIAL_FACES and self.pool:
            return [self.pool[self.rng.randrange(len(self.pool))]]  # as below, without a copy
        pool = list(self.pool)
        drawn = []
        for back in backs:
            faces = SPECIAL_FACES.get(back or "")
            if faces:
                weights = [pool.count(c) + 0.1 for c in faces]
                code = self.rng.choices(faces, weights)[0]
                if code in pool:
                    pool.remove(code)
            elif pool:
                k = self.rng.randrange(len(pool))
                code, pool[k] = pool[k], pool[-1]
                pool.pop()
            else:
                code = self.rng.choice(CODES)
            drawn.append(code)
        return drawn

    def samples(self, market: dict[str, Any], supply: bool) -> list[list[str]]:
        """Goods the market may hold (face up and sampled face down), with two extra
        cards at the end when ``supply`` (the first one with the Tower's top back)."""
        backs: list[str | None] = list(market["face_down_backs"])
        if supply:
            backs += [self.view["top_back"]] + [None] * (SUPPLY_CARDS - 1)
        if not backs:
            return [list(market["face_up"])]
        return [list(market["face_up"]) + self.draw(backs) for _ in range(self.sample_count)]

    # ------------------------------------------------------------------ worth

    def worth(self, caravan: Caravan, tokens: int) -> float:
        return self.appraiser.worth(caravan, tokens)

    def settle(self, caravan: Caravan, tokens: int) -> float:
        """The worth after the best +1 token (or none) and the collapse check."""
        best = self.worth(caravan, tokens)
        if tokens:
            for i, (codes, token) in enumerate(caravan):
                if codes and not token:
                    saddled = list(caravan)
                    saddled[i] = (codes, True)
                    best = max(best, self.worth(tuple(saddled), tokens - 1))
        return best

    def assign(self, caravan: Caravan, tokens: int, new: dict[str, tuple[str, ...]]) -> float:
        """The best worth once every new type has an empty camel of its own."""
        if not new:
            return self.settle(caravan, tokens)
        kind = next(iter(new))
        rest = {k: v for k, v in new.items() if k != kind}
        best = -math.inf
        for i, (codes, _) in enumerate(caravan):
            if not codes:
                loaded = list(caravan)
                loaded[i] = (new[kind], False)
                best = max(best, self.assign(tuple(loaded), tokens, rest))
        return best

    def take(self, caravan: Caravan, tokens: int, goods: Iterable[str]) -> float:
        """The worth after taking ``goods``: carried types join their camel, new ones
        go where they are worth most (:meth:`Appraiser.take`, which remembers it for the
        merchants of this horizon, whose options often come to the same goods)."""
        return self.appraiser.take(caravan, tokens, canonical(goods))

    # ------------------------------------------------------------------ powers

    def sold(self, caravan: Caravan, lot: tuple[str, ...]) -> Caravan:
        kind = FACES[lot[0]].type
        out = list(caravan)
        for i, (codes, token) in enumerate(caravan):
            if codes and kind_of(codes) == kind:
                left = without(codes, lot)
                out[i] = (left, token and bool(left))
        return tuple(out)

    def emptied(self, caravan: Caravan, camel: int) -> Caravan:
        out = list(caravan)
        out[CAPACITIES.index(camel)] = ((), False)
        return tuple(out)

    def swapped(self, caravan: Caravan, a: int, b: int) -> Caravan | None:
        i, j = CAPACITIES.index(a), CAPACITIES.index(b)
        out = list(caravan)
        out[i], out[j] = caravan[j], caravan[i]
        for k in (i, j):
            codes, token = out[k]
            if len(codes) > CAPACITIES[k] + token:
                return None
        return tuple(out)

    def power_options(self, power: str) -> list[str]:
        """The actions the power would offer this seat now (as the engine lists them)."""
        options = ["skip"]
        if power in PURSE:
            options.append("purse")
        elif power == TOKEN:
            options.append("token")
        elif power == SUPPLY:
            if self.can_draw:
                options.append("supply")
        elif power == SORT:
            options.append("sort")
        elif power == QUICK_SALE:
            for codes, _ in self.caravan:
                if codes:
                    lots = sorted(
                        legal_lots(list(codes), self.rule),
                        key=lambda lot: (-price(lot), -len(lot)),
                    )
                    options += [notation.sell(lot) for lot in lots[:QUICK_LOTS]]
        elif power == UNLOAD:
            options += [
                notation.unload(CAPACITIES[i]) for i, (c, _) in enumerate(self.caravan) if c
            ]
        elif power == REARRANGE:
            options += [
                notation.swap(a, b)
                for i, a in enumerate(CAPACITIES)
                for b in CAPACITIES[i + 1 :]
                if (self.caravan[i][0] or self.caravan[CAPACITIES.index(b)][0])
                and self.swapped(self.caravan, a, b) is not None
            ]
        return options

    def option_value(self, action: str, power: str, goods: list[str], supplied: int) -> float:
        """Coins and worth after ``action`` of the power and taking ``goods``, whose last
        ``supplied`` cards are what Supply +2 would draw."""
        base = canonical(goods[: len(goods) - supplied])
        return self.option_total(action, power, [base], [canonical(goods)])

    def option_total(
        self, action: str, power: str, bases: list[Goods], goods: list[Goods]
    ) -> float:
        """:meth:`option_value` of ``action`` summed over samples, in order: ``bases`` the
        goods taken, ``goods`` the same with what Supply +2 would draw (canonical order)."""
        caravan, tokens, onto = self.caravan, self.tokens, self.appraiser.onto
        word, args = notation.parse(action)
        coins, after, kept, taken = 0, caravan, tokens, bases
        if word == "purse":
            coins = PURSE[power]
        elif word == "token":
            kept = tokens + 1
        elif word == "supply":
            taken = goods
        elif word == "sort":
            take = onto(caravan, tokens).take
            return sum(
                max([take(base)] + [take(without(base, [c])) for c in set(base)]) for base in bases
            )
        elif word == "sell":
            coins, after = price(args), self.sold(caravan, args)
        elif word == "unload":
            after = self.emptied(caravan, args[0])
        elif word == "swap":
            swapped = self.swapped(caravan, *args)
            if swapped is None:
                return -math.inf
            after = swapped
        take = onto(after, kept).take
        if coins:
            return sum([coins + worth for worth in map(take, taken)])
        return sum(map(take, taken))

    def power_values(self, market: dict[str, Any], actions: list[str]) -> list[float]:
        """Each power action's mean value over samples of the market's hidden goods."""
        power = market["power"]
        supply = power == SUPPLY and "supply" in actions
        drawn = self.samples(market, supply)
        supplied = SUPPLY_CARDS if supply else 0
        order = ORDER.__getitem__
        goods = [tuple(sorted(g, key=order)) for g in drawn]
        bases = goods
        if supplied:
            bases = [tuple(sorted(g[: len(g) - supplied], key=order)) for g in drawn]
        return [self.option_total(a, power, bases, goods) / len(drawn) for a in actions]

    # ------------------------------------------------------------------ steps

    def market_value(self, tile: int) -> float:
        """Coins and the gain in worth from choosing market ``tile`` now."""
        market = self.markets[tile]
        options = self.power_options(market["power"])
        coins: int = market["coins"]
        return (
            coins + max(self.power_values(market, options)) - self.worth(self.caravan, self.tokens)
        )

    def step_scores(self, step: str, actions: list[str]) -> list[float] | None:
        """The score of each action at ``step`` (higher is better; None: a step not scored)."""
        scorer = {
            "choose": lambda acts: [self.market_value(notation.parse(a)[1][0]) for a in acts],
            "power": self.power_scores,
            "discard": self.discard_scores,
            "load": self.load_scores,
            "saddle": self.saddle_scores,
            "sell": self.sale_scores,
        }.get(step)
        return None if scorer is None else scorer(actions)

    def power_scores(self, actions: list[str]) -> list[float]:
        turn = self.view["turn"]
        return self.power_values(self.markets[turn["market"]], actions)

    def discard_scores(self, actions: list[str]) -> list[float]:
        goods = self.markets[self.view["turn"]["market"]]["face_up"]
        scores = []
        for action in actions:
            kept = goods if action == "skip" else without(tuple(goods), notation.parse(action)[1])
            scores.append(self.take(self.caravan, self.tokens, kept))
        return scores

    def load_scores(self, actions: list[str]) -> list[float]:
        pending = {k: canonical(v) for k, v in self.view["turn"]["pending"].items()}
        scores = []
        for action in actions:
            kind, camel = notation.parse(action)[1]
            loaded = list(self.caravan)
            loaded[CAPACITIES.index(int(camel))] = (pending[kind], False)
            rest = {k: v for k, v in pending.items() if k != kind}
            after = self.appraiser.onto(tuple(loaded), self.tokens)
            if any(k in after.carried for k in rest):  # not in a game: pending types are new
                scores.append(self.assign(tuple(loaded), self.tokens, rest))
            else:  # each pending type to an empty camel, as a taking does
                scores.append(after.take(canonical(c for codes in rest.values() for c in codes)))
        return scores

    def saddle_scores(self, actions: list[str]) -> list[float]:
        scores = []
        for action in actions:
            if action == "skip":
                scores.append(self.worth(self.caravan, self.tokens))
                continue
            saddled = list(self.caravan)
            i = CAPACITIES.index(notation.parse(action)[1][0])
            saddled[i] = (saddled[i][0], True)
            scores.append(self.worth(tuple(saddled), self.tokens - 1))
        return scores

    def sale_scores(self, actions: list[str]) -> list[float]:
        multi = self.last or self.view["phase"] == "tiebreak"
        penultimate = not multi and self.view["end_triggered"]
        scores = []
        for action in actions:
            if action == "pass":
                scores.append(PASS if not (multi or penultimate) else -TIE)
                continue
            lot = lot_codes(action)
            coins = price(lot)
            if multi:
                scores.append(coins + TIE * len(lot))
                continue
            kind = FACES[lot[0]].type
            i = next(i for i, (c, _) in enumerate(self.caravan) if c and kind_of(c) == kind)
            codes, token = self.caravan[i]
            if penultimate:  # every camel sells its best lot next round
                after = without(codes, lot)
                best_after = plan(after, self.rule)[0][0] if after else 0
                gain = coins + best_after - plan(codes, self.rule)[0][0]
                scores.append(gain + LATER * coins)  # selling now also makes room
                continue
            room = CAPACITIES[i] + token - len(codes)
            ratio = growth_ratio(kind, len(lot), room)
            scores.append(coins - self.h * coins * (ratio - 1))
        return scores

    # ------------------------------------------------------------------ auction

    def first_choice(self) -> float:
        """What choosing first is worth over choosing when someone else won."""
        values = sorted(
            (self.market_value(m["tile"]) for m in self.view["markets"] if m["chosen_by"] is None),
            reverse=True,
        )
        if len(values) < 2:
            return 0.0
        n, players = len(values), self.view["players"]
        expected = []
        for winner in range(players):
            if winner == self.seat:
                continue
            before = (self.seat - winner) % players  # others choosing before this seat
            left = n - before
            total = math.comb(n, left)
            expected.append(
                sum(values[i] * math.comb(n - 1 - i, left - 1) / total for i in range(n - left + 1))
            )
        return max(0.0, values[0] - sum(expected) / len(expected))

    def sealed_bid(self, actions: list[str]) -> str:
        kind = self.view["auction"]["type"]
        share = {SECOND_PRICE: SHARE_SECOND, ALL_PAY: SHARE_ALL_PAY}.get(kind, SHARE)
        wanted = share * self.first_choice() + self.rng.random() - 0.5
        bid = max(0, min(self.coins, round(wanted)))
        return notation.bid(bid) if notation.bid(bid) in actions else notation.bid(0)

    def open_bid(self, actions: list[str]) -> str:
        raise_to = self.view["auction"]["open"]["best"] + 1
        if raise_to <= SHARE_OPEN * self.first_choice() and notation.bid(raise_to) in actions:
            return notation.bid(raise_to)
        return "pass" if "pass" in actions else actions[0]
