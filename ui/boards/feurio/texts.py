"""The words of a Feurio! board, from a view: shared by a player's board (``board.py``)
and the spectators' frame (``spectator.py``), so both say the same."""

from __future__ import annotations

from typing import Any

from ui.i18n import Translator


def colour_name(t: Translator, colour: int | None) -> str:
    return "" if colour is None else t(f"feurio.colour.{colour}")


def prompt(t: Translator, names: list[str], view: dict[str, Any], mine: bool) -> str:
    """The turn line: whose turn it is, or what the seat shown (``mine``) is to do."""
    phase = view["phase"]
    if phase == "over":
        return t("feurio.over")
    colour = colour_name(t, view["current_colour"])
    if not mine:
        return t("feurio.waiting", name=names[view["current"]], colour=colour)
    if phase == "lay":
        return t("feurio.prompt.lay", value=view["drawn"], colour=colour)
    placing = view.get("placing")
    if placing and placing.get("placed"):
        return t.plural("feurio.prompt.more", placing["left"], cell=placing["cell"])
    return t("feurio.prompt.men", colour=colour)


def status(t: Translator, view: dict[str, Any]) -> str:
    """The tiles left in the stack, and the tile drawn while it waits to be laid."""
    text = t.plural("feurio.stack", view["stack"])
    if view.get("drawn") is not None and view["phase"] == "lay":
        text += " · " + t("feurio.drawn", value=view["drawn"])
    return text


def news(t: Translator, names: list[str], view: dict[str, Any]) -> str:
    """What the last turn did, or nothing before the first."""
    last = view.get("last_turn")
    if not last:
        return ""
    parts = []
    if last.get("laid"):
        key = "feurio.did.break" if last.get("firebreak") else "feurio.did.lay"
        parts.append(t(key, value=last.get("drawn"), cell=last["laid"]))
    placed = sum(last.get("men") or [])
    if placed:
        parts.append(t.plural("feurio.did.men", placed, cell=last.get("on")))
    elif last.get("passed") or not placed:
        parts.append(t("feurio.did.pass"))
    return t(
        "feurio.news",
        name=names[last["seat"]],
        colour=colour_name(t, last["colour"]),
        actions=t("list.semicolon").join(parts),
    )


def colour_texts(
    t: Translator, names: list[str], view: dict[str, Any], colour: int, seat: int | None
) -> tuple[str, str, str]:
    """A colour's row of the side table: its name and owner ("(you)" after the seat
    shown), the tiles in its hand, its score."""
    info = view["colours"][colour]
    hand = t.plural("feurio.in_hand", info["in_hand"])
    if info.get("neutral"):
        return t("feurio.neutral_colour", colour=colour_name(t, colour)), hand, "—"
    you = f" ({t('you')})" if info["seat"] == seat else ""
    name = f"{colour_name(t, colour)} · {names[info['seat']]}{you}"
    return name, hand, str(int(info["score"]))


def is_current(view: dict[str, Any], colour: int) -> bool:
    """Whether ``colour`` is the one playing now."""
    return view["current_colour"] == colour and view["phase"] != "over"


LEGEND = (  # the side table's key to the picture
    "feurio.legend_heat",
    "feurio.legend_spaces",
    "feurio.legend_edges",
    "feurio.legend_zones",
)
LEGEND_MARKS = "a11y.feurio.legend_marks"
