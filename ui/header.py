"""The header every page shares, as one element drawn in the browser (``site_header.js``).

A page used to build its header from some forty NiceGUI elements (buttons, two menus and
their items, badges), each kept on the server for as long as the page is open: about
230 KiB of every page, half of what a spectator's page held (``bench.page_build
--census``). The header says the same from one element's props: the links (plain links,
no round trip to the server), the account or sign-in, the colour theme's menu, the
languages and, on narrow screens, one menu with all of them. Choosing a theme or a
language comes back as an event; the server remembers it for the browser and changes
the page (the theme in place, the language by reloading it). The count of games waiting
for the visitor (:class:`ui.turn_badge.TurnBadge`) is a prop too.
"""

from __future__ import annotations

from nicegui import app, ui
from nicegui.events import GenericEventArguments

from ui.i18n import LANGUAGES, Translator
from ui.theme_switch import ICONS, THEMES, chosen_theme
from ui.turn_badge import TurnBadge

# The header's links: the label's key, the address, and the name in their test ids.
NAV = (
    ("nav.games", "/", "games"),
    ("nav.lobby", "/lobby", "lobby"),
    ("nav.turns", "/turns", "turns"),
    ("nav.history", "/history", "history"),
    ("nav.rules", "/rules", "rules"),
)


class SiteHeader(ui.element, component="site_header.js"):
    """The header of one page (see the module docstring)."""

    def __init__(self, t: Translator, identity: str, account: str | None) -> None:
        super().__init__()
        self.t = t
        self.theme = chosen_theme()
        self.dark = ui.dark_mode(THEMES[self.theme])
        self._props["links"] = [
            {"name": name, "href": path, "label": t(key)} for key, path, name in NAV
        ]
        self._props["account"] = account or ""
        self._props["languages"] = [
            {"code": lang, "name": t(f"lang.{lang}"), "current": lang == t.lang}
            for lang in LANGUAGES
        ]
        self._props["theme"] = self.theme
        self._props["icons"] = dict(ICONS)
        self._props["words"] = {
            "nav": t("nav.label"),
            "signin": t("nav.signin"),
            "menu": t("nav.menu"),
            "language": t("nav.language"),
            "themes": {
                theme: {
                    "name": t(f"theme.{theme}"),
                    "said": t("theme.label", current=t(f"theme.{theme}")),
                }
                for theme in THEMES
            },
        }
        self._props["turns"] = {"count": 0, "said": ""}
        self.on("theme", self._on_theme)
        self.on("lang", self._on_lang)
        self.turns = TurnBadge(t, identity, self.show_turns)

    def show_turns(self, count: int, said: str) -> None:
        """How many games wait for the visitor (hidden at 0), and what a reader is told."""
        self._props["turns"] = {"count": count, "said": said}
        self.update()

    def choose(self, theme: str) -> None:
        """Apply ``theme`` to this page and remember it for the browser's next pages."""
        if theme not in THEMES:
            return
        self.theme = theme
        app.storage.user["theme"] = theme
        self.dark.set_value(THEMES[theme])
        self._props["theme"] = theme
        self.update()

    def _on_theme(self, event: GenericEventArguments) -> None:
        if isinstance(event.args, str):
            self.choose(event.args)

    def _on_lang(self, event: GenericEventArguments) -> None:
        lang = event.args
        if isinstance(lang, str) and lang in LANGUAGES:
            app.storage.user["lang"] = lang
            ui.navigate.reload()
