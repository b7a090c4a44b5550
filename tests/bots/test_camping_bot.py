"""The Deluxe Camping heuristic: legal in whole games, blind to the hidden tokens,
and sensible in small positions (``core.games.camping.position`` draws them)."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any, cast

import pytest

from core.bots import BOTS, camping_heuristic, choose_action
from core.engine import State
from core.games import GAMES
from core.games.camping.position import position
from core.games.camping.state import CampingState

ALLOWED = {"game", "view", "legal_actions", "determinize"}


def ask(state: State, seat: int, seed: int) -> str:
    """The heuristic's action for ``seat``, called as the server calls it (determinized)."""
    rng = random.Random(seed)
    return choose_action("heuristic", state.determinize(seat, rng), seat, rng)


def positions(players: int, seeds: range, **options: Any) -> Iterator[tuple[CampingState, int]]:
    """Every (true state, seat to move) along seeded random games."""
    for seed in seeds:
        state = cast(CampingState, GAMES["camping"].new_game(players, seed, options or None))
        rng = random.Random(seed)
        while not state.is_over():
            (seat,) = state.to_move()
            yield state, seat
            state.apply(seat, rng.choice(state.legal_actions(seat)))


class Spy:
    """A state that records every method a bot calls on it, with the seat it asks about."""

    def __init__(self, state: State) -> None:
        self._state = state
        self.calls: list[tuple[str, Any]] = []

    def __getattr__(self, name: str) -> Any:
        attribute = getattr(self._state, name)
        if not callable(attribute):
            self.calls.append((name, None))
            return attribute

        def recorded(*args: Any, **kwargs: Any) -> Any:
            self.calls.append((name, args[0] if args else kwargs.get("seat")))
            return attribute(*args, **kwargs)

        return recorded


def test_the_heuristic_bot_has_a_camping_policy() -> None:
    assert BOTS["heuristic"].policy("camping") is camping_heuristic.choose


@pytest.mark.parametrize(
    ("players", "seed", "options"),
    [
        (2, 1, {}),
        (2, 2, {"neutral_setup": "players", "caravans": 2}),
        (3, 3, {}),
        (4, 4, {}),
    ],
)
def test_heuristic_plays_only_legal_actions_through_whole_games(
    players: int, seed: int, options: dict[str, Any]
) -> None:
    """The heuristic in every other seat, random in the rest, until the game ends."""
    state = GAMES["camping"].new_game(players, seed, options or None)
    rng = random.Random(seed)
    phases = set()
    while not state.is_over():
        (seat,) = state.to_move()
        phases.add(state.view(seat)["phase"])
        legal = state.legal_actions(seat)
        action = ask(state, seat, rng.randrange(1 << 30)) if seat % 2 == 0 else rng.choice(legal)
        assert action in legal
        state.apply(seat, action)
    assert {"bungalow", "caravan", "move", "fence"} <= phases
    if options.get("neutral_setup") == "players":
        assert {"pool", "token"} <= phases


def test_heuristic_asks_the_state_only_about_its_own_seat() -> None:
    phases = set()
    for players in (2, 3, 4):
        for ply, (state, seat) in enumerate(positions(players, range(1), neutral_setup="players")):
            if ply % 7 and state.view(seat)["revealed"]:
                continue
            rng = random.Random(ply)
            spy = Spy(state.determinize(seat, rng))
            action = choose_action("heuristic", cast(State, spy), seat, rng)
            assert action in state.legal_actions(seat)
            assert spy.calls, "the bot never looked at the state"
            assert {name for name, _ in spy.calls} <= ALLOWED, spy.calls
            assert {asked for name, asked in spy.calls if name != "game"} == {seat}, spy.calls
            phases.add(state.view(seat)["phase"])
    assert {"pool", "token", "bungalow", "caravan", "move", "fence"} <= phases


def test_heuristic_set_up_does_not_depend_on_which_token_is_the_pest() -> None:
    """Before the reveal, two guesses that deal the tokens differently give one choice."""
    compared = 0
    for ply, (state, seat) in enumerate(positions(2, range(3), neutral_setup="players")):
        if state.view(seat)["revealed"]:
            continue
        guesses = [state.determinize(seat, random.Random(ply * 100 + i)) for i in range(20)]
        one = guesses[0]
        other = next((g for g in guesses if g.kinds != one.kinds), None)
        assert other is not None
        chosen = {choose_action("heuristic", g, seat, random.Random(ply)) for g in (one, other)}
        assert len(chosen) == 1, (ply, chosen)
        compared += 1
    assert compared >= 20


def test_heuristic_given_the_same_random_seed_makes_the_same_choice() -> None:
    for ply, (state, seat) in enumerate(positions(3, range(1))):
        if ply % 5 == 0:
            assert ask(state, seat, ply) == ask(state, seat, ply)


# A wall between columns c and d with one way through, by d3 (a corridor square):
# seat 0 (A, a) is on the left, seat 1 (B, b) on the right.
WALL = ["c1|d1", "c2|d2", "c4|d4", "c5|d5", "c6|d6", "d2|d3", "d3|d4"]


def finish_movement(state: CampingState, seed: int, seat: int = 0) -> list[str]:
    """Let the heuristic take its steps; the actions it played."""
    played: list[str] = []
    while state.phase == "move" and state.current == seat:
        action = ask(state, seat, 10 * seed + len(played))
        played.append(action)
        state.apply(seat, action)
    return played


def test_heuristic_fences_the_pest_out_of_its_region() -> None:
    state = position(
        """
        a a . . . B
        . . . . . .
        . . . . . .
        . A . X . .
        . . . . . .
        . . . . b b
        """,
        fences=WALL,
        phase="fence",
    )
    # d3|e3 would close the same region with the pest inside (19 - 10 = 9 points).
    assert {"c3|d3", "d3|e3"} <= set(state.legal_actions(0))
    for seed in range(3):
        assert ask(state, 0, seed) == "c3|d3"


def test_heuristic_pushes_the_pest_away_rather_than_into_its_side() -> None:
    diagram = """
        a a . . . B
        . . . . . .
        . . . . . .
        . A . X . .
        . . . . . .
        . . . . b b
    """
    for seed in range(3):
        state = position(diagram, fences=WALL)
        assert {"d3-c3", "d3-e3"} <= set(state.legal_actions(0))
        played = finish_movement(state, seed)
        assert "d3-c3" not in played
        pest = state.view(0)["pest"]
        assert pest[0] in "ef", (played, pest)  # beyond the wall, on the opponent's side


def test_heuristic_steps_into_a_gap_to_close_a_region_with_the_pool() -> None:
    # Two ways through the wall, by d3 and by d5: one free fence closes only one of
    # them. Stepping c3-d3 puts A next to B, so the automatic fence d3|e3 closes
    # the first, and the free fence can close the second: the left side is seat
    # 0's, pool included.
    diagram = """
        a a . . . B
        . . . . . .
        . . . . . .
        P P A . B .
        . . . . . .
        . . . . b b
    """
    for seed in range(3):
        state = position(
            diagram, fences=["c1|d1", "c2|d2", "c4|d4", "c6|d6", "d2|d3", "d3|d4", "d4|d5", "d5|d6"]
        )
        played = finish_movement(state, seed)
        assert "c3-d3" in played, played
        state.apply(0, ask(state, 0, seed))
        view = state.view(0)
        pool_region = view["regions"][view["region_of"][12]]  # a3: row 3, column a
        assert pool_region["owner"] == 0 and pool_region["pool"], pool_region


def test_heuristic_takes_the_pool_with_its_fence() -> None:
    # The pool d3-e3 is the only way between the two sides: c3|d3 would leave it
    # to seat 1, e3|f3 brings it into seat 0's region.
    state = position(
        """
        a a . . . B
        . . . . . .
        . . . . . .
        . A . P P .
        . . . . . .
        . . . . b b
        """,
        fences=["d1|e1", "d2|e2", "d4|e4", "d5|e5", "d6|e6", "d2|d3", "d3|d4", "e2|e3", "e3|e4"],
        phase="fence",
    )
    assert {"c3|d3", "e3|f3"} <= set(state.legal_actions(0))
    for seed in range(3):
        assert ask(state, 0, seed) == "e3|f3"
