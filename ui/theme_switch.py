"""The header's colour theme switch: light, dark, or the system's choice (the default).

The choice is remembered per browser in NiceGUI's user storage, like the language. It is
applied by ``ui.dark_mode`` as the page is mounted, so a page never flashes the other theme,
and changed in place (no reload) from the header's menu.
"""

from __future__ import annotations

from nicegui import app, ui

from ui.attrs import attrs
from ui.i18n import Translator

# The stored choice -> ui.dark_mode's value (None: follow the system's preference).
THEMES: dict[str, bool | None] = {"light": False, "dark": True, "auto": None}
ICONS = {"light": "light_mode", "dark": "dark_mode", "auto": "brightness_auto"}
DEFAULT = "auto"


def chosen_theme() -> str:
    """This browser's choice: ``light``, ``dark`` or ``auto``."""
    theme = app.storage.user.get("theme")
    return theme if isinstance(theme, str) and theme in THEMES else DEFAULT


class ThemeSwitch:
    """An icon button opening a menu of the three themes; the current one is checked."""

    def __init__(self, t: Translator) -> None:
        self.t = t
        self.theme = chosen_theme()
        self.dark = ui.dark_mode(THEMES[self.theme])
        self.button = ui.button(icon=ICONS[self.theme]).props(
            'flat round dense color=white aria-haspopup="menu" data-testid="theme"'
        )
        self.button.mark("theme")
        self.checks: dict[str, ui.icon] = {}
        self.items: dict[str, ui.menu_item] = {}
        with self.button, ui.menu().props('role="menu"'):
            for theme in THEMES:
                item = ui.menu_item(on_click=lambda theme=theme: self.choose(theme))
                attrs(item.props('role="menuitemradio"'), {"data-testid": f"theme-{theme}"})
                item.mark(f"theme-{theme}")
                with item, ui.row().classes("items-center gap-2 no-wrap"):
                    self.checks[theme] = ui.icon("check").classes("text-lg")
                    ui.icon(ICONS[theme]).classes("text-lg")
                    ui.label(t(f"theme.{theme}"))
                self.items[theme] = item
        self._label()

    def choose(self, theme: str) -> None:
        """Apply ``theme`` to this page and remember it for the browser's next pages."""
        if theme not in THEMES:
            return
        self.theme = theme
        app.storage.user["theme"] = theme
        self.dark.set_value(THEMES[theme])
        self.button.props["icon"] = ICONS[theme]
        self._label()

    def _label(self) -> None:
        current = self.t(f"theme.{self.theme}")
        label = self.t("theme.label", current=current)
        attrs(self.button, {"aria-label": label, "title": label})
        for theme, item in self.items.items():
            chosen = theme == self.theme
            item.props('aria-checked="true"' if chosen else 'aria-checked="false"')
            self.checks[theme].style("visibility:visible" if chosen else "visibility:hidden")
