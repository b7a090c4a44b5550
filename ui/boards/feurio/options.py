"""Feurio!'s table options as form fields: the firebreak variant."""

from __future__ import annotations

from typing import Any

from nicegui import ui

from ui.i18n import Translator


def option_fields(t: Translator, defaults: dict[str, Any]) -> dict[str, ui.element]:
    """Form fields for the table options; each field's ``value`` is the option's value."""
    firebreak = ui.switch(t("feurio.option.firebreak"), value=defaults["firebreak"])
    firebreak.props('data-testid="option-firebreak"')
    ui.label(t("feurio.option.firebreak_help")).classes("text-xs text-grey-8")
    return {"firebreak": firebreak}
