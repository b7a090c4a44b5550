"""The 36-card basic Decktet as Caravan uses it.

Every card has a short stable code: the rank (``1`` for an Ace, ``2``-``9``,
``N`` for a Crown) followed by its suit letters in the canonical suit order
Moons ``M``, Suns ``S``, Waves ``V``, Leaves ``L``, Wyrms ``Y``, Knots ``K``.
``7SK`` is the Castle, ``1M`` the Ace of Moons, ``NK`` the Crown of Knots.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import cached_property, lru_cache

SUITS: tuple[str, ...] = ("M", "S", "V", "L", "Y", "K")
SUIT_NAMES: dict[str, str] = {
    "M": "Moons",
    "S": "Suns",
    "V": "Waves",
    "L": "Leaves",
    "Y": "Wyrms",
    "K": "Knots",
}
ACE, CROWN = 1, 10


@dataclass(frozen=True, order=True)
class Card:
    """A Decktet card: rank 1 (Ace) to 10 (Crown) and one or two suits."""

    rank: int
    suits: tuple[str, ...]
    code: str
    name: str

    # Cached: the bots' rollouts ask these of the same 36 cards millions of times.
    @cached_property
    def is_wild(self) -> bool:
        """Aces and Crowns: wild in caravans, and the only cards of bandits."""
        return self.rank in (ACE, CROWN)

    @cached_property
    def suit(self) -> str:
        """The single suit of an Ace or a Crown."""
        return self.suits[0]


_NUMBER_CARDS: tuple[tuple[int, str, str], ...] = (
    (2, "MK", "The Author"),
    (2, "SY", "The Desert"),
    (2, "VL", "The Origin"),
    (3, "MV", "The Journey"),
    (3, "SK", "The Painter"),
    (3, "LY", "The Savage"),
    (4, "MS", "The Mountain"),
    (4, "VL", "The Sailor"),
    (4, "YK", "The Battle"),
    (5, "ML", "The Forest"),
    (5, "SV", "The Discovery"),
    (5, "YK", "The Soldier"),
    (6, "MV", "The Lunatic"),
    (6, "SY", "The Penitent"),
    (6, "LK", "The Market"),
    (7, "ML", "The Chance Meeting"),
    (7, "SK", "The Castle"),
    (7, "VY", "The Cave"),
    (8, "MS", "The Diplomat"),
    (8, "VL", "The Mill"),
    (8, "YK", "The Betrayal"),
    (9, "MS", "The Pact"),
    (9, "VY", "The Darkness"),
    (9, "LK", "The Merchant"),
)
_CROWN_NAMES: dict[str, str] = {
    "M": "The Huntress",
    "S": "The Bard",
    "V": "The Sea",
    "L": "The End",
    "Y": "The Calamity",
    "K": "The Windfall",
}


def _build_deck() -> tuple[Card, ...]:
    aces = [Card(ACE, (s,), f"1{s}", f"Ace of {SUIT_NAMES[s]}") for s in SUITS]
    numbers = [Card(r, tuple(s), f"{r}{s}", name) for r, s, name in _NUMBER_CARDS]
    crowns = [Card(CROWN, (s,), f"N{s}", _CROWN_NAMES[s]) for s in SUITS]
    return tuple(aces + numbers + crowns)


DECK: tuple[Card, ...] = _build_deck()
CARDS: dict[str, Card] = {card.code: card for card in DECK}
WILD_CODES: tuple[str, ...] = tuple(c.code for c in DECK if c.is_wild)
NUMBER_CODES: tuple[str, ...] = tuple(c.code for c in DECK if not c.is_wild)
_ORDER: dict[str, int] = {card.code: i for i, card in enumerate(DECK)}
BITS: dict[str, int] = {card.code: 1 << i for i, card in enumerate(DECK)}


def card_mask(codes: Iterable[str]) -> int:
    """Some cards as a mask: the bit of each card's place in :data:`DECK`.

    >>> card_mask(["1M", "1S"]), card_mask([])
    (3, 0)
    """
    return sum(map(BITS.__getitem__, codes))


def sort_codes(codes: list[str] | tuple[str, ...] | set[str] | frozenset[str]) -> list[str]:
    """Codes in deck order: Aces, then number cards by rank, then Crowns."""
    return sorted(codes, key=_ORDER.__getitem__)


def suit_value(code: str, crowns: set[str], aces: set[str]) -> int:
    """What a collected card scores: +1 per indicator-Crown suit, -1 per indicator-Ace suit.

    >>> suit_value("9MS", crowns={"M"}, aces={"S"})
    0
    >>> suit_value("8VL", crowns={"V", "L"}, aces=set())
    2
    """
    suits = set(CARDS[code].suits)
    return len(suits & crowns) - len(suits & aces)


@lru_cache(maxsize=64)
def indicated_values(indicators: tuple[str, ...]) -> dict[str, int]:
    """What collecting each card of the deck scores under these indicator cards (a Crown
    marks its suit good, an Ace bad); shared by every hand with the same indicators, and
    only ever read.

    >>> indicated_values(("NV", "1M"))["6MV"], indicated_values(("NV", "1M"))["5SV"]
    (0, 1)
    """
    crowns = {CARDS[c].suit for c in indicators if CARDS[c].rank != ACE}
    aces = {CARDS[c].suit for c in indicators if CARDS[c].rank == ACE}
    return {card.code: suit_value(card.code, crowns, aces) for card in DECK}
