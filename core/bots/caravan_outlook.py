"""The Caravan heuristic's outlook: the opponent's hands sampled among the cards a seat has
not seen, and how often they top a caravan or out-bid a bandit.

The samples are those ``random.Random.sample`` draws, with the same random numbers: with a
``random.Random`` generator and a population small enough for ``sample``'s pool method (always
so in Caravan), :func:`owners` replays that method with ``getrandbits`` alone, which skips
``sample``'s checks and its calls per draw (about three times faster); with anything else it
calls ``sample`` itself. Either way the heuristic's choices and its use of the generator are
those of sampling each hand with ``sample``.

How many hands are sampled is the caller's (:data:`SAMPLES` for the heuristic; its quick
rollout form draws fewer). The samples are kept *sliced by card*: per card, a mask of the
samples that hold it (bit ``s`` for sample ``s``), so one pass over the windows of ranks a
caravan can fill answers for every sample at once, where a pass per sample over the deck's
caravans did before.
"""

from __future__ import annotations

import random
from functools import lru_cache
from math import ceil, log

from core.games.caravan.cards import ACE, CROWN, DECK, SUITS
from core.games.caravan.combos import Combo

SAMPLES = 32  # opponent hands sampled per decision (the heuristic's; quick rollouts take fewer)
NO_CARD = len(DECK)  # a card index nobody holds: a rank of a window without a number card
INDEX: dict[str, int] = {card.code: i for i, card in enumerate(DECK)}
_ACE_AT = tuple(INDEX[f"1{suit}"] for suit in SUITS)
_CROWN_AT = tuple(INDEX[f"N{suit}"] for suit in SUITS)

Window = tuple[int, int, int, tuple[int, ...], int, int]
"""A run a caravan of some length can be read as: its top, the mask of its number cards, the
mask of its suit's Ace and Crown, the index of the number card at each of its ranks
(:data:`NO_CARD` where its suit has none), and the indices of that Ace and Crown."""


@lru_cache(maxsize=4)
def windows(ranks: tuple[int, int]) -> dict[int, tuple[Window, ...]]:
    """Per length, every run of the deck a caravan of that length can be read as.

    Some cards hold a caravan of length ``n`` with top ``t`` exactly when, for some suit and
    the run of ``n`` ranks up to ``t`` (within the wild range when ``n`` > 1), they hold one
    of its number cards at least, and as many of that suit's Ace and Crown as it misses
    (``combos.hand_caravans``: a wild may stand in for any rank of its suit)."""
    low, high = ranks
    number_at = {
        (suit, card.rank): i
        for i, card in enumerate(DECK)
        if not card.is_wild
        for suit in card.suits
    }
    found: dict[int, list[Window]] = {
        1: [(card.rank, 1 << i, 0, (i,), NO_CARD, NO_CARD) for i, card in enumerate(DECK)]
    }
    found[1] = [w for w in found[1] if not DECK[w[3][0]].is_wild]
    for length in range(2, high - low + 2):
        found[length] = []
        for s, suit in enumerate(SUITS):
            ace, crown = _ACE_AT[s], _CROWN_AT[s]
            for bottom in range(low, high - length + 2):
                cards = tuple(
                    number_at.get((suit, r), NO_CARD) for r in range(bottom, bottom + length)
                )
                numbers = sum(1 << i for i in cards if i != NO_CARD)
                wild = (1 << ace) | (1 << crown)
                found[length].append((bottom + length - 1, numbers, wild, cards, ace, crown))
    return {length: tuple(runs) for length, runs in found.items()}


def pooled(population: int, k: int) -> bool:
    """Whether ``random.Random.sample`` draws ``k`` of ``population`` by its pool method."""
    setsize = 21
    if k > 5:
        setsize += 4 ** ceil(log(k * 3, 4))
    return population <= setsize


def owners(
    rng: random.Random,
    numbers: list[int],
    held_numbers: int,
    wilds: list[int],
    held_wilds: int,
    *,
    bandits_only: bool = False,
    samples: int = SAMPLES,
) -> list[int]:
    """Per card index, the samples holding it: ``samples`` hands, each ``held_numbers`` of
    ``numbers`` then ``held_wilds`` of ``wilds`` drawn as ``rng.sample`` would draw them.
    With ``bandits_only`` the number cards are drawn (the generator moves on alike) but not
    marked: only the Aces and Crowns held count."""
    held = [0] * (NO_CARD + 1)
    if not (
        type(rng) is random.Random
        and pooled(len(numbers), held_numbers)
        and pooled(len(wilds), held_wilds)
    ):
        for s in range(samples):
            for i in rng.sample(numbers, held_numbers) + rng.sample(wilds, held_wilds):
                held[i] |= 1 << s
        return held
    # sample's pool method: draw j below m by rejection on m's bit length (_randbelow), take
    # pool[j] and fill its place with the last card still in the pool. What is left in the
    # pool is what the sample lacks: marked instead of what it takes when that is fewer.
    bits = rng.getrandbits
    lacking = [0] * (NO_CARD + 1)
    plans = []
    for cards, k in ((numbers, held_numbers), (wilds, held_wilds)):
        n = len(cards)
        steps = [(m, m.bit_length(), m - 1) for m in range(n, n - k, -1)]
        skip = bandits_only and cards is numbers  # drawn, never marked
        plans.append((cards, steps, n - k, _SKIP if skip else _TAKE if k <= n - k else _LACK))
    for s in range(samples):
        sample = 1 << s
        for cards, steps, left, mode in plans:
            if mode == _TAKE:
                pool = cards[:]
                for m, width, last in steps:
                    j = bits(width)
                    while j >= m:
                        j = bits(width)
                    held[pool[j]] |= sample
                    pool[j] = pool[last]
            elif mode == _LACK:
                pool = cards[:]
                for m, width, last in steps:
                    j = bits(width)
                    while j >= m:
                        j = bits(width)
                    pool[j] = pool[last]
                for i in pool[:left]:
                    lacking[i] |= sample
            else:
                # Which cards are drawn does not change how many numbers are drawn.
                for m, width, _ in steps:
                    j = bits(width)
                    while j >= m:
                        j = bits(width)
    every = (1 << samples) - 1
    for cards, _, _, mode in plans:
        if mode == _LACK:
            for i in cards:
                held[i] = every ^ lacking[i]
    return held


_TAKE, _LACK, _SKIP = 0, 1, 2  # how owners marks a pool: what is taken, what is left, nothing


class Outlook:
    """The opponent's best answers in hands sampled among the cards not seen.

    ``unseen`` holds the unseen number cards' and wilds' indices in deck order, and all of
    them as a mask; the opponent holds ``held`` of each (numbers, wilds). With
    ``bandits_only`` it answers :meth:`can_outbid` alone, a little sooner. It draws
    ``samples`` hands (:data:`SAMPLES` for the heuristic; fewer answer more roughly, sooner)."""

    def __init__(
        self,
        ranks: tuple[int, int],
        unseen: tuple[list[int], list[int], int],
        held: tuple[int, int],
        rng: random.Random,
        *,
        bandits_only: bool = False,
        samples: int = SAMPLES,
    ) -> None:
        numbers, wilds, self._unseen = unseen
        self._held = held_by = owners(
            rng, numbers, held[0], wilds, held[1], bandits_only=bandits_only, samples=samples
        )
        self._samples, self._every = samples, (1 << samples) - 1
        self._bandits_only = bandits_only
        self._ranks = ranks
        aces = crowns = matched = 0
        for ace, crown in zip(_ACE_AT, _CROWN_AT, strict=True):
            aces |= held_by[ace]
            crowns |= held_by[crown]
            matched |= held_by[ace] & held_by[crown]
        # Per bandit level, the samples holding a stronger bandit (best_bandit's order).
        self._outbid = (aces | crowns, crowns, aces & crowns, matched, 0)
        self._tops: dict[int, list[int]] = {}

    def can_top(self, combo: Combo) -> float:
        """The chance the opponent holds a caravan that tops ``combo``."""
        assert not self._bandits_only, "the samples' number cards were not kept"
        above = self._tops.get(combo.length)
        if above is None:
            above = self._tops[combo.length] = self._topping(combo.length)
        return above[combo.top].bit_count() / self._samples

    def can_outbid(self, combo: Combo) -> float:
        """The chance the opponent holds a bandit stronger than ``combo``."""
        return self._outbid[combo.level].bit_count() / self._samples

    def _topping(self, length: int) -> list[int]:
        """Per top rank, the samples holding a caravan of ``length`` with a higher top."""
        held, unseen, every = self._held, self._unseen, self._every
        best = [0] * (CROWN + 2)
        runs = windows(self._ranks).get(length, ())
        # Short runs by their own rule: held, a card the samples cannot hold answers 0.
        if length == 1:
            for top, _, _, (card,), _, _ in runs:
                best[top] |= held[card]
            runs = ()
        elif length == 2:
            for top, _, _, (low, high), ace, crown in runs:
                one, other = held[low], held[high]
                best[top] |= (one & other) | ((one | other) & (held[ace] | held[crown]))
            runs = ()
        for top, numbers, wild, cards, ace, crown in runs:
            present = (numbers & unseen).bit_count()
            if not present or length - present > (wild & unseen).bit_count():
                continue
            # Per sample, how many of the run's number cards it misses: at least 1, 2, 3.
            some = miss1 = miss2 = miss3 = 0
            for i in cards:
                has = held[i]
                some |= has
                lacks = every ^ has
                miss3 |= miss2 & lacks
                miss2 |= miss1 & lacks
                miss1 |= lacks
            one, both = held[ace] | held[crown], held[ace] & held[crown]
            full = (every ^ miss1) | ((every ^ miss2) & one) | ((every ^ miss3) & both)
            best[top] |= some & full
        above = [0] * (CROWN + 2)
        higher = 0
        for top in range(CROWN + 1, ACE - 2, -1):
            above[top] = higher
            higher |= best[top]
        return above
