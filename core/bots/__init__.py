"""Bots: the registry :data:`BOTS` and :func:`choose_action`, the one way to ask a bot.

The hidden-information contract
-------------------------------
A bot never sees the true state of a game with secrets. The caller (the table's
bot scheduler, a benchmark, a test) passes ``true_state.determinize(seat, rng)``:
a full state consistent with what ``seat`` knows, the hidden parts re-sampled.
Even so, a bot may only use, on the state it is given:

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
from collections.abc import Callable
from dataclasses import dataclass, field

from core.bots import (
    camping_heuristic,
    caravan_heuristic,
    feurio_heuristic,
    ismcts,
    offseason_heuristic,
    pueblo_heuristic,
    random_bot,
)
from core.engine import State

Policy = Callable[[State, int, random.Random], str]
"""``policy(state, seat, rng) -> action``; see the contract above."""


@dataclass(frozen=True)
class Bot:
    """A named bot: its policy for each game it knows, and one for every other game."""

    id: str
    description: str
    policies: dict[str, Policy] = field(default_factory=dict)
    fallback: Policy = random_bot.choose

    def policy(self, game: str | None) -> Policy:
        """The policy this bot plays ``game`` with (the fallback when it has none)."""
        return self.policies.get(game or "", self.fallback)


BOTS: dict[str, Bot] = {
    bot.id: bot
    for bot in (
        Bot("random", "Plays a uniformly random legal action."),
        Bot(
            "heuristic",
            "Plays by rules of thumb where the game has them, randomly elsewhere.",
            policies={
                "caravan": caravan_heuristic.choose,
                "camping": camping_heuristic.choose,
                "feurio": feurio_heuristic.choose,
                "pueblo": pueblo_heuristic.choose,
                "offseason": offseason_heuristic.choose,
            },
        ),
        Bot("easy", "The heuristic, with a random slip three moves in ten.", fallback=ismcts.easy),
        Bot("normal", "Information-set MCTS, about 0.3 s a move.", fallback=ismcts.normal),
        Bot("hard", "Information-set MCTS, under 2 s a move.", fallback=ismcts.hard),
    )
}
LEVELS = ("easy", "normal", "hard")
"""The bots the site offers, weakest first (``random``, ``heuristic``: tests and benches)."""


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
        policy = chosen.policy(state.view(seat).get("game"))
    return policy(state, seat, rng)
