"""Caravan positions from compact text, for tests and rules-help pictures.

Cards are written as their codes (see ``cards.py``) separated by spaces. The
current season is a list of plays ``seat:notation``, oldest first. The position
is a real :class:`CaravanState` from :meth:`CaravanRules.new_game`; only the
cards of the current hand, its season and the match counters are replaced.

>>> state = position(hands=("1M 4MS", "NK 5YK 6LK"), season="0:2MK+3MV")
>>> state.view(None)["phase"], state.view(None)["to_move"]
('respond', [1])
>>> state.legal_actions(1)
['5YK+6LK', '5YK+NK@5', '5YK+NK@6', '6LK+NK@6', '6LK+NK@7', 'NK', 'pass']
"""

from __future__ import annotations

from collections import Counter

from core.engine import IllegalAction
from core.games.caravan import CaravanRules
from core.games.caravan.cards import CARDS, sort_codes
from core.games.caravan.combos import CARAVAN, read_play, wild_range
from core.games.caravan.state import FINAL, LEAD, RESPOND, CaravanState, Deal, Play


def position(
    hands: tuple[str, str] = ("", ""),
    indicators: str = "NM 1S",
    *,
    season: str = "",
    turn: int | None = None,
    phase: str | None = None,
    first_out: int | None = None,
    swapped_out: str | None = None,
    unseen_wilds: str = "",
    unseen_numbers: str = "",
    collections: tuple[str, str] = ("", ""),
    hand_no: int = 1,
    hands_total: int = 5,
    match_scores: tuple[int, int] = (0, 0),
    starter: int = 0,
    wild_ranks: str = "2-9",
    seed: int = 0,
) -> CaravanState:
    """A state with these cards, or ``ValueError`` naming what is inconsistent.

    ``turn`` defaults to the opponent of the last season play, else ``starter``.
    ``phase`` defaults to ``final`` when ``first_out`` is set, ``respond`` when the
    season has plays and ``lead`` otherwise. Cards not named are out of the hand.
    """
    state = CaravanRules().new_game(2, seed, {"hands": hands_total, "wild_ranks": wild_ranks})
    plays = _season(season, wild_range(wild_ranks))
    shown = _codes(indicators)
    swapped = _codes(swapped_out or "")
    wilds, numbers = sort_codes(_codes(unseen_wilds)), sort_codes(_codes(unseen_numbers))
    held = [sort_codes(_codes(hands[0])), sort_codes(_codes(hands[1]))]
    piles = [_codes(collections[0]), _codes(collections[1])]
    played = [c for p in plays for c in p.combo.cards]
    placed = Counter(
        shown + swapped + wilds + numbers + played + [c for h in held + piles for c in h]
    )
    twice = [code for code, count in placed.items() if count > 1]
    if twice:
        raise ValueError(f"Cards placed twice: {' '.join(sort_codes(set(twice)))}.")
    if len(shown) != 2 or not all(CARDS[c].is_wild for c in shown + swapped + wilds):
        raise ValueError("Indicators, swapped-out and unseen wilds must be Aces or Crowns.")
    if CARDS[shown[0]].suit == CARDS[shown[1]].suit or any(CARDS[c].is_wild for c in numbers):
        raise ValueError("Indicators must differ in suit; unseen numbers must be number cards.")
    if first_out is not None and not plays:
        raise ValueError("Whoever went out made the last play: give the season.")
    state.deal = Deal(held, shown, swapped[0] if swapped else None, wilds, numbers, piles)
    state.plays = plays
    state.phase = phase or (FINAL if first_out is not None else RESPOND if plays else LEAD)
    state.turn = turn if turn is not None else 1 - plays[-1].seat if plays else starter
    state.first_out = first_out
    state.hand_no, state.starters = hand_no, [starter]
    state.match_scores = list(match_scores)
    state.last_season = state.notice = None
    return state


def _codes(text: str) -> list[str]:
    """The codes in ``text``, in the order given."""
    codes = text.split()
    unknown = [c for c in codes if c not in CARDS]
    if unknown:
        raise ValueError(f"Unknown card codes: {' '.join(unknown)}.")
    return codes


def _season(text: str, ranks: tuple[int, int]) -> list[Play]:
    """Parse ``seat:notation`` plays; each must answer the one before it."""
    plays: list[Play] = []
    for item in text.split():
        seat, _, action = item.partition(":")
        try:
            combo = read_play(action, ranks)
        except IllegalAction as err:
            raise ValueError(f"Season play {item!r}: {err.message}") from err
        if seat not in ("0", "1") or (plays and int(seat) == plays[-1].seat):
            raise ValueError(f"Season play {item!r}: seats 0 and 1 alternate.")
        if plays and not combo.beats(plays[-1].combo) or not plays and combo.kind != CARAVAN:
            raise ValueError(f"Season play {item!r} does not answer the play before it.")
        plays.append(Play(int(seat), combo))
    return plays
