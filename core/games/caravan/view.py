"""What each seat of a Caravan match sees: the table, its own hand, the scores so far.

:func:`caravan_view` builds :meth:`CaravanState.view`. A seat sees its own hand and only
the number of the opponent's cards; a spectator (``None``) sees no hand. The set-aside
cards of a hand stay hidden from everyone, and the values shown are those of the cards
this seat has seen. :func:`sight` holds the cards and counts of a seat's view alone,
which the bots read on every move they weigh.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, NamedTuple

from core.games.caravan.cards import ACE, CARDS, sort_codes, suit_value
from core.games.caravan.combos import Combo

if TYPE_CHECKING:
    from core.games.caravan.state import CaravanState


def caravan_view(state: CaravanState, seat: int | None) -> dict[str, Any]:
    """The picture of ``state`` that ``seat`` may see (None: a spectator)."""
    deal = state.deal
    over = state.is_over()
    return {
        "game": "caravan",
        "seat": seat,
        "phase": state.phase,
        "to_move": sorted(state.to_move()),
        "turn": None if over else state.turn,
        "hand_no": state.hand_no,
        "hands_total": state.options["hands"],
        "wild_ranks": state.options["wild_ranks"],
        "starter": state.starters[-1],
        "match_scores": list(state.match_scores),
        "indicators": [indicator(c) for c in deal.indicators],
        "swapped_out": deal.swapped_out,
        "hand": None if seat is None else list(deal.hands[seat]),
        "hand_counts": [len(h) for h in deal.hands],
        "season": [p.as_dict() for p in state.plays],
        "collections": [list(c) for c in deal.collections],
        "collection_values": [state.collection_value(s) for s in (0, 1)],
        "first_out": state.first_out,
        "last_season": copied(state.last_season),
        "notice": copied(state.notice),
        "history": copied(state.history),
        "result": state.result() if over else None,
        "values": visible_values(state, seat),
    }


class Sight(NamedTuple):
    """What one seat sees of the hand in play, as a player reckons with it: the cards and
    counts of ``view(seat)``, without building the rest of the view."""

    seat: int
    phase: str
    hand: tuple[str, ...]
    opponent_cards: int
    indicators: tuple[str, ...]
    swapped_out: str | None
    season: tuple[Combo, ...]  # the season's combinations, oldest first
    collected: tuple[str, ...]  # both collections
    wild_ranks: str


def sight(state: CaravanState, seat: int) -> Sight:
    """What ``seat`` sees of the hand in play (the bots read it on every move they weigh;
    :func:`caravan_view` holds the same and much more)."""
    deal = state.deal
    return Sight(
        seat,
        state.phase,
        tuple(deal.hands[seat]),
        len(deal.hands[1 - seat]),
        tuple(deal.indicators),
        deal.swapped_out,
        tuple(p.combo for p in state.plays),
        tuple(deal.collections[0] + deal.collections[1]),
        state.options["wild_ranks"],
    )


def copied(value: Any) -> Any:
    """A copy of a summary made of dicts and lists (texts, numbers, None inside), so a view
    shares nothing the state goes on holding; ``deepcopy`` gives the same, several times
    slower, and the bots read a view on every move they weigh."""
    if isinstance(value, dict):
        return {key: copied(item) for key, item in value.items()}
    if isinstance(value, list):
        return [copied(item) for item in value]
    return value


def indicator(code: str) -> dict[str, Any]:
    """A face-up indicator: its card, its suit and whether it marks the Aces or Crowns."""
    card = CARDS[code]
    return {"code": code, "suit": card.suit, "role": "ace" if card.rank == ACE else "crown"}


def visible_values(state: CaravanState, seat: int | None) -> dict[str, int]:
    """What each card this seat can see would score if collected this hand."""
    crowns, aces = state.indicator_suits()
    seen = [c for p in state.plays for c in p.combo.cards]
    seen += [c for pile in state.deal.collections for c in pile]
    if seat is not None:
        seen += state.deal.hands[seat]
    return {c: suit_value(c, crowns, aces) for c in sort_codes(set(seen))}
