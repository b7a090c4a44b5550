"""The heuristic bot in every game that has rules of thumb for it: legal through whole
games (options included, the heuristic in the even seats and random play in the others),
asking the state only about its own seat, and the same choice from the same random seed.
What it prefers in small positions, and what it must not see, is each game's own file."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, cast

import pytest

from core.bots import choose_action
from core.engine import State
from core.games import GAMES
from tests.bots.playing import ALLOWED, Spy, ask, positions

# (seat, what its view said of the step before it acted, its action) for every move
Moves = list[tuple[int, dict[str, Any], str]]


def _phases(moves: Moves, key: str = "phase", even: bool = False) -> set[Any]:
    return {view.get(key) for seat, view, _ in moves if not even or seat % 2 == 0}


def _camping(moves: Moves, end: State, players: int, options: dict[str, Any]) -> None:
    assert {"bungalow", "caravan", "move", "fence"} <= _phases(moves)
    if options.get("neutral_setup") == "players":
        assert {"pool", "token"} <= _phases(moves)


def _feurio(moves: Moves, end: State, players: int, options: dict[str, Any]) -> None:
    played = {action.split(" ")[0] for seat, _, action in moves if seat % 2 == 0}
    assert {"man", "done"} <= played or {"man", "pass"} <= played, played
    if players == 3:
        assert end.view(None)["result"] is not None


def _offseason(moves: Moves, end: Any, players: int, options: dict[str, Any]) -> None:
    assert end.options["two_player_variant"] == (players == 2)
    assert {"bid", "choose", "sell"} <= _phases(moves, "step", even=True)
    assert end.view(0)["result"] is not None


def _pueblo(moves: Moves, end: State, players: int, options: dict[str, Any]) -> None:
    phases = _phases(moves, even=True)
    assert {"place", "chief"} <= phases
    if options.get("auction"):
        assert {"sacred", "auction", "remove"} & phases


@dataclass(frozen=True)
class Heuristic:
    """How one game's heuristic is tried."""

    games: list[tuple[int, int, dict[str, Any]]]  # whole games: players, seed, options
    whole_games_show: Callable[[Moves, State, int, dict[str, Any]], None]
    spied: tuple[tuple[int, ...], dict[str, Any], Callable[[int, Any, int], bool]]
    spied_key: str  # what the view calls the step: "phase" or "step"
    spied_steps: set[str]  # the steps the spied positions must include
    repeated: tuple[int, int]  # the same seed twice: players, every how many plies


HEURISTICS = {
    "camping": Heuristic(
        games=[
            (2, 1, {}),
            (2, 2, {"neutral_setup": "players", "caravans": 2}),
            (3, 3, {}),
            (4, 4, {}),
        ],
        whole_games_show=_camping,
        spied=(
            (2, 3, 4),
            {"neutral_setup": "players"},
            lambda ply, state, seat: not (ply % 7 and state.view(seat)["revealed"]),
        ),
        spied_key="phase",
        spied_steps={"pool", "token", "bungalow", "caravan", "move", "fence"},
        repeated=(3, 5),
    ),
    "feurio": Heuristic(
        games=[
            (2, 1, {}),
            (3, 2, {}),
            (4, 3, {}),
            (2, 4, {"firebreak": True}),
            (3, 5, {"firebreak": True}),
        ],
        whole_games_show=_feurio,
        spied=((2, 3, 4), {"firebreak": True}, lambda ply, state, seat: ply % 3 == 0),
        spied_key="phase",
        spied_steps={"lay", "men"},
        repeated=(3, 4),
    ),
    "offseason": Heuristic(
        games=[
            (2, 1, {}),  # the two-player variant
            (3, 2, {}),
            (4, 3, {"fruit_rule": "lowest_price"}),
            (5, 4, {"open_coins": True, "tiles": "fixed"}),
            (3, 5, {}),
        ],
        whole_games_show=_offseason,
        spied=((2, 3, 5), {}, lambda ply, state, seat: ply % 3 == 0),
        spied_key="step",
        spied_steps={"bid", "choose", "power", "load", "sell"},
        repeated=(4, 5),
    ),
    "pueblo": Heuristic(
        games=[
            (2, 1, {}),
            (3, 2, {}),
            (4, 3, {}),
            (2, 4, {"sacred_sites": 2, "auction": True, "demolition": True}),
            (3, 5, {"chief_start": "SE", "demolition": True}),
        ],
        whole_games_show=_pueblo,
        spied=(
            (2, 4),
            {"sacred_sites": 1, "auction": True, "demolition": True},
            lambda ply, state, seat: ply % 5 == 0,
        ),
        spied_key="phase",
        spied_steps={"place", "chief"},
        repeated=(3, 6),
    ),
}

WHOLE_GAMES = [(game, *deal) for game in sorted(HEURISTICS) for deal in HEURISTICS[game].games]


def test_the_games_are_those_of_the_engine() -> None:
    assert set(HEURISTICS) <= set(GAMES)


@pytest.mark.parametrize(("game", "players", "seed", "options"), WHOLE_GAMES)
def test_heuristic_plays_only_legal_actions_through_whole_games(
    game: str, players: int, seed: int, options: dict[str, Any]
) -> None:
    """Every seat to move acts in turn (each sealed bid on its own determinization)."""
    state = GAMES[game].new_game(players, seed, options or None)
    rng = random.Random(seed)
    moves: Moves = []
    while not state.is_over():
        for seat in sorted(state.to_move()):
            legal = state.legal_actions(seat)
            view = state.view(seat)
            action = (
                ask(state, seat, rng.randrange(1 << 30)) if seat % 2 == 0 else rng.choice(legal)
            )
            assert action in legal, (action, legal)
            moves.append((seat, view, action))
            state.apply(seat, action)
    HEURISTICS[game].whole_games_show(moves, state, players, options)


@pytest.mark.parametrize("game", sorted(HEURISTICS))
def test_heuristic_asks_the_state_only_about_its_own_seat(game: str) -> None:
    heuristic = HEURISTICS[game]
    counts, options, looked_at = heuristic.spied
    steps = set()
    for players in counts:
        for ply, (state, seat) in enumerate(positions(game, players, range(1), **options)):
            if not looked_at(ply, state, seat):
                continue
            rng = random.Random(ply)
            spy = Spy(state.determinize(seat, rng))
            action = choose_action("heuristic", cast(State, spy), seat, rng)
            assert action in state.legal_actions(seat)
            assert spy.calls, "the bot never looked at the state"
            assert {name for name, _ in spy.calls} <= ALLOWED, spy.calls
            assert {asked for name, asked in spy.calls if name != "game"} == {seat}, spy.calls
            steps.add(state.view(seat)[heuristic.spied_key])
    assert heuristic.spied_steps <= steps


@pytest.mark.parametrize("game", sorted(HEURISTICS))
def test_heuristic_given_the_same_random_seed_makes_the_same_choice(game: str) -> None:
    players, every = HEURISTICS[game].repeated
    for ply, (state, seat) in enumerate(positions(game, players, range(1))):
        if ply % every == 0:
            assert ask(state, seat, ply) == ask(state, seat, ply)
