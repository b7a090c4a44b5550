"""What the bot tests share: asking a bot as the server does, the positions of seeded random
games, and a state that records what a bot asks of it."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from core.bots import choose_action
from core.engine import State
from core.games import GAMES

ALLOWED = {"game", "view", "legal_actions", "determinize"}


def ask(state: State, seat: int, seed: int, bot: str = "heuristic") -> str:
    """What ``bot`` plays for ``seat``, called as the server calls it (determinized)."""
    rng = random.Random(seed)
    return choose_action(bot, state.determinize(seat, rng), seat, rng)


def positions(game: str, players: int, seeds: range, **options: Any) -> Iterator[tuple[Any, int]]:
    """Every (true state, seat to move) along seeded random games; where several seats are
    to move (sealed bids) each is offered, in seat order, before the first of them acts."""
    for seed in seeds:
        state = GAMES[game].new_game(players, seed, options or None)
        rng = random.Random(seed)
        while not state.is_over():
            seats = sorted(state.to_move())
            for seat in seats:
                yield state, seat
            state.apply(seats[0], rng.choice(state.legal_actions(seats[0])))


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
