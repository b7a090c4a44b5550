"""Pueblo positions written compactly, for tests and rules-help pictures.

The diagram shows the site from above, north at the top: its last line is row 1,
the line above it row 2, and so on; the n-th symbol of a line is file a, b, c...
Missing lines at the top and missing squares at the east end are empty. Each
symbol is ``.`` (an empty square) or a stack of cubes written bottom to top::

    R B G P   a cube of seat 0, 1, 2, 3 (red, blue, green, purple)
    N         a neutral cube

Every cube of the diagram is a loose one-cube block with its own id (ids count
from 1 in reading order: row 1 first, west to east, bottom to top), handy for
sightline and scoring scenarios. Real stones come from ``stones``: each is the
owner's letter (``R``... or ``N``) and a placement in notation, ``"R1@a1"``,
put on the pueblo in order with the support rule checked.

``hands`` gives each seat's stones in hand as ``S`` (the single coloured stone
is still held), the number of unopened pairs, and ``C`` or ``N`` for the half of
an opened pair still to place: ``"S7"`` is a full two-player hand, ``"3N"``
three pairs and a neutral half, ``"0"`` nothing. The position is a real
:class:`PuebloState` from :meth:`PuebloRules.new_game`; seat ``current`` then
starts its turn exactly as in play (``phase`` "place"), or has placed its stone
and moves the chief ("chief"), or starts a turn of the demolition ("remove"; a
seat that cannot remove a stone goes straight on to the chief).

>>> state = position("N RB", chief="SW", phase="chief")
>>> [(p["steps"], p["looks"], p["penalties"]) for p in state.view(0)["preview"][:2]]
[(1, 'east', [0, 2]), (2, 'east', [0, 0])]
>>> state.apply(0, "chief 1")
>>> seen = state.view(0)["last_turn"]["seen"]
>>> state.penalties, [(cube["square"], cube["z"], cube["points"]) for cube in seen]
([0, 2], [('a1', 1, 0), ('b1', 2, 2)])
>>> game = position(stones=["R1@a1"], hands=["1N", "S7"])
>>> game.view(None)["heights"][1][:2], game.view(None)["heights"][0][:2]
([1, 0], [1, 2])
>>> [action for action in game.legal_actions(0) if action.endswith("@a1")]
['N10@a1']
>>> game.apply(0, "N10@a1")  # the neutral half nests with it into a 2x2x2 cube
>>> [row[:3] for row in game.view(None)["heights"][:3]]
[[2, 2, 0], [2, 2, 0], [0, 0, 0]]
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from core.games.pueblo import PuebloRules
from core.games.pueblo.building import NEUTRAL, STONES, Stone
from core.games.pueblo.geometry import BY_SUFFIX, CORNERS, RING, SIDE, site, square_index
from core.games.pueblo.state import PuebloState
from core.games.pueblo.steps import CHIEF, PLACE, REMOVE

LETTERS = "RBGP"
STACK = re.compile(r"[RBGPN]+")
HAND = re.compile(r"(S?)(0|[1-9][0-9]*)([CN]?)")
PLACEMENT = re.compile(r"([RBGPN])([0-9]+@[a-h][1-8])")


def position(
    diagram: str = "",
    *,
    stones: Sequence[str] = (),
    players: int = 2,
    current: int = 0,
    phase: str = PLACE,
    chief: str | int = "NW",
    hands: Sequence[str] | None = None,
    penalties: Sequence[int] | None = None,
    sacred: Sequence[str] = (),
    order: Sequence[int] | None = None,
    options: dict[str, Any] | None = None,
) -> PuebloState:
    """A state with this pueblo, or ``ValueError`` naming what is inconsistent.

    ``chief`` is a corner (``"NW"``...) or a path index 0-35; ``order`` the turn
    order of the seats (default 0, 1, ...); ``options`` table options on top of
    the defaults (the first player is always ``current``).
    """
    opts = {**(options or {}), "first_player": 0}
    state = PuebloRules().new_game(players, 0, opts)
    state.order = list(range(players)) if order is None else list(order)
    if sorted(state.order) != list(range(players)):
        raise ValueError("The turn order lists every seat once.")
    if current not in state.order:
        raise ValueError(f"Seat {current} is not at this table.")
    state.sacred = tuple(square_index(name) for name in sacred)
    if len(set(state.sacred)) != len(state.sacred) or len(state.sacred) > 4:
        raise ValueError("There are at most four sacred sites, on different squares.")
    state.sacred_turns = []
    state._placements = None
    state.auction = None
    if isinstance(chief, str):
        if chief not in CORNERS:
            raise ValueError("The chief starts on a corner: NW, NE, SE or SW.")
        state.chief = CORNERS[chief]
    elif 0 <= chief < RING:
        state.chief = chief
    else:
        raise ValueError("The chief stands on path square 0 to 35.")

    rows = [line.split() for line in diagram.strip("\n").splitlines() if line.strip()]
    if len(rows) > SIDE or any(len(row) > SIDE for row in rows):
        raise ValueError("The site is 8 squares by 8.")
    for y, row in enumerate(reversed(rows), start=1):
        for x, symbol in enumerate(row, start=1):
            if symbol == ".":
                continue
            if STACK.fullmatch(symbol) is None:
                raise ValueError(f"Unknown symbol {symbol!r} in the diagram.")
            square = site(x, y)
            if square in state.sacred:
                raise ValueError("Nothing stands on a sacred site.")
            for level, letter in enumerate(symbol, start=1):
                cube = Stone(_colour(letter, players), None, None, ((square, level),))
                state._add(cube)
    for text in stones:
        match = PLACEMENT.fullmatch(text)
        cand = BY_SUFFIX.get(match[2]) if match else None
        if match is None or cand is None:
            raise ValueError(f"{text!r} is not a stone on the site, like 'R1@a1'.")
        rests = {state.height[c] - off for c, off in zip(cand.columns, cand.offsets, strict=True)}
        if len(rests) != 1 or any(c in state.sacred for c in cand.columns):
            raise ValueError(f"{text!r} does not rest flat on the pueblo.")
        colour = _colour(match[1], players)
        state._put(colour, None if colour == NEUTRAL else colour, None, cand)

    coloured, neutral = STONES[players]
    for seat, hand in enumerate([f"S{neutral}"] * players if hands is None else hands):
        match = HAND.fullmatch(hand)
        if match is None or len(hands or ()) not in (0, players):
            raise ValueError(f"A hand is written like 'S7', '3N' or '0', one per seat: {hand!r}.")
        state.single[seat] = bool(match[1])
        state.pairs[seat] = int(match[2])
        state.half[seat] = match[3] or None
        if state.pairs[seat] > neutral or state.stones_left(seat) > coloured + neutral:
            raise ValueError(f"With {players} players a hand holds at most {neutral} pairs.")
    state.penalties = [0] * players if penalties is None else list(penalties)
    if len(state.penalties) != players:
        raise ValueError("Give one penalty total per seat.")

    state.turn = 0
    state.last_turn = state.this_turn = state.final_lap = None
    pos = state.order.index(current)
    if phase == PLACE:
        if not state.allowed(current):
            raise ValueError(f"Seat {current} has no stone left to place.")
        state._start_turn(pos)
    elif phase == REMOVE:  # a seat that cannot remove a stone goes on to the chief
        state.demolishing = True
        state._start_turn(pos)
    elif phase == CHIEF:
        state._open_turn(pos)
        state.phase = phase
    else:
        raise ValueError("A position starts in the place, chief or remove phase.")
    return state


def _colour(letter: str, players: int) -> int:
    if letter == "N":
        return NEUTRAL
    colour = LETTERS.index(letter)
    if colour >= players:
        raise ValueError(f"No seat plays {letter} with {players} players.")
    return colour
