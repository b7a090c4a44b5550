"""Deluxe Camping's notation: placements, steps and fences, written and read.

Squares are named as in ``grid.py`` (``c4``). A set-up placement is the word of its
piece and its squares: ``caravan c4``, ``token c4``, and for a 2x1 piece both squares,
the lower first: ``pool c4-d4``, ``bungalow c4-d4``. A step of the movement is
``e5-e6`` (from, to) and ``stop`` ends the movement early; the free fence is the edge
it fills, ``c4|c5`` (the lower square first). The ``format_*`` and ``split_*``
functions write and take apart these texts for the engine and the boards; the
``read_*`` functions read what a player sent on a board, or refuse it with
``IllegalAction``.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from core.engine import IllegalAction

if TYPE_CHECKING:
    from core.games.camping.grid import Grid

# The phases of a game, as its views name them; a set-up phase is the word of its pieces.
POOL_PHASE, TOKEN_PHASE = "pool", "token"
BUNGALOW_PHASE, CARAVAN_PHASE = "bungalow", "caravan"
MOVE, FENCE, OVER = "move", "fence", "over"
SETUP_PHASES = (POOL_PHASE, TOKEN_PHASE, BUNGALOW_PHASE, CARAVAN_PHASE)
PAIR_PHASES = (POOL_PHASE, BUNGALOW_PHASE)  # a 2x1 piece, placed on two squares
STOP = "stop"
STEP, EDGE = "-", "|"  # between the squares of a step (or a 2x1 piece); of an edge


def format_place(word: str, squares: Iterable[str]) -> str:
    """A set-up placement: ``caravan c4``, ``pool c4-d4``."""
    return f"{word} " + STEP.join(squares)


def format_step(a: str, b: str) -> str:
    """A step from square ``a`` to square ``b``: ``e5-e6``."""
    return f"{a}{STEP}{b}"


def format_edge(a: str, b: str) -> str:
    """The edge between squares ``a`` and ``b`` (the lower first): ``c4|c5``."""
    return f"{a}{EDGE}{b}"


def split_place(action: str) -> tuple[str, list[str]]:
    """The word and the square names of a placement, unchecked."""
    word, _, where = action.partition(" ")
    return word, where.split(STEP)


def split_step(action: str) -> tuple[str, str]:
    """The two square names of a step (or of a 2x1 piece's squares), unchecked."""
    a, _, b = action.partition(STEP)
    return a, b


def split_edge(edge: str) -> tuple[str, str]:
    """The two square names of an edge, unchecked."""
    a, _, b = edge.partition(EDGE)
    return a, b


def is_place(action: str) -> bool:
    return " " in action


def is_step(action: str) -> bool:
    return STEP in action and " " not in action


def is_edge(action: str) -> bool:
    return EDGE in action


def check_canonical(text: str, canonical: str) -> None:
    """Refuse another spelling of an action than its canonical one."""
    if text != canonical:
        raise IllegalAction(
            f"Write this as {canonical}.", key="canonical", code="notation", canonical=canonical
        )


def read_place(text: str, phase: str, g: Grid) -> list[int]:
    """The squares of a placement in set-up ``phase`` (lower first), or IllegalAction."""
    word, _, where = text.partition(" ")
    if word != phase:
        raise IllegalAction(
            f"Now is the time to place your {phase}: write '{phase} c4'"
            + (" with both squares, as c4-d4." if phase in PAIR_PHASES else "."),
            key=f"camping.place_{phase}",
            code="notation",
        )
    if phase not in PAIR_PHASES:
        return [g.square(where)]
    left, dash, right = where.partition(STEP)
    if not dash:
        raise IllegalAction(
            "A 2x1 piece covers two squares: write them as c4-d4.",
            key="camping.two_squares",
            code="notation",
        )
    a, b = sorted((g.square(left), g.square(right)))
    if g.edge_between(a, b) is None:
        raise IllegalAction(
            "The two squares of a 2x1 piece must be side by side.",
            key="camping.pair_apart",
        )
    return [a, b]


def read_step(text: str, g: Grid) -> tuple[int, int]:
    """The squares a step goes from and to (neighbours or not), or IllegalAction."""
    left, dash, right = text.partition(STEP)
    if not dash:
        raise IllegalAction(
            "Now is the time to move: write a step as e5-e6, or 'stop'.",
            key="camping.move_now",
            code="notation",
        )
    return g.square(left), g.square(right)


def read_fence(text: str, g: Grid) -> int:
    """The edge a free fence goes on, or IllegalAction."""
    if EDGE not in text:
        raise IllegalAction(
            "Now is the time to put up your fence: write the edge as c4|c5.",
            key="camping.fence_now",
            code="notation",
        )
    return g.edge(text)
