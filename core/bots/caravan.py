"""What the bots know of Caravan: the heuristic (:mod:`core.bots.caravan_heuristic`),
its quick form for rollouts (``caravan_heuristic.quick``: the same rules of thumb, fewer
sampled hands kept from one rollout to the next, a greedy count of the fewest plays, its
choices kept by what the seat sees), the cut-off evaluation and how the levels search it
(a paired search over the heuristic's best four plays, quick rollouts of ten plies)."""

from __future__ import annotations

from core.bots import caravan_heuristic
from core.bots.knowledge import GameKnowledge, Settings
from core.bots.rewards import margins, outcome
from core.engine import State
from core.games.caravan.state import CaravanState


def evaluate(state: State, width: float = 0.0) -> list[float]:
    """Caravan: the match scores plus what each seat has collected in this hand (public;
    read from the engine's own states without building a view)."""
    if state.is_over():
        return outcome(state)
    if type(state) is CaravanState:
        scores = state.match_scores
        collected = [state.collection_value(0), state.collection_value(1)]
    else:
        view = state.view(0)  # the collections and scores are public
        scores, collected = view["match_scores"], view["collection_values"]
    totals: list[float] = [m + c for m, c in zip(scores, collected, strict=True)]
    return margins(totals, width or 5.0)


KNOWLEDGE = GameKnowledge(
    "caravan",
    choose=caravan_heuristic.choose,
    quick=caravan_heuristic.quick,
    ranked=caravan_heuristic.ranked,
    evaluate=evaluate,
    settings=Settings(depth=10, rollout="quick", candidates=4, paired=True, confidence=1.0),
)
