"""Camel Up Off Season's notation: reading and writing actions, and its words per language.

An action is a word and its arguments: ``bid 3``, ``pass``, ``market 2``, the powers
``purse``, ``token``, ``supply``, ``sort``, ``discard D2``, ``sell D1+D3`` (a lot's codes
in the canonical order), ``unload 5``, ``swap 3 5`` (the smaller camel first), ``load
dates 4``, ``saddle 5`` and ``skip``. The engine reads an action with :func:`parse`
(garbled text is refused as notation); the board reads the legal actions it offers with
:func:`read` and writes the ones it sends with the writers below (:func:`bid`,
:func:`load`...), so nothing else splits these strings.

The board names a goods type with :func:`type_word` (``dattes`` on a French page) and the
move box reads ``load dattes 4`` back as the canonical ``load dates 4`` with
:class:`OffSeasonNotation`, so the word the board shows is the word a player types. The
canonical English words are understood on every page. The other words of the notation
(``bid``, ``market``, ``load``, ``sell``, ``skip``...) and the goods codes (``D1``,
``CR``) are the same in every language.

>>> bid(3), market(2), discard("D2"), sell(["D1", "D3"]), unload(5), swap(3, 5), load("dates", 4)
('bid 3', 'market 2', 'discard D2', 'sell D1+D3', 'unload 5', 'swap 3 5', 'load dates 4')
>>> read("sell D1+D3"), read("swap 5 3"), read("bid -1")
(('sell', ('D1', 'D3')), None, None)
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable
from typing import Any

from core.engine import IllegalAction
from core.games.offseason.cards import (
    CARPETS,
    CODES,
    DATES,
    FRUIT,
    TYPES,
    VASES,
    canonical,
    lot_text,
)
from core.notation import Notation

TYPE_WORDS: dict[str, dict[str, str]] = {
    "en": {DATES: "dates", CARPETS: "carpets", VASES: "vases", FRUIT: "fruit"},
    "fr": {DATES: "dattes", CARPETS: "tapis", VASES: "vases", FRUIT: "fruits"},
}
LOAD = "load"
PASS, SKIP = "pass", "skip"
LONGEST_ACTION = 80

_NUMBER = r"(0|[1-9][0-9]{0,5})"
_CODE = "|".join(sorted(CODES, key=len, reverse=True))
_PATTERNS: list[tuple[str, re.Pattern[str]]] = [
    (word, re.compile(pattern, re.ASCII))
    for word, pattern in (
        ("bid", rf"bid {_NUMBER}"),
        ("market", r"market ([1-9])"),
        ("discard", rf"discard ({_CODE})"),
        ("sell", rf"sell ((?:{_CODE})(?:\+(?:{_CODE}))*)"),
        ("unload", r"unload ([1-9])"),
        ("saddle", r"saddle ([1-9])"),
        ("swap", r"swap ([1-9]) ([1-9])"),
        ("load", r"load (dates|carpets|vases|fruit) ([1-9])"),
    )
]
_WORDS = (PASS, SKIP, "purse", "token", "supply", "sort")


def _notation_error(hint: str = "") -> IllegalAction:
    return IllegalAction(
        hint
        or "Write an action as 'bid 3', 'pass', 'market 2', 'purse', 'token', 'supply', "
        "'sort', 'discard D2', 'sell D1+D3', 'unload 5', 'swap 3 5', 'load dates 4', "
        "'saddle 5' or 'skip'.",
        key="offseason.notation",
        code="notation",
    )


def parse(action: object) -> tuple[str, tuple[Any, ...]]:
    """The word and arguments of a canonical action; IllegalAction(code="notation") otherwise.

    >>> parse("bid 12"), parse("sell D1+D3+D3"), parse("load fruit 5"), parse("skip")
    (('bid', (12,)), ('sell', ('D1', 'D3', 'D3')), ('load', ('fruit', 5)), ('skip', ()))
    """
    if not isinstance(action, str) or len(action) > LONGEST_ACTION:
        raise _notation_error()
    return _parse(action)


@functools.lru_cache(maxsize=4096)
def _parse(action: str) -> tuple[str, tuple[Any, ...]]:
    """:func:`parse` of a text, remembered (a refusal is raised again each time)."""
    if action in _WORDS:
        return action, ()
    for word, pattern in _PATTERNS:
        match = pattern.fullmatch(action)
        if match is None:
            continue
        if word == "bid":
            return word, (int(match.group(1)),)
        if word in ("market", "unload", "saddle"):
            return word, (int(match.group(1)),)
        if word == "discard":
            return word, (match.group(1),)
        if word == "swap":
            first, second = int(match.group(1)), int(match.group(2))
            if first >= second:
                raise _notation_error(
                    f"Write a swap with the smaller camel first: 'swap {min(first, second)} "
                    f"{max(first, second)}'."
                )
            return word, (first, second)
        if word == "load":
            return word, (match.group(1), int(match.group(2)))
        lot = tuple(match.group(1).split("+"))
        if list(lot) != canonical(list(lot)):
            raise _notation_error(
                f"Write a lot's cards in the order {' '.join(CODES)}: "
                f"'sell {lot_text(canonical(list(lot)))}'."
            )
        return word, lot
    raise _notation_error()


def read(action: str) -> tuple[str, tuple[Any, ...]] | None:
    """The word and arguments of a canonical action, or None (what :func:`parse` refuses)."""
    try:
        return parse(action)
    except IllegalAction:
        return None


def bid(amount: int) -> str:
    return f"bid {amount}"


def market(tile: int) -> str:
    return f"market {tile}"


def discard(code: str) -> str:
    return f"discard {code}"


def sell(lot: Iterable[str]) -> str:
    """The sale of ``lot``, its codes written in the canonical order."""
    return "sell " + lot_text(canonical(list(lot)))


def unload(camel: int) -> str:
    return f"unload {camel}"


def swap(first: int, second: int) -> str:
    """Swapping the loads of two camels, the smaller written first."""
    return f"swap {min(first, second)} {max(first, second)}"


def load(kind: str, camel: int) -> str:
    return f"{LOAD} {kind} {camel}"


def saddle(camel: int) -> str:
    return f"saddle {camel}"


def _lang(lang: str) -> str:
    return lang if lang in TYPE_WORDS else "en"


def type_word(kind: str, lang: str) -> str:
    """A goods type as the board names it and a player types it in ``lang``."""
    return TYPE_WORDS[_lang(lang)][kind]


def read_type(word: str, lang: str) -> str | None:
    """The goods type ``word`` names on a page in ``lang`` (its own word, else the
    canonical one; case ignored), or None."""
    folded = word.casefold()
    for kind, own in TYPE_WORDS[_lang(lang)].items():
        if folded == own.casefold():
            return kind
    return folded if folded in TYPES else None


class OffSeasonNotation(Notation):
    """``load dattes 4`` on a French page for ``load dates 4``."""

    def write(self, action: str, lang: str) -> str:
        words = action.split(" ")
        if len(words) == 3 and words[0] == LOAD and words[1] in TYPES:
            return f"{LOAD} {type_word(words[1], lang)} {words[2]}"
        return action

    def read(self, text: str, lang: str) -> str:
        words = text.split()
        if len(words) == 3 and words[0].casefold() == LOAD:
            kind = read_type(words[1], lang)
            if kind is not None:
                return f"{LOAD} {kind} {words[2]}"
        return text.strip()
