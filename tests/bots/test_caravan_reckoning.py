"""What the Caravan heuristic works out the quick way is what the slow, plain way gives:
the position read from ``view.sight`` is the one read from the whole view, the outlook's
sampled hands are those ``random.Random.sample`` draws (with the generator left in the same
state) and answer as the deck's caravans and bandits in those hands do, and the fewest plays
that empty part of a hand are those of a plain search of its exact covers."""

from __future__ import annotations

import random
from functools import cache

import pytest

from core.bots import caravan_heuristic as heuristic
from core.bots.caravan_outlook import SAMPLES, Outlook
from core.games.caravan.cards import DECK
from core.games.caravan.combos import BANDIT, CARAVAN, Combo, hand_bandits, hand_caravans
from core.games.caravan.state import CaravanState
from tests.scenarios import random_playout

TABLES = [(seed, wild_ranks) for seed in range(4) for wild_ranks in ("2-9", "1-10")]


def positions(seed: int, wild_ranks: str, every: int = 1) -> list[tuple[CaravanState, int]]:
    """(state, seat to move) along a random match, each state a copy, every ``every`` plies."""
    found = []
    options = {"hands": 2, "wild_ranks": wild_ranks}
    for ply, state in enumerate(random_playout("caravan", 2, seed, options)):
        if not state.is_over() and ply % every == 0:
            assert isinstance(state, CaravanState)
            (seat,) = state.to_move()
            found.append((state.clone(), seat))
    return found


@pytest.mark.parametrize(("seed", "wild_ranks"), TABLES)
def test_the_position_read_from_the_sight_is_the_one_read_from_the_view(
    seed: int, wild_ranks: str
) -> None:
    for state, seat in positions(seed, wild_ranks):
        for seen in (state, state.determinize(seat, random.Random(seed))):
            for who in (0, 1):
                quick = heuristic.position_of(seen, who)
                assert quick == heuristic.read_position(seen.view(who))


def held_counts(position: heuristic.Position) -> tuple[int, int]:
    """How many number cards and wilds the opponent holds, as the heuristic reckons."""
    held_wilds = min(position.opponent_wilds, len(position.unseen_wilds))
    held_numbers = min(max(0, position.opponent_cards - held_wilds), len(position.unseen_numbers))
    return held_numbers, held_wilds


def sampled_hands(position: heuristic.Position, rng: random.Random) -> list[list[str]]:
    """The opponent's hands as the heuristic first sampled them, with ``random.sample``."""
    numbers = [DECK[i].code for i in position.unseen_numbers]
    wilds = [DECK[i].code for i in position.unseen_wilds]
    held_wilds = min(position.opponent_wilds, len(wilds))
    held_numbers = min(max(0, position.opponent_cards - held_wilds), len(numbers))
    return [
        rng.sample(numbers, held_numbers) + rng.sample(wilds, held_wilds) for _ in range(SAMPLES)
    ]


class Counted(random.Random):
    """A generator of another class: the outlook must then call ``sample`` itself."""


def quick_outlook(
    position: heuristic.Position, rng: random.Random, *, bandits_only: bool = False
) -> Outlook:
    unseen = (list(position.unseen_numbers), list(position.unseen_wilds), position.unseen)
    return Outlook(position.ranks, unseen, held_counts(position), rng, bandits_only=bandits_only)


@pytest.mark.parametrize(("seed", "wild_ranks"), TABLES)
def test_the_outlook_answers_as_the_caravans_and_bandits_of_hands_drawn_by_sample(
    seed: int, wild_ranks: str
) -> None:
    checked = 0
    for n, (state, seat) in enumerate(positions(seed, wild_ranks, every=3)):
        position = heuristic.position_of(state, seat)
        for kind in (random.Random, Counted):
            quick_rng, plain_rng = kind(n), kind(n)
            outlook = quick_outlook(position, quick_rng)
            hands = sampled_hands(position, plain_rng)
            assert quick_rng.getstate() == plain_rng.getstate()
            for length in range(1, 11):
                best = [
                    max((c.top for c in hand_caravans(h, position.ranks, length)), default=0)
                    for h in hands
                ]
                for top in range(0, 11):
                    combo = Combo((), CARAVAN, length=length, top=top)
                    expected = sum(b > top for b in best) / SAMPLES
                    assert outlook.can_top(combo) == expected, (length, top)
            bandits = [max((c.level for c in hand_bandits(h)), default=0) for h in hands]
            # Answering a bandit, the number cards are drawn but not kept; the judge's own
            # outlook is this one or the whole one.
            lean_rng, judge_rng = kind(n), kind(n)
            lean = quick_outlook(position, lean_rng, bandits_only=True)
            judged = heuristic.Judge(position, judge_rng).outlook
            assert lean_rng.getstate() == judge_rng.getstate() == plain_rng.getstate()
            for level in range(5):
                combo = Combo((), BANDIT, level=level)
                assert outlook.can_outbid(combo) == sum(b > level for b in bandits) / SAMPLES
                assert (
                    lean.can_outbid(combo) == judged.can_outbid(combo) == outlook.can_outbid(combo)
                )
            checked += 1
    assert checked > 20


def plain_fewest(hand: list[str], ranks: tuple[int, int]) -> dict[int, int]:
    """The fewest plays emptying each part of ``hand``, by trying every cover."""
    pieces = {heuristic.mask(c.cards) for c in hand_caravans(hand, ranks) + hand_bandits(hand)}

    @cache
    def fewest(cards: int) -> int:
        if not cards:
            return 0
        low = cards & -cards
        return 1 + min(fewest(cards ^ p) for p in pieces if p & low and p & ~cards == 0)

    return {cards: fewest(cards) for cards in parts(heuristic.mask(hand))}


def parts(cards: int) -> list[int]:
    """Some parts of ``cards``: itself and, in turn, without each of its cards and pairs."""
    bits = [1 << i for i in range(len(DECK)) if cards >> i & 1]
    found = {cards} | {cards ^ b for b in bits}
    found |= {cards ^ a ^ b for a in bits for b in bits if a < b}
    return sorted(found)


@pytest.mark.parametrize(("seed", "wild_ranks"), TABLES[:4])
def test_the_fewest_plays_are_those_of_a_plain_search_of_every_cover(
    seed: int, wild_ranks: str
) -> None:
    for state, seat in positions(seed, wild_ranks, every=5):
        position = heuristic.position_of(state, seat)
        fewest = heuristic.fewest_plays(position.hand, position.ranks)
        for cards, plays in plain_fewest(list(position.hand), position.ranks).items():
            assert fewest(cards) == plays
