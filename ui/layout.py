"""The frame every page shares: header, navigation, language switch; and the visitor."""

from __future__ import annotations

import json
import uuid
from collections.abc import Iterator
from contextlib import contextmanager

from fastapi import Request
from nicegui import app, ui

from ui.attrs import attrs
from ui.boards.a11y import KEYS_SCRIPT
from ui.boards.caravan.cards import SUIT_SPRITE
from ui.i18n import LANGUAGES, Translator, best_language
from ui.i18n.zone import ZONE_SCRIPT, reader_zone
from ui.theme import BRAND, SITE_CSS
from ui.theme_switch import ThemeSwitch
from ui.turn_badge import TurnBadge


def translator(request: Request | None) -> Translator:
    """The visitor's chosen language, else the browser's; the time zone their browser told."""
    zone = reader_zone(request.cookies if request else None)
    chosen = app.storage.user.get("lang")
    if chosen in LANGUAGES:
        return Translator(chosen, zone)
    header = request.headers.get("accept-language") if request else None
    return Translator(best_language(header), zone)


def visitor_id() -> str:
    """This browser's identity, kept in NiceGUI's per-user storage (a guest until sign-in)."""
    uid = app.storage.user.get("uid")
    if not isinstance(uid, str) or len(uid) != 32:
        uid = uuid.uuid4().hex
        app.storage.user["uid"] = uid
    return uid


def visitor_name(t: Translator) -> str:
    name = app.storage.user.get("name")
    return name if isinstance(name, str) and name else t("guest_name", n=visitor_id()[:4])


def heading(text: str, size: str = "text-2xl") -> ui.label:
    """The page's one top-level heading (a label that screen readers announce as such)."""
    label = ui.label(text).classes("font-bold").props('role="heading" aria-level="1"')
    label.classes.extend(size.split())
    return label


def _switch_language(lang: str) -> None:
    app.storage.user["lang"] = lang
    ui.navigate.reload()


@contextmanager
def frame(t: Translator, title: str) -> Iterator[ui.column]:
    """Header and main column of every page; ``title`` names the page in the tab."""
    ui.page_title(f"{title} · Caravanserai")
    ui.colors(**BRAND)
    ui.add_css(SITE_CSS)
    ui.add_body_html(SUIT_SPRITE)
    # In the page's head, so the language is known before anything is read out.
    loading = json.dumps(t("a11y.loading"))
    ui.add_head_html(
        f"<script>document.documentElement.lang = {json.dumps(t.lang)};"
        f"document.documentElement.dataset.loading = {loading};</script>"
        + KEYS_SCRIPT
        + ZONE_SCRIPT
    )
    with ui.header().classes("items-center gap-2 cs-header").props('role="banner"'):
        with ui.link(target="/").classes("row items-center gap-2 no-underline text-white"):
            ui.html(LOGO_SVG, sanitize=False)
            ui.label("Caravanserai").classes("text-xl font-bold tracking-wide")
        ui.space()
        turns = TurnBadge(t, visitor_id())  # how many games wait for this visitor
        nav = ui.element("nav").classes("row items-center gap-1 cs-wide")
        with attrs(nav, {"aria-label": t("nav.label")}):
            for key, path, name in NAV:
                link = ui.button(t(key), on_click=lambda path=path: ui.navigate.to(path))
                attrs(link.props("flat color=white no-caps"), {"data-testid": f"nav-{name}"})
                if name == "turns":
                    with link:
                        turns.place("turns-count")
        account = app.storage.user.get("account")
        account = account if isinstance(account, str) and account else None
        if account:
            ui.button(account, icon="person", on_click=lambda: ui.navigate.to("/account")).props(
                'flat color=white no-caps data-testid="nav-account"'
            ).classes("cs-wide cs-account")
        else:
            ui.button(t("nav.signin"), on_click=lambda: ui.navigate.to("/signin")).props(
                'flat color=white no-caps data-testid="nav-signin"'
            ).classes("cs-wide")
        ThemeSwitch(t)  # light, dark or the system's, remembered like the language
        languages = ui.row().classes("items-center gap-0 cs-wide").props('role="group"')
        with attrs(languages, {"aria-label": t("nav.language")}):
            for lang in LANGUAGES:
                current = lang == t.lang
                button = ui.button(lang.upper(), on_click=lambda lang=lang: _switch_language(lang))
                button.props(
                    "unelevated color=amber-8 dense" if current else "flat color=white dense"
                )
                attrs(
                    button,
                    {
                        "data-testid": f"lang-{lang}",
                        "aria-pressed": "true" if current else "false",
                        "aria-label": t(f"lang.{lang}"),
                    },
                )
        _menu(t, account, turns)
    # The page itself is already the one main landmark (Quasar's q-page is a <main>).
    with ui.column().classes(
        "w-full max-w-5xl mx-auto p-4 max-sm:px-1 max-sm:py-2 gap-4 cs-main"
    ) as main:
        yield main


# The header's links: the label's key, the address, and the name in their test ids.
NAV = (
    ("nav.games", "/", "games"),
    ("nav.lobby", "/lobby", "lobby"),
    ("nav.turns", "/turns", "turns"),
    ("nav.history", "/history", "history"),
    ("nav.rules", "/rules", "rules"),
)


def _menu(t: Translator, account: str | None, turns: TurnBadge) -> None:
    """Narrow screens (``cs-narrow`` in ``ui/theme.py``): the header's links, the account
    and the languages behind one button."""
    button = ui.button(icon="menu").classes("cs-narrow")
    button.props('flat round color=white aria-haspopup="menu" data-testid="nav-menu"')
    attrs(button, {"aria-label": t("nav.menu")})
    with button:
        turns.place("turns-count-narrow")
    with button, ui.menu().props('role="menu" data-testid="nav-menu-list"'):
        for key, path, name in NAV:
            link = ui.menu_item(t(key), on_click=lambda path=path: ui.navigate.to(path))
            attrs(link.props('role="menuitem"'), {"data-testid": f"menu-{name}"})
        if account:
            ui.menu_item(account, on_click=lambda: ui.navigate.to("/account")).props(
                'role="menuitem" data-testid="menu-account"'
            ).classes("cs-account")
        else:
            ui.menu_item(t("nav.signin"), on_click=lambda: ui.navigate.to("/signin")).props(
                'role="menuitem" data-testid="menu-signin"'
            )
        ui.separator()
        for lang in LANGUAGES:
            item = ui.menu_item(
                t(f"lang.{lang}"), on_click=lambda lang=lang: _switch_language(lang)
            )
            current = lang == t.lang
            item.props('role="menuitemradio"').classes("text-weight-bold" if current else "")
            attrs(
                item,
                {
                    "aria-checked": "true" if current else "false",
                    "lang": lang,
                    "data-testid": f"menu-lang-{lang}",
                },
            )


LOGO_SVG = (
    '<svg viewBox="0 0 32 32" width="30" height="30" aria-hidden="true">'
    '<path d="M4 26h24v2H4z" fill="#fde68a"/>'
    '<path d="M6 26V14l10-8 10 8v12h-4v-7a6 6 0 0 0-12 0v7z" fill="#fde68a"/>'
    '<circle cx="16" cy="11" r="1.6" fill="#7c2d12"/></svg>'
)
