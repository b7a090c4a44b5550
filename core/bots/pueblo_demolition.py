"""The Pueblo heuristic in the demolition (:mod:`core.bots.pueblo_heuristic`): which stone
to take away."""

from __future__ import annotations

from typing import TYPE_CHECKING

from core.games.pueblo.geometry import RING

if TYPE_CHECKING:
    from core.bots.pueblo_heuristic import Pueblo


def remove_scores(model: Pueblo, actions: list[str]) -> list[float]:
    """Per ``remove`` action of the demolition, the change of the others' exposure less
    the bot's once that stone is taken away, scored, plus the chief move that follows."""
    model.see_all()
    base = sum(model.worths)
    scores = []
    for action in actions:
        cubes = sorted(model.stone_cubes[int(action.split()[1])], key=lambda c: -c[1])
        saved = [(sq, model.column[sq].pop()) for sq, _ in cubes]
        for sq, _ in cubes:
            model.height[sq] -= 1
        sights = [model.sight(i) for i in range(RING)]
        value = model.scale * (sum(model.worth(p) for p in sights) - base)
        old, model.sights = model.sights, sights
        value += model.chief_value(model.chief)
        model.sights = old
        for sq, owner in reversed(saved):
            model.column[sq].append(owner)
            model.height[sq] += 1
        scores.append(value)
    return scores
