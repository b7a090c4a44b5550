"""Bots: legal choices everywhere, no peeking at hidden cards, and the heuristic's strength."""

from __future__ import annotations

import pickle
import random
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from typing import Any, cast

import pytest

from core.bots import BOTS, choose_action
from core.engine import IllegalAction, State
from core.games import GAMES
from core.games.caravan.cards import WILD_CODES
from core.games.caravan.position import position
from core.games.caravan.state import CaravanState
from tests.bots.playing import ALLOWED, Spy


def random_positions(game: str, seeds: range, **options: Any) -> Iterator[tuple[State, int]]:
    """Every (true state, seat to move) met along seeded random games."""
    rules = GAMES[game]
    for seed in seeds:
        state = rules.new_game(rules.min_players, seed, options or None)
        rng = random.Random(seed)
        while not state.is_over():
            for seat in sorted(state.to_move()):
                yield state, seat
            seat = rng.choice(sorted(state.to_move()))
            state.apply(seat, rng.choice(state.legal_actions(seat)))


SEARCHES = {bot for bot in BOTS if bot not in ("random", "heuristic")}  # they cost more


def ask(bot: str, true_state: State, seat: int, seed: int) -> str:
    """What ``bot`` plays for ``seat``, called as the server calls it (D10: determinized)."""
    rng = random.Random(seed)
    return choose_action(bot, true_state.determinize(seat, rng), seat, rng)


def play_match(bots: list[str], seed: int, **options: Any) -> list[float]:
    rules = GAMES["caravan"]
    state = rules.new_game(2, seed, options)
    rng = random.Random(seed)
    while not state.is_over():
        (seat,) = state.to_move()
        state.apply(seat, choose_action(bots[seat], state.determinize(seat, rng), seat, rng))
    return state.scores()


@pytest.mark.parametrize("game", sorted(GAMES))
@pytest.mark.parametrize("bot", sorted(BOTS))
def test_every_bot_returns_a_legal_action_in_the_positions_of_random_games(
    bot: str, game: str
) -> None:
    """The quick bots in every position of four random games; the searches (which cost
    more) in every other position of one, each phase of the game still reached."""
    phases = set()
    seeds, every = (range(1), 2) if bot in SEARCHES else (range(4), 1)
    for ply, (state, seat) in enumerate(random_positions(game, seeds)):
        if ply % every:
            continue
        assert ask(bot, state, seat, ply) in state.legal_actions(seat)
        phases.add(state.view(seat).get("phase"))
    if game == "caravan":
        assert {"lead", "respond", "final"} <= phases


def test_heuristic_plays_legally_when_wilds_may_stand_for_one_and_ten() -> None:
    positions = random_positions("caravan", range(3), hands=2, wild_ranks="1-10")
    for ply, (state, seat) in enumerate(positions):
        assert ask("heuristic", state, seat, ply) in state.legal_actions(seat)


@pytest.mark.parametrize("bot", sorted(BOTS))
def test_bots_ask_the_state_only_about_their_own_seat(bot: str) -> None:
    games = range(1) if bot in SEARCHES else range(2)
    for ply, (state, seat) in enumerate(random_positions("caravan", games, hands=2)):
        rng = random.Random(ply)
        spy = Spy(state.determinize(seat, rng))
        choose_action(bot, cast(State, spy), seat, rng)
        assert spy.calls, "the bot never looked at the state"
        assert {name for name, _ in spy.calls} <= ALLOWED, spy.calls
        assert {asked for name, asked in spy.calls if name != "game"} == {seat}, spy.calls


@pytest.mark.parametrize("bot", sorted(BOTS))
def test_a_bots_choice_does_not_depend_on_the_cards_it_cannot_see(bot: str) -> None:
    games = range(1) if bot in SEARCHES else range(2)  # a search asked twice per position
    for ply, (state, seat) in enumerate(random_positions("caravan", games, hands=2)):
        one = state.determinize(seat, random.Random(2 * ply))
        other = state.determinize(seat, random.Random(2 * ply + 1))
        chosen = {choose_action(bot, guess, seat, random.Random(ply)) for guess in (one, other)}
        assert len(chosen) == 1, (ply, chosen)


@pytest.mark.parametrize("bot", sorted(BOTS))
def test_a_bot_given_the_same_random_seed_makes_the_same_choice(bot: str) -> None:
    for ply, (state, seat) in enumerate(random_positions("caravan", range(1), hands=2)):
        assert ask(bot, state, seat, ply) == ask(bot, state, seat, ply)


def test_heuristic_gives_the_best_last_answer_when_the_opponent_has_gone_out() -> None:
    answered = 0
    for ply, (state, seat) in enumerate(random_positions("caravan", range(30), hands=1)):
        if state.view(seat)["phase"] != "final":
            continue
        margins = {}
        for action in state.legal_actions(seat):
            after = state.clone()
            after.apply(seat, action)
            totals = after.view(seat)["history"][-1]["totals"]
            margins[action] = totals[seat] - totals[1 - seat]
        assert margins[ask("heuristic", state, seat, ply)] == max(margins.values())
        answered += 1
    assert answered >= 10


def test_heuristic_goes_out_whenever_one_play_empties_its_hand() -> None:
    chances = 0
    for ply, (state, seat) in enumerate(random_positions("caravan", range(40), hands=1)):
        view = state.view(seat)
        if view["phase"] == "final":
            continue
        outs = [
            a
            for a in state.legal_actions(seat)
            if len(a.split("@")[0].split("+")) == len(view["hand"])
        ]
        if outs:
            assert ask("heuristic", state, seat, ply) in outs
            chances += 1
    assert chances >= 10


def heuristic_seat(mine: str, theirs: str, indicators: str, **options: Any) -> CaravanState:
    """A position for the heuristic in seat 1; Aces and Crowns not named are collected,
    so the opponent's wilds are exactly those in ``theirs`` (none of them set aside)."""
    named = f"{mine} {theirs} {indicators} {options.get('season', '')}"
    named = named.replace("+", " ").replace(":", " ")
    used = {word.split("@")[0] for word in named.split()}
    rest = " ".join(code for code in WILD_CODES if code not in used)
    return position(hands=(theirs, mine), indicators=indicators, collections=(rest, ""), **options)


# Indicators "NV 1S": Waves cards score +1, Suns cards -1.


def test_heuristic_leads_its_longest_run() -> None:
    state = heuristic_seat("1K 5ML 6MV 7ML 8MS 2SY", "2MK 3SK 7VY 8YK 9LK 1Y", "NV 1S", starter=1)
    assert ask("heuristic", state, 1, 0) == "5ML+6MV+7ML+8MS"


def test_heuristic_answers_a_single_without_breaking_its_long_run() -> None:
    state = heuristic_seat(
        "1K 5ML 6MV 7ML 8MS 3LY 9VY", "2MK 3SK 7VY 8YK 9LK 1Y", "NV 1S", season="0:4VL"
    )
    assert ask("heuristic", state, 1, 0) == "9VY"


def test_heuristic_passes_rather_than_spend_wilds_to_take_a_bad_pile() -> None:
    state = heuristic_seat("1M NM 4MS 9VY 7ML", "2MK 7VY 8YK 9LK 1Y", "NV 1S", season="0:2SY+3SK")
    assert ask("heuristic", state, 1, 0) == "pass"


def test_heuristic_outbids_a_bandit_to_send_a_bad_pile_back() -> None:
    state = heuristic_seat("NL 3MV 9VY 4VL", "2MK 7VY 8YK 9LK", "NV 1S", season="1:6SY+7SK 0:1K")
    assert ask("heuristic", state, 1, 0) == "NL"


def test_heuristic_lets_an_opponents_bandit_hand_it_a_good_pile() -> None:
    state = heuristic_seat("NL 3MV 9VY 4VL", "2MK 6SY 8YK 9LK", "NV 1S", season="1:7VY+8VL 0:1K")
    assert ask("heuristic", state, 1, 0) == "pass"


def test_heuristic_wins_three_quarters_of_one_hand_matches_against_random() -> None:
    wins = 0
    for match in range(40):
        seat = match % 2
        bots = ["heuristic", "random"] if seat == 0 else ["random", "heuristic"]
        scores = play_match(bots, seed=100 + match // 2, hands=1)
        wins += scores[seat] > scores[1 - seat]
    assert wins >= 30


def test_heuristic_plays_randomly_in_a_game_it_has_no_rules_of_thumb_for() -> None:
    state = Countdown(7)
    for seed in range(10):
        heuristic = choose_action("heuristic", state, 0, random.Random(seed))
        assert heuristic == choose_action("random", state, 0, random.Random(seed))


def test_an_unknown_bot_is_refused_by_name() -> None:
    state = GAMES["caravan"].new_game(2, seed=1)
    with pytest.raises(KeyError, match="no bot called 'genius'"):
        choose_action("genius", state, min(state.to_move()), random.Random(0))


def test_bots_run_in_a_process_pool() -> None:
    assert pickle.loads(pickle.dumps(BOTS)) == BOTS
    state = GAMES["caravan"].new_game(2, seed=3)
    seat = min(state.to_move())
    with ProcessPoolExecutor(max_workers=1) as pool:
        remote = pool.submit(choose_action, "heuristic", state, seat, random.Random(5))
        assert remote.result(timeout=60) == choose_action(
            "heuristic", state, seat, random.Random(5)
        )


class Countdown(State):
    """A game no bot knows: take one or two counters; taking the last one wins."""

    game = "countdown"

    def __init__(self, counters: int, turn: int = 0) -> None:
        self.counters, self.turn = counters, turn

    def to_move(self) -> frozenset[int]:
        return frozenset() if self.is_over() else frozenset({self.turn})

    def legal_actions(self, seat: int) -> list[str]:
        if seat not in self.to_move():
            return []
        return [str(n) for n in (1, 2) if n <= self.counters]

    def apply(self, seat: int, action: str) -> None:
        if action not in self.legal_actions(seat):
            raise IllegalAction("Take one or two counters on your turn.")
        self.counters -= int(action)
        self.turn = 1 - seat

    def is_over(self) -> bool:
        return self.counters == 0

    def scores(self) -> list[float]:
        winner = 1 - self.turn
        return [float(self.is_over() and seat == winner) for seat in (0, 1)]

    def ranking(self) -> list[int]:
        return [1, 1] if not self.is_over() else [1 + (s != 1 - self.turn) for s in (0, 1)]

    def view(self, seat: int | None) -> dict[str, Any]:
        return {"game": "countdown", "counters": self.counters, "turn": self.turn}

    def clone(self) -> Countdown:
        return Countdown(self.counters, self.turn)

    def determinize(self, seat: int, rng: random.Random) -> Countdown:
        return self.clone()
