"""Reading the legal actions the table offers, to show them as card selections.

The board never decides what is legal: it only groups the notation strings that
the engine listed, so a set of selected cards maps to the plays it can make.
"""

from __future__ import annotations

from dataclasses import dataclass

from core.games.caravan.notation import PASS, play_cards, play_top


@dataclass(frozen=True)
class Offer:
    """One legal play: its cards and, for a caravan with wilds, the declared top."""

    action: str
    cards: frozenset[str]
    top: int | None


def offers(legal: list[str]) -> list[Offer]:
    found = []
    for action in legal:
        if action == PASS:
            continue
        found.append(Offer(action, frozenset(play_cards(action)), play_top(action)))
    return found


def matching(legal: list[str], selected: set[str]) -> list[Offer]:
    """The plays made of exactly the selected cards, highest declared top first."""
    exact = [o for o in offers(legal) if o.cards == selected]
    return sorted(exact, key=lambda o: -(o.top or 0))


def extendable(legal: list[str], selected: set[str]) -> set[str]:
    """Cards that appear in some legal play containing the current selection."""
    cards: set[str] = set()
    for offer in offers(legal):
        if selected <= offer.cards:
            cards |= offer.cards
    return cards
