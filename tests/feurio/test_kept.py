"""What the engine keeps up to date instead of working it out anew (``forest.py``: rooms,
heat, the hottest cells, points; the lays of a turn) is what working it out anew gives,
after every action of random games, on the states played and on their clones."""

from __future__ import annotations

import random

import pytest

from core.games.feurio import FeurioRules
from core.games.feurio.hexes import COLOURS, SIDES, SPACES, Cell, name, neighbours
from core.games.feurio.notation import LAY, parse
from core.games.feurio.state import FeurioState
from core.games.feurio.zones import zones_of

TABLES = [(players, firebreak) for players in (2, 3, 4) for firebreak in (False, True)]


def anew(state: FeurioState) -> dict[str, object]:
    """Rooms, heat, hottest cells, points and lays, from the tiles and men alone."""
    tiles = range(len(state.cells))
    touching = [sum(n in state.at for n in neighbours(state.cells[t])) for t in tiles]
    load = [sum(state.men[COLOURS * t : COLOURS * t + COLOURS]) for t in tiles]
    rooms = [max(0, min(SPACES[state.values[t]], SIDES - touching[t]) - load[t]) for t in tiles]
    heat: dict[Cell, int] = {}
    for t in tiles:
        for other in neighbours(state.cells[t]):
            if other not in state.at:
                heat[other] = heat.get(other, 0) + state.values[t]
    best = max(heat.values())
    hottest = sorted((c for c, h in heat.items() if h == best), key=lambda c: (c[1], c[0]))
    lays = [f"lay {name(c)}" for c in hottest]
    if state.options["firebreak"] and state.hand[state.colour]:
        lays += [f"break {name(c)}" for c in heat]
    points = [sum(z.value for z in zones_of(state, c)) for c in range(state.colours)]
    return {
        "touching": touching,
        "load": load,
        "rooms": rooms,
        "heat": heat,
        "hottest": hottest,
        "points": points,
        "lays": sorted(lays) if state.phase == LAY else None,
    }


def kept(state: FeurioState) -> dict[str, object]:
    """The same, as the state keeps them."""
    return {
        "touching": state.touching,
        "load": state.load,
        "rooms": [state.room(t) for t in range(len(state.cells))],
        "heat": state.heat(),
        "hottest": state.hottest(),
        "points": state.colour_points(),
        "lays": state.legal_actions(state.owner[state.colour]) if state.phase == LAY else None,
    }


@pytest.mark.parametrize("players, firebreak", TABLES)
def test_what_is_kept_is_what_is_worked_out_anew_and_clones_do_not_share_it(players, firebreak):
    for seed in range(3):
        state = FeurioRules().new_game(players, seed, {"firebreak": firebreak})
        rng = random.Random(seed)
        while not state.is_over():
            assert kept(state) == anew(state)
            (seat,) = state.to_move()
            legal = state.legal_actions(seat)
            before = (legal, state.scores(), state.heat().copy(), state.hottest())
            trial = state.clone()  # shares the heat map, the lays and the points: immutable
            for action in legal:
                other = trial.clone()
                other.apply(seat, action)
                assert kept(other) == anew(other), action
            assert (state.legal_actions(seat), state.scores()) == before[:2]
            assert (state.heat(), state.hottest()) == before[2:]
            state.apply(seat, rng.choice(legal))
        assert kept(state) == anew(state)


def test_parsing_an_action_the_engine_listed_reads_it_as_parsing_it_anew():
    state = FeurioRules().new_game(3, 5, {"firebreak": True})
    rng = random.Random(5)
    while not state.is_over():
        (seat,) = state.to_move()
        legal = state.legal_actions(seat)
        for action in legal:
            word, _, where = action.partition(" ")
            if where:
                q, r = where.split(",")
                assert parse(action) == (word, (int(q), int(r)))
            else:
                assert parse(action) == (action, None)
        state.apply(seat, rng.choice(legal))
