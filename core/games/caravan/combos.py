"""Caravans and bandits: what a play's cards make, comparing plays, the plays of a hand.

The notation of a play (``2MK+3MV``, ``1K+7SK@8``) is written and split in
``notation.py``; :func:`read_play` judges what it names by the rules.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations
from typing import NamedTuple

from core.engine import IllegalAction
from core.games.caravan.cards import ACE, CARDS, CROWN, SUITS, card_mask, sort_codes
from core.games.caravan.notation import PASS, format_play, parse_play

CARAVAN, BANDIT = "caravan", "bandit"

# Bandit levels, weakest first.
LONE_ACE, LONE_CROWN, MIXED_PAIR, MATCHED_PAIR = 1, 2, 3, 4


@dataclass(frozen=True)
class Combo:
    """A legal combination: a caravan (length and top rank) or a bandit (level)."""

    cards: tuple[str, ...]
    kind: str
    length: int = 0
    top: int = 0
    level: int = 0

    @property
    def notation(self) -> str:
        # Kept once written: a combination never changes, and searches ask for it often.
        text: str | None = self.__dict__.get("_notation")
        if text is None:
            wild = self.kind == CARAVAN and any(CARDS[c].is_wild for c in self.cards)
            text = format_play(self.cards, self.top if wild else None)
            object.__setattr__(self, "_notation", text)
        return text

    def beats(self, other: Combo) -> bool:
        """Whether this combination may answer ``other`` (D4, D5)."""
        if other.kind == BANDIT:
            return self.kind == BANDIT and self.level > other.level
        if self.kind == BANDIT:
            return True
        return self.length == other.length and self.top > other.top


def wild_range(option: str) -> tuple[int, int]:
    """The ranks a wild may stand for: ``"2-9"`` (default) or ``"1-10"``."""
    return (1, 10) if option == "1-10" else (2, 9)


def bandit_level(codes: tuple[str, ...]) -> int:
    """The bandit level of these cards, or 0 when they are no bandit."""
    cards = [CARDS[c] for c in codes]
    if not cards or not all(c.is_wild for c in cards):
        return 0
    if len(cards) == 1:
        return LONE_ACE if cards[0].rank == ACE else LONE_CROWN
    if len(cards) == 2 and {c.rank for c in cards} == {ACE, CROWN}:
        return MATCHED_PAIR if cards[0].suit == cards[1].suit else MIXED_PAIR
    return 0


def caravan_tops(codes: tuple[str, ...], ranks: tuple[int, int]) -> set[int]:
    """Every top rank these cards can be read as, as one caravan (empty: no caravan)."""
    cards = [CARDS[c] for c in codes]
    naturals = [c for c in cards if not c.is_wild]
    if not naturals:
        return set()
    if len(cards) == 1:
        return {naturals[0].rank}
    natural_ranks = [c.rank for c in naturals]
    if len(set(natural_ranks)) != len(natural_ranks):
        return set()
    low_limit, high_limit = ranks
    low, high, length = min(natural_ranks), max(natural_ranks), len(cards)
    tops: set[int] = set()
    for suit in SUITS:
        if not all(suit in c.suits for c in cards):
            continue
        for bottom in range(
            max(low_limit, high - length + 1), min(low, high_limit - length + 1) + 1
        ):
            tops.add(bottom + length - 1)
    return tops


def read_play(action: str, ranks: tuple[int, int]) -> Combo:
    """The combination an action names, or IllegalAction saying what is wrong with it.

    Only the canonical spelling is accepted (cards in deck order, ``@top`` exactly
    when a caravan holds a wild), so a stored record never holds two spellings of one play.
    Remembered (:data:`PLAYS_KEPT`), with the caravans listed for hands: a search reads the
    same plays over and over, and a combination is never changed (a refusal is raised again
    each time, never remembered).
    """
    combo = _plays.get((action, ranks))
    if combo is None:
        combo = _read_play(action, ranks)
        _know(combo, ranks)
    return combo


PLAYS_KEPT = 65_536
"""How many plays :func:`read_play` remembers before it starts afresh."""
_plays: dict[tuple[str, tuple[int, int]], Combo] = {}


def _know(combo: Combo, ranks: tuple[int, int]) -> None:
    """Remember a legal combination under its notation, for :func:`read_play`."""
    if len(_plays) >= PLAYS_KEPT:
        _plays.clear()
    _plays[(combo.notation, ranks)] = combo


def _read_play(action: str, ranks: tuple[int, int]) -> Combo:
    """:func:`read_play` worked out from the notation."""
    combo = _interpret(*parse_play(action), ranks)
    if combo.notation != action:
        raise IllegalAction(
            f"Write this play as {combo.notation}.",
            key="canonical",
            code="notation",
            canonical=combo.notation,
        )
    return combo


def _interpret(codes: tuple[str, ...], declared: int | None, ranks: tuple[int, int]) -> Combo:
    level = bandit_level(codes)
    if level:
        if declared is not None:
            raise IllegalAction(
                "A bandit has no top rank.", key="bandit_has_no_top", code="notation"
            )
        return Combo(codes, BANDIT, level=level)
    tops = caravan_tops(codes, ranks)
    if not tops:
        raise IllegalAction(
            "These cards are neither a caravan (one number card, or consecutive ranks "
            "sharing a suit) nor a bandit (an Ace, a Crown, or one of each).",
            key="not_a_combination",
        )
    has_wild = any(CARDS[c].is_wild for c in codes)
    if not has_wild:
        if declared is not None and declared != max(tops):
            raise IllegalAction(
                "Without a wild card the top rank is fixed.", key="bad_top", top=declared
            )
        return Combo(codes, CARAVAN, length=len(codes), top=max(tops))
    if declared is None:
        raise IllegalAction(
            "Say which run the wild cards make: add the top rank, like @8.",
            key="top_needed",
            code="notation",
        )
    if declared not in tops:
        raise IllegalAction(
            f"These cards cannot make a run topped by {declared}.",
            key="bad_top",
            top=declared,
        )
    return Combo(codes, CARAVAN, length=len(codes), top=declared)


def hand_caravans(
    hand: list[str], ranks: tuple[int, int], length: int | None = None
) -> list[Combo]:
    """Every caravan (with every reading) that the hand can play, in notation order; only
    of ``length`` if given."""
    if length is not None:
        return list(_caravans_of_length(tuple(hand), ranks, length))
    return list(caravans(tuple(hand), ranks).combos)


class Caravans(NamedTuple):
    """Every caravan of a hand in notation order: the combinations, the cards of each as a
    mask (:func:`~core.games.caravan.cards.card_mask`), and their notations."""

    combos: tuple[Combo, ...]
    masks: tuple[int, ...]
    notations: tuple[str, ...]


HANDS_KEPT = 4096
"""How many hands' caravans :func:`caravans` keeps before it starts afresh."""
_kept: dict[tuple[tuple[str, ...], tuple[int, int]], Caravans] = {}


def caravans(hand: tuple[str, ...], ranks: tuple[int, int]) -> Caravans:
    """Every caravan of ``hand``. Kept: a search lists the plays of the same hands again
    and again, and of hands that are others less the cards just played
    (:func:`after_play`); combinations never change."""
    key = (hand, ranks)
    found = _kept.get(key)
    if found is None:
        if len(_kept) >= HANDS_KEPT:
            _kept.clear()
        found = _kept[key] = caravans_afresh(hand, ranks)
    return found


def after_play(hand: tuple[str, ...], ranks: tuple[int, int], played: tuple[str, ...]) -> None:
    """Keep the caravans of ``hand`` less the ``played`` cards, when those of ``hand`` are
    kept: the ones that use none of them (no reading depends on the rest of the hand)."""
    before = _kept.get((hand, ranks))
    if before is None:
        return
    rest = tuple(c for c in hand if c not in played)
    if (rest, ranks) in _kept:
        return
    if len(_kept) >= HANDS_KEPT:
        _kept.clear()
    gone = card_mask(played)
    combos, masks, notations = before
    left = [i for i, cards in enumerate(masks) if not cards & gone]
    _kept[(rest, ranks)] = Caravans(
        tuple(combos[i] for i in left),
        tuple(masks[i] for i in left),
        tuple(notations[i] for i in left),
    )


@lru_cache(maxsize=1024)
def _caravans_of_length(
    hand: tuple[str, ...], ranks: tuple[int, int], length: int
) -> tuple[Combo, ...]:
    """The kept caravans of ``hand`` of one ``length``, remembered."""
    return tuple(c for c in caravans(hand, ranks).combos if c.length == length)


def caravans_afresh(hand: tuple[str, ...], ranks: tuple[int, int]) -> Caravans:
    """Every caravan of ``hand``, worked out from its cards."""
    found: dict[str, tuple[Combo, int]] = {}
    for code in hand:
        if not CARDS[code].is_wild:
            found[code] = _single(code)
    for suit in SUITS:
        naturals = tuple(c for c in hand if suit in CARDS[c].suits and not CARDS[c].is_wild)
        if naturals:
            wilds = tuple(c for c in hand if CARDS[c].is_wild and CARDS[c].suit == suit)
            found.update(suit_caravans(suit, naturals, wilds, ranks))
    notations = tuple(sorted(found))
    combos = tuple(found[n][0] for n in notations)
    return Caravans(combos, tuple(found[n][1] for n in notations), notations)


@lru_cache(maxsize=64)
def _single(code: str) -> tuple[Combo, int]:
    """A number card alone, as a caravan, and its mask."""
    return Combo((code,), CARAVAN, length=1, top=CARDS[code].rank), card_mask((code,))


@lru_cache(maxsize=8192)
def suit_caravans(
    suit: str, naturals: tuple[str, ...], wilds: tuple[str, ...], ranks: tuple[int, int]
) -> dict[str, tuple[Combo, int]]:
    """The runs of two cards or more in ``suit`` that these number cards and wilds of that
    suit make, by notation, each with its cards as a mask; the same few cards of a suit
    recur in many hands, so each suit's runs are worked out once. Only ever read."""
    found: dict[str, Combo] = {}
    low_limit, high_limit = ranks
    lengths = range(2, high_limit - low_limit + 2)
    natural_at = {CARDS[code].rank: code for code in naturals}
    # Naturals of this suit at or below each rank: a window's count in two lookups, so
    # the many windows that cannot be filled are passed over without building anything.
    below = [0] * (high_limit + 2)
    for rank in range(1, high_limit + 2):
        below[rank] = below[rank - 1] + (rank in natural_at)
    for size in lengths:
        for bottom in range(low_limit, high_limit - size + 2):
            present = below[bottom + size - 1] - below[bottom - 1]
            if not present or size - present > len(wilds):
                continue
            window = range(bottom, bottom + size)
            for combo in _window_fills(window, natural_at, list(wilds)):
                found[combo.notation] = combo
    for combo in found.values():
        _know(combo, ranks)
    return {notation: (combo, card_mask(combo.cards)) for notation, combo in found.items()}


def _window_fills(window: range, natural_at: dict[int, str], wilds: list[str]) -> list[Combo]:
    """The runs filling every rank of ``window`` from naturals, with wilds for the gaps."""
    combos: list[Combo] = []
    top, length = window[-1], len(window)
    present = [r for r in window if r in natural_at]
    missing = length - len(present)
    if not present or missing > len(wilds):
        return combos
    # A wild may also stand in for a natural that is in hand, keeping that card back.
    for extra in range(0, len(wilds) - missing + 1):
        for replaced in combinations(present, extra):
            kept = [natural_at[r] for r in present if r not in replaced]
            if not kept:
                continue
            for used in combinations(wilds, missing + extra):
                combos.append(Combo(tuple(sort_codes(kept + list(used))), CARAVAN, length, top))
    return combos


def hand_bandits(hand: list[str]) -> list[Combo]:
    """Every bandit the hand can play."""
    return list(_wild_bandits(tuple(c for c in hand if CARDS[c].is_wild)))


@lru_cache(maxsize=1024)
def _wild_bandits(hand: tuple[str, ...]) -> tuple[Combo, ...]:
    """:func:`hand_bandits` of a hand's Aces and Crowns, remembered."""
    aces = [c for c in hand if CARDS[c].rank == ACE]
    crowns = [c for c in hand if CARDS[c].rank == CROWN]
    singles = [(c,) for c in aces + crowns]
    pairs = [tuple(sort_codes([a, k])) for a in aces for k in crowns]
    return tuple(Combo(codes, BANDIT, level=bandit_level(codes)) for codes in singles + pairs)


@lru_cache(maxsize=4096)
def legal_plays(
    hand: tuple[str, ...], ranks: tuple[int, int], last: Combo | None
) -> tuple[str, ...]:
    """The actions of a merchant holding ``hand``, sorted: every caravan to lead a season
    (``last`` None), else every play beating ``last`` and ``pass``. Remembered: a search
    asks again and again about the same hands and the same plays to answer."""
    if last is None:
        return caravans(hand, ranks).notations
    plays = [c.notation for c in hand_bandits(list(hand)) if c.beats(last)]
    if last.kind == CARAVAN:
        every = caravans(hand, ranks)
        length, top = last.length, last.top
        plays += [
            notation
            for combo, notation in zip(every.combos, every.notations, strict=True)
            if combo.length == length and combo.top > top
        ]
    return tuple(sorted([*plays, PASS]))
