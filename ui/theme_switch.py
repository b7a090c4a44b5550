"""The header's colour theme switch: light, dark, or the system's choice (the default).

The choice is remembered per browser in NiceGUI's user storage, like the language. It is
applied by ``ui.dark_mode`` as the page is mounted, so a page never flashes the other theme,
and changed in place (no reload) from the header's menu (:class:`ui.header.SiteHeader`).
"""

from __future__ import annotations

from nicegui import app

# The stored choice -> ui.dark_mode's value (None: follow the system's preference).
THEMES: dict[str, bool | None] = {"light": False, "dark": True, "auto": None}
ICONS = {"light": "light_mode", "dark": "dark_mode", "auto": "brightness_auto"}
DEFAULT = "auto"


def chosen_theme() -> str:
    """This browser's choice: ``light``, ``dark`` or ``auto``."""
    theme = app.storage.user.get("theme")
    return theme if isinstance(theme, str) and theme in THEMES else DEFAULT
