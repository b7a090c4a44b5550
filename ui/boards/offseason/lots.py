"""The sale picker, read only from the legal ``sell ...`` actions.

A player builds a lot card by card. A card may join the lot being built only if
some legal lot holds all the cards chosen so far plus this one; Sell is offered
only when the chosen cards are exactly a legal lot. The price shown comes from
:func:`core.games.offseason.cards.price`, the engine's own price table.

>>> legal = ["pass", "sell F1", "sell F1+F1", "sell D1", "sell D3", "sell D1+D3"]
>>> can_add(legal, [], "F3"), can_add(legal, ["F1"], "F1"), can_add(legal, ["F1"], "D1")
(False, True, False)
>>> lot_action(legal, ["D3", "D1"]), lot_price(["D3", "D1"])
('sell D1+D3', 3)
"""

from __future__ import annotations

from collections import Counter

from core.games.offseason import notation
from core.games.offseason.cards import canonical, price


def offered_lots(legal: list[str]) -> dict[tuple[str, ...], str]:
    """Every legal lot (codes in canonical order) and the action that sells it."""
    lots = {}
    for action in legal:
        parsed = notation.read(action)
        if parsed is not None and parsed[0] == "sell":
            lots[parsed[1]] = action
    return lots


def lot_action(legal: list[str], codes: list[str]) -> str | None:
    """The action selling exactly these cards, if it is legal now."""
    if not codes:
        return None
    return offered_lots(legal).get(tuple(canonical(list(codes))))


def can_add(legal: list[str], codes: list[str], code: str) -> bool:
    """Whether ``code`` may join the cards already chosen on the way to a legal lot."""
    want = Counter([*codes, code])
    return any(not want - Counter(lot) for lot in offered_lots(legal))


def lot_price(codes: list[str]) -> int:
    """The coins these cards earn as one lot (the engine's price table)."""
    return price(canonical(list(codes)))
