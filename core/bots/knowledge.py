"""What the bots know of one game: :class:`GameKnowledge`, and how ``hard`` searches it.

Each game the bots know has a module ``core/bots/<game>.py`` holding its
``KNOWLEDGE``: its heuristic's choice and ranking (the rules of thumb live in
``core/bots/<game>_heuristic.py``), the evaluation of a position where a rollout
is cut off, and the :class:`Settings` ``hard`` searches it with. The levels
(:mod:`core.bots.levels`) collect them in one registry keyed by game id; a game
not listed there is played with :data:`UNKNOWN`'s: random moves, random rollouts to
the end, judged by the scores.

>>> UNKNOWN.rollout() is None, UNKNOWN.settings.wants_ranking
(True, False)
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field

from core.bots import random_bot
from core.bots.ismcts import EXPLORATION, Policy, light
from core.bots.rewards import score_evaluation
from core.engine import State

Ranking = Callable[[State, int, random.Random], list[str]]
"""``ranking(state, seat, rng) -> actions``: a seat's legal actions, the best first."""

Evaluation = Callable[[State, float], list[float]]
"""``evaluation(state, width) -> rewards``: per seat, a reward in [0, 1] for a position
where a rollout was cut off, through a logistic curve of ``width`` (0: its own)."""


@dataclass(frozen=True)
class Settings:
    """How ``hard`` searches one game (the budget is the level's: ``levels.BUDGETS``)."""

    depth: int | None = None  # rollout plies before evaluating; None: to the end
    scale: float = 0.0  # the evaluation's logistic width (0: its own default)
    rollout: str = "random"  # "random", "heuristic", "quick" (the game's) or "light" (ismcts.light)
    prior_bias: float = 0.0  # progressive bias towards the heuristic's choice at the root
    exploration: float = EXPLORATION
    candidates: int = 0  # the root starts with the heuristic's best k actions (0: all)
    widening: float = 0.0  # ... and one more as sqrt(iterations) (paired: rounds) grows by 1/this
    tree_depth: int | None = None  # actions kept in the tree below the root; None: no bound
    paired: bool = False  # the root alone, with common random numbers (rounds, not UCB)
    confidence: float = 0.0  # paired: standard errors by which to overrule the heuristic
    playouts: int | None = None  # at most this many a move, where more measured no better

    @property
    def wants_ranking(self) -> bool:
        """Whether the search is given the heuristic's ranking (a prior, candidates)."""
        return bool(self.prior_bias or self.candidates or self.paired)


@dataclass(frozen=True)
class GameKnowledge:
    """One game as the bots know it.

    ``choose`` is the heuristic's policy (the ``heuristic`` bot, ``easy`` and the
    heuristic rollouts play it, and ``normal`` is it); ``quick``, where the game has
    one, is a cheaper rollout policy drawn from the same rules of thumb (the "quick"
    rollouts: many more playouts a second, for slightly rougher play); ``ranked``,
    where the heuristic has one, ranks a seat's legal actions with its choice first
    (else :meth:`rank` puts ``choose``'s choice before the rest in order); ``evaluate``
    judges a cut-off rollout; ``settings`` is how ``hard`` searches.
    Both heuristic functions keep to the hidden-information contract of
    :mod:`core.bots`; ``evaluate`` runs only on the search's own determinizations.
    """

    game: str
    choose: Policy = random_bot.choose
    quick: Policy | None = None
    ranked: Ranking | None = None
    evaluate: Evaluation = score_evaluation
    settings: Settings = field(default_factory=Settings)

    def rank(self, state: State, seat: int, rng: random.Random) -> list[str]:
        """The heuristic's ranking of ``seat``'s legal actions, its choice first."""
        if self.ranked is not None:
            return self.ranked(state, seat, rng)
        first = self.choose(state, seat, rng)
        return [first] + [a for a in state.legal_actions(seat) if a != first]

    def rollout(self, settings: Settings | None = None) -> Policy | None:
        """The rollout policy ``settings`` (by default :attr:`settings`) name (None:
        uniformly random)."""
        chosen = (settings or self.settings).rollout
        if chosen == "heuristic":
            return self.choose
        if chosen == "quick":
            if self.quick is None:
                raise ValueError(f"{self.game or 'This game'} has no quick rollout policy.")
            return self.quick
        if chosen == "light":
            return light
        return None

    def evaluator(self, settings: Settings | None = None) -> Callable[[State], list[float]]:
        """Its cut-off evaluation at the width ``settings`` (by default :attr:`settings`)
        give."""
        width, judge = (settings or self.settings).scale, self.evaluate

        def evaluate(position: State) -> list[float]:
            return judge(position, width)

        return evaluate


UNKNOWN = GameKnowledge("")
"""What the bots know of a game without a module of its own: nothing."""
