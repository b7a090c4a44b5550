"""IS-MCTS and its levels: legal everywhere, reproducible, blind to what a seat cannot
see, finds an obvious win, and plays sealed bids without seeing the other bids."""

from __future__ import annotations

import importlib.util
import pickle
import random
from collections.abc import Iterator
from typing import Any, cast

import pytest

from core.bots import ismcts, levels
from core.bots.ismcts import ismcts_choose, search
from core.engine import IllegalAction, State
from core.games import GAMES
from core.games.camping.position import position
from tests.bots.playing import ALLOWED, Spy

LEVELS = {"easy": levels.easy, "normal": levels.normal, "hard": levels.hard}
COUNTS = [
    (g, n) for g in sorted(GAMES) for n in range(GAMES[g].min_players, GAMES[g].max_players + 1)
]


def positions(game: str, players: int, seed: int, plies: tuple[int, ...]) -> Iterator[State]:
    """The true states after each of ``plies`` random actions of a seeded game."""
    state = GAMES[game].new_game(players, seed)
    rng = random.Random(seed)
    ply = 0
    while not state.is_over() and ply <= max(plies):
        if ply in plies:
            yield state.clone()
        seat = rng.choice(sorted(state.to_move()))
        state.apply(seat, rng.choice(state.legal_actions(seat)))
        ply += 1


@pytest.mark.parametrize(("game", "players"), COUNTS)
def test_every_level_chooses_a_legal_action_in_every_game_and_player_count(
    game: str, players: int
) -> None:
    asked = 0
    for ply, state in enumerate(positions(game, players, seed=players, plies=(0, 9, 40))):
        for seat in sorted(state.to_move()):
            legal = state.legal_actions(seat)
            rng = random.Random(ply)
            for name, level in LEVELS.items():
                action = level(state.determinize(seat, rng), seat, rng)
                assert action in legal, (name, action)
            plain = ismcts_choose(state.determinize(seat, rng), seat, rng, iterations=3, depth=12)
            assert plain in legal
            asked += 1
    assert asked >= 3


@pytest.mark.parametrize("game", ["caravan", "camping", "offseason"])
def test_the_same_seed_and_iteration_budget_give_the_same_search(game: str) -> None:
    for state in positions(game, 2, seed=4, plies=(0, 11)):
        seat = max(state.to_move())
        one = search(state, seat, random.Random(7), iterations=25, depth=10)
        two = search(state, seat, random.Random(7), iterations=25, depth=10)
        assert (one.action, one.visits, one.values) == (two.action, two.visits, two.values)
        assert one.iterations == 25 or len(state.legal_actions(seat)) == 1
        rng_one, rng_two = random.Random(3), random.Random(3)
        assert levels.hard(state, seat, rng_one) == levels.hard(state, seat, rng_two)


@pytest.mark.parametrize(("game", "players"), [(g, GAMES[g].min_players) for g in sorted(GAMES)])
def test_the_levels_ask_the_state_they_are_given_only_about_their_own_seat(
    game: str, players: int
) -> None:
    """Only game / view / legal_actions / determinize, for their own seat; anything goes on the
    states determinize returns (they are the search's own guesses).

    This is the strict form of "the choice does not depend on hidden information": the
    seeded choice itself may differ between two guesses, since every game's
    ``determinize`` re-deals from the hidden cards in their actual order, but the
    distribution of guesses, and so of choices, is the same."""
    searched = 0
    for ply, state in enumerate(positions(game, players, seed=2, plies=(0, 5, 17, 33))):
        for seat in sorted(state.to_move()):
            for name in LEVELS:
                rng = random.Random(ply)
                spy = Spy(state.determinize(seat, rng))
                action = LEVELS[name](cast(State, spy), seat, rng)
                assert action in state.legal_actions(seat)
                assert spy.calls, "the bot never looked at the state"
                assert {call for call, _ in spy.calls} <= ALLOWED, (name, spy.calls)
                asked = {who for call, who in spy.calls if call != "game"}
                assert asked == {seat}, (name, spy.calls)
                searched += ("determinize", seat) in spy.calls
    assert searched >= 2


def test_a_fence_that_takes_the_pool_and_ends_the_game_is_found() -> None:
    # The pool c3-d3 is the only way between the two sides: b3|c3 would close it on
    # seat 1's side (17 to 38), d3|e3 on seat 0's (38 to 17), and either ends the game.
    diagram = """
        a a . . . B
        . . . . . .
        . . . . . .
        . A P P . .
        . . . . . .
        . . . . b b
    """
    wall = ["c1|d1", "c2|d2", "c4|d4", "c5|d5", "c6|d6", "c2|c3", "c3|c4", "d2|d3", "d3|d4"]
    state = position(diagram, fences=wall, phase="fence")
    assert len(state.legal_actions(0)) > 40
    for seed in range(3):
        found = search(state, 0, random.Random(seed), iterations=150, depth=4)
        assert found.action == "d3|e3", found.visits
        assert found.values["d3|e3"] == 1.0


class Nim(State):
    """Take one or two counters; whoever takes the last one wins (perfect information)."""

    game = "nim"

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
        return [float(self.is_over() and seat != self.turn) for seat in (0, 1)]

    def ranking(self) -> list[int]:
        return [1, 1] if not self.is_over() else [1 + (s == self.turn) for s in (0, 1)]

    def view(self, seat: int | None) -> dict[str, Any]:
        return {"game": "nim", "counters": self.counters, "turn": self.turn}

    def clone(self) -> Nim:
        return Nim(self.counters, self.turn)

    def determinize(self, seat: int, rng: random.Random) -> Nim:
        return self.clone()


@pytest.mark.parametrize(("counters", "winning"), [(7, "1"), (8, "2"), (10, "1")])
def test_plain_mcts_finds_the_winning_take_in_a_perfect_information_game(
    counters: int, winning: str
) -> None:
    for seed in range(3):
        assert ismcts_choose(Nim(counters), 0, random.Random(seed), iterations=600) == winning


class Pennies(State):
    """Both seats show heads or tails at once: seat 0 wins on a match, seat 1 otherwise."""

    game = "pennies"

    def __init__(self) -> None:
        self.shown: list[str | None] = [None, None]

    def to_move(self) -> frozenset[int]:
        return frozenset(s for s in (0, 1) if self.shown[s] is None)

    def legal_actions(self, seat: int) -> list[str]:
        return ["heads", "tails"] if seat in self.to_move() else []

    def apply(self, seat: int, action: str) -> None:
        if action not in self.legal_actions(seat):
            raise IllegalAction("Show heads or tails, once.")
        self.shown[seat] = action

    def is_over(self) -> bool:
        return not self.to_move()

    def scores(self) -> list[float]:
        match = self.shown[0] == self.shown[1]
        return [float(match), float(not match)] if self.is_over() else [0.0, 0.0]

    def ranking(self) -> list[int]:
        if not self.is_over():
            return [1, 1]
        return [1, 2] if self.shown[0] == self.shown[1] else [2, 1]

    def view(self, seat: int | None) -> dict[str, Any]:
        return {"game": "pennies", "shown": [s is not None for s in self.shown]}

    def clone(self) -> Pennies:
        other = Pennies()
        other.shown = list(self.shown)
        return other

    def determinize(self, seat: int, rng: random.Random) -> Pennies:
        # The other seat's sealed choice is re-drawn, as Off Season's bids are.
        other = self.clone()
        if other.shown[1 - seat] is not None:
            other.shown[1 - seat] = rng.choice(["heads", "tails"])
        return other


@pytest.mark.parametrize("seat", [0, 1])
def test_a_sealed_choice_is_not_seen_by_the_seats_choosing_with_it(seat: int) -> None:
    """Were seat 1's choice made knowing seat 0's, seat 0 would lose every iteration
    (value 0) and seat 1 win every one; decoupled, both are near an even game."""
    found = search(Pennies(), seat, random.Random(seat), iterations=400)
    assert set(found.visits) == {"heads", "tails"}
    assert all(0.3 < value < 0.7 for value in found.values.values()), found.values


@pytest.mark.skipif(
    importlib.util.find_spec("core.games.offseason") is None, reason="no Off Season yet"
)
@pytest.mark.parametrize("players", [2, 3])
def test_sealed_bid_games_are_played_to_the_end(players: int) -> None:
    from core.games.offseason import OffSeasonRules

    state = OffSeasonRules().new_game(players, seed=players)
    rng = random.Random(players)
    blocks = 0
    while not state.is_over():
        movers = sorted(state.to_move())
        blocks += len(movers) > 1
        for seat in movers:
            if seat not in state.to_move():
                continue
            guess = state.determinize(seat, rng)
            if seat == 0:
                action = levels.hard(guess, seat, rng)
            else:
                action = rng.choice(state.legal_actions(seat))
            assert action in state.legal_actions(seat)
            state.apply(seat, action)
    assert blocks >= 3
    assert sorted(state.ranking())[0] == 1


def test_a_search_needs_a_budget_and_stops_at_its_time_limit() -> None:
    state = GAMES["feurio"].new_game(2, seed=1)
    seat = min(state.to_move())
    with pytest.raises(ValueError, match="budget"):
        search(state, seat, random.Random(0))
    found = search(state, seat, random.Random(0), seconds=0.2)
    assert found.iterations >= 1
    assert found.seconds < 2.0  # one iteration may run past the limit; the machine may be busy


def test_the_levels_can_be_sent_to_a_process_pool() -> None:
    for level in LEVELS.values():
        assert pickle.loads(pickle.dumps(level)) is level


class Counting(Nim):
    """Nim with many takes (1 to ``most``), so a root can be narrowed."""

    def __init__(self, counters: int, most: int, turn: int = 0) -> None:
        super().__init__(counters, turn)
        self.most = most

    def legal_actions(self, seat: int) -> list[str]:
        if seat not in self.to_move():
            return []
        return [str(n) for n in range(1, self.most + 1) if n <= self.counters]

    def apply(self, seat: int, action: str) -> None:
        if action not in self.legal_actions(seat):
            raise IllegalAction("Take up to the limit.")
        self.counters -= int(action)
        self.turn = 1 - seat

    def clone(self) -> Counting:
        return Counting(self.counters, self.most, self.turn)

    def determinize(self, seat: int, rng: random.Random) -> Counting:
        return self.clone()


def test_progressive_widening_tries_only_the_best_ranked_candidates_at_first() -> None:
    state = Counting(40, 9)
    order = ["5", "2", "7", "1", "9", "3", "4", "6", "8"]
    fixed = search(state, 0, random.Random(1), iterations=200, candidates=order, widening=(3, 0.0))
    assert {a for a, n in fixed.visits.items() if n} == {"5", "2", "7"}
    assert sum(fixed.visits.values()) == 200
    # One more candidate each time sqrt(iterations) grows by 2: 3 + 0.5 * sqrt(99) = 7.97.
    growing = search(
        state, 0, random.Random(1), iterations=100, candidates=order, widening=(3, 0.5)
    )
    assert {a for a, n in growing.visits.items() if n} == set(order[:7])
    unranked = search(state, 0, random.Random(1), iterations=100)
    assert all(unranked.visits.values())


def test_a_cut_off_rollout_is_judged_by_the_evaluation() -> None:
    judged: list[int] = []

    def counters_left(position: State) -> list[float]:
        judged.append(cast(Nim, position).counters)
        return [0.5, 0.5]

    found = search(Nim(30), 0, random.Random(2), iterations=40, depth=3, evaluate=counters_left)
    assert len(judged) == found.iterations == 40
    # At least one move in the tree, then exactly three in the rollout: never the end.
    assert all(0 < left <= 30 - 4 for left in judged)
    assert found.plies == 40 * 3


@pytest.mark.parametrize("game", ["pueblo", "offseason", "caravan"])
def test_the_heuristic_ranking_starts_with_its_choice_and_holds_only_legal_actions(
    game: str,
) -> None:
    rank = levels.ranking(game)
    choose = levels.heuristic(game)
    seen = 0
    for state in positions(game, 2, seed=6, plies=(0, 1, 2, 7, 12, 20)):
        for seat in sorted(state.to_move()):
            legal = state.legal_actions(seat)
            ranked = rank(state, seat, random.Random(5))
            assert ranked and len(set(ranked)) == len(ranked) and set(ranked) <= set(legal)
            assert ranked[0] == choose(state, seat, random.Random(5))
            seen += len(legal) > 1
    assert seen >= 3


def test_pueblo_ranking_follows_the_heuristics_scores() -> None:
    from core.bots import pueblo_heuristic

    for state in positions("pueblo", 2, seed=3, plies=(2, 10, 11)):
        (seat,) = state.to_move()
        view = state.view(seat)
        ranked = pueblo_heuristic.ranked(state, seat, random.Random(4))
        actions, scores = pueblo_heuristic.scored(
            view, seat, state.legal_actions(seat), random.Random(4)
        )
        by_action = dict(zip(actions, scores, strict=True))
        assert sorted(ranked) == sorted(actions)
        assert [by_action[a] for a in ranked[1:]] == sorted(
            (by_action[a] for a in ranked[1:]), reverse=True
        )
        assert by_action[ranked[0]] == max(scores)


def test_offseason_ranking_puts_the_bids_nearest_the_heuristics_first() -> None:
    from core.bots import offseason_heuristic

    for state in positions("offseason", 2, seed=1, plies=(0,)):
        seat = 0
        legal = state.legal_actions(seat)
        assert state.view(seat)["step"] == "bid" and len(legal) > 3
        ranked = offseason_heuristic.ranked(state, seat, random.Random(3))
        assert sorted(ranked) == sorted(legal)
        wanted = int(ranked[0].split()[1])
        distances = [abs(int(a.split()[1]) - wanted) for a in ranked]
        assert distances == sorted(distances)


def test_light_rollouts_bid_the_least_in_auctions_and_play_at_random_elsewhere() -> None:
    from core.games.offseason import OffSeasonRules

    state = OffSeasonRules().new_game(2, seed=3)
    rng = random.Random(0)
    auctions = others = 0
    picked: set[str] = set()
    while not state.is_over() and others < 40:
        seat = min(state.to_move())
        legal = state.legal_actions(seat)
        action = ismcts.light(state, seat, rng)
        assert action in legal
        if all(a == "pass" or a.startswith("bid ") for a in legal):
            assert action == ("pass" if "pass" in legal else "bid 0")
            auctions += 1
        elif len(legal) > 2:
            picked.add(action.split()[0])
            others += 1
        state.apply(seat, action)
    assert auctions >= 2 and others >= 10
    assert len(picked) >= 3  # not always the first or the quiet action


def test_a_tree_one_action_deep_leaves_everything_below_the_root_to_the_rollout() -> None:
    judged: dict[int | None, list[int]] = {None: [], 1: []}
    for bound in judged:

        def counters_left(position: State, bound: int | None = bound) -> list[float]:
            judged[bound].append(cast(Nim, position).counters)
            return [0.5, 0.5]

        found = search(
            Nim(30),
            0,
            random.Random(2),
            iterations=60,
            depth=3,
            evaluate=counters_left,
            tree_depth=bound,
        )
        assert found.plies == 60 * 3
    # One take of one or two in the tree, then three in the rollout: 22 to 26 left.
    assert all(22 <= left <= 26 for left in judged[1])
    assert min(judged[None]) < 22  # the unbounded tree grows below the root


class Luck(State):
    """Seat 0 picks safe, sure or bold; seat 1 then brings calm or storm; it goes on.

    Seat 0's reward (:func:`luck_reward`) is the hidden luck, drawn afresh by every
    determinization, plus 0.01 for sure, and plus 0.05 for bold in a storm but minus
    0.05 in calm: sure is always a little better than safe, bold a gamble."""

    game = "luck"

    def __init__(self, luck: float = 0.5) -> None:
        self.luck = luck
        self.choice: str | None = None
        self.weather: str | None = None

    def to_move(self) -> frozenset[int]:
        return frozenset({0 if self.choice is None else 1})

    def legal_actions(self, seat: int) -> list[str]:
        if seat not in self.to_move():
            return []
        return ["safe", "sure", "bold"] if seat == 0 else ["calm", "storm"]

    def apply(self, seat: int, action: str) -> None:
        if action not in self.legal_actions(seat):
            raise IllegalAction("Not now.")
        if seat == 0:
            self.choice = action
        else:
            self.weather = action

    def is_over(self) -> bool:
        return False

    def scores(self) -> list[float]:
        return [0.0, 0.0]

    def ranking(self) -> list[int]:
        return [1, 1]

    def view(self, seat: int | None) -> dict[str, Any]:
        return {"game": "luck"}

    def clone(self) -> Luck:
        other = Luck(self.luck)
        other.choice, other.weather = self.choice, self.weather
        return other

    def determinize(self, seat: int, rng: random.Random) -> Luck:
        other = self.clone()
        other.luck = rng.random() * 0.9
        return other


def luck_reward(position: State) -> list[float]:
    luck = cast(Luck, position)
    bonus = {"safe": 0.0, "sure": 0.01, "bold": 0.05 if luck.weather == "storm" else -0.05}
    reward = luck.luck + bonus[luck.choice or "safe"]
    return [reward, 1 - reward]


def test_a_paired_search_compares_the_actions_on_the_same_guesses_and_the_same_luck() -> None:
    for seed in range(4):
        found = search(
            Luck(),
            0,
            random.Random(seed),
            iterations=60,
            depth=1,
            evaluate=luck_reward,
            paired=True,
        )
        assert found.visits == {"safe": 20, "sure": 20, "bold": 20}
        # The luck (0 to 0.9) is the same for all three in every round: sure is exactly
        # 0.01 better than safe, and bold differs from safe only by the weather.
        assert found.values["sure"] - found.values["safe"] == pytest.approx(0.01)
        storms = 10 + 10 * (found.values["bold"] - found.values["safe"]) / 0.05
        assert storms == pytest.approx(round(storms))  # a whole number of the 20 rounds


def test_a_paired_search_keeps_the_prior_unless_an_action_beats_it_with_confidence() -> None:
    def paired(seed: int, candidates: list[str] | None, widening: tuple[int, float]) -> Any:
        return search(
            Luck(),
            0,
            random.Random(seed),
            iterations=90,
            depth=1,
            evaluate=luck_reward,
            paired=True,
            prior="safe",
            confidence=3.0,
            candidates=candidates,
            widening=widening,
        )

    for seed in range(6):
        assert paired(seed, None, (0, 0.0)).action == "sure"  # 0.01 better, without doubt
        narrowed = paired(seed, ["safe", "bold", "sure"], (2, 0.0))
        assert narrowed.visits["sure"] == 0
        assert narrowed.action == "safe"  # bold's gamble is not a sure gain
