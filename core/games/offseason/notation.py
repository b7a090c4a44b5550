"""Camel Up Off Season's words as a player reads them: the goods types, in each language.

The board names a goods type with :func:`type_word` (``dattes`` on a French page) and the
move box reads ``load dattes 4`` back as the canonical ``load dates 4`` with
:class:`OffSeasonNotation`, so the word the board shows is the word a player types. The
canonical English words are understood on every page. The other words of the notation
(``bid``, ``market``, ``load``, ``sell``, ``skip``...) and the goods codes (``D1``,
``CR``) are the same in every language.
"""

from __future__ import annotations

from core.games.offseason.cards import CARPETS, DATES, FRUIT, TYPES, VASES
from core.notation import Notation

TYPE_WORDS: dict[str, dict[str, str]] = {
    "en": {DATES: "dates", CARPETS: "carpets", VASES: "vases", FRUIT: "fruit"},
    "fr": {DATES: "dattes", CARPETS: "tapis", VASES: "vases", FRUIT: "fruits"},
}
LOAD = "load"


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
