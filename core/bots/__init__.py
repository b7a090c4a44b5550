"""Bots: :func:`choose_action`, the one way to ask a bot, and the registry :data:`BOTS`.

The bots and what each level is are defined once, in :mod:`core.bots.levels`; what
they know of each game is in ``core/bots/<game>.py`` (:mod:`core.bots.knowledge`),
the search in :mod:`core.bots.ismcts`.

The hidden-information contract
-------------------------------
A bot never sees the true state of a game with secrets. The caller (the table's
bot scheduler, a benchmark, a test) passes ``true_state.determinize(seat, rng)``:
a full state consistent with what ``seat`` knows, the hidden parts re-sampled.
Even so, a bot may only use, on the state it is given:

- ``state.game`` -- which game it is;
- ``state.view(seat)`` -- what the seat may know;
- ``state.legal_actions(seat)`` -- the seat's own choices;
- for search, ``state.determinize(seat, rng)`` and, on the states that returns,
  ``clone()`` / ``apply()`` / anything else.

Nothing else: no attribute of the concrete state class, no other seat's view or
actions, since in the given state those hold invented cards. ``tests/bots``
checks this with a proxy that records every call a bot makes.

Bots are pure functions of ``(state, seat, rng)``: deterministic given ``rng``,
no module-level mutable state, and picklable (the registry holds plain
module-level functions), so the server can run them in a process pool.

>>> import random
>>> from core.games import GAMES
>>> true_state = GAMES["caravan"].new_game(2, seed=5)
>>> seat = min(true_state.to_move())
>>> rng = random.Random(1)
>>> action = choose_action("heuristic", true_state.determinize(seat, rng), seat, rng)
>>> action in true_state.legal_actions(seat)
True
"""

from __future__ import annotations

import random

from core.bots.ismcts import Policy
from core.bots.levels import BOTS, LEVELS, Bot
from core.engine import State

__all__ = ["BOTS", "LEVELS", "Bot", "Policy", "choose_action"]


def choose_action(bot: str, state: State, seat: int, rng: random.Random) -> str:
    """The action ``bot`` takes for ``seat``; ``state`` is already determinized for it.

    ``seat`` must be one of ``state.to_move()``. Raises ``KeyError`` for an
    unknown bot.
    """
    try:
        chosen = BOTS[bot]
    except KeyError:
        raise KeyError(f"There is no bot called {bot!r}.") from None
    policy = chosen.fallback
    if chosen.policies:
        policy = chosen.policy(state.game)
    return policy(state, seat, rng)
