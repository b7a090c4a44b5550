"""The words of a replay analysis: a move's label from the value it lost, and accuracy.

A move's loss is the value its seat gave up by it (``best_value - after``, a value being
a chance of winning, or with more than two players an expected share of the opponents
beaten, see :mod:`core.analysis`). Each game has its :class:`Thresholds`: a loss up to
``good`` is "good", up to ``inaccuracy`` an "inaccuracy", up to ``mistake`` a
"mistake", above it a "blunder"; a loss of nothing (below :data:`EPSILON`, which the
document's four decimals show as 0) is "best". ``good`` is the noise of the search at
the default budget: two analyses of the same move with other seeds differ by less than
it nine times in ten, and by less than ``inaccuracy`` 99 times in a hundred
(``bench/analysis.py`` measures it; ``docs/analysis.md`` has the figures), so a move the
search cannot tell from the best is hardly ever a "mistake". Games with more luck between
a move and its judgement (hidden cards, draws) have wider bands.

>>> label("caravan", 0.0), label("caravan", 0.01), label("caravan", 0.5)
('best', 'good', 'blunder')
>>> move_accuracy("caravan", 0.0), round(move_accuracy("caravan", 0.3), 1)
(100.0, 33.1)
>>> accuracy("caravan", [])  # a seat with no judged move
"""

from __future__ import annotations

import math
from dataclasses import asdict, dataclass
from typing import Any

LABELS = ("best", "good", "inaccuracy", "mistake", "blunder")
FORCED = "forced"  # a ply with one legal action: nothing to judge
EPSILON = 5e-5  # a loss the document's four decimals round to nothing


@dataclass(frozen=True)
class Thresholds:
    """The largest loss of each label but "best" and "blunder", in value (0 to 1)."""

    good: float
    inaccuracy: float
    mistake: float

    def as_dict(self) -> dict[str, float]:
        return asdict(self)


THRESHOLDS: dict[str, Thresholds] = {
    "caravan": Thresholds(0.06, 0.15, 0.30),  # hidden hands and a hidden deck
    "camping": Thresholds(0.03, 0.07, 0.15),  # nothing hidden, no chance
    "feurio": Thresholds(0.04, 0.15, 0.30),  # the tiles drawn; random rollouts
    "pueblo": Thresholds(0.02, 0.08, 0.16),  # nothing hidden, no chance, steady rollouts
    "offseason": Thresholds(0.04, 0.09, 0.18),  # hidden cards and sealed bids
}
"""Per game id; :data:`DEFAULT` for a game not listed."""

DEFAULT = Thresholds(0.06, 0.15, 0.30)


def thresholds(game: str) -> Thresholds:
    """The thresholds of ``game`` (:data:`DEFAULT` for a game not listed)."""
    return THRESHOLDS.get(game, DEFAULT)


def label(game: str, loss: float) -> str:
    """The label of a judged move that lost ``loss``."""
    if loss <= EPSILON:
        return "best"
    bands = thresholds(game)
    if loss <= bands.good:
        return "good"
    if loss <= bands.inaccuracy:
        return "inaccuracy"
    if loss <= bands.mistake:
        return "mistake"
    return "blunder"


def move_accuracy(game: str, loss: float) -> float:
    """One judged move's accuracy, 0 to 100: lichess's curve of the loss in points of
    percentage, ``103.1668 * exp(-0.04354 * points) - 3.1668``, after taking off the
    game's ``good`` threshold (a loss within the search's noise costs nothing)."""
    points = 100.0 * max(0.0, loss - thresholds(game).good)
    return max(0.0, min(100.0, 103.1668 * math.exp(-0.04354 * points) - 3.1668))


def accuracy(game: str, losses: list[float]) -> float | None:
    """A seat's accuracy: the mean of its judged moves' :func:`move_accuracy` (None when
    it has none), to one decimal."""
    if not losses:
        return None
    return round(sum(move_accuracy(game, loss) for loss in losses) / len(losses), 1)


def label_counts(labels: list[str], names: tuple[str, ...]) -> dict[str, int]:
    """How many of ``labels`` carry each of ``names`` (every name listed, 0 included).

    >>> label_counts(["best", "good", "best"], ("best", "good", "blunder"))
    {'best': 2, 'good': 1, 'blunder': 0}
    """
    return {name: labels.count(name) for name in names}


def value_kind(players: int) -> str:
    """What a value measures: "win" (the chance of winning) at two players, else
    "standing" (the expected share of the other seats finished ahead of)."""
    return "win" if players == 2 else "standing"


def described(game: str) -> dict[str, Any]:
    """The thresholds of ``game`` as the document carries them."""
    return thresholds(game).as_dict()
