"""Camel Up Off Season components: goods cards and their backs, market tiles, prices, lots.

The published component data is not public; these are the project's own numbers
(decision D2 of the specification). Every goods card has a *face* (its type and
attribute) written as a short code, and a *back* (the auction it calls):

========  =====  ==========================================================
type      cards  faces (code x copies)
========  =====  ==========================================================
dates     32     D1 x10, D2 x10, D3 x8, D4 x4 (the digit is the dates shown)
carpets   30     CR CB CG CY CP CW x5 (red, blue, green, yellow, purple, white)
vases     33     VA VJ VB x8, VAJ VAB VJB x3 (amphora, jug, bowl; two shapes)
fruit     32     F1 x10, F2 x9, F3 x8, F4 x5 (the digit is the value)
========  =====  ==========================================================

Each special auction is on the back of exactly one card of each type
(:data:`SPECIAL_FACES`); the other 107 backs are the standard sealed bid.

>>> len(CARDS), sum(card.back == STANDARD for card in CARDS)
(127, 107)
>>> price(["D3", "D4"]), price(["CR", "CB", "CG"]), price(["VA", "VAJ"]), price(["F2", "F2"])
(6, 6, 3, 4)
>>> [lot_text(lot) for lot in legal_lots(["F1", "F3", "F1"])]
['F1', 'F1+F1']
"""

from __future__ import annotations

import functools
from collections import Counter
from dataclasses import dataclass
from itertools import product

DATES, CARPETS, VASES, FRUIT = "dates", "carpets", "vases", "fruit"
TYPES = (DATES, CARPETS, VASES, FRUIT)

STANDARD, ONCE_AROUND, SECOND_PRICE = "standard", "once_around", "second_price"
ALL_PAY, ROTATION, ALMS = "all_pay", "rotation", "alms"
AUCTIONS = (STANDARD, ONCE_AROUND, SECOND_PRICE, ALL_PAY, ROTATION, ALMS)
SPECIALS = (ONCE_AROUND, SECOND_PRICE, ALL_PAY, ROTATION, ALMS)
SEALED = frozenset({STANDARD, SECOND_PRICE, ALL_PAY})

LOWEST_ONLY, LOWEST_PRICE = "lowest_only", "lowest_price"
FRUIT_RULES = (LOWEST_ONLY, LOWEST_PRICE)

COLOURS = {"R": "red", "B": "blue", "G": "green", "Y": "yellow", "P": "purple", "W": "white"}
SHAPES = {"A": "amphora", "J": "jug", "B": "bowl"}


@dataclass(frozen=True)
class Face:
    """What a goods card shows: its code, type, copies in the deck and attribute."""

    code: str
    type: str
    copies: int
    dates: int = 0  # dates shown (dates)
    colour: str = ""  # colour letter (carpets)
    shapes: str = ""  # shape letters (vases)
    value: int = 0  # value (fruit)


FACES: dict[str, Face] = {
    face.code: face
    for face in (
        Face("D1", DATES, 10, dates=1),
        Face("D2", DATES, 10, dates=2),
        Face("D3", DATES, 8, dates=3),
        Face("D4", DATES, 4, dates=4),
        *(Face("C" + c, CARPETS, 5, colour=c) for c in COLOURS),
        Face("VA", VASES, 8, shapes="A"),
        Face("VJ", VASES, 8, shapes="J"),
        Face("VB", VASES, 8, shapes="B"),
        Face("VAJ", VASES, 3, shapes="AJ"),
        Face("VAB", VASES, 3, shapes="AB"),
        Face("VJB", VASES, 3, shapes="JB"),
        Face("F1", FRUIT, 10, value=1),
        Face("F2", FRUIT, 9, value=2),
        Face("F3", FRUIT, 8, value=3),
        Face("F4", FRUIT, 5, value=4),
    )
}
CODES = tuple(FACES)  # the canonical order of codes (lots are written in it)
ORDER = {code: i for i, code in enumerate(CODES)}

# The face carrying each special back, one per goods type (dates, carpets, vases, fruit).
SPECIAL_FACES: dict[str, tuple[str, str, str, str]] = {
    ONCE_AROUND: ("D1", "CR", "VA", "F1"),
    SECOND_PRICE: ("D2", "CB", "VJ", "F2"),
    ALL_PAY: ("D3", "CG", "VB", "F3"),
    ROTATION: ("D4", "CY", "VAJ", "F4"),
    ALMS: ("D1", "CP", "VJB", "F1"),
}


@dataclass(frozen=True)
class Card:
    id: int
    code: str
    type: str
    back: str


def _deck() -> tuple[Card, ...]:
    cards: list[Card] = []
    for code, face in FACES.items():
        backs = [a for a in SPECIALS if code in SPECIAL_FACES[a]]
        backs += [STANDARD] * (face.copies - len(backs))
        cards.extend(Card(len(cards), code, face.type, back) for back in backs)
    return tuple(cards)


CARDS = _deck()
CODE_OF = tuple(card.code for card in CARDS)
TYPE_OF = tuple(card.type for card in CARDS)
BACK_OF = tuple(card.back for card in CARDS)

# ---------------------------------------------------------------------- market tiles

PURSE_2, PURSE_3, TOKEN, SUPPLY = "purse2", "purse3", "token", "supply"
SORT, QUICK_SALE, UNLOAD, REARRANGE = "sort", "quick_sale", "unload", "rearrange"
POWERS = (PURSE_2, PURSE_3, TOKEN, SUPPLY, SORT, QUICK_SALE, UNLOAD, REARRANGE)


@dataclass(frozen=True)
class Side:
    name: str  # "A" (blue, the setup side) or "B" (orange)
    colour: str
    up: int  # goods dealt face up
    down: int  # goods dealt face down
    power: str


def _tile(a: tuple[int, int, str], b: tuple[int, int, str]) -> tuple[Side, Side]:
    return Side("A", "blue", *a), Side("B", "orange", *b)


TILES: dict[int, tuple[Side, Side]] = {
    1: _tile((2, 0, PURSE_2), (1, 2, TOKEN)),
    2: _tile((2, 1, TOKEN), (2, 1, SUPPLY)),
    3: _tile((1, 2, SORT), (2, 0, QUICK_SALE)),
    4: _tile((3, 0, UNLOAD), (0, 3, PURSE_3)),
    5: _tile((2, 2, REARRANGE), (2, 1, SORT)),
    6: _tile((1, 1, QUICK_SALE), (3, 1, UNLOAD)),
}

CAPACITIES = (3, 4, 5, 6)  # every caravan: camel i carries CAPACITIES[i] goods
START_COINS = 5
SUPPLY_CARDS = 2

# ---------------------------------------------------------------------- prices

CARPET_PRICES = (0, 1, 3, 6, 10, 14, 19)
VASE_PRICES = (0, 1, 3, 6, 9, 13, 17, 21)


def dates_price(dates: int) -> int:
    """max(1, 0.6 D + 0.03 D^2 rounded half up), in whole numbers.

    >>> [dates_price(d) for d in (1, 2, 3, 4, 11, 12, 15, 25)]
    [1, 1, 2, 3, 10, 12, 16, 34]
    """
    return max(1, (60 * dates + 3 * dates * dates + 50) // 100)


def price(lot: list[str] | tuple[str, ...]) -> int:
    """The coins a legal lot (codes of one type) earns; fruit is paid at its lowest value."""
    faces = [FACES[code] for code in lot]
    kind = faces[0].type
    if kind == DATES:
        return dates_price(sum(f.dates for f in faces))
    if kind == CARPETS:
        return CARPET_PRICES[len(lot)]
    if kind == VASES:
        return VASE_PRICES[min(len(lot), len(VASE_PRICES) - 1)]
    return min(f.value for f in faces) * len(lot)


def lot_problem(
    load: list[str], lot: tuple[str, ...], fruit_rule: str = LOWEST_ONLY
) -> tuple[str, str] | None:
    """The sale restriction ``lot`` breaks, as (key, message), or None for a legal lot.

    ``load`` is the codes on the camel the lot comes from (all of one type).
    """
    kinds = {FACES[code].type for code in lot}
    if len(kinds) != 1:
        return "offseason.mixed_lot", "A lot is goods of one type, all from one camel."
    (kind,) = kinds
    have, want = Counter(load), Counter(lot)
    missing = sorted((want - have).elements(), key=ORDER.__getitem__)
    if missing:
        return (
            "offseason.not_on_camel",
            f"That camel does not carry {' and '.join(missing)} to sell.",
        )
    return restriction(load, lot, kind, fruit_rule)


def restriction(
    load: list[str] | tuple[str, ...], lot: tuple[str, ...], kind: str, fruit_rule: str
) -> tuple[str, str] | None:
    """The restriction of its type that ``lot`` breaks, as (key, message), or None: ``lot``
    is goods of ``kind`` the camel carrying ``load`` does carry."""
    if kind == CARPETS and len(set(lot)) != len(lot):
        return "offseason.carpet_colours", "A lot of carpets may not hold one colour twice."
    if kind == VASES:
        shared = set.intersection(*(set(FACES[code].shapes) for code in lot))
        if not shared:
            return (
                "offseason.vase_shape",
                "Every vase in a lot must show one same shape.",
            )
    if kind == FRUIT and fruit_rule == LOWEST_ONLY:
        lowest = min(FACES[code].value for code in load)
        if any(FACES[code].value != lowest for code in lot):
            return (
                "offseason.fruit_lowest",
                f"Only the cheapest fruit on the camel may be sold (value {lowest}).",
            )
    return None


def legal_lots(load: list[str], fruit_rule: str = LOWEST_ONLY) -> list[tuple[str, ...]]:
    """Every legal lot of the camel carrying ``load``, each in canonical code order."""
    return list(_legal_lots(tuple(load), fruit_rule))


@functools.lru_cache(maxsize=4096)
def _legal_lots(load: tuple[str, ...], fruit_rule: str) -> tuple[tuple[str, ...], ...]:
    """:func:`legal_lots`, remembered: every search asks about the same few loads."""
    counts = Counter(load)
    kinds = sorted(counts, key=ORDER.__getitem__)
    found = []
    for numbers in product(*(range(counts[k] + 1) for k in kinds)):
        lot = tuple(k for k, n in zip(kinds, numbers, strict=True) for _ in range(n))
        # As lot_problem, which these lots of the load's own goods can only break by
        # mixing types or by the restrictions of their type.
        types = {FACES[code].type for code in lot}
        if len(types) == 1 and restriction(load, lot, types.pop(), fruit_rule) is None:
            found.append(lot)
    return tuple(found)


def lot_text(lot: tuple[str, ...] | list[str]) -> str:
    return "+".join(lot)


def canonical(codes: list[str]) -> list[str]:
    return sorted(codes, key=ORDER.__getitem__)


def codes(cards: list[int]) -> list[str]:
    """The faces of these cards (by id), as codes."""
    return [CODE_OF[c] for c in cards]


def camel_index(capacity: int) -> int | None:
    """The camel (index in a caravan) of this capacity, or None."""
    return CAPACITIES.index(capacity) if capacity in CAPACITIES else None
