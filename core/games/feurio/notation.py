"""Feurio!'s notation: an action is a word and, but for ``pass`` and ``done``, a cell.

Cells are written as in ``hexes.py`` (``2,-1``). ``lay 0,1`` lays the drawn tile,
``break 0,1`` lays it face down as a firebreak (the variant), ``man 0,1`` places one of
the colour's men and ``neutral 0,1`` a neutral man (three players); ``pass`` places no
man, ``done`` ends a turn in which men were placed. :func:`format_action` writes an
action, :func:`split_action` takes one apart for the boards, and :func:`parse` reads
one for the engine, or refuses it as garbled notation. :func:`actions_on` writes the
engine's own legal actions; it remembers each text it wrote, so that writing it again
and reading it back (the engine applying the actions it listed) costs a look-up.
"""

from __future__ import annotations

from collections.abc import Iterable

from core.engine import IllegalAction
from core.games.feurio.hexes import Cell, cell, name

# The phases of a turn, as the views name them: lay the drawn tile, then place men.
LAY, MEN, OVER = "lay", "men", "over"
PASS, DONE = "pass", "done"
LAY_WORD, BREAK_WORD, MAN_WORD, NEUTRAL_WORD = "lay", "break", "man", "neutral"
WORDS = (LAY_WORD, BREAK_WORD, MAN_WORD, NEUTRAL_WORD)
LONGEST_ACTION = 20


def format_action(word: str, where: Cell | str) -> str:
    """An action on a cell (given as coordinates or by its name): ``man 2,-1``."""
    return f"{word} {where if isinstance(where, str) else name(where)}"


_TEXTS: dict[str, dict[Cell, str]] = {word: {} for word in WORDS}
_PARSED: dict[str, tuple[str, Cell | None]] = {PASS: (PASS, None), DONE: (DONE, None)}


def actions_on(word: str, cells: Iterable[Cell]) -> list[str]:
    """``format_action(word, c)`` for each of ``cells``, in order, each text remembered
    (with what :func:`parse` reads from it). Only for cells of a forest in play and next
    to it, so that what is remembered stays small.

    >>> actions_on(MAN_WORD, [(2, -1), (0, 0)]), parse("man 2,-1")
    (['man 2,-1', 'man 0,0'], ('man', (2, -1)))
    """
    texts = _TEXTS[word]
    found = []
    for c in cells:
        text = texts.get(c)
        if text is None:
            text = texts[c] = format_action(word, c)
            _PARSED[text] = (word, c)
        found.append(text)
    return found


def split_action(action: str) -> tuple[str, str]:
    """The word and the cell name of an action (empty for ``pass`` and ``done``), unchecked."""
    word, _, where = action.partition(" ")
    return word, where


def action_word(action: str) -> str:
    """The word an action begins with: ``lay``, ``man``, ``pass`` ..."""
    return split_action(action)[0]


def _notation_error() -> IllegalAction:
    return IllegalAction(
        "Write an action as 'lay 0,1', 'break 0,1', 'man 0,1', 'neutral 0,1', 'pass' or 'done'.",
        key="feurio.notation",
        code="notation",
    )


def parse(action: object) -> tuple[str, Cell | None]:
    """The word and cell of a canonical action; IllegalAction(code="notation") otherwise.

    >>> parse("man 2,-1"), parse("pass")
    (('man', (2, -1)), ('pass', None))
    """
    if not isinstance(action, str) or len(action) > LONGEST_ACTION:
        raise _notation_error()
    known = _PARSED.get(action)  # an action the engine listed, or pass, or done
    if known is not None:
        return known
    word, space, rest = action.partition(" ")
    where = cell(rest) if space and word in WORDS else None
    if where is None:
        raise _notation_error()
    return word, where
