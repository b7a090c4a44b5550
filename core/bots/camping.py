"""What the bots know of Deluxe Camping: the heuristic
(:mod:`core.bots.camping_heuristic`), the cut-off evaluation and how the levels
search it (IS-MCTS with a prior on the heuristic's choice, six-ply random rollouts)."""

from __future__ import annotations

from core.bots import camping_heuristic
from core.bots.camping_board import Board
from core.bots.knowledge import GameKnowledge, Settings
from core.bots.rewards import margins, outcome
from core.engine import State


def evaluate(state: State, width: float = 0.0) -> list[float]:
    """Deluxe Camping: the heuristic's territory estimate (contested squares shared out
    by the nearest camper, see :mod:`core.bots.camping_board`), not just the
    closed regions that :meth:`State.scores` counts."""
    if state.is_over():
        return outcome(state)
    totals = Board(state.view(0), 0).totals()
    return margins(totals, width or 10.0)


KNOWLEDGE = GameKnowledge(
    "camping",
    choose=camping_heuristic.choose,
    evaluate=evaluate,
    settings=Settings(depth=6, prior_bias=2.0),
)
