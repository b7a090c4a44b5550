"""The quick rollout policy of Camel Up Off Season (what ``hard``'s rollouts play): the
heuristic's rules with fewer draws of a market's face-down goods. Legal through random
games at every player count, the same answer from the same random seed, blind to what the
seat cannot see as the heuristic is, and really drawing fewer samples than the heuristic
(not the heuristic itself under another name)."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any, cast

import pytest

from core.bots import levels, offseason_heuristic
from core.bots.offseason_heuristic import QUICK_SAMPLES
from core.bots.offseason_merchant import SAMPLES, Merchant
from core.engine import State
from core.games import GAMES
from tests.bots.playing import ALLOWED, Spy, positions

GAME = "offseason"
PLAYERS = range(GAMES[GAME].min_players, GAMES[GAME].max_players + 1)


def quick_policy() -> Any:
    """The policy hard's rollouts play, as the search is given it."""
    known = levels.knowledge(GAME)
    assert known.settings.rollout == "quick"
    return known.rollout()


@pytest.fixture
def sample_sizes(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[int]]:
    """How many samples each valuation of a market with hidden goods drew."""
    sizes: list[int] = []
    original = Merchant.samples

    def counted(self: Merchant, market: dict[str, Any], supply: bool) -> list[list[str]]:
        drawn = original(self, market, supply)
        if market["face_down_backs"] or supply:
            sizes.append(len(drawn))
        return drawn

    monkeypatch.setattr(Merchant, "samples", counted)
    yield sizes


def test_the_quick_policy_is_the_heuristics_with_fewer_samples() -> None:
    assert quick_policy() is offseason_heuristic.quick
    assert quick_policy() is not levels.knowledge(GAME).choose
    assert 1 <= QUICK_SAMPLES < SAMPLES


@pytest.mark.parametrize("players", PLAYERS)
def test_quick_plays_a_legal_action_in_every_position_and_the_same_from_the_same_seed(
    players: int,
) -> None:
    """Every position of two random games, from the mover's own determinization (as in a
    rollout); the same seed gives the same action and leaves the generator alike."""
    quick = quick_policy()
    steps = set()
    for ply, (state, seat) in enumerate(positions(GAME, players, range(2))):
        guess = state.determinize(seat, random.Random(ply))
        rngs = [random.Random(ply * 31 + players) for _ in range(2)]
        chosen = [quick(guess, seat, rng) for rng in rngs]
        assert chosen[0] in state.legal_actions(seat), (chosen, state.legal_actions(seat))
        assert chosen[0] == chosen[1]
        assert rngs[0].getstate() == rngs[1].getstate()
        steps.add(state.view(seat)["step"])
    assert {"bid", "choose", "load", "sell"} <= steps, steps


def test_quick_asks_the_state_only_about_its_own_seat() -> None:
    quick = quick_policy()
    steps = set()
    for players in (2, 3, 5):
        for ply, (state, seat) in enumerate(positions(GAME, players, range(1))):
            if ply % 3:
                continue
            rng = random.Random(ply)
            spy = Spy(state.determinize(seat, rng))
            action = quick(cast(State, spy), seat, rng)
            assert action in state.legal_actions(seat)
            assert {name for name, _ in spy.calls} <= ALLOWED, spy.calls
            assert {asked for name, asked in spy.calls if name != "game"} == {seat}, spy.calls
            steps.add(state.view(seat)["step"])
    assert {"bid", "choose", "power", "load", "sell"} <= steps, steps


def test_quick_draws_fewer_samples_of_hidden_goods_than_the_heuristic(
    sample_sizes: list[int],
) -> None:
    """Each market with face-down goods (or Supply +2's cards) is valued on
    ``QUICK_SAMPLES`` draws by the quick policy, ``SAMPLES`` by the heuristic."""
    quick, heuristic = quick_policy(), levels.knowledge(GAME).choose
    asked = 0
    for players in (2, 4):
        for ply, (state, seat) in enumerate(positions(GAME, players, range(1))):
            if state.view(seat)["step"] not in ("bid", "choose", "power") or ply % 2:
                continue
            guess = state.determinize(seat, random.Random(ply))
            sample_sizes.clear()
            quick(guess, seat, random.Random(ply))
            quick_sizes = set(sample_sizes)
            sample_sizes.clear()
            heuristic(guess, seat, random.Random(ply))
            if sample_sizes:
                asked += 1
                assert quick_sizes == {QUICK_SAMPLES}, quick_sizes
                assert set(sample_sizes) == {SAMPLES}
    assert asked >= 20, asked


def test_hards_rollouts_play_the_quick_policy(sample_sizes: list[int]) -> None:
    """The search ranks the root's actions with the heuristic (``SAMPLES`` draws) and plays
    its rollouts with the quick policy: most valuations draw ``QUICK_SAMPLES``."""
    state = GAMES[GAME].new_game(2, 3)
    rng = random.Random(3)
    while state.view(min(state.to_move()))["step"] != "bid":
        seat = min(state.to_move())
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    seat = min(state.to_move())
    levels.play_level("hard", state.determinize(seat, rng), seat, rng, iterations=8)
    quick = sample_sizes.count(QUICK_SAMPLES)
    assert set(sample_sizes) == {QUICK_SAMPLES, SAMPLES}
    assert quick > 2 * sample_sizes.count(SAMPLES), (quick, len(sample_sizes))


@pytest.mark.parametrize("players", (2, 4))
def test_quick_chooses_as_the_heuristic_where_nothing_hidden_is_valued(players: int) -> None:
    """Loading, the +1 token and sales draw no samples: there the quick policy is the
    heuristic, choice for choice."""
    quick, heuristic = quick_policy(), levels.knowledge(GAME).choose
    compared = 0
    for ply, (state, seat) in enumerate(positions(GAME, players, range(2))):
        if state.view(seat)["step"] not in ("load", "saddle", "sell", "discard"):
            continue
        guess = state.determinize(seat, random.Random(ply))
        assert quick(guess, seat, random.Random(ply)) == heuristic(guess, seat, random.Random(ply))
        compared += 1
    assert compared >= 30, compared
