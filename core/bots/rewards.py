"""Rewards for a search: the end of a game, and a cut-off position judged by margins.

Every reward is per seat, in [0, 1]. At the end of a game :func:`outcome` gives the
share of first place; where a rollout is cut off, a game's evaluation (its
:class:`core.bots.knowledge.GameKnowledge`, by default :func:`score_evaluation`)
turns each seat's standing into a reward through :func:`margins`.
"""

from __future__ import annotations

import math

from core.engine import State


def outcome(state: State) -> list[float]:
    """Per seat, its share of first place: 1 alone, ``1/k`` among ``k`` tied, else 0.

    >>> from core.bots.rewards import outcome
    >>> class Over:
    ...     def ranking(self): return [2, 1, 1]
    >>> outcome(Over())
    [0.0, 0.5, 0.5]
    """
    ranking = state.ranking()
    first = ranking.count(1)
    return [1.0 / first if rank == 1 else 0.0 for rank in ranking]


def score_evaluation(state: State, scale: float = 0.0) -> list[float]:
    """A cut-off position's reward per seat, from the scores so far.

    Each seat's margin over the best other seat goes through a logistic curve of
    width ``scale`` (by default a quarter of the largest score in absolute value,
    at least 1). Whether higher or lower scores are better is read from
    :meth:`State.ranking`: the seat ranked first has the highest score, or the
    lowest (Pueblo's penalties).
    """
    if state.is_over():
        return outcome(state)
    scores = state.scores()
    ranking = state.ranking()
    leader = ranking.index(min(ranking))
    if scores[leader] < max(scores):
        scores = [-s for s in scores]
    return margins(scores, scale or max(1.0, 0.25 * max(abs(s) for s in scores)))


def margins(totals: list[float], width: float) -> list[float]:
    """Per seat, a logistic curve of its lead over the best other seat (higher is better).

    >>> [round(r, 2) for r in margins([10.0, 10.0, 4.0], 5.0)]
    [0.5, 0.5, 0.23]
    """
    rewards = []
    for seat, mine in enumerate(totals):
        best_other = max(t for other, t in enumerate(totals) if other != seat)
        lead = max(-50.0, min(50.0, (mine - best_other) / width))
        rewards.append(1.0 / (1.0 + math.exp(-lead)))
    return rewards
