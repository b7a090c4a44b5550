"""What goods are worth to the Off Season heuristic (:mod:`core.bots.offseason_heuristic`):
a camel's load sold greedily in legal lots, the first lot raised by the growth it
still has room for, the later lots delayed, everything faded towards the end.

The prices and the lot rules are the engine's (:mod:`core.games.offseason.cards`).

>>> plan(("CB", "CG", "CR"), "lowest_only")
((6, 3),)
"""

from __future__ import annotations

import functools
from collections.abc import Iterable

from core.games.offseason.cards import (
    CARPET_PRICES,
    CARPETS,
    DATES,
    FACES,
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
