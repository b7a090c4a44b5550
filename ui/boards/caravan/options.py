"""Caravan's table options as form fields: how many hands, which ranks wilds take."""

from __future__ import annotations

from typing import Any

from nicegui import ui

from ui.i18n import Translator


def option_fields(t: Translator, defaults: dict[str, Any]) -> dict[str, ui.element]:
    """Form fields for the table options; each field's ``value`` is the option's value."""
    hands = (
        ui.select(
            {n: t.plural("caravan.option.hands_n", n) for n in range(1, 10)},
            value=defaults["hands"],
            label=t("caravan.option.hands"),
        )
        .props('data-testid="option-hands"')
        .classes("min-w-[200px]")
    )
    ui.label(t("caravan.option.wild_ranks")).classes("text-sm")
    wilds = ui.toggle(
        {"2-9": t("caravan.option.wild_2_9"), "1-10": t("caravan.option.wild_1_10")},
        value=defaults["wild_ranks"],
    ).props('data-testid="option-wild-ranks"')
    return {"hands": hands, "wild_ranks": wilds}
