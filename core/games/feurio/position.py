"""Feurio! positions drawn as text, for tests and rules-help pictures.

Each line of the diagram is one row of hexes, top row first; the n-th symbol of
row r (counting from 0) is the cell ``n,r``. Indent every row half a cell more
than the one above it to see the hexes as they lie: a cell then touches the two
cells of the row above that sit over it, its left and right neighbours, and the
two cells below it. Symbols::

    .        no tile
    1 ... 6  a face-up tile of that value
    0        a firebreak (a tile laid face down)
    5AB      a tile with men on it: A B C D are colours 0 1 2 3, one letter a man

With three players colour D is the neutral colour. ``stack`` lists the face-down
tiles, the next one drawn first. The position is a real :class:`FeurioState`
from :meth:`FeurioRules.new_game`; ``colour`` then starts its turn exactly as in
play: it draws, a tile with only one hottest cell is laid at once, and a colour
that cannot place a man passes.

>>> state = position('''
...     . . .
...      . 5 5A
...       . . .
... ''', stack="2")
>>> view = state.view(None)
>>> view["drawn"], view["hottest"], view["heat"]
(2, ['2,0', '1,2'], 10)
>>> state.legal_actions(0)
['lay 1,2', 'lay 2,0']
>>> state.apply(0, "lay 2,0")
>>> state.legal_actions(0)
['man 1,1', 'man 2,0', 'man 2,1', 'pass']
>>> [(t["cell"], t["value"], t["free_edges"], t["men"], t["room"]) for t in state.view(0)["tiles"]]
[('1,1', 5, 4, [0, 0, 0, 0], 3), ('2,1', 5, 4, [1, 0, 0, 0], 2), ('2,0', 2, 4, [0, 0, 0, 0], 1)]
"""

from __future__ import annotations

import re
from collections import Counter

from core.games.feurio import FeurioRules
from core.games.feurio.hexes import (
    COLOURS,
    FIREBREAK,
    MEN_PER_COLOUR,
    NEUTRAL,
    NEUTRAL_PER_PLAYER,
    SPACES,
    TILES_PER_VALUE,
    VALUES,
    Cell,
    neighbours,
)
from core.games.feurio.state import FeurioState

TOKEN = re.compile(r"([0-6])([A-D]*)")
LETTERS = "ABCD"


def position(
    diagram: str,
    *,
    players: int = 4,
    colour: int = 0,
    stack: str = "",
    firebreak: bool = False,
    hands: list[int] | None = None,
    neutral: list[int] | None = None,
    passes: int = 0,
) -> FeurioState:
    """A state with this board, or ``ValueError`` naming what is inconsistent.

    ``hands`` gives each colour's men in hand (by default 12 less those on the
    board); ``neutral`` each seat's neutral men (three players; by default the
    neutral men not on the board, shared out from seat 0). ``passes`` is the
    number of consecutive passes already made since the stack ran out.
    """
    state = FeurioRules().new_game(players, 0, {"firebreak": firebreak})
    tiles: list[tuple[Cell, int, str]] = []
    for r, line in enumerate(diagram.strip("\n").splitlines()):
        for q, symbol in enumerate(line.split()):
            if symbol == ".":
                continue
            match = TOKEN.fullmatch(symbol)
            if match is None:
                raise ValueError(f"Unknown symbol {symbol!r} in the diagram.")
            tiles.append(((q, r), int(match.group(1)), match.group(2)))
    if not tiles:
        raise ValueError("A position has at least one tile.")
    _check_connected([spot for spot, _, _ in tiles])
    drawn = [int(v) for v in stack.split()]
    counts = Counter([v for _, v, _ in tiles if v != FIREBREAK] + drawn)
    if any(v not in VALUES for v in drawn):
        raise ValueError("Stack tiles have values 1 to 6.")
    if any(n > TILES_PER_VALUE for n in counts.values()):
        raise ValueError("There are only six tiles of each value.")
    if not 0 <= colour < state.colours:
        raise ValueError(f"Colour {colour} does not take turns with {players} players.")

    state.stack = list(reversed(drawn))
    state._clear()
    on_board = [0] * COLOURS
    for spot, value, men in tiles:
        if len(men) > SPACES[value]:
            raise ValueError(f"A {value} has only {SPACES[value]} space(s) for men.")
        tile = state._put(spot, value)
        for letter in men:
            c = LETTERS.index(letter)
            state._add_man(tile, c)
            on_board[c] += 1
    if any(n > MEN_PER_COLOUR for n in on_board):
        raise ValueError("Each colour has only twelve men.")
    state.hand = [MEN_PER_COLOUR - n for n in on_board] if hands is None else list(hands)
    if players == 3:
        left = MEN_PER_COLOUR - on_board[NEUTRAL]
        default = [left // 3 + (1 if s < left % 3 else 0) for s in range(3)]
        state.neutral = default if neutral is None else list(neutral)
        state.hand[NEUTRAL] = 0
        if sum(state.neutral) + on_board[NEUTRAL] > MEN_PER_COLOUR or any(
            not 0 <= n <= NEUTRAL_PER_PLAYER for n in state.neutral
        ):
            raise ValueError("Each player holds at most four of the twelve neutral men.")
    elif neutral:
        raise ValueError("Neutral men are only played with three players.")
    if len(state.hand) != COLOURS or any(
        n < 0 or n + on_board[c] > MEN_PER_COLOUR for c, n in enumerate(state.hand)
    ):
        raise ValueError("Each colour has twelve men, on the board or in hand.")
    state.first = colour
    state.turn, state.passes = 0, passes
    state.last_turn = None
    state.steps = []
    state._proceed(colour)
    return state


def _check_connected(spots: list[Cell]) -> None:
    left = set(spots[1:])
    todo = [spots[0]]
    while todo:
        for other in neighbours(todo.pop()):
            if other in left:
                left.discard(other)
                todo.append(other)
    if left:
        raise ValueError("The forest is all in one piece: every tile touches another.")
