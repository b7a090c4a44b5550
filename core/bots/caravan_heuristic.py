"""A Caravan bot that plays by rules of thumb (rules help: ``docs/games/caravan.md``).

It reads only ``state.view(seat)`` and ``state.legal_actions(seat)`` and gives
each legal action a score in points of the hand's score, looking one move ahead:

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
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from core.bots.caravan_outlook import INDEX, Outlook
from core.engine import State
from core.games.caravan.cards import CARDS, DECK, suit_value
from core.games.caravan.combos import (
    CARAVAN,
    Combo,
    hand_bandits,
    hand_caravans,
    read_play,
    wild_range,
)
from core.games.caravan.notation import PASS
from core.games.caravan.state import FINAL

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


def choose(state: State, seat: int, rng: random.Random) -> str:
    """The legal action of ``seat`` with the best score; ties go to the first in order."""
    actions = state.legal_actions(seat)
    if len(actions) == 1:
        return actions[0]
    position = read_position(state.view(seat))
    judge = Judge(position, rng)
    return max(actions, key=judge.score)


def ranked(state: State, seat: int, rng: random.Random) -> list[str]:
    """The legal actions of ``seat`` by score, best first: :func:`choose`'s choice (with
    the same ``rng``) first, ties in the order of the legal actions (a search's
    candidates)."""
    actions = state.legal_actions(seat)
    if len(actions) == 1:
        return actions
    judge = Judge(read_position(state.view(seat)), rng)
    scores = {action: judge.score(action) for action in actions}
    return sorted(actions, key=lambda action: -scores[action])


def mask(codes: Iterable[str]) -> int:
    """A set of cards as a bit mask (one bit per card of the deck)."""
    return sum(map(_BIT.__getitem__, codes))


@dataclass(frozen=True)
class Position:
    """What one seat knows of the hand in play, read from its view."""

    phase: str
    hand: tuple[str, ...]
    opponent_cards: int
    opponent_wilds: int
    values: dict[str, int]  # what collecting each card scores
    pile: int  # what the season's cards score for whoever collects them
    last: Combo | None  # the season's last combination (always the opponent's)
    ranks: tuple[int, int]
    unseen_numbers: tuple[str, ...]
    unseen_wilds: tuple[str, ...]


@lru_cache(maxsize=64)
def card_values(crowns: frozenset[str], aces: frozenset[str]) -> dict[str, int]:
    """What collecting each card of the deck scores under these indicator suits; shared by
    every position with the same indicators, and only ever read."""
    return {card.code: suit_value(card.code, set(crowns), set(aces)) for card in DECK}


def read_position(view: dict[str, Any]) -> Position:
    """The position as ``view["seat"]`` sees it; unseen cards are those in no public place."""
    seat = view["seat"]
    crowns = {i["suit"] for i in view["indicators"] if i["role"] == "crown"}
    aces = {i["suit"] for i in view["indicators"] if i["role"] == "ace"}
    values = card_values(frozenset(crowns), frozenset(aces))
    season = [c for play in view["season"] for c in play["cards"]]
    known = set(view["hand"]) | set(season) | {i["code"] for i in view["indicators"]}
    known |= {c for pile in view["collections"] for c in pile}
    if view["swapped_out"]:
        known.add(view["swapped_out"])
    unseen = [card for card in DECK if card.code not in known]
    unseen_wilds = tuple(c.code for c in unseen if c.is_wild)
    # D2: one or two Aces/Crowns are set aside unseen (one when an indicator was swapped).
    set_aside_wilds = 1 if view["swapped_out"] else 2
    last = None
    if view["season"]:
        play = view["season"][-1]
        last = Combo(tuple(play["cards"]), play["kind"], play["length"], play["top"], play["level"])
    return Position(
        phase=view["phase"],
        hand=tuple(view["hand"]),
        opponent_cards=view["hand_counts"][1 - seat],
        opponent_wilds=max(0, len(unseen_wilds) - set_aside_wilds),
        values=values,
        pile=sum(values[c] for c in season),
        last=last,
        ranks=wild_range(view["wild_ranks"]),
        unseen_numbers=tuple(c.code for c in unseen if not c.is_wild),
        unseen_wilds=unseen_wilds,
    )


class FewestPlays:
    """The fewest plays that empty part of a hand: an exact cover by its combinations.

    The answer for some cards is the same whatever hand they are part of (a part of a hand
    holds exactly the combinations the hand has among its cards), so the hands of one wild
    range may share what they found in ``known``; :func:`fewest_plays` does that."""

    def __init__(
        self, hand: list[str], ranks: tuple[int, int], known: dict[int, int] | None = None
    ) -> None:
        pieces = {mask(c.cards) for c in hand_caravans(hand, ranks) + hand_bandits(hand)}
        self._by_lowest: dict[int, list[int]] = {}
        for piece in pieces:
            self._by_lowest.setdefault(piece & -piece, []).append(piece)
        self._known: dict[int, int] = {0: 0} if known is None else known

    def __call__(self, cards: int) -> int:
        known = self._known
        fewest = known.get(cards)
        if fewest is not None:
            return fewest
        # Every cover has one piece holding the lowest card; every card alone is a piece.
        for piece in self._by_lowest[cards & -cards]:
            if piece & ~cards == 0:
                rest = cards & ~piece
                after = known.get(rest)
                if after is None:
                    after = self(rest)
                if fewest is None or after < fewest:
                    fewest = after
        assert fewest is not None, "every card alone is a piece"
        known[cards] = fewest = fewest + 1
        return fewest


KNOWN_COVERS = 100_000
"""How many answers :func:`fewest_plays` keeps per wild range before it starts afresh."""
_covers: dict[tuple[int, int], dict[int, int]] = {}


@lru_cache(maxsize=1024)
def fewest_plays(hand: tuple[str, ...], ranks: tuple[int, int]) -> FewestPlays:
    """The :class:`FewestPlays` of a hand, sharing its answers with every other hand of the
    same wild range: a search judges the same hands, and the parts of them, again and again."""
    known = _covers.setdefault(ranks, {0: 0})
    if len(known) > KNOWN_COVERS:
        known.clear()
        known[0] = 0
    return FewestPlays(list(hand), ranks, known)


class Judge:
    """Scores the legal actions of one decision."""

    def __init__(self, position: Position, rng: random.Random) -> None:
        self.position = position
        self.hand = mask(position.hand)
        self.fewest = fewest_plays(position.hand, position.ranks)
        self.rng = rng
        self._outlook: Outlook | None = None
        danger = position.opponent_cards <= DANGER_CARDS
        self.card_weight = CARD_DANGER if danger else CARD

    @property
    def outlook(self) -> Outlook:
        if self._outlook is None:
            position = self.position
            numbers = [INDEX[c] for c in position.unseen_numbers]
            wilds = [INDEX[c] for c in position.unseen_wilds]
            held_wilds = min(position.opponent_wilds, len(wilds))
            held_numbers = min(max(0, position.opponent_cards - held_wilds), len(numbers))
            self._outlook = Outlook(
                position.ranks, (numbers, wilds), (held_numbers, held_wilds), self.rng
            )
        return self._outlook

    def score(self, action: str) -> float:
        if action == PASS:
            return self.pass_value()
        combo = read_play(action, self.position.ranks)
        value = self.play_value(combo)
        if combo.kind == CARAVAN:
            value += HIGHER_READING * combo.top
        return value

    def play_value(self, combo: Combo) -> float:
        position = self.position
        pile = position.pile + sum(position.values[c] for c in combo.cards)
        shed = len(combo.cards)
        if position.phase == FINAL:
            # The opponent is out: this answer ends the hand; each card shed is a point.
            return (pile if combo.kind == CARAVAN else -pile) + shed
        rest = self.hand & ~mask(combo.cards)
        progress = TURN * (self.fewest(self.hand) - self.fewest(rest)) + self.card_weight * shed
        if not rest:
            return progress + self.going_out_value(combo, pile)
        return progress + self.season_value(combo, pile, rest) - self.spent(combo)

    def pass_value(self) -> float:
        position = self.position
        assert position.last is not None, "pass is only legal in answer to a play"
        # A caravan's player collects; a bandit's victim collects -- here, this seat.
        collected = position.pile if position.last.kind != CARAVAN else -position.pile
        return collected if position.phase == FINAL else collected - LEAD

    def season_value(self, combo: Combo, pile: int, rest: int) -> float:
        """Who is likely to collect after ``combo``, and whether this seat leads next."""
        if combo.kind == CARAVAN:
            stake = pile + LEAD
            beaten = self.outlook.can_top(combo)
        else:
            stake = -pile + LEAD
            beaten = self.outlook.can_outbid(combo)
        if stake < 0:
            beaten *= UNWANTED
        value = (1 - 2 * beaten) * stake
        can_lead = any(rest & _BIT[c] for c in self.position.hand if not CARDS[c].is_wild)
        if can_lead and self.fewest(rest) == 1:
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
        cards = [CARDS[c] for c in combo.cards]
        wilds = sum(card.is_wild for card in cards)
        ranks = sum(card.rank - MIDDLE_RANK for card in cards if not card.is_wild)
        return WILD * wilds + RANK * ranks
