"""Deluxe Camping's table options as form fields.

A field left at "by player count" sends no value, so the engine's default for the
number of players applies (8x8 / 9x9 / 10x10 board; 4 or 3 caravans each).
"""

from __future__ import annotations

from typing import Any

from nicegui import ui

from ui.i18n import Translator


def option_fields(t: Translator, defaults: dict[str, Any]) -> dict[str, ui.element]:
    """Form fields for the table options; a ``None`` value means the default."""
    size = (
        ui.select(
            {None: t("camping.option.by_players"), **{n: f"{n} × {n}" for n in (8, 9, 10)}},
            value=None,
            label=t("camping.option.size"),
        )
        .props('data-testid="option-size"')
        .classes("min-w-[220px]")
    )
    caravans = (
        ui.select(
            {None: t("camping.option.by_players"), **{n: str(n) for n in range(2, 7)}},
            value=None,
            label=t("camping.option.caravans"),
        )
        .props('data-testid="option-caravans"')
        .classes("min-w-[220px]")
    )
    ui.label(t("camping.option.neutral")).classes("text-sm")
    neutral = ui.toggle(
        {
            "random": t("camping.option.neutral_random"),
            "players": t("camping.option.neutral_players"),
        },
        value=defaults["neutral_setup"],
    ).props('data-testid="option-neutral"')
    return {"size": size, "caravans": caravans, "neutral_setup": neutral}
