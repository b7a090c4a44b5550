"""A Caravan bot that plays by rules of thumb (rules help: ``docs/games/caravan.md``).

It reads only ``state.view(seat)`` and ``state.legal_actions(seat)`` (of the engine's own
states, the same cards of the view through ``view.sight``, which builds nothing else) and
gives each legal action a score in points of the hand's score, looking one move ahead:

- **The season.** A caravan collects the pile if the opponent does not top it;
  a bandit hands the pile to the opponent (D7), so bandits dump bad piles and bad
  cards. A pile is worth what its cards score by the indicators (D9): crown suits
  good, ace suits bad. How likely the opponent can top a caravan or out-bid a
  bandit is estimated from opponent hands sampled among the cards this seat has
  not seen; an opponent is assumed keener to take a pile that is good for them.
- **Going out** (D8) is worth +5 and +1 per card left to the opponent, so shedding
  cards counts, and the fewest plays that would empty the rest of the hand (an
  exact cover by its caravans and bandits) measures progress: breaking a long run
  or stranding a card costs plays; being one play from out with the lead is a plan.
- **Resources.** Aces and Crowns are kept back as bandits, high number cards for
  answering later leads, and the lead of the next season has a value.

When the opponent has gone out, the one answer left (D8) is scored exactly.

It is written for speed without changing a choice or a draw from the generator: the
outlook replays ``random.sample`` (:mod:`core.bots.caravan_outlook`), and what never changes
(a play's cards and worth, the fewest plays of some cards, a hand's caravans) is worked out
once and kept. Hard's search plays a cheaper form of it in its rollouts, :func:`quick`: the
same rules of thumb with less work a decision (:class:`Effort`, :data:`QUICK`): fewer sampled
hands, drawn by the unseen cards alone and kept from one rollout to the next, and a greedy
count of the fewest plays; its choice then depends on what the seat sees alone, and is kept
too. ``choose`` and ``ranked`` (the heuristic, ``normal``) take the
:data:`FULL` effort, and decide and draw exactly as before.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from functools import lru_cache
from typing import Any, NamedTuple

from core.bots.caravan_outlook import SAMPLES, Outlook
from core.engine import State
from core.games.caravan.cards import ACE, CARDS, CROWN, DECK, indicated_values
from core.games.caravan.combos import (
    BANDIT,
    CARAVAN,
    Combo,
    caravans,
    read_play,
    wild_range,
)
from core.games.caravan.notation import PASS
from core.games.caravan.state import FINAL, CaravanState
from core.games.caravan.view import Sight, sight

# Weights, in points of the hand score.
TURN = 1.2  # one play fewer needed to empty the hand
CARD = 0.3  # one card fewer in hand (the opponent's going-out bonus counts them)
CARD_DANGER = 0.6  # more per card once the opponent is close to going out
DANGER_CARDS = 3  # ... that is, holds this many cards or fewer
WILD = 1.5  # an Ace or Crown spent, no longer there as a bandit
RANK = 0.08  # per rank above the middle spent: high cards answer later caravans
LEAD = 0.8  # leading the next season
NEAR_OUT = 2.0  # one play from going out, with the lead
UNWANTED = 0.5  # chance an opponent takes a pile bad for them, relative to a good one
MIDDLE_RANK = 5.5
HIGHER_READING = 1e-3  # of two readings of the same cards, declare the higher top

_BIT: dict[str, int] = {card.code: 1 << i for i, card in enumerate(DECK)}


class Effort(NamedTuple):
    """How much work a decision takes: the heuristic's (:data:`FULL`) or a rollout's
    (:data:`QUICK`), the same rules of thumb either way."""

    samples: int = SAMPLES  # opponent hands sampled (the outlook)
    exact: bool = True  # the fewest plays by an exact cover; else greedily, longest first
    kept: bool = False  # the outlook drawn by the unseen cards alone, and kept; else by rng


FULL = Effort()
QUICK = Effort(samples=8, exact=False, kept=True)
"""The quick rollouts' effort (:func:`quick`): 8 sampled hands instead of 32, drawn by
the unseen cards alone and kept, so the many rollouts of a search that meet the same unseen
cards draw them once; the fewest plays counted greedily (never fewer than the exact count,
mostly the same). The same rules of thumb and weights as the heuristic's."""


def choose(state: State, seat: int, rng: random.Random, effort: Effort = FULL) -> str:
    """The legal action of ``seat`` with the best score; ties go to the first in order."""
    actions = state.legal_actions(seat)
    if len(actions) == 1:
        return actions[0]
    judge = Judge(position_of(state, seat), rng, effort)
    return max(actions, key=judge.score)


def quick(state: State, seat: int, rng: random.Random) -> str:
    """:func:`choose` with the :data:`QUICK` effort: hard's rollouts play it. Its outlooks
    kept, its choice depends on what the seat sees alone, so it is kept too, by the seat's
    :class:`~core.games.caravan.view.Sight` (rollouts meet the same positions again)."""
    if not (QUICK.kept and type(state) is CaravanState):
        return choose(state, seat, rng, QUICK)
    seen = sight(state, seat)
    chosen = _chosen.get(seen)
    if chosen is None:
        if len(_chosen) >= KEPT_CHOICES:
            _chosen.clear()
        chosen = _chosen[seen] = choose(state, seat, rng, QUICK)
    return chosen


KEPT_CHOICES = 8192
"""How many of its choices :func:`quick` keeps before it starts afresh."""
_chosen: dict[Sight, str] = {}


def ranked(state: State, seat: int, rng: random.Random) -> list[str]:
    """The legal actions of ``seat`` by score, best first: :func:`choose`'s choice (with
    the same ``rng``) first, ties in the order of the legal actions (a search's
    candidates)."""
    actions = state.legal_actions(seat)
    if len(actions) == 1:
        return actions
    judge = Judge(position_of(state, seat), rng)
    scores = {action: judge.score(action) for action in actions}
    return sorted(actions, key=lambda action: -scores[action])


def mask(codes: Iterable[str]) -> int:
    """A set of cards as a bit mask (one bit per card of the deck)."""
    return sum(map(_BIT.__getitem__, codes))


class Position(NamedTuple):
    """What one seat knows of the hand in play, read from its view."""

    phase: str
    hand: tuple[str, ...]
    opponent_cards: int
    opponent_wilds: int
    values: dict[str, int]  # what collecting each card scores
    pile: int  # what the season's cards score for whoever collects them
    last: Combo | None  # the season's last combination (always the opponent's)
    ranks: tuple[int, int]
    unseen_numbers: tuple[int, ...]  # as indices in ``cards.DECK``, in deck order
    unseen_wilds: tuple[int, ...]
    unseen: int  # both, as a mask


def position_of(state: State, seat: int) -> Position:
    """The position as ``seat`` sees it: read from :func:`~core.games.caravan.view.sight` for
    the engine's own states (the same cards as the view, without building it), else from
    ``state.view(seat)``."""
    if type(state) is CaravanState:
        return read_sight(sight(state, seat))
    return read_position(state.view(seat))


def read_position(view: dict[str, Any]) -> Position:
    """The position as ``view["seat"]`` sees it; unseen cards are those in no public place."""
    season = tuple(
        Combo(tuple(play["cards"]), play["kind"], play["length"], play["top"], play["level"])
        for play in view["season"]
    )
    return read_sight(
        Sight(
            view["seat"],
            view["phase"],
            tuple(view["hand"]),
            view["hand_counts"][1 - view["seat"]],
            tuple(i["code"] for i in view["indicators"]),
            view["swapped_out"],
            season,
            tuple(c for pile in view["collections"] for c in pile),
            view["wild_ranks"],
        )
    )


_ALL = (1 << len(DECK)) - 1
_NUMBER_AT = tuple(i for i, card in enumerate(DECK) if not card.is_wild)
_WILD_AT = tuple(i for i, card in enumerate(DECK) if card.is_wild)
_NUMBERS = sum(1 << i for i in _NUMBER_AT)
_WILDS = sum(1 << i for i in _WILD_AT)
_ACES = sum(1 << i for i, card in enumerate(DECK) if card.rank == ACE)
_CROWNS = sum(1 << i for i, card in enumerate(DECK) if card.rank == CROWN)


def places(cards: int) -> tuple[int, ...]:
    """The places in the deck of the cards of a mask, in deck order."""
    found = []
    while cards:
        low = cards & -cards
        found.append(low.bit_length() - 1)
        cards ^= low
    return tuple(found)


def read_sight(seen: Sight) -> Position:
    """The position as ``seen.seat`` sees it; unseen cards are those in no public place."""
    values = indicated_values(seen.indicators)
    season = [c for combo in seen.season for c in combo.cards]
    known = mask(seen.hand) | mask(season) | mask(seen.indicators) | mask(seen.collected)
    if seen.swapped_out:
        known |= _BIT[seen.swapped_out]
    unseen = _ALL ^ known
    unseen_wilds = places(unseen & _WILDS)
    # D2: one or two Aces/Crowns are set aside unseen (one when an indicator was swapped).
    set_aside_wilds = 1 if seen.swapped_out else 2
    return Position(
        phase=seen.phase,
        hand=seen.hand,
        opponent_cards=seen.opponent_cards,
        opponent_wilds=max(0, len(unseen_wilds) - set_aside_wilds),
        values=values,
        pile=sum(values[c] for c in season),
        last=seen.season[-1] if seen.season else None,
        ranks=wild_range(seen.wild_ranks),
        unseen_numbers=places(unseen & _NUMBERS),
        unseen_wilds=unseen_wilds,
        unseen=unseen,
    )


class FewestPlays:
    """The fewest plays that empty part of a hand: an exact cover by its combinations.

    The answer for some cards is the same whatever hand they are part of (a part of a hand
    holds exactly the combinations the hand has among its cards), so the hands of one wild
    range may share what they found in ``known``; :func:`fewest_plays` does that.

    Every caravan holds a number card and a bandit none, so a cover is some caravans, one of
    them holding the highest number card left, and then bandits for the Aces and Crowns
    left: as many as the more numerous of the two, each Crown paired with an Ace (D5).
    (Branching on the highest number card rather than the lowest meets fewer parts.)

    Not ``exact``, it does not branch: the longest caravan holding the highest number card
    left is played each time (a quick count for rollouts; never fewer than the exact one)."""

    def __init__(
        self,
        hand: list[str],
        ranks: tuple[int, int],
        known: dict[int, int] | None = None,
        *,
        exact: bool = True,
    ) -> None:
        # The hand's caravans by the place of their highest number card in the deck, plus 1.
        by_highest: list[list[int]] = [[] for _ in range(len(DECK) + 1)]
        linked = 0
        for piece in set(caravans(tuple(hand), ranks).masks):
            by_highest[(piece & _NUMBERS).bit_length()].append(piece)
            if piece & (piece - 1):
                linked |= piece
        if not exact:
            for pieces in by_highest:
                if len(pieces) > 1:
                    pieces.sort(key=lambda piece: (-piece.bit_count(), piece))
        count = _counter(by_highest, {0: 0} if known is None else known, greedy=not exact)
        # A number card in no caravan of two cards or more is a play of its own, whatever
        # else is left: counted apart, so that parts differing in such cards meet again.
        alone = mask(hand) & _NUMBERS & ~linked

        def count_parts(cards: int) -> int:
            lone = cards & alone
            return count(cards ^ lone) + lone.bit_count() if lone else count(cards)

        self.count = count_parts

    def __call__(self, cards: int) -> int:
        return self.count(cards)


def _counter(
    by_highest: list[list[int]], known: dict[int, int], *, greedy: bool = False
) -> Callable[[int], int]:
    """:meth:`FewestPlays.__call__` as a function: searches call it very often. ``greedy``:
    only the first caravan that fits is followed (``by_highest`` lists the longest first)."""
    numbers_of, aces_of, crowns_of = _NUMBERS, _ACES, _CROWNS

    def count(cards: int) -> int:
        fewest = known.get(cards)
        if fewest is not None:
            return fewest
        numbers = cards & numbers_of
        if not numbers:
            return max((cards & aces_of).bit_count(), (cards & crowns_of).bit_count())
        fewest = len(DECK)  # more than any cover
        for piece in by_highest[numbers.bit_length()]:
            if piece & cards == piece:
                rest = cards ^ piece
                after = known.get(rest)
                if after is None:
                    after = count(rest)
                if after < fewest:
                    fewest = after
                if greedy:
                    break
        known[cards] = fewest = fewest + 1
        return fewest

    return count


KNOWN_COVERS = 100_000
"""How many answers :func:`fewest_plays` keeps per wild range (and way of counting) before
it starts afresh."""
_covers: dict[tuple[tuple[int, int], bool], dict[int, int]] = {}


@lru_cache(maxsize=1024)
def fewest_plays(hand: tuple[str, ...], ranks: tuple[int, int], exact: bool = True) -> FewestPlays:
    """The :class:`FewestPlays` of a hand, sharing its answers with every other hand of the
    same wild range (counted the same way, ``exact`` or greedily): a search judges the same
    hands, and the parts of them, again and again."""
    known = _covers.setdefault((ranks, exact), {0: 0})
    if len(known) > KNOWN_COVERS:
        known.clear()
        known[0] = 0
    return FewestPlays(list(hand), ranks, known, exact=exact)


@lru_cache(maxsize=16_384)
def play_facts(action: str, ranks: tuple[int, int]) -> tuple[Combo, int, int, float]:
    """A play's combination, its cards as a mask, how many they are, and what they were worth
    kept (:meth:`Judge.spent`): the same for every position, so worked out once."""
    combo = read_play(action, ranks)
    cards = [CARDS[c] for c in combo.cards]
    wilds = sum(card.is_wild for card in cards)
    rank_sum = sum(card.rank - MIDDLE_RANK for card in cards if not card.is_wild)
    return combo, mask(combo.cards), len(cards), WILD * wilds + RANK * rank_sum


KEPT_OUTLOOKS = 4096
"""How many outlooks :attr:`Effort.kept` keeps (a search's rollouts meet the same unseen
cards again and again) before it starts afresh."""
_kept: dict[tuple[tuple[int, int, int, tuple[int, int], bool], int], Outlook] = {}


class Judge:
    """Scores the legal actions of one decision, with the ``effort`` given."""

    def __init__(self, position: Position, rng: random.Random, effort: Effort = FULL) -> None:
        self.position = position
        self.hand = mask(position.hand)
        self.fewest = fewest_plays(position.hand, position.ranks, effort.exact).count
        self.samples, self.kept = effort.samples, effort.kept
        self.fewest_now = self.fewest(self.hand)
        self.leads = self.hand & _NUMBERS
        self.rng = rng
        self._outlook: Outlook | None = None
        danger = position.opponent_cards <= DANGER_CARDS
        self.card_weight = CARD_DANGER if danger else CARD

    @property
    def outlook(self) -> Outlook:
        if self._outlook is None:
            position = self.position
            numbers, wilds = position.unseen_numbers, position.unseen_wilds
            held_wilds = min(position.opponent_wilds, len(wilds))
            held_numbers = min(max(0, position.opponent_cards - held_wilds), len(numbers))
            # After a bandit only a stronger bandit may be played (D5).
            bandits_only = position.last is not None and position.last.kind == BANDIT
            drawn = (position.unseen, held_numbers, held_wilds, position.ranks, bandits_only)
            key = (drawn, self.samples)
            if self.kept:
                found = _kept.get(key)
                if found is not None:
                    self._outlook = found
                    return found
            self._outlook = Outlook(
                position.ranks,
                (list(numbers), list(wilds), position.unseen),
                (held_numbers, held_wilds),
                # Kept: drawn by what the seat has not seen alone (an int tuple's hash is
                # the same in every process), so any rollout may use it again.
                random.Random(hash(key)) if self.kept else self.rng,
                bandits_only=bandits_only,
                samples=self.samples,
            )
            if self.kept:
                if len(_kept) >= KEPT_OUTLOOKS:
                    _kept.clear()
                _kept[key] = self._outlook
        return self._outlook

    def score(self, action: str) -> float:
        if action == PASS:
            return self.pass_value()
        position = self.position
        combo, cards, shed, spent = play_facts(action, position.ranks)
        caravan = combo.kind == CARAVAN
        values = position.values
        pile = position.pile + sum(map(values.__getitem__, combo.cards))
        if position.phase == FINAL:
            # The opponent is out: this answer ends the hand; each card shed is a point.
            value: float = (pile if caravan else -pile) + shed
        else:
            rest = self.hand & ~cards
            after = self.fewest(rest)
            progress = TURN * (self.fewest_now - after) + self.card_weight * shed
            if not rest:
                value = progress + self.going_out_value(combo, pile)
            else:
                value = progress + self.season_value(combo, pile, rest, after) - spent
        if caravan:
            value += HIGHER_READING * combo.top
        return value

    def pass_value(self) -> float:
        position = self.position
        assert position.last is not None, "pass is only legal in answer to a play"
        # A caravan's player collects; a bandit's victim collects -- here, this seat.
        collected = position.pile if position.last.kind != CARAVAN else -position.pile
        return collected if position.phase == FINAL else collected - LEAD

    def season_value(self, combo: Combo, pile: int, rest: int, after: int) -> float:
        """Who is likely to collect after ``combo`` (``after`` plays from out), and whether
        this seat leads next."""
        outlook = self._outlook or self.outlook
        if combo.kind == CARAVAN:
            stake = pile + LEAD
            beaten = outlook.can_top(combo)
        else:
            stake = -pile + LEAD
            beaten = outlook.can_outbid(combo)
        if stake < 0:
            beaten *= UNWANTED
        value = (1 - 2 * beaten) * stake
        if rest & self.leads and after == 1:
            value += NEAR_OUT * (1 - beaten)
        return value

    def going_out_value(self, combo: Combo, pile: int) -> float:
        """D8: +5 and the opponent's cards, after the opponent's one last answer."""
        bonus = 5 + self.position.opponent_cards
        if combo.kind == CARAVAN:
            # Topping takes the pile and sheds cards; worth it to them unless the pile is bad.
            beaten = self.outlook.can_top(combo) if 2 * pile + combo.length > 0 else 0.0
            return bonus + (1 - beaten) * pile - beaten * (pile + combo.length)
        outbid = self.outlook.can_outbid(combo) if pile < 0.5 else 0.0
        return bonus - (1 - outbid) * pile + outbid * (pile - 1)

    def spent(self, combo: Combo) -> float:
        """What the cards of ``combo`` were worth kept: wilds as bandits, high ranks."""
        return play_facts(combo.notation, self.position.ranks)[3]
