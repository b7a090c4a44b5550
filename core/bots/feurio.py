"""What the bots know of Feurio!: the heuristic (:mod:`core.bots.feurio_heuristic`) and
how ``hard`` searches it: IS-MCTS with ten-ply random rollouts judged by the scores, a
strong prior on the heuristic's choice (worth 20 playouts' wins), and at most 1,600
playouts a move. The random rollouts judge the fire worse than the heuristic does: with
a weak prior or many more playouts the search overrules the heuristic's choice on their
judgement alone, and won about half its games against it (``bench/README.md``, the
ladder)."""

from __future__ import annotations

from core.bots import feurio_heuristic
from core.bots.knowledge import GameKnowledge, Settings

KNOWLEDGE = GameKnowledge(
    "feurio",
    choose=feurio_heuristic.choose,
    settings=Settings(depth=10, prior_bias=20.0, playouts=1_600),
)
