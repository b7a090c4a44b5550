"""What the bots know of Feurio!: the heuristic (:mod:`core.bots.feurio_heuristic`) and
how the levels search it (IS-MCTS with a prior on the heuristic's choice, ten-ply
random rollouts judged by the scores)."""

from __future__ import annotations

from core.bots import feurio_heuristic
from core.bots.knowledge import GameKnowledge, Settings

KNOWLEDGE = GameKnowledge(
    "feurio",
    choose=feurio_heuristic.choose,
    settings=Settings(depth=10, prior_bias=2.0),
)
