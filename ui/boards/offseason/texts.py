"""The lines of a Camel Up Off Season board, from a view: shared by a player's board
(``board.py``) and the spectators' frame (``spectator.py``), so both say the same."""

from __future__ import annotations

from typing import Any

from core.games.offseason.notation import type_word
from ui.boards.offseason.words import action_text, event_text
from ui.i18n import Translator

NEWS_EVENTS = 6  # the events of the last turn the news line tells, at most
LEGEND = ("offseason.legend_coins", "offseason.legend_danger", "offseason.legend_backs")


def prompt(
    t: Translator, names: list[str], view: dict[str, Any], mine: bool, kind: str | None = None
) -> str:
    """The turn line: whose turn it is, or what the seat shown (``mine``) is to do (loading:
    goods of type ``kind``)."""
    phase, step = view["phase"], view.get("step")
    if phase == "over":
        return t("offseason.over")
    auction = view["auction"]
    if step == "bid":
        waiting = [s for s, done in enumerate(auction["has_bid"] or []) if not done]
        if mine:
            return t("offseason.prompt.bid", auction=t(f"offseason.auction.{auction['type']}"))
        if auction["my_bid"] is not None:
            return t.plural("offseason.waiting_for", len(waiting), amount=auction["my_bid"])
        return t.plural("offseason.waiting_bids", len(waiting))
    if not mine:
        name = names[view["current"]] if view["current"] is not None else "?"
        return t(f"offseason.waiting.{step}", name=name)
    if phase == "tiebreak":
        return t("offseason.prompt.tiebreak")
    if step == "power":
        return t(f"offseason.prompt.power.{(view.get('turn') or {}).get('power')}")
    if step == "sell" and view["last_round"]:
        return t("offseason.prompt.sell_last")
    if step == "load":
        return t("offseason.prompt.load", type=type_word(kind, t.lang) if kind else "")
    return t(f"offseason.prompt.{step}")


def news(t: Translator, names: list[str], view: dict[str, Any]) -> str:
    """What the last turn did (its first events), or nothing before the first."""
    last = view.get("last_turn")
    if not last:
        return ""
    lines = [event_text(t, names, e) for e in last["events"][:NEWS_EVENTS]]
    if len(last["events"]) > NEWS_EVENTS:
        lines.append("…")
    if not lines and last["action"] is not None:  # e.g. no +1 token placed
        action = action_text(t, last["action"])
        lines.append(t("offseason.news_action", name=names[last["seat"]], action=action))
    return t("offseason.news", text=" ".join(lines))


def seat_note(t: Translator, view: dict[str, Any], seat: int) -> str:
    """A merchant's tokens and, during a sealed auction, whether they have bid."""
    notes = []
    tokens = view["caravans"][seat]["tokens"]
    if tokens:
        notes.append(t.plural("offseason.tokens", tokens))
    auction = view["auction"]
    if auction["has_bid"] is not None:
        done = auction["has_bid"][seat]
        notes.append(t("offseason.has_bid") if done else t("offseason.choosing"))
    return " · ".join(notes)
