"""Caravan's quick rollout policy (``caravan_heuristic.quick``, hard's rollouts): legal,
deterministic, blind to what its seat cannot see, and really the cheaper form of the
heuristic -- fewer sampled hands drawn by the unseen cards alone and kept, none drawn from
the generator it is given, the fewest plays counted greedily -- never the heuristic itself;
and the choices it keeps are those it would make afresh."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any, cast

import pytest

from core.bots import caravan_heuristic as heuristic
from core.bots import levels
from core.bots.caravan_outlook import SAMPLES
from core.engine import State
from core.games import GAMES
from core.games.caravan.combos import hand_bandits, hand_caravans
from tests.bots.playing import ALLOWED, Spy, positions

QUICK = heuristic.quick
PLAYERS = range(GAMES["caravan"].min_players, GAMES["caravan"].max_players + 1)
TABLES = [(players, wild_ranks) for players in PLAYERS for wild_ranks in ("2-9", "1-10")]


def guesses(players: int, wild_ranks: str, seeds: range) -> Iterator[tuple[State, int, int]]:
    """(determinized state, seat to move, ply) along seeded random matches: what a rollout
    hands its policy."""
    options = {"hands": 2, "wild_ranks": wild_ranks}
    for ply, (state, seat) in enumerate(positions("caravan", players, seeds, **options)):
        yield state.determinize(seat, random.Random(ply)), seat, ply


def test_hard_rolls_out_with_the_quick_policy_and_normal_is_the_heuristic() -> None:
    known = levels.knowledge("caravan")
    assert known.settings.rollout == "quick" and known.rollout() is QUICK
    assert known.quick is QUICK and known.choose is heuristic.choose
    assert heuristic.QUICK.samples < SAMPLES and not heuristic.QUICK.exact
    assert heuristic.QUICK.kept and heuristic.FULL == heuristic.Effort()


@pytest.mark.parametrize(("players", "wild_ranks"), TABLES)
def test_the_quick_policy_plays_a_legal_action_in_every_position(
    players: int, wild_ranks: str
) -> None:
    phases = set()
    for guess, seat, ply in guesses(players, wild_ranks, range(3)):
        assert QUICK(guess, seat, random.Random(ply)) in guess.legal_actions(seat)
        phases.add(guess.view(seat)["phase"])
    assert {"lead", "respond", "final"} <= phases


def test_the_quick_policy_given_the_same_generator_makes_the_same_choice() -> None:
    """Also with its kept outlooks and choices forgotten in between: what it keeps changes
    no choice."""
    for guess, seat, ply in guesses(2, "2-9", range(2)):
        first = QUICK(guess, seat, random.Random(ply))
        assert QUICK(guess, seat, random.Random(ply)) == first
        heuristic._kept.clear()
        heuristic._chosen.clear()
        assert QUICK(guess, seat, random.Random(ply)) == first


@pytest.mark.parametrize("wild_ranks", ["2-9", "1-10"])
def test_the_quick_choice_is_the_quick_efforts_whatever_the_generator(wild_ranks: str) -> None:
    """Its outlooks drawn by the unseen cards alone, the quick effort chooses the same with
    any generator; so :func:`quick` may keep its choices by what the seat sees: a kept one
    is the one ``choose`` with the quick effort makes afresh."""
    heuristic._chosen.clear()
    for guess, seat, ply in guesses(2, wild_ranks, range(2)):
        kept = QUICK(guess, seat, random.Random(ply))
        for seed in (ply + 1, ply + 2):
            assert heuristic.choose(guess, seat, random.Random(seed), heuristic.QUICK) == kept
        assert QUICK(guess, seat, random.Random(ply + 3)) == kept
    assert heuristic._chosen


def test_the_quick_policy_asks_the_state_only_about_its_own_seat() -> None:
    for guess, seat, ply in guesses(2, "2-9", range(1)):
        spy = Spy(guess)
        action = QUICK(cast(State, spy), seat, random.Random(ply))
        assert action in guess.legal_actions(seat)
        assert spy.calls, "the policy never looked at the state"
        assert {name for name, _ in spy.calls} <= ALLOWED, spy.calls
        assert {asked for name, asked in spy.calls if name != "game"} == {seat}, spy.calls


def test_the_quick_choice_does_not_depend_on_the_cards_it_cannot_see() -> None:
    options = {"hands": 2}
    for ply, (state, seat) in enumerate(positions("caravan", 2, range(2), **options)):
        one = state.determinize(seat, random.Random(2 * ply))
        other = state.determinize(seat, random.Random(2 * ply + 1))
        chosen = {QUICK(guess, seat, random.Random(ply)) for guess in (one, other)}
        assert len(chosen) == 1, (ply, chosen)


def judged(guess: State, seat: int, rng: random.Random, effort: Any) -> heuristic.Judge:
    """The judge of one decision after it has scored every legal action."""
    judge = heuristic.Judge(heuristic.position_of(guess, seat), rng, effort)
    for action in guess.legal_actions(seat):
        judge.score(action)
    return judge


def test_the_quick_policy_samples_fewer_hands_and_never_from_its_generator() -> None:
    """The heuristic draws its 32 hands from the generator it is given; the quick policy
    leaves that generator alone and its outlooks hold fewer hands (no sample's bit above
    ``QUICK.samples``), kept for the next decision that meets the same unseen cards."""
    looked = 0
    for guess, seat, ply in guesses(2, "2-9", range(2)):
        if len(guess.legal_actions(seat)) < 2 or guess.view(seat)["phase"] == "final":
            continue
        rng, untouched = random.Random(ply), random.Random(ply)
        QUICK(guess, seat, rng)
        assert rng.getstate() == untouched.getstate(), ply
        heuristic.choose(guess, seat, untouched)
        assert untouched.getstate() != random.Random(ply).getstate(), ply
        quick = judged(guess, seat, random.Random(ply), heuristic.QUICK).outlook
        full = judged(guess, seat, random.Random(ply), heuristic.FULL).outlook
        assert quick._samples == heuristic.QUICK.samples and full._samples == SAMPLES
        assert max(quick._held) < 1 << heuristic.QUICK.samples
        assert max(full._held) >= 1 << heuristic.QUICK.samples  # 32 hands do reach past it
        again = judged(guess, seat, random.Random(ply + 1), heuristic.QUICK).outlook
        assert again is quick
        looked += 1
    assert looked > 20


def test_kept_outlooks_and_choices_are_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(heuristic, "KEPT_OUTLOOKS", 5)
    monkeypatch.setattr(heuristic, "KEPT_CHOICES", 7)
    heuristic._kept.clear()
    heuristic._chosen.clear()
    for guess, seat, ply in guesses(2, "2-9", range(1)):
        QUICK(guess, seat, random.Random(ply))
        assert len(heuristic._kept) <= 5 and len(heuristic._chosen) <= 7
    assert heuristic._kept and heuristic._chosen


def test_the_quick_count_of_the_fewest_plays_is_greedy_never_below_the_exact_one() -> None:
    """Greedy (the longest caravan holding the highest number card, each time): never fewer
    plays than the exact cover, the same for most parts of a hand (five in six here), more
    for the rest."""
    same = more = 0
    for guess, seat, _ in guesses(2, "2-9", range(6)):
        position = heuristic.position_of(guess, seat)
        exact = heuristic.fewest_plays(position.hand, position.ranks)
        greedy = heuristic.fewest_plays(position.hand, position.ranks, False)
        hand = list(position.hand)
        pieces = [heuristic.mask(c.cards) for c in hand_caravans(hand, position.ranks)]
        pieces += [heuristic.mask(c.cards) for c in hand_bandits(hand)]
        whole = heuristic.mask(hand)
        for cards in {whole, *(whole & ~piece for piece in pieces)}:
            fewest, counted = exact(cards), greedy(cards)
            assert counted >= fewest
            same += counted == fewest
            more += counted > fewest
    assert same > 3 * more > 0
