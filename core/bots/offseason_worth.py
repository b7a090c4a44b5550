"""What goods are worth to the Off Season heuristic (:mod:`core.bots.offseason_heuristic`):
a camel's load sold greedily in legal lots, the first lot raised by the growth it
still has room for, the later lots delayed, everything faded towards the end.

The prices and the lot rules are the engine's (:mod:`core.games.offseason.cards`).

A search asks for the same worths again and again (the same caravans and goods come
back across its playouts), so :class:`Appraiser` remembers, per horizon, each camel's
worth and each caravan's worth after a taking (:class:`Loaded`), bounded in size: the
same numbers to the last bit as worked out afresh, sums taken in the same order.

>>> plan(("CB", "CG", "CR"), "lowest_only")
((6, 3),)
"""

from __future__ import annotations

import functools
import math
from collections.abc import Iterable
from itertools import permutations

from core.games.offseason.cards import (
    CAPACITIES,
    CARPET_PRICES,
    CARPETS,
    DATES,
    FACES,
    ORDER,
    VASE_PRICES,
    VASES,
    dates_price,
    legal_lots,
    price,
)
from core.games.offseason.cards import canonical as canonical_order
from core.games.offseason.notation import parse

DELAY = 0.7  # worth of each further lot of a camel, relative to the lot before
GROWTH = 2  # cards of its type a camel with room is expected to gain before it sells
HORIZON = 3.0  # rounds left at which growth, later lots and tokens count in full
TOKEN_WORTH = 1.0  # an unused +1 token
EMPTY = 0.1  # per place of room on an empty camel (keeps the big camels for later)
DATES_PER_CARD = 70 / 32  # dates shown on an average dates card

Camel = tuple[tuple[str, ...], bool]  # (codes in canonical order, +1 token)
Caravan = tuple[Camel, ...]
Goods = tuple[str, ...]  # codes in canonical order


def kind_of(codes: Iterable[str]) -> str | None:
    for code in codes:
        return FACES[code].type
    return None


def per_card(kind: str, cards: int) -> float:
    """The price per card of a typical lot of ``cards`` goods of ``kind``."""
    if kind == CARPETS:
        return CARPET_PRICES[cards] / cards
    if kind == VASES:
        return VASE_PRICES[cards] / cards
    if kind == DATES:
        return dates_price(round(DATES_PER_CARD * cards)) / cards
    return 1.0  # fruit: paid by value, not by the size of the lot


LARGEST = {CARPETS: len(CARPET_PRICES) - 1, VASES: len(VASE_PRICES) - 1}


def growth_ratio(kind: str, cards: int, room: int) -> float:
    """How much more per card a lot of ``cards`` earns after growing into ``room``."""
    grown = min(cards + min(GROWTH, max(room, 0)), LARGEST.get(kind, cards + GROWTH))
    if grown <= cards:
        return 1.0
    return per_card(kind, grown) / per_card(kind, cards)


@functools.lru_cache(maxsize=65536)
def plan(codes: tuple[str, ...], rule: str) -> tuple[tuple[int, int], ...]:
    """(price, cards) of each lot when ``codes`` are sold greedily, dearest lot first."""
    left = list(codes)
    lots = []
    while left:
        lot = max(legal_lots(left, rule), key=lambda lot: (price(lot), len(lot)))
        lots.append((price(lot), len(lot)))
        for code in lot:
            left.remove(code)
    return tuple(lots)


@functools.lru_cache(maxsize=65536)
def camel_worth(codes: tuple[str, ...], capacity: int, rule: str, h: float, delay: float) -> float:
    """What a camel's load is worth at horizon ``h`` (0: the last round, 1: far off)."""
    if not codes:
        return EMPTY * capacity * h
    if len(codes) > capacity:
        return 0.0  # it collapses
    kind = FACES[codes[0]].type
    worth, weight = 0.0, 1.0
    for i, (coins, cards) in enumerate(plan(codes, rule)):
        if i == 0:
            ratio = growth_ratio(kind, cards, capacity - len(codes))
            worth += coins * (1 + h * (ratio - 1))
        else:
            weight *= delay
            worth += weight * coins
    return worth


def lot_codes(action: str) -> tuple[str, ...]:
    """The cards of 'sell D1+D3' (read by the engine's notation)."""
    return parse(action)[1]


def without(codes: tuple[str, ...], lot: Iterable[str]) -> tuple[str, ...]:
    left = list(codes)
    for code in lot:
        left.remove(code)
    return tuple(left)


def canonical(codes: Iterable[str]) -> tuple[str, ...]:
    """``codes`` in the engine's canonical order, as a tuple (a camel of the model)."""
    return tuple(canonical_order(list(codes)))


# What is remembered is bounded (a few tens of MB at most in a bot's process): the camels
# and takings an appraiser keeps, the caravans it keeps them for, and the appraisers kept
# (one per horizon: a search meets a few, most of a game is at the horizon 1.0).
KEPT = 1 << 15
CARAVANS_KEPT = 1 << 12
HORIZONS_KEPT = 4
TYPE = {code: face.type for code, face in FACES.items()}


class Appraiser:
    """What caravans are worth at one horizon (``rule``, ``h``, ``delay``), remembered.

    The worth of a camel's load and of a caravan after taking some goods depend on
    nothing else, so the merchants of one horizon share an appraiser
    (:func:`appraiser`). Its answers are those of :func:`camel_worth` and of the
    plain definitions (every way of loading the new types tried, sums taken camel by
    camel in order), so they are the same numbers to the last bit."""

    def __init__(self, rule: str, h: float, delay: float) -> None:
        self.rule, self.h, self.delay = rule, h, delay
        self.camels: dict[tuple[tuple[str, ...], int], float] = {}
        self.loaded: dict[tuple[Caravan, int], Loaded] = {}
        self.takings = 0  # remembered by the caravans of ``loaded``

    def camel(self, codes: tuple[str, ...], capacity: int) -> float:
        """:func:`camel_worth` at this horizon."""
        key = (codes, capacity)
        worth = self.camels.get(key)
        if worth is None:
            if len(self.camels) >= KEPT:
                self.camels.clear()
            worth = self.camels[key] = camel_worth(codes, capacity, self.rule, self.h, self.delay)
        return worth

    def onto(self, caravan: Caravan, tokens: int) -> Loaded:
        """The caravan (with ``tokens`` unused) as goods are taken onto it."""
        key = (caravan, tokens)
        found = self.loaded.get(key)
        if found is None:
            if len(self.loaded) >= CARAVANS_KEPT:
                self.forget()
            found = self.loaded[key] = Loaded(self, caravan, tokens)
        return found

    def forget(self) -> None:
        """Start afresh (what is remembered is bounded)."""
        self.loaded.clear()
        self.takings = 0

    def worth(self, caravan: Caravan, tokens: int) -> float:
        """Unused +1 tokens and every camel's load (camels in order)."""
        return self.onto(caravan, tokens).worth

    def take(self, caravan: Caravan, tokens: int, goods: Goods) -> float:
        """:meth:`Loaded.take`."""
        return self.onto(caravan, tokens).take(goods)


class Loaded:
    """A caravan and its unused tokens as goods are taken onto it, and what it is worth
    after each taking asked for: the camel carrying each type, each camel's worth
    without and (with a token to place, for a loaded camel without one) with a token,
    the empty camels."""

    def __init__(self, appraiser: Appraiser, caravan: Caravan, tokens: int) -> None:
        camel = self.camel = appraiser.camel
        self.appraiser, self.caravan, self.tokens = appraiser, caravan, tokens
        self.taken: dict[Goods, float] = {}
        self.joined: dict[Goods, tuple[int, float, float | None]] = {}
        self.placed: dict[Goods, list[tuple[int, float, float | None]]] = {}
        self.carried: dict[str, int] = {}
        self.capacities = [CAPACITIES[i] + token for i, (_, token) in enumerate(caravan)]
        self.values = [
            camel(codes, c) for (codes, _), c in zip(caravan, self.capacities, strict=True)
        ]
        self.spare: list[float | None] = []
        self.empty: list[int] = []
        for i, (codes, token) in enumerate(caravan):
            if codes:
                self.carried.setdefault(TYPE[codes[0]], i)
            else:
                self.empty.append(i)
            self.spare.append(
                camel(codes, CAPACITIES[i] + 1) if tokens and codes and not token else None
            )
        self.kept = TOKEN_WORTH * appraiser.h * tokens
        self.less = TOKEN_WORTH * appraiser.h * (tokens - 1)
        self.worth = self.kept
        for value in self.values:
            self.worth += value

    def take(self, goods: Goods) -> float:
        """The worth after taking ``goods`` (in canonical order): each carried type joins its
        camel, each new one goes to the empty camel where they are worth most, and the
        best +1 token (or none) is placed; -inf when the new types outnumber the empty
        camels."""
        worth = self.taken.get(goods)
        if worth is None:
            if self.appraiser.takings >= KEPT:
                self.appraiser.forget()
                self.taken.clear()
            self.appraiser.takings += 1
            worth = self.taken[goods] = self._take(goods)
        return worth

    def _take(self, goods: Goods) -> float:
        values, spare = list(self.values), list(self.spare)
        news = []
        for kind, part in split(goods):
            if kind in self.carried:
                joined = self.joined.get(part)
                if joined is None:
                    joined = self.joined[part] = self._join(part)
                i, values[i], spare[i] = joined
            else:
                news.append(part)
        kept, less = self.kept, self.less
        if not news:
            return _settled(values, spare, kept, less)
        best = -math.inf
        if len(news) == 1:  # the common case: each empty camel in turn
            for i, value, with_token in self._places(news[0]):
                empty = values[i], spare[i]
                values[i], spare[i] = value, with_token
                worth = _settled(values, spare, kept, less)
                if worth > best:
                    best = worth
                values[i], spare[i] = empty
            return best
        places = [self._places(part) for part in news]
        for order in permutations(range(len(self.empty)), len(news)):
            leaf, alt = list(values), list(spare)
            for k, j in enumerate(order):
                i, leaf[i], alt[i] = places[k][j]
            worth = _settled(leaf, alt, kept, less)
            if worth > best:
                best = worth
        return best

    def _join(self, part: Goods) -> tuple[int, float, float | None]:
        """The camel carrying the type of ``part``, and its worth without and with a token
        once ``part`` has joined it (the latter None where no token may go)."""
        i = self.carried[TYPE[part[0]]]
        codes = tuple(sorted(self.caravan[i][0] + part, key=ORDER.__getitem__))
        with_token = None if self.spare[i] is None else self.camel(codes, CAPACITIES[i] + 1)
        return i, self.camel(codes, self.capacities[i]), with_token

    def _places(self, part: Goods) -> list[tuple[int, float, float | None]]:
        """Each empty camel and its worth loaded with ``part``, without and with a token."""
        places = self.placed.get(part)
        if places is None:
            camel, tokens = self.camel, self.tokens
            places = self.placed[part] = [
                (i, camel(part, CAPACITIES[i]), camel(part, CAPACITIES[i] + 1) if tokens else None)
                for i in self.empty
            ]
        return places


@functools.lru_cache(maxsize=1 << 14)
def split(goods: Goods) -> tuple[tuple[str, Goods], ...]:
    """``goods`` (in canonical order, so type by type) as (type, its goods) parts."""
    parts = []
    start, end = 0, len(goods)
    while start < end:
        kind, stop = TYPE[goods[start]], start + 1
        while stop < end and TYPE[goods[stop]] == kind:
            stop += 1
        parts.append((kind, goods[start:stop]))
        start = stop
    return tuple(parts)


def _settled(values: list[float], spare: list[float | None], kept: float, less: float) -> float:
    """The caravan's worth as it is or, better, with one more token on a camel of ``spare``
    (``kept`` and ``less``: the unused tokens' worth without and with that), summed camel
    by camel in order (the four camels written out: this is the heuristic's inner loop)."""
    v0, v1, v2, v3 = values
    s0, s1, s2, s3 = spare
    best = kept + v0 + v1 + v2 + v3
    if s0 is not None and (total := less + s0 + v1 + v2 + v3) > best:
        best = total
    if s1 is not None and (total := less + v0 + s1 + v2 + v3) > best:
        best = total
    if s2 is not None and (total := less + v0 + v1 + s2 + v3) > best:
        best = total
    if s3 is not None and (total := less + v0 + v1 + v2 + s3) > best:
        best = total
    return best


_APPRAISERS: dict[tuple[str, float, float], Appraiser] = {}


def appraiser(rule: str, h: float, delay: float) -> Appraiser:
    """The appraiser the merchants of this horizon share."""
    key = (rule, h, delay)
    found = _APPRAISERS.get(key)
    if found is None:
        if len(_APPRAISERS) >= HORIZONS_KEPT:
            _APPRAISERS.clear()
        found = _APPRAISERS[key] = Appraiser(rule, h, delay)
    return found
