"""What each seat of a Deluxe Camping game sees: the whole board, tokens face down.

:func:`camping_view` builds :meth:`CampingState.view`. Every seat and a spectator see
the same picture: nothing is hidden but which mystery token is the pest, and no view
says it before the reveal.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from core.engine import ranking_from_scores
from core.games.camping.notation import CARAVAN_PHASE, MOVE

if TYPE_CHECKING:
    from core.games.camping.state import CampingState


def camping_view(state: CampingState, seat: int | None) -> dict[str, Any]:
    """The picture of ``state`` that ``seat`` may see (None: a spectator)."""
    g = state.g
    names = g.names
    over = state.is_over()
    regions = []
    region_of: list[int] = []
    if state.revealed:
        region_of = list(state.region_labels())
        for label, region in enumerate(state.regions()):
            regions.append(
                {
                    "id": label,
                    "size": len(region.squares),
                    "owner": region.owner,
                    "owners": sorted(region.owners),
                    "pool": region.pool,
                    "icecreams": region.icecreams,
                    "pest": region.pest,
                    "value": region.value,
                    "label": names[region.squares[0]],
                }
            )
    tokens = [
        {"square": names[s], "kind": kind if state.revealed else "hidden"}
        for s, kind in zip(state.tokens, state.kinds, strict=False)
        if not (state.revealed and kind == "pest")
    ]
    scores = state.scores()
    return {
        "game": "camping",
        "seat": seat,
        "players": state.players,
        "size": g.n,
        "options": dict(state.options),
        "phase": state.phase,
        "to_move": sorted(state.to_move()),
        "current": None if over else state.current,
        "first": state.first,
        "order": list(state.order),
        "turn": state.turn,
        "steps_left": state.steps_left if state.phase == MOVE else 0,
        "setup_left": len(state.setup) - state.setup_index,
        "revealed": state.revealed,
        "pool": [names[s] for s in state.pool],
        "tokens": tokens,
        "pest": None if state.pest is None else names[state.pest],
        "bungalows": [[names[s] for s in b] for b in state.bungalows],
        "caravans": [[names[s] for s in c] for c in state.caravans],
        "caravans_to_place": [
            sum(
                1
                for phase, who in state.setup[state.setup_index :]
                if phase == CARAVAN_PHASE and who == p
            )
            for p in range(state.players)
        ],
        "fences": list(state.fence_names()),
        "regions": regions,
        "region_of": region_of,
        "scores": scores,
        "this_turn": list(state.this_turn),
        "last_turn": state.last_turn,
        "auto": [g.edge_name(e) for e in state.auto],
        "result": {"scores": scores, "ranking": ranking_from_scores(scores)} if over else None,
    }
