"""Caravan's notation: a play's canonical text, and the cards as a player reads them.

A play lists its cards' codes in deck order joined by ``+``; a caravan that uses an Ace
or a Crown as a wild adds ``@`` and its declared top rank, since the same cards can often
be read as several runs (``1K+7SK@8`` is the Knots run 7-8, ``1K+7SK@7`` the run 6-7).
:func:`format_play` writes it, :func:`parse_play` reads it (the engine, which then judges
the cards by the rules in ``combos.py``), and :func:`play_cards` and :func:`play_top`
take apart a legal action for the boards. ``pass`` ends one's part in a season.

In each language a card reads as its corner shows it:

A card's corner shows its rank (``A`` for an Ace, ``2``-``9``, ``C`` for a Crown) and its
suit letters in the page's language: the Market (canonical ``6LK``) reads ``6 LK`` in
English and ``6 FN`` in French, the Ace of Moons (``1M``) ``A M`` and ``A L``. The board
draws its corners from :func:`corner` and the move box reads a typed play with
:class:`CaravanNotation`, so what a card shows is what a player types.

Reading a card: the rank is ``A``, ``C`` or a digit (``1`` and ``N``, the canonical
ranks, are understood too); the suit letters are read in the page's language first, and
as the canonical letters only when that names no card. So ``L`` is Moons on a French page
and Leaves on an English one, while ``5ML`` (no French card) is still the Forest.
Spaces and letter case do not matter; the cards of a play may come in any order.
"""

from __future__ import annotations

from collections.abc import Iterable

from core.engine import IllegalAction
from core.games.caravan.cards import ACE, CARDS, CROWN, DECK, SUITS, sort_codes
from core.notation import Notation

PASS = "pass"
JOIN, TOP = "+", "@"  # between a play's cards; before a caravan's declared top


def format_play(cards: Iterable[str], top: int | None = None) -> str:
    """A play's notation: the cards (in the order given) joined by ``+``, then ``@top``
    when a top is given (a caravan holding a wild)."""
    text = JOIN.join(cards)
    return text if top is None else f"{text}{TOP}{top}"


def split_play(action: str) -> tuple[list[str], str]:
    """A play's card texts and what follows its ``@`` (empty without one), unchecked."""
    body, _, declared = action.partition(TOP)
    return body.split(JOIN), declared


def play_cards(action: str) -> list[str]:
    """The card codes of a legal play, in its order."""
    return split_play(action)[0]


def play_top(action: str) -> int | None:
    """The declared top of a legal play (a caravan holding a wild), else None."""
    declared = split_play(action)[1]
    return int(declared) if declared else None


def parse_play(action: str) -> tuple[tuple[str, ...], int | None]:
    """Split notation into known card codes (deck order) and the declared top rank."""
    codes, declared = split_play(action)
    if any(code not in CARDS for code in codes):  # an empty play is one empty code
        raise IllegalAction(
            f"{action!r} is not a play: write card codes joined by '+', like 2MK+3MV.",
            key="not_a_play",
            code="notation",
            action=action,
        )
    if len(set(codes)) != len(codes):
        raise IllegalAction(
            "A card can only be played once.", key="duplicate_card", code="notation"
        )
    top: int | None = None
    if declared:
        if not (declared.isascii() and declared.isdigit()):
            raise IllegalAction(
                f"'@{declared}' is not a rank: write the top rank as a number, like @8.",
                key="bad_top",
                code="notation",
                top=declared,
            )
        top = int(declared)
    return tuple(sort_codes(codes)), top


# ------------------------------------------------------------ cards as players read them

# What a card's corner shows for an Ace and a Crown (number cards show their digit).
RANK_LABELS: dict[str, dict[int, str]] = {
    "en": {ACE: "A", CROWN: "C"},
    "fr": {ACE: "A", CROWN: "C"},
}
# The suit letters of a card's corner, by canonical suit.
SUIT_LETTERS: dict[str, dict[str, str]] = {
    "en": {"M": "M", "S": "S", "V": "V", "L": "L", "Y": "Y", "K": "K"},
    "fr": {"M": "L", "S": "S", "V": "V", "L": "F", "Y": "Vo", "K": "N"},
}
CANONICAL_LETTERS: dict[str, str] = {suit: suit for suit in SUITS}
CANONICAL_RANKS: dict[str, int] = {"1": ACE, "N": CROWN}

_BY_RANK_AND_SUITS: dict[tuple[int, frozenset[str]], str] = {
    (card.rank, frozenset(card.suits)): card.code for card in DECK
}


def _lang(lang: str) -> str:
    return lang if lang in SUIT_LETTERS else "en"


def rank_label(code: str, lang: str) -> str:
    """The rank a card's corner shows: ``A``, ``2``-``9`` or ``C``."""
    rank = CARDS[code].rank
    return RANK_LABELS[_lang(lang)].get(rank, str(rank))


def suit_letters(code: str, lang: str) -> str:
    """The suit letters a card's corner shows, in canonical suit order."""
    letters = SUIT_LETTERS[_lang(lang)]
    return "".join(letters[suit] for suit in CARDS[code].suits)


def corner(code: str, lang: str) -> str:
    """A card as its corner shows it and a player types it: ``AL``, ``6FN``."""
    return rank_label(code, lang) + suit_letters(code, lang)


def _rank(text: str, lang: str) -> int | None:
    if text.isascii() and text.isdigit() and 1 <= int(text) <= 9:
        return int(text)
    for rank, label in RANK_LABELS[_lang(lang)].items():
        if text.casefold() == label.casefold():
            return rank
    return CANONICAL_RANKS.get(text.upper())


def _suits(text: str, letters: dict[str, str]) -> list[tuple[str, ...]]:
    """Every way to read ``text`` as a row of these suit letters (case ignored)."""
    if not text:
        return [()]
    readings = []
    for suit, letter in letters.items():
        if text.casefold().startswith(letter.casefold()):
            readings += [(suit, *rest) for rest in _suits(text[len(letter) :], letters)]
    return readings


def read_card(text: str, lang: str) -> str | None:
    """The canonical code of the card ``text`` names for a page in ``lang``, or None."""
    if not text:
        return None
    rank = _rank(text[0], lang)
    if rank is None:
        return None
    own = SUIT_LETTERS[_lang(lang)]
    for letters in (own, CANONICAL_LETTERS) if own != CANONICAL_LETTERS else (own,):
        for suits in _suits(text[1:], letters):
            if len(set(suits)) == len(suits):
                code = _BY_RANK_AND_SUITS.get((rank, frozenset(suits)))
                if code is not None:
                    return code
    return None


class CaravanNotation(Notation):
    """Plays written with the cards' corners: ``AL+CL`` in French for ``1M+NM``."""

    def write(self, action: str, lang: str) -> str:
        if action == PASS:
            return action
        cards, top = split_play(action)
        return format_play(corner(code, lang) for code in cards) + (TOP + top if top else "")

    def read(self, text: str, lang: str) -> str:
        compact = "".join(text.split())
        if compact.casefold() == PASS:
            return PASS
        body, at, top = compact.partition(TOP)
        codes = [read_card(part, lang) for part in body.split(JOIN)]
        if not body or None in codes:
            return text.strip()
        return format_play(sort_codes([c for c in codes if c is not None])) + at + top
