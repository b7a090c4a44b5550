"""What each seat of a Feurio! game sees: the whole forest, the stack face down.

:func:`feurio_view` builds :meth:`FeurioState.view`. Every seat and a spectator see the
same picture; the only hidden thing is the order of the stack, of which a view tells
how many tiles of each value are left (``unseen``) but not which comes next.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from core.games.feurio.hexes import COLOURS, FIREBREAK, MEN_PER_TURN, SPACES, VALUES, name, order
from core.games.feurio.notation import LAY
from core.games.feurio.zones import zones_of

if TYPE_CHECKING:
    from core.games.feurio.state import FeurioState


def feurio_view(state: FeurioState, seat: int | None) -> dict[str, Any]:
    """The picture of ``state`` that ``seat`` may see (None: a spectator)."""
    over = state.is_over()
    heat = state.heat()
    hottest = [name(c) for c in state.hottest()] if state.stack or state.phase == LAY else []
    scores = state.scores()
    placing = None
    if state.target is not None:
        placing = {
            "cell": name(state.cells[state.target]),
            "placed": state.placed,
            "left": MEN_PER_TURN - state.placed,
        }
    unseen = [0] * len(VALUES)
    for value in state.stack:
        unseen[value - 1] += 1
    return {
        "game": "feurio",
        "seat": seat,
        "players": state.players,
        "options": dict(state.options),
        "phase": state.phase,
        "to_move": sorted(state.to_move()),
        "current": None if over else state.owner[state.colour],
        "current_colour": None if over else state.colour,
        "first_colour": state.first,
        "colours": [
            {
                "colour": c,
                "seat": state.owner[c] if c < state.colours else None,
                "neutral": c >= state.colours,
                "in_hand": state.hand[c] if c < state.colours else sum(state.neutral),
                "score": points,
            }
            for c, points in enumerate(state.colour_points() + [0] * (COLOURS - state.colours))
        ],
        "neutral_in_hand": list(state.neutral),
        "men_in_hand": state.men_in_hand(),
        "turn": state.turn,
        "stack": len(state.stack),
        "unseen": unseen,
        "drawn": state.drawn,
        "tiles": [tile_view(state, t) for t in range(len(state.cells))],
        "hottest": hottest,
        "heat": heat[state.hottest()[0]] if hottest else None,
        "frontier": [{"cell": name(c), "heat": heat[c]} for c in sorted(heat, key=order)],
        "placing": placing,
        "zones": [
            [
                {
                    "tiles": [name(state.cells[t]) for t in zone.tiles],
                    "total": zone.total,
                    "divisor": zone.divisor,
                    "value": zone.value,
                }
                for zone in zones_of(state, c)
            ]
            for c in range(state.colours)
        ],
        "scores": scores,
        "passes": state.passes,
        "this_turn": copy_turn(state.this_turn) if state.this_turn else None,
        "last_turn": copy_turn(state.last_turn) if state.last_turn else None,
        "steps": [dict(step) for step in state.steps],
        "result": {"scores": scores, "ranking": state.ranking()} if over else None,
    }


def tile_view(state: FeurioState, tile: int) -> dict[str, Any]:
    """One tile as every seat sees it: where it lies, its value, its men and its room."""
    q, r = state.cells[tile]
    value = state.values[tile]
    return {
        "cell": name((q, r)),
        "q": q,
        "r": r,
        "value": value,
        "face_up": value != FIREBREAK,
        "spaces": SPACES[value],
        "free_edges": state.free_edges(tile),
        "men": state.men[COLOURS * tile : COLOURS * tile + COLOURS],
        "room": state.room(tile),
    }


def copy_turn(turn: dict[str, Any]) -> dict[str, Any]:
    """A turn's summary, its lists copied (a view's, or a clone's to go on changing)."""
    return {key: list(value) if isinstance(value, list) else value for key, value in turn.items()}
