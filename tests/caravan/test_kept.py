"""What the engine keeps instead of working it out anew -- each hand's caravans, many of them
kept by filtering those of the hand before the last play, and the legal actions listed from
them -- is what working it out anew from the cards gives, after every action of random
matches, on the states played, on their clones and on determinizations."""

from __future__ import annotations

import random

import pytest

from core.games.caravan import combos
from core.games.caravan.cards import card_mask
from core.games.caravan.combos import caravans, caravans_afresh, hand_bandits, legal_plays
from core.games.caravan.notation import PASS
from core.games.caravan.state import LEAD, CaravanState
from tests.scenarios import random_playout

MATCHES = [(seed, wild_ranks) for seed in range(6) for wild_ranks in ("2-9", "1-10")]


def actions_anew(state: CaravanState, seat: int) -> list[str]:
    """The legal actions of ``seat`` from its cards alone, by the rules (D3-D6)."""
    if seat not in state.to_move():
        return []
    hand = tuple(state.deal.hands[seat])
    every = caravans_afresh(hand, state.ranks).combos
    if state.phase == LEAD:
        return sorted(c.notation for c in every)
    last = state.plays[-1].combo
    options = [c for c in every if c.length == last.length] + hand_bandits(list(hand))
    return sorted([c.notation for c in options if c.beats(last)] + [PASS])


def check(state: CaravanState) -> None:
    for seat in (0, 1):
        hand = tuple(state.deal.hands[seat])
        kept, masks, notations = caravans(hand, state.ranks)
        assert kept == caravans_afresh(hand, state.ranks).combos
        assert masks == tuple(card_mask(c.cards) for c in kept)
        assert notations == tuple(c.notation for c in kept)
        assert state.legal_actions(seat) == actions_anew(state, seat)


@pytest.mark.parametrize(("seed", "wild_ranks"), MATCHES)
def test_kept_caravans_and_actions_are_those_worked_out_anew_after_every_action(
    seed: int, wild_ranks: str
) -> None:
    rng = random.Random(seed)
    options = {"hands": 2, "wild_ranks": wild_ranks}
    for state in random_playout("caravan", 2, seed, options):
        assert isinstance(state, CaravanState)
        check(state)
        if state.is_over():
            break
        (seat,) = state.to_move()
        # Every play on a clone, and one on a determinization: the hands after each are
        # kept from the hand before it.
        for action in state.legal_actions(seat):
            other = state.clone()
            other.apply(seat, action)
            check(other)
        guess = state.determinize(seat, rng)
        check(guess)
        guess.apply(seat, rng.choice(guess.legal_actions(seat)))
        check(guess)
        check(state)


def test_a_hand_kept_from_the_hand_before_is_the_one_listed_anew() -> None:
    """Kept hands are made by filtering once the cache is full and cleared, too."""
    ranks = (2, 9)
    hand = ("1M", "1S", "2MK", "3MV", "4MS", "5ML", "6MV", "NM", "NS")
    combos._kept.clear()
    caravans(hand, ranks)
    combos.after_play(hand, ranks, ("3MV",))
    rest = tuple(c for c in hand if c != "3MV")
    assert (rest, ranks) in combos._kept
    assert caravans(rest, ranks) == caravans_afresh(rest, ranks)
    assert legal_plays(rest, ranks, None) == tuple(
        sorted(c.notation for c in caravans_afresh(rest, ranks).combos)
    )


def played_on(state: CaravanState, seed: int, plies: int) -> str:
    """What ``plies`` random actions from ``state`` (changed in place) lead to, as text."""
    rng = random.Random(seed)
    for _ in range(plies):
        if state.is_over():
            break
        (seat,) = state.to_move()
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    return repr((state.view(None), state.deal))


@pytest.mark.parametrize("seed", range(4))
def test_clones_deal_the_next_hands_alike_whichever_deals_first(seed: int) -> None:
    """The generator dealing the next hands is shared by a state and its clones until one of
    them deals: a deal by one never changes what the others deal."""
    options = {"hands": 3, "wild_ranks": "2-9"}
    for ply, state in enumerate(random_playout("caravan", 2, seed, options)):
        if state.is_over() or ply % 4:
            continue
        assert isinstance(state, CaravanState)
        first, second = state.clone(), state.clone()
        ahead = played_on(first, ply, 40)  # past the end of this hand: a new deal
        assert played_on(second.clone(), ply, 40) == ahead
        assert played_on(second, ply, 40) == ahead
        guess = state.determinize(0, random.Random(ply))
        twin = guess.clone()
        assert played_on(guess, ply, 40) == played_on(twin, ply, 40)


@pytest.mark.parametrize("wild_ranks", ["2-9", "1-10"])
def test_every_remembered_play_is_the_one_read_anew_from_its_notation(wild_ranks: str) -> None:
    """Plays are remembered as they are read and as the caravans of hands are listed."""
    combos._plays.clear()
    combos._kept.clear()
    combos.suit_caravans.cache_clear()
    for seed in range(3):
        for state in random_playout("caravan", 2, seed, {"hands": 1, "wild_ranks": wild_ranks}):
            if not state.is_over():
                (seat,) = state.to_move()
                state.legal_actions(seat)
    assert len(combos._plays) > 100
    for (action, ranks), combo in combos._plays.items():
        assert combo == combos._read_play(action, ranks), action
        assert combo.notation == action
