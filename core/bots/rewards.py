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


def standing(state: State, scale: float = 0.0) -> list[float]:
    """Per seat, its expected share of the other seats it finishes ahead of (ties half).

    At the end of a game it is read from :meth:`State.ranking`; where a rollout was cut
    off, each pair of seats is judged by a logistic curve of their score margin, of width
    ``scale`` (by default a quarter of the largest score in absolute value, at least 1),
    lower scores counting as better where the ranking says so (Pueblo's penalties), as in
    :func:`score_evaluation`. With two players it is the chance of winning, a draw half.

    >>> class Over:
    ...     def is_over(self): return True
    ...     def ranking(self): return [2, 1, 2, 4]
    >>> standing(Over())
    [0.5, 1.0, 0.5, 0.0]
    >>> class Cut:
    ...     def is_over(self): return False
    ...     def scores(self): return [4.0, 4.0, 0.0]
    ...     def ranking(self): return [1, 1, 3]
    >>> [round(r, 2) for r in standing(Cut(), 2.0)]
    [0.69, 0.69, 0.12]
    """
    if state.is_over():
        ranking = state.ranking()
        return _shares([[0.5 if r == o else float(r < o) for o in ranking] for r in ranking])
    scores = state.scores()
    ranking = state.ranking()
    leader = ranking.index(min(ranking))
    if scores[leader] < max(scores):
        scores = [-s for s in scores]
    width = scale or max(1.0, 0.25 * max(abs(s) for s in scores))
    return _shares([[_logistic((mine - other) / width) for other in scores] for mine in scores])


def _shares(beats: list[list[float]]) -> list[float]:
    """Each seat's mean over the other seats of its chance to finish ahead of them."""
    others = max(1, len(beats) - 1)
    return [
        sum(p for other, p in enumerate(row) if other != seat) / others
        for seat, row in enumerate(beats)
    ]


def _logistic(lead: float) -> float:
    return 1.0 / (1.0 + math.exp(-max(-50.0, min(50.0, lead))))
