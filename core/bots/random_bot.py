"""The random bot: a uniformly random legal action, for every game.

>>> import random
>>> from core.games import GAMES
>>> state = GAMES["caravan"].new_game(2, seed=1)
>>> seat = min(state.to_move())
>>> choose(state, seat, random.Random(0)) in state.legal_actions(seat)
True
"""

from __future__ import annotations

import random

from core.engine import State


def choose(state: State, seat: int, rng: random.Random) -> str:
    """One of ``seat``'s legal actions, each equally likely."""
    return rng.choice(state.legal_actions(seat))
