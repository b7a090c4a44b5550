"""The words of a Deluxe Camping board, from a view: shared by a player's board
(``board.py``) and the spectators' frame (``spectator.py``), so both say the same."""

from __future__ import annotations

from typing import Any

from core.games.camping.notation import PAIR_PHASES
from ui.i18n import Translator

LEGEND = (
    "camping.legend_pool",
    "camping.legend_ice",
    "camping.legend_pest",
    "camping.legend_fence",
)


def prompt(
    t: Translator,
    names: list[str],
    view: dict[str, Any],
    mine: bool,
    selected: str | None = None,
    can_step: bool = True,
) -> str:
    """The turn line: whose turn it is, or what the seat shown (``mine``) is to do, a
    piece ``selected`` first where a move takes two clicks; ``can_step`` False when no
    caravan of the mover and no pest may step (then only stopping is left)."""
    phase = view["phase"]
    if phase == "over":
        return t("camping.over")
    name = names[view["current"]]
    if not mine:
        return t(f"camping.waiting.{phase}", name=name)
    if phase in PAIR_PHASES and selected:
        return t(f"camping.prompt.{phase}_second", square=selected)
    if phase == "move":
        if selected:
            return t("camping.prompt.move_to", square=selected)
        if not can_step:
            return t("camping.prompt.move_blocked")
        return t.plural("camping.prompt.move", view["steps_left"])
    if phase == "caravan":
        return t.plural("camping.prompt.caravan", view["caravans_to_place"][view["current"]])
    return t(f"camping.prompt.{phase}")


def news(t: Translator, names: list[str], view: dict[str, Any]) -> str:
    """What the last turn did, or nothing before the first."""
    last = view.get("last_turn")
    if not last:
        return ""
    parts = [action_text(t, a) for a in last["actions"]]
    text = t("camping.news", name=names[last["seat"]], actions="; ".join(parts) or "—")
    if last["auto"]:
        text += " " + t.plural("camping.news_auto", len(last["auto"]))
    return text


def action_text(t: Translator, action: str) -> str:
    """One action in words."""
    word, _, where = action.partition(" ")
    if word in ("pool", "token", "bungalow", "caravan"):
        return t(f"camping.did.{word}", where=where)
    if action == "stop":
        return t("camping.did.stop")
    if "|" in action:
        return t("camping.did.fence", edge=action)
    return t("camping.did.step", step=action.replace("-", " → "))


def to_place(t: Translator, view: dict[str, Any], seat: int) -> str:
    """The caravans ``seat`` has still to place, while there are some."""
    left = view["caravans_to_place"][seat]
    return t.plural("camping.to_place", left) if left and view["phase"] != "over" else ""
