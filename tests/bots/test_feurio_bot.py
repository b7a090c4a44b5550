"""The Feurio! heuristic: legal in whole games, blind to the order of the stack, and
sensible in small positions (``core.games.feurio.position`` draws them)."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any, cast

import pytest

from core.bots import BOTS, choose_action, feurio_heuristic
from core.engine import State
from core.games import GAMES
from core.games.feurio.position import position
from core.games.feurio.state import FeurioState

ALLOWED = {"game", "view", "legal_actions", "determinize"}


def ask(state: State, seat: int, seed: int) -> str:
    """The heuristic's action for ``seat``, called as the server calls it (determinized)."""
    rng = random.Random(seed)
    return choose_action("heuristic", state.determinize(seat, rng), seat, rng)


def positions(players: int, seeds: range, **options: Any) -> Iterator[tuple[FeurioState, int]]:
    """Every (true state, seat to move) along seeded random games."""
    for seed in seeds:
        state = cast(FeurioState, GAMES["feurio"].new_game(players, seed, options or None))
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


def test_the_heuristic_bot_has_a_feurio_policy() -> None:
    assert BOTS["heuristic"].policy("feurio") is feurio_heuristic.choose


@pytest.mark.parametrize(
    ("players", "seed", "options"),
    [(2, 1, {}), (3, 2, {}), (4, 3, {}), (2, 4, {"firebreak": True}), (3, 5, {"firebreak": True})],
)
def test_heuristic_plays_only_legal_actions_through_whole_games(
    players: int, seed: int, options: dict[str, Any]
) -> None:
    """The heuristic in every other seat, random in the rest, until the game ends."""
    state = GAMES["feurio"].new_game(players, seed, options or None)
    rng = random.Random(seed)
    played: set[str] = set()
    while not state.is_over():
        (seat,) = state.to_move()
        legal = state.legal_actions(seat)
        action = ask(state, seat, rng.randrange(1 << 30)) if seat % 2 == 0 else rng.choice(legal)
        assert action in legal
        if seat % 2 == 0:
            played.add(action.split(" ")[0])
        state.apply(seat, action)
    assert {"man", "done"} <= played or {"man", "pass"} <= played, played
    if players == 3:
        assert state.view(None)["result"] is not None


def test_heuristic_asks_the_state_only_about_its_own_seat() -> None:
    phases = set()
    for players in (2, 3, 4):
        for ply, (state, seat) in enumerate(positions(players, range(1), firebreak=True)):
            if ply % 3:
                continue
            rng = random.Random(ply)
            spy = Spy(state.determinize(seat, rng))
            action = choose_action("heuristic", cast(State, spy), seat, rng)
            assert action in state.legal_actions(seat)
            assert spy.calls, "the bot never looked at the state"
            assert {name for name, _ in spy.calls} <= ALLOWED, spy.calls
            assert {asked for name, asked in spy.calls if name != "game"} == {seat}, spy.calls
            phases.add(state.view(seat)["phase"])
    assert {"lay", "men"} <= phases


def test_heuristic_does_not_depend_on_the_order_of_the_stack() -> None:
    """Two guesses that order the face-down stack differently give one choice."""
    compared = 0
    for ply, (state, seat) in enumerate(positions(4, range(2))):
        if ply % 2 or len(state.stack) < 2:
            continue
        guesses = [state.determinize(seat, random.Random(ply * 100 + i)) for i in range(10)]
        one = guesses[0]
        other = next((g for g in guesses if g.stack != one.stack), None)
        assert other is not None
        chosen = {choose_action("heuristic", g, seat, random.Random(ply)) for g in (one, other)}
        assert len(chosen) == 1, (ply, chosen)
        compared += 1
    assert compared >= 20


def test_heuristic_given_the_same_random_seed_makes_the_same_choice() -> None:
    for ply, (state, seat) in enumerate(positions(3, range(1))):
        if ply % 4 == 0:
            assert ask(state, seat, ply) == ask(state, seat, ply)


# Colour A (0) holds the 1 on 1,2 (one free edge, towards 0,3) and the 2 on 3,2; the
# 4 on 2,2 is full. Its turn starts by laying the drawn 2 on the one hottest cell
# (0,1, heat 15); after that 0,3 is the one hottest cell (13).
TWO_ZONES = """
 . 4 . . .
  . 5 3 5 .
   6 1A 4B 2A .
    . 6 . . .
"""
BESIDE_THE_ONE = {"man 1,1", "man 2,1", "man 0,2", "man 1,3"}


def test_heuristic_feeds_the_zone_whose_low_tile_stays_on_the_edge() -> None:
    # The 3 still in the stack goes on 0,3 next turn and encloses the 1: a 6 joined
    # to it then divides by 6 (7/6 -> 2), while the 5 joined to the 2 gives 7/2 -> 4.
    for seed in range(3):
        state = position(TWO_ZONES, stack="2 3")
        assert state.view(0)["hottest"] == ["0,3"]
        assert BESIDE_THE_ONE | {"man 3,1"} <= set(state.legal_actions(0))
        assert ask(state, 0, seed) == "man 3,1"


def test_heuristic_joins_the_one_while_it_keeps_its_free_edge() -> None:
    # The same forest with an empty stack after this turn's tile: the 1 stays on the
    # edge for good, so a tile beside it counts whole (a 6: 7/1 = 7).
    for seed in range(3):
        state = position(TWO_ZONES, stack="2")
        assert ask(state, 0, seed) in BESIDE_THE_ONE


def test_heuristic_lays_the_tile_to_enclose_the_opponents_low_tile_not_its_own() -> None:
    # Two hottest cells (heat 13): 1,3 is the last free edge of A's 1, 5,3 that of B's.
    diagram = """
     . . . . . . .
      . 4 3 . . 4 3
       3 1A 6 2 2 1B 6
        6 . . . 6 . .
    """
    for seed in range(3):
        state = position(diagram, stack="4")
        assert state.legal_actions(0) == ["lay 1,3", "lay 5,3"]
        assert ask(state, 0, seed) == "lay 5,3"


def test_heuristic_lays_a_firebreak_on_the_last_free_edge_of_the_leaders_zone() -> None:
    # B's zone 1+6 divides by 1 (7 points) through the free edge 5,3; a firebreak there
    # leaves it 7/6 -> 2. The drawn tile itself must go on 2,3, where it changes nothing.
    diagram = """
     . . . . . . .
      . 4 3 . . 4 3
       3 1A 6 2 2 1B 6B
        6 6 . . 6 . .
    """
    for seed in range(3):
        state = position(diagram, stack="4", firebreak=True)
        assert {"lay 2,3", "break 5,3"} <= set(state.legal_actions(0))
        assert ask(state, 0, seed) == "break 5,3"
        state = position(diagram, stack="4")  # without the variant: laid at once
        assert state.view(0)["phase"] == "men"


def test_heuristic_stops_after_one_man_while_men_are_worth_keeping() -> None:
    # Mid-game, after the man on the 6 that joins its 1, a second man there adds
    # nothing to A's zone: A ends the turn.
    diagram = """
     . 1A 6 . .
      . 5 . . .
    """
    state = position(diagram, stack="2 3 4 5 2 3 4 5 1")
    for seed in range(3):
        assert ask(state, 0, seed) == "man 2,0"
    state.apply(0, "man 2,0")
    assert state.legal_actions(0) == ["done", "man 2,0"]
    for seed in range(3):
        assert ask(state, 0, seed) == "done"


def test_heuristic_keeps_its_last_man_when_placing_it_adds_nothing() -> None:
    # The stack is empty and every tile with room already holds one of A's men; the
    # other colours have no men left, so a man would neither score nor block: A keeps
    # it for the tie-break (men in hand).
    state = position(
        """
         . 1A 6A 5A .
        """,
        hands=[1, 0, 0, 0],
    )
    assert state.legal_actions(0) == ["man 2,0", "man 3,0", "pass"]
    for seed in range(3):
        assert ask(state, 0, seed) == "pass"
