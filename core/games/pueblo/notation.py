"""Pueblo's notation: reading an action into its parts, and writing one from them.

Rules help: ``docs/games/pueblo.md``. A placement is the stone (``C`` coloured, ``N``
neutral), its pose 0-11 and its anchor square: ``C3@d4``. The other actions are a word
and a number or a square: ``chief 2``, ``remove 7``, ``sacred d4``, ``bid 3``,
``card 1``, and ``pass``. The engine reads actions with :func:`parse` (garbled text is
refused as notation); the board reads the legal actions it offers with :func:`read` and
writes the ones it sends with the writers below, so nothing else splits these strings.

>>> read("N10@c4").anchor, read("sacred d4").anchor, read("chief 5").number
('c4', 'd4', 5)
>>> place("C", 3, "d4"), chief(2), remove(7), sacred("d4"), bid(3), card(1)
('C3@d4', 'chief 2', 'remove 7', 'sacred d4', 'bid 3', 'card 1')
>>> read("chief  1") is None
True
"""

from __future__ import annotations

import re
from typing import NamedTuple

from core.engine import IllegalAction
from core.games.pueblo.geometry import square_index, square_name

COLOURED, NEUTRAL_STONE = "C", "N"
PLACE, CHIEF, REMOVE, SACRED, BID, CARD, PASS = (
    "place", "chief", "remove", "sacred", "bid", "card", "pass",
)  # fmt: skip

LONGEST_ACTION = 12
PATTERNS = (
    (PLACE, re.compile(r"([CN])(0|[1-9][0-9]?)@([a-h][1-8])")),
    (CHIEF, re.compile(r"chief (0|[1-9][0-9]?)")),
    (REMOVE, re.compile(r"remove ([1-9][0-9]{0,2})")),
    (SACRED, re.compile(r"sacred ([a-h][1-8])")),
    (BID, re.compile(r"bid (0|[1-9][0-9]?)")),
    (CARD, re.compile(r"card ([1-9])")),
    (PASS, re.compile(r"pass")),
)


class Parsed(NamedTuple):
    """An action's parts: its word, and the stone letter, the number (pose, steps,
    stone id, bid or card) and the square index that word takes."""

    word: str
    letter: str = ""
    number: int = 0
    square: int = -1

    @property
    def anchor(self) -> str:
        """The square as the notation writes it (``d4``): a placement's anchor, a
        sacred site."""
        return square_name(self.square)


def _notation_error() -> IllegalAction:
    return IllegalAction(
        "Write an action as 'C3@d4' or 'N3@d4' (coloured or neutral stone, pose 0-11, "
        "anchor square), 'chief 1' to 'chief 4', 'remove 7', 'sacred d4', 'bid 3', "
        "'pass' or 'card 1'.",
        key="pueblo.notation",
        code="notation",
    )


def read(action: str) -> Parsed | None:
    """The parts of a well-formed action, or None.

    >>> read("C0@a1"), read("pass ")
    (Parsed(word='place', letter='C', number=0, square=0), None)
    """
    if len(action) > LONGEST_ACTION:
        return None
    for word, pattern in PATTERNS:
        match = pattern.fullmatch(action)
        if match is None:
            continue
        if word == PLACE:
            return Parsed(word, match[1], int(match[2]), square_index(match[3]))
        if word == SACRED:
            return Parsed(word, square=square_index(match[1]))
        if word == PASS:
            return Parsed(word)
        return Parsed(word, number=int(match[1]))
    return None


def parse(action: object) -> Parsed:
    """The parts of a well-formed action; IllegalAction(code="notation") otherwise.

    >>> parse("N10@c4")
    Parsed(word='place', letter='N', number=10, square=26)
    >>> parse("chief 5")
    Parsed(word='chief', letter='', number=5, square=-1)
    """
    if not isinstance(action, str):
        raise IllegalAction("An action is a line of text.", key="bad_notation", code="notation")
    parsed = read(action)
    if parsed is None:
        raise _notation_error()
    return parsed


def place(letter: str, pose: int, anchor: str) -> str:
    """A placement: stone ``letter`` (``C`` or ``N``) in ``pose`` anchored on ``anchor``."""
    return f"{letter}{pose}@{anchor}"


def chief(steps: int) -> str:
    return f"{CHIEF} {steps}"


def remove(stone: int) -> str:
    return f"{REMOVE} {stone}"


def sacred(square: str) -> str:
    return f"{SACRED} {square}"


def bid(points: int) -> str:
    return f"{BID} {points}"


def card(number: int) -> str:
    return f"{CARD} {number}"
