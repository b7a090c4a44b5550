"""The Caravan board's lines of text, from a view: one home for players' boards (elements),
the spectators' board (one shared HTML string, ``spectator.py``) and the end-of-hand
breakdown (``ui/pages/summary.py``)."""

from __future__ import annotations

from typing import Any

from ui.boards.caravan.cards import card_name
from ui.boards.caravan.markup import describe_play
from ui.i18n import Translator


def value_of(view: dict[str, Any], code: str) -> int:
    """What the view says this card would score if collected now."""
    return int(view.get("values", {}).get(code, 0))


def hand_no(t: Translator, view: dict[str, Any]) -> str:
    return t("caravan.hand_no", n=view["hand_no"], total=view["hands_total"])


def match_scores(t: Translator, names: list[str], view: dict[str, Any]) -> str:
    scores = view["match_scores"]
    return t("caravan.match_scores", a=names[0], sa=scores[0], b=names[1], sb=scores[1])


def turn_text(t: Translator, names: list[str], view: dict[str, Any], seat: int | None) -> str:
    """Whose turn it is, in the second person for the seat shown."""
    if view["phase"] == "over":
        return t("caravan.match_over")
    turn = view["turn"]
    if seat is not None and turn == seat:
        return {
            "lead": t("caravan.your_lead"),
            "respond": t("caravan.your_answer"),
            "final": t("caravan.your_last_answer"),
        }[view["phase"]]
    return t("caravan.their_turn", name=names[turn])


def season_title(t: Translator, view: dict[str, Any]) -> str:
    """What the next play must beat."""
    plays = view["season"]
    if view["phase"] == "over":
        return ""
    if not plays:
        return t("caravan.season_empty")
    return t("caravan.season_to_beat", what=describe_play(t, plays[-1]))


def news(t: Translator, names: list[str], view: dict[str, Any]) -> str:
    """What just happened that the board no longer shows: a passed lead, the last season
    collected, a player gone out."""
    notice = view.get("notice")
    if notice and notice["kind"] == "lead_passes":
        return t("caravan.lead_passes", name=names[notice["seat"]])
    last = view.get("last_season")
    if last and not view["season"]:
        value = sum(value_of(view, code) for code in last["cards"])
        return t.plural(
            "caravan.last_season",
            len(last["cards"]),
            name=names[last["collector"]],
            value=f"{value:+d}",
        )
    if view["first_out"] is not None and view["phase"] == "final":
        return t("caravan.went_out", name=names[view["first_out"]])
    return ""


def collection(t: Translator, view: dict[str, Any], seat: int) -> str:
    """A seat's collected pile: how many cards and what they are worth."""
    value = view["collection_values"][seat]
    count = len(view["collections"][seat])
    return t.plural("caravan.collection", count, value=f"{value:+d}")


def swapped(t: Translator, view: dict[str, Any]) -> str:
    """The indicator swapped out this hand, if any."""
    code = view.get("swapped_out")
    return t("caravan.swapped", card=card_name(t, code)) if code else ""


def how_hand_ended(t: Translator, hand: dict[str, Any], names: list[str]) -> str:
    """Who went out, or that nobody could play."""
    if hand["ended"] == "out":
        return t("summary.went_out", name=names[hand["first_out"]])
    return t("summary.stuck")


def summary_heads(t: Translator) -> tuple[str, ...]:
    """The breakdown's column heads (the first column names the player)."""
    return ("", t("summary.collected"), t("summary.bonus"), t("summary.hand_total"))


def match_so_far(t: Translator, hand: dict[str, Any], names: list[str]) -> str:
    """The match's scores after this hand."""
    scores = hand["match_scores"]
    return t("summary.match_so_far", a=names[0], sa=scores[0], b=names[1], sb=scores[1])
