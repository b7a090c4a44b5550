"""What the bots know of Camel Up Off Season: the heuristic
(:mod:`core.bots.offseason_heuristic`), its quick variant for rollouts, the cut-off
evaluation and how the levels search it (a paired search over the heuristic's best four
actions, rollouts of twelve plies that play the quick variant: the heuristic's rules
with ``QUICK_SAMPLES`` draws of a market's face-down goods instead of ``SAMPLES``, so
valuing a market with hidden goods, which every bid and market choice does, takes a
quarter of the draws)."""

from __future__ import annotations

import random

from core.bots import offseason_heuristic
from core.bots.knowledge import GameKnowledge, Settings
from core.bots.offseason_merchant import Merchant
from core.bots.rewards import margins, outcome
from core.engine import State


def evaluate(state: State, width: float = 0.0) -> list[float]:
    """Camel Up Off Season: coins plus what each seat's loaded camels and +1 tokens
    are worth, as the heuristic values them (:mod:`core.bots.offseason_worth`:
    goods at the price of their best lots, less as the end nears), from each seat's
    own view of the determinized state."""
    if state.is_over():
        return outcome(state)
    totals = []
    for seat in range(len(state.scores())):
        merchant = Merchant(offseason_heuristic.seat_view(state, seat), seat, random.Random(0))
        totals.append(merchant.coins + merchant.worth(merchant.caravan, merchant.tokens))
    return margins(totals, width or 4.0)


KNOWLEDGE = GameKnowledge(
    "offseason",
    choose=offseason_heuristic.choose,
    quick=offseason_heuristic.quick,
    ranked=offseason_heuristic.ranked,
    evaluate=evaluate,
    settings=Settings(depth=12, rollout="quick", candidates=4, paired=True, confidence=1.0),
)
