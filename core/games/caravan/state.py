"""A Caravan match in progress: hands, trade seasons, going out and scoring."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from core.engine import IllegalAction, State, ranking_from_scores
from core.games.caravan.cards import (
    ACE,
    CARDS,
    NUMBER_CODES,
    WILD_CODES,
    indicated_values,
    sort_codes,
)
from core.games.caravan.combos import (
    BANDIT,
    CARAVAN,
    Combo,
    after_play,
    legal_plays,
    read_play,
    wild_range,
)
from core.games.caravan.notation import PASS
from core.games.caravan.view import caravan_view

LEAD, RESPOND, FINAL, OVER = "lead", "respond", "final", "over"
_SEATS, _NOBODY = (frozenset({0}), frozenset({1})), frozenset[int]()  # to_move, never changed


@dataclass
class Play:
    """One combination played in the current season."""

    seat: int
    combo: Combo

    def as_dict(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "action": self.combo.notation,
            "cards": list(self.combo.cards),
            "kind": self.combo.kind,
            "length": self.combo.length,
            "top": self.combo.top,
            "level": self.combo.level,
        }


@dataclass
class Deal:
    """The cards of one hand: who holds what, what is face up and what is set aside."""

    hands: list[list[str]]
    indicators: list[str]
    swapped_out: str | None
    unseen_wilds: list[str]
    unseen_numbers: list[str]
    collections: list[list[str]] = field(default_factory=lambda: [[], []])


def deal_hand(rng: random.Random) -> Deal:
    """Shuffle and deal one hand (D2), including the indicator swap."""
    wilds = list(WILD_CODES)
    rng.shuffle(wilds)
    hands = [wilds[0:4], wilds[4:8]]
    indicators, rest = wilds[8:10], wilds[10:12]
    swapped_out = None
    if CARDS[indicators[0]].suit == CARDS[indicators[1]].suit:
        swapped_out = indicators[1]
        indicators = [indicators[0], rest[0]]
        rest = rest[1:]
    numbers = list(NUMBER_CODES)
    rng.shuffle(numbers)
    hands[0] += numbers[0:11]
    hands[1] += numbers[11:22]
    return Deal(
        hands=[sort_codes(h) for h in hands],
        indicators=indicators,
        swapped_out=swapped_out,
        unseen_wilds=sort_codes(rest),
        unseen_numbers=sort_codes(numbers[22:24]),
    )


class CaravanState(State):
    """A match of several hands between two merchants (seats 0 and 1)."""

    game = "caravan"

    not_text_message = "An action is a text."
    over_message = "The match is over."

    def __init__(self, players: int, seed: int, options: dict[str, Any]) -> None:
        if players != 2:
            raise ValueError("Caravan is a game for two.")
        self.options = dict(options)
        self.ranks = wild_range(str(options["wild_ranks"]))
        # The generator that deals the next hands: shared by clones until one of them deals
        # (copied then, by _dealer), and a seed until a determinization first deals.
        self._rng: random.Random | int = random.Random(seed)
        self._rng_mine = True
        self.match_scores = [0, 0]
        self.hand_no = 0
        # Each hand's summary; replaced, never changed in place, so clones share it.
        self.history: list[dict[str, Any]] = []
        self.starters: list[int] = []
        self.deal: Deal
        self.phase = LEAD
        self.turn = 0
        self.plays: list[Play] = []
        self.first_out: int | None = None
        self.last_season: dict[str, Any] | None = None
        self.notice: dict[str, Any] | None = None
        self._start_hand(self._dealer().randrange(2))

    # ----------------------------------------------------------------- protocol

    def to_move(self) -> frozenset[int]:
        return _NOBODY if self.phase == OVER else _SEATS[self.turn]

    def legal_actions(self, seat: int) -> list[str]:
        if seat not in self.to_move():
            return []
        last = None if self.phase == LEAD else self.plays[-1].combo
        return list(legal_plays(tuple(self.deal.hands[seat]), self.ranks, last))

    def _apply(self, seat: int, action: str) -> None:
        if action == PASS:
            self._pass(seat)
            return
        combo = read_play(action, self.ranks)
        self._check_play(seat, combo)
        self._play(seat, combo)

    def is_over(self) -> bool:
        return self.phase == OVER

    def scores(self) -> list[float]:
        return [float(s) for s in self.match_scores]

    def ranking(self) -> list[int]:
        return ranking_from_scores(self.scores())

    def clone(self) -> CaravanState:
        """A copy to search from: the cards and the season copied; the random generator
        that deals the next hand shared until either deals (:meth:`_dealer` copies it then);
        what is only ever replaced is shared."""
        other = object.__new__(CaravanState)
        other.__dict__.update(self.__dict__)
        self._rng_mine = other._rng_mine = False
        other.match_scores = list(self.match_scores)
        other.starters = list(self.starters)
        other.plays = list(self.plays)  # Play and Combo are never changed
        deal = self.deal
        other.deal = Deal(
            hands=[list(h) for h in deal.hands],
            indicators=list(deal.indicators),
            swapped_out=deal.swapped_out,
            unseen_wilds=list(deal.unseen_wilds),
            unseen_numbers=list(deal.unseen_numbers),
            collections=[list(c) for c in deal.collections],
        )
        # options, history, last_season and notice are replaced, never changed: shared.
        return other

    def determinize(self, seat: int, rng: random.Random) -> CaravanState:
        """Re-deal the cards ``seat`` cannot see, keeping every public count.

        The opponent's hand and the unseen set-aside cards are pooled and dealt
        again, wild cards among wild cards and number cards among number cards
        (how many of each the opponent holds is public: every play is face up).
        Future hands are re-shuffled too.
        """
        other = self._other(seat)
        state = self.clone()
        deal = state.deal
        opponent = deal.hands[other]
        held_wilds = sum(CARDS[c].is_wild for c in opponent)
        # Pooled in a fixed order, so the re-deal depends on rng alone, not on the true split.
        wilds = sort_codes([c for c in opponent if CARDS[c].is_wild] + deal.unseen_wilds)
        numbers = sort_codes([c for c in opponent if not CARDS[c].is_wild] + deal.unseen_numbers)
        rng.shuffle(wilds)
        rng.shuffle(numbers)
        held_numbers = len(opponent) - held_wilds
        deal.hands[other] = sort_codes(wilds[:held_wilds] + numbers[:held_numbers])
        deal.unseen_wilds = sort_codes(wilds[held_wilds:])
        deal.unseen_numbers = sort_codes(numbers[held_numbers:])
        state._rng, state._rng_mine = rng.getrandbits(64), False  # seeds a generator if dealt
        return state

    def _dealer(self) -> random.Random:
        """The generator that deals the next hand, this state's own: a clone's copy of the
        one it shares, or one seeded from a determinization's seed, made when first used."""
        if not self._rng_mine:
            shared = self._rng
            if isinstance(shared, int):
                self._rng = random.Random(shared)
            else:
                own = self._rng = random.Random.__new__(random.Random)  # its state is set
                own.setstate(shared.getstate())
            self._rng_mine = True
        assert isinstance(self._rng, random.Random)
        return self._rng

    def reversible(self, seat: int, action: str) -> bool:
        """Never: every play shows cards from a hand, and every play or pass hands the
        turn to the other merchant (or ends the season and may deal a new hand)."""
        return False

    def view(self, seat: int | None) -> dict[str, Any]:
        return caravan_view(self, seat)

    # ------------------------------------------------------------------ helpers

    @staticmethod
    def _other(seat: int) -> int:
        return 1 - seat

    def indicator_suits(self) -> tuple[set[str], set[str]]:
        crowns = {CARDS[c].suit for c in self.deal.indicators if CARDS[c].rank != ACE}
        aces = {CARDS[c].suit for c in self.deal.indicators if CARDS[c].rank == ACE}
        return crowns, aces

    def collection_value(self, seat: int) -> int:
        values = indicated_values(tuple(self.deal.indicators))
        return sum(map(values.__getitem__, self.deal.collections[seat]))

    def result(self) -> dict[str, Any]:
        return {"scores": self.scores(), "ranking": self.ranking()}

    def _check_play(self, seat: int, combo: Combo) -> None:
        hand = self.deal.hands[seat]
        missing = [c for c in combo.cards if c not in hand]
        if missing:
            raise IllegalAction(
                f"You do not hold {', '.join(missing)}.", key="not_in_hand", cards=missing
            )
        if self.phase == LEAD:
            if combo.kind != CARAVAN:
                raise IllegalAction("A season must open with a caravan.", key="lead_caravan")
            return
        last = self.plays[-1].combo
        if combo.beats(last):
            return
        if last.kind == BANDIT:
            raise IllegalAction(
                "After a bandit only a stronger bandit may be played.", key="beat_bandit"
            )
        if combo.length != last.length:
            raise IllegalAction(
                f"Answer a caravan of {last.length} with a caravan of {last.length} "
                "cards, or a bandit.",
                key="same_length",
                length=last.length,
            )
        raise IllegalAction(f"Your caravan must top {last.top}.", key="higher_top", top=last.top)

    # ---------------------------------------------------------------- movements

    def _play(self, seat: int, combo: Combo) -> None:
        hand = self.deal.hands[seat]
        after_play(tuple(hand), self.ranks, combo.cards)
        for code in combo.cards:
            hand.remove(code)
        self.plays.append(Play(seat, combo))
        self.notice = None
        if self.phase == FINAL:
            self._end_season(ended_by=None)
            self._end_hand("out")
        elif not hand and self.first_out is None:
            self.first_out = seat
            self.phase = FINAL
            self.turn = self._other(seat)
        else:
            self.phase = RESPOND
            self.turn = self._other(seat)

    def _pass(self, seat: int) -> None:
        if self.phase == LEAD:
            raise IllegalAction(
                "The leader must open the season with a caravan.", key="leader_cannot_pass"
            )
        self.notice = None
        final = self.phase == FINAL
        self._end_season(ended_by=seat)
        if final:
            self._end_hand("out")
        else:
            self._start_season(self._other(seat))

    def _end_season(self, ended_by: int | None) -> None:
        """Collect the season's cards (D7): a caravan's player, or a bandit's victim."""
        last = self.plays[-1]
        collector = last.seat if last.combo.kind == CARAVAN else self._other(last.seat)
        cards = [c for p in self.plays for c in p.combo.cards]
        self.deal.collections[collector].extend(cards)
        self.last_season = {
            "plays": [p.as_dict() for p in self.plays],
            "passed": ended_by,
            "collector": collector,
            "cards": sort_codes(cards),
        }
        self.plays = []

    def _start_season(self, leader: int) -> None:
        """The leader opens with a caravan; one who holds only wilds cannot (D6)."""
        hands = self.deal.hands
        if self._can_lead(leader):
            self.phase, self.turn = LEAD, leader
            return
        other = self._other(leader)
        if self._can_lead(other):
            self.phase, self.turn = LEAD, other
            self.notice = {"kind": "lead_passes", "seat": leader}
            return
        self.notice = {"kind": "nobody_can_lead", "counts": [len(h) for h in hands]}
        self._end_hand("stuck")

    def _can_lead(self, seat: int) -> bool:
        return any(not CARDS[c].is_wild for c in self.deal.hands[seat])

    def _end_hand(self, how: str) -> None:
        """Score the hand (D8, D9), then deal the next one or end the match."""
        bonus = [0, 0]
        if self.first_out is not None:
            other = self._other(self.first_out)
            bonus[self.first_out] = 5 + len(self.deal.hands[other])
        collected = [self.collection_value(s) for s in (0, 1)]
        totals = [collected[s] + bonus[s] for s in (0, 1)]
        self.match_scores = [self.match_scores[s] + totals[s] for s in (0, 1)]
        self.history = self.history + [
            {
                "hand": self.hand_no,
                "ended": how,
                "starter": self.starters[-1],
                "indicators": list(self.deal.indicators),
                "first_out": self.first_out,
                "cards_left": [len(h) for h in self.deal.hands],
                "collections": [sort_codes(c) for c in self.deal.collections],
                "collected": collected,
                "bonus": bonus,
                "totals": totals,
                "match_scores": list(self.match_scores),
            }
        ]
        if self.hand_no >= self.options["hands"]:
            self.phase = OVER
            return
        self._start_hand(self._next_starter())

    def _next_starter(self) -> int:
        """The lower cumulative score starts; on a tie, who did not start last (D11)."""
        low, high = self.match_scores
        if low != high:
            return 0 if low < high else 1
        return self._other(self.starters[-1])

    def _start_hand(self, starter: int) -> None:
        self.hand_no += 1
        self.starters.append(starter)
        self.deal = deal_hand(self._dealer())
        self.first_out = None
        self.plays = []
        self.last_season = None
        self._start_season(starter)
