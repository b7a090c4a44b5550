"""What every game's scenario tests share: what can be observed of a state, a refusal
that must change none of it, actions played in turn, and seeded random games.

Each game's ``conftest.py`` offers these as fixtures with the argument order its tests
use; the checks themselves are written once, here.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from typing import Any

import pytest

from core.engine import IllegalAction, State
from core.games import GAMES


def observed(state: State) -> list[str]:
    """Everything a player or a spectator can learn of ``state``, as comparable text:
    every seat's view and the spectator's, every seat's legal actions, who is to move,
    the scores, the ranking and whether the game is over."""
    seats = range(len(state.scores()))  # every game scores each of its seats
    return [
        *(json.dumps(state.view(seat), sort_keys=True) for seat in (None, *seats)),
        *(json.dumps(state.legal_actions(seat)) for seat in seats),
        json.dumps([sorted(state.to_move()), state.scores(), state.ranking(), state.is_over()]),
    ]


def refuse(state: State, seat: int, action: Any, code: str = "illegal") -> IllegalAction:
    """Apply an action that must be refused with ``code``, in a sentence, leaving
    everything observable as it was; the error."""
    before = observed(state)
    with pytest.raises(IllegalAction) as info:
        state.apply(seat, action)
    err = info.value
    assert err.code == code, f"{err.key}: {err.message}"
    assert isinstance(err.message, str) and err.message.endswith("."), err.message
    assert observed(state) == before
    return err


def play_in_turn(state: State, *actions: str) -> State:
    """Apply ``actions`` one after the other, each by the one seat to move."""
    for action in actions:
        (seat,) = state.to_move()
        state.apply(seat, action)
    return state


def random_playout(
    game: str,
    players: int,
    seed: int,
    options: dict[str, Any] | None = None,
    *,
    draw_seat: bool = False,
) -> Iterator[State]:
    """A seeded game of random legal actions: yields the state before each action and,
    last, the finished state (the same object throughout). The seat to act is the one
    to move; with ``draw_seat`` (games where several seats move at once) it is drawn
    among them, which takes a number from the generator even when there is one."""
    state = GAMES[game].new_game(players, seed, options)
    rng = random.Random(seed)
    yield state
    while not state.is_over():
        if draw_seat:
            seat = rng.choice(sorted(state.to_move()))
        else:
            (seat,) = state.to_move()
        state.apply(seat, rng.choice(state.legal_actions(seat)))
        yield state
