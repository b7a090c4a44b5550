"""The words of a Pueblo board, from a view: shared by a player's board (``board.py``) and
the spectators' frame (``spectator.py``), so both say the same."""

from __future__ import annotations

from typing import Any

from core.games.pueblo import notation
from ui.i18n import Translator


def prompt(
    t: Translator, names: list[str], view: dict[str, Any], mine: bool, kind: str = "C"
) -> str:
    """The turn line: whose turn it is, or what the seat shown (``mine``) is to do (placing:
    a stone of kind ``kind``, "C" coloured or "N" neutral)."""
    phase = view["phase"]
    if phase == "over":
        return t("pueblo.over")
    name = names[view["current"]] if view.get("current") is not None else ""
    if not mine:
        return t(f"pueblo.waiting.{phase}", name=name)
    if phase == "place":
        stone = t("pueblo.coloured_stone") if kind == "C" else t("pueblo.neutral_stone")
        return t("pueblo.prompt.place", stone=stone)
    return t(f"pueblo.prompt.{phase}")


def action_text(t: Translator, action: str) -> str:
    """A move in words: "coloured stone, position 3, at d4", "chief 2 squares on"."""
    p = notation.read(action)
    if p is None:
        return action
    if p.word == "place":
        key = "pueblo.act.coloured" if p.letter == "C" else "pueblo.act.neutral"
        return t(key, pose=str(p.number), square=p.anchor)
    if p.word == "chief":
        return t.plural("pueblo.act.chief", p.number)
    if p.word == "sacred":
        return t("pueblo.act.sacred", n=p.anchor)
    if p.word in ("remove", "bid", "card"):
        return t(f"pueblo.act.{p.word}", n=str(p.number))
    return t("pueblo.act.pass")


def costs(names: list[str], penalties: list[int], *, all_seats: bool = True) -> str:
    """The penalty points each seat gets: "Ann +2, Bea +0" (``all_seats`` False: only the
    seats that get some)."""
    return ", ".join(
        f"{names[seat]} +{points}" for seat, points in enumerate(penalties) if all_seats or points
    )


def news(t: Translator, names: list[str], view: dict[str, Any]) -> str:
    """What the last turn did and the penalty points it gave, or nothing before the first."""
    last = view.get("last_turn")
    if not last:
        return ""
    parts = [action_text(t, a) for a in last.get("actions", [])]
    text = t("pueblo.news", name=names[last["seat"]], actions=t("list.semicolon").join(parts))
    penalties = last.get("penalties")
    if penalties and any(penalties):
        text += " " + t("pueblo.news_penalties", cost=costs(names, penalties, all_seats=False))
    return text


def preview_line(t: Translator, names: list[str], option: dict[str, Any]) -> str:
    """One square the chief may move to: which way he would look, how many cubes he would
    see and the penalty points each seat would get."""
    looks = t(f"pueblo.looks.{option['looks']}")
    cost = costs(names, option["penalties"])
    return t.plural("pueblo.preview_line", len(option["seen"]), looks=looks, cost=cost)
