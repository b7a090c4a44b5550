"""Pueblo's table options as form fields: the advanced rules and the demolition variant."""

from __future__ import annotations

from typing import Any

from nicegui import ui

from ui.i18n import Translator


def option_fields(t: Translator, defaults: dict[str, Any]) -> dict[str, ui.element]:
    """Form fields for the table options; each field's ``value`` is the option's value."""
    sacred = (
        ui.select(
            {n: t.plural("pueblo.option.sacred_n", n) for n in range(5)},
            value=defaults["sacred_sites"],
            label=t("pueblo.option.sacred"),
        )
        .props('data-testid="option-sacred"')
        .classes("min-w-[220px]")
    )
    auction = ui.switch(t("pueblo.option.auction"), value=defaults["auction"])
    auction.props('data-testid="option-auction"')
    demolition = ui.switch(t("pueblo.option.demolition"), value=defaults["demolition"])
    demolition.props('data-testid="option-demolition"')
    start = (
        ui.select(
            {c: t(f"pueblo.corner.{c}") for c in ("NW", "NE", "SE", "SW")},
            value=defaults["chief_start"],
            label=t("pueblo.option.chief_start"),
        )
        .props('data-testid="option-chief-start"')
        .classes("min-w-[220px]")
    )
    return {
        "sacred_sites": sacred,
        "auction": auction,
        "demolition": demolition,
        "chief_start": start,
    }
