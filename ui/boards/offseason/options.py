"""Camel Up Off Season's table options as form fields.

The two-player variant is not a field: the engine plays it exactly when two sit
at the table, so the form never sends it and the default for the count applies.
"""

from __future__ import annotations

from typing import Any

from nicegui import ui

from ui.i18n import Translator


def option_fields(t: Translator, defaults: dict[str, Any]) -> dict[str, ui.element]:
    """Form fields for the table options; each field's ``value`` is the option's value."""
    open_coins = ui.switch(t("offseason.option.open_coins"), value=defaults["open_coins"])
    open_coins.props('data-testid="option-open-coins"')
    ui.label(t("offseason.option.open_coins_help")).classes("text-xs text-grey-8")
    ui.label(t("offseason.option.fruit")).classes("text-sm")
    fruit = ui.toggle(
        {
            "lowest_only": t("offseason.option.fruit_lowest_only"),
            "lowest_price": t("offseason.option.fruit_lowest_price"),
        },
        value=defaults["fruit_rule"],
    ).props('data-testid="option-fruit"')
    ui.label(t("offseason.option.tiles")).classes("text-sm")
    tiles = ui.toggle(
        {"random": t("offseason.option.tiles_random"), "fixed": t("offseason.option.tiles_fixed")},
        value=defaults["tiles"],
    ).props('data-testid="option-tiles"')
    ui.label(t("offseason.option.two_players")).classes("text-xs text-grey-8")
    return {"open_coins": open_coins, "fruit_rule": fruit, "tiles": tiles}
