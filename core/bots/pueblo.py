"""What the bots know of Pueblo: the heuristic (:mod:`core.bots.pueblo_heuristic`), the
cut-off evaluation and how the levels search it (a paired search over the heuristic's
best 32 actions, rollouts of eight plies).

The rollouts play the heuristic's quick variant (``pueblo_heuristic.quick``): the same
rules of thumb without the look ahead after each placement (the chief move right after
and the best next stone, worked out for about 21 placements a decision), every placement
scored by the change of exposure it makes alone. The search's root still ranks its
candidates with the whole heuristic.

Eight plies are four turns (a stone and a chief move each): at four players the rollout
ends when every other player has answered the move, and at two after two turns each.
With four plies a four-player search judged its move before two of the three others had
replied, and overruled the heuristic as often for the worse as for the better
(``bench.overrules``); with eight, three overrules in five gain points, at two players as
at four, for half the playouts a second, and it wins 90% of its games against three
``normal`` players (``bench/README.md``)."""

from __future__ import annotations

from core.bots import pueblo_heuristic
from core.bots.knowledge import GameKnowledge, Settings
from core.bots.rewards import margins, outcome
from core.engine import State
from core.games.pueblo.geometry import RING
from core.games.pueblo.state import PuebloState


def evaluate(state: State, width: float = 0.0) -> list[float]:
    """Pueblo: penalties so far plus each seat's exposure -- what the chief would charge
    it on a whole lap now -- counted ``1 + stops left / 36`` times, as the heuristic
    does (:mod:`core.bots.pueblo_heuristic`): the final lap charges a whole lap, each
    stop before it one square. Lower is better; reads the determinized state's
    ``sight`` (the engine's own rule), which a bot may do on its own guesses.

    The chief's next stop is known better than an average square: when the seat to
    move will move him next (it is placing, or moving him), it is charged as the
    square of the four ahead that is best for that seat (by this same measure), in
    place of one average stop."""
    if state.is_over():
        return outcome(state)
    if not isinstance(state, PuebloState):
        raise TypeError(f"Not a Pueblo position: {type(state).__name__}.")
    players = len(state.penalties)
    sights = [state.sight(index)[1] for index in range(RING)]
    exposure = [sum(points[seat] for points in sights) for seat in range(players)]
    stops = sum(state.stones_left(seat) for seat in range(players))
    factor = 1 + stops / RING
    penalties = list(state.penalties)
    mover = state.current
    if state.phase in ("place", "chief") and mover is not None:
        if state.phase == "place":
            factor -= 1 / RING  # the stone now placed is one stop fewer to come
        best = None
        for steps in range(1, 5):
            points = sights[(state.chief + steps) % RING]
            mine = points[mover] - max(p for s, p in enumerate(points) if s != mover)
            if best is None or mine < best[0]:
                best = mine, points
        assert best is not None
        penalties = [p + q for p, q in zip(penalties, best[1], strict=True)]
    projected = [-(p + factor * e) for p, e in zip(penalties, exposure, strict=True)]
    return margins(projected, width or 10.0)


KNOWLEDGE = GameKnowledge(
    "pueblo",
    choose=pueblo_heuristic.choose,
    quick=pueblo_heuristic.quick,
    ranked=pueblo_heuristic.ranked,
    evaluate=evaluate,
    settings=Settings(depth=8, rollout="quick", candidates=32, paired=True),
)
