"""A table's options in words, for the people deciding whether to sit down: each line
in the reader's language, from the same texts as the new-table form. Variants that are
off are left out."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ui.i18n import Translator


def describe(t: Translator, game: str, options: dict[str, Any]) -> list[str]:
    """The options that shape the game at this table, one line each."""
    describe_game = GAMES.get(game)
    if describe_game is None:
        return []
    try:
        return describe_game(t, options)
    except (KeyError, TypeError, ValueError):  # a record from an older version of a game
        return []


def _pair(t: Translator, label: str, value: str) -> str:
    return t("options.pair", label=label, value=value)


def _phrase(label: str, value: str) -> str:
    """A label that reads on into its value ("The chief starts on the north-west corner")."""
    return f"{label} {value[:1].lower()}{value[1:]}"


def _caravan(t: Translator, o: dict[str, Any]) -> list[str]:
    wild = "wild_2_9" if o["wild_ranks"] == "2-9" else "wild_1_10"
    return [
        t.plural("caravan.option.hands_n", int(o["hands"])),
        f"{t('caravan.option.wild_ranks')} {t(f'caravan.option.{wild}')}",
    ]


def _camping(t: Translator, o: dict[str, Any]) -> list[str]:
    size = int(o["size"])
    return [
        _pair(t, t("camping.option.size"), f"{size} × {size}"),
        _pair(t, t("camping.option.caravans"), str(int(o["caravans"]))),
        _pair(t, t("camping.option.neutral"), t(f"camping.option.neutral_{o['neutral_setup']}")),
    ]


def _feurio(t: Translator, o: dict[str, Any]) -> list[str]:
    return [t("feurio.option.firebreak")] if o["firebreak"] else []


def _offseason(t: Translator, o: dict[str, Any]) -> list[str]:
    lines = [t("options.offseason.two_players")] if o.get("two_player_variant") else []
    if o["open_coins"]:
        lines.append(t("offseason.option.open_coins"))
    lines.append(
        _pair(t, t("offseason.option.fruit"), t(f"offseason.option.fruit_{o['fruit_rule']}"))
    )
    lines.append(_pair(t, t("offseason.option.tiles"), t(f"offseason.option.tiles_{o['tiles']}")))
    return lines


def _pueblo(t: Translator, o: dict[str, Any]) -> list[str]:
    lines = [_phrase(t("pueblo.option.chief_start"), t(f"pueblo.corner.{o['chief_start']}"))]
    if int(o["sacred_sites"]):
        lines.append(t.plural("pueblo.option.sacred_n", int(o["sacred_sites"])))
    if o["auction"]:
        lines.append(t("pueblo.option.auction"))
    if o["demolition"]:
        lines.append(t("pueblo.option.demolition"))
    return lines


GAMES: dict[str, Callable[[Translator, dict[str, Any]], list[str]]] = {
    "caravan": _caravan,
    "camping": _camping,
    "feurio": _feurio,
    "offseason": _offseason,
    "pueblo": _pueblo,
}
