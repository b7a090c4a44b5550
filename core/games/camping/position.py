"""Deluxe Camping positions drawn as text, for tests and rules-help pictures.

Rows are written top row first, one character a square::

    .  empty          A B C D  a caravan of seat 0, 1, 2, 3
    P  pool half      a b c d  a bungalow half of seat 0, 1, 2, 3
    I  ice cream      X        the pest

Fences are listed in notation (``c4|c5``). The position is a real
:class:`CampingState` from :meth:`CampingRules.new_game` with setup over, seat
``current`` to act in ``phase`` (``move`` or ``fence``). Unless ``auto`` is False,
the automatic fences between different players' campers are put up first, as
play would have done.

>>> state = position('''
...     a a . .
...     . . . I
...     P P . X
...     b b B A
... ''', fences=["c2|c3"])
>>> state.view(None)["fences"]
['c1|d1', 'c2|c3']
>>> state.legal_actions(0)
['d2-c2', 'stop']
"""

from __future__ import annotations

from core.games.camping.contents import BUNGALOW, EMPTY, ICE, PEST, POOL
from core.games.camping.state import CampingState

SYMBOLS = {".": EMPTY, "P": POOL, "I": ICE, "X": PEST}


def position(
    diagram: str,
    *,
    fences: list[str] | tuple[str, ...] = (),
    players: int | None = None,
    current: int = 0,
    phase: str = "move",
    steps_left: int = 2,
    auto: bool = True,
) -> CampingState:
    rows = [line.split() for line in diagram.strip().splitlines()]
    n = len(rows)
    if any(len(row) != n for row in rows):
        raise ValueError("A board diagram is square: as many symbols a row as rows.")
    symbols = [sym for row in reversed(rows) for sym in row]
    seats = {ord(sym.upper()) - ord("A") for sym in symbols if sym.upper() in "ABCD"}
    players = players or max(2, max(seats, default=0) + 1)
    if not 2 <= n <= 10:
        raise ValueError("A diagram has 2 to 10 rows.")
    # Small boards (not a table option) keep scenario diagrams short.
    state = CampingState(players, 0, {"size": n, "caravans": 2, "neutral_setup": "players"})
    g = state.g
    state.cells = [EMPTY] * g.squares
    state.pool, state.tokens, state.kinds, state.pest = [], [], [], None
    state.bungalows = [[] for _ in range(players)]
    state.caravans = [[] for _ in range(players)]
    state.joined = set()
    for square, sym in enumerate(symbols):
        if sym in SYMBOLS:
            state.cells[square] = SYMBOLS[sym]
        elif sym in "ABCD":
            state.cells[square] = ord(sym) - ord("A")
            state.caravans[ord(sym) - ord("A")].append(square)
        elif sym in "abcd":
            state.cells[square] = BUNGALOW + ord(sym) - ord("a")
            state.bungalows[ord(sym) - ord("a")].append(square)
        else:
            raise ValueError(f"Unknown symbol {sym!r} in the diagram.")
        if sym == "P":
            state.pool.append(square)
        elif sym in "IX":
            state.tokens.append(square)
            state.kinds.append("icecream" if sym == "I" else "pest")
            if sym == "X":
                state.pest = square
    for pair in [state.pool, *state.bungalows]:
        if pair:
            if len(pair) != 2 or g.edge_between(*pair) is None:
                raise ValueError("The pool and each bungalow are two squares side by side.")
            state.joined.add(state._edge(*pair))
    state.fences = bytearray(2 * g.squares)
    for name in fences:
        state.fences[g.edge(name)] = 1
    state._walls = None  # worked out afresh from these fences
    state.setup_index = len(state.setup)
    state.revealed = True
    state.first, state.order = 0, list(range(players))
    state.turn, state.this_turn, state.last_turn = 1, [], None
    state._invalidate()
    state.auto = state._auto_fences() if auto else []
    state._invalidate()
    state.current, state.phase, state.steps_left = current, phase, steps_left
    return state
