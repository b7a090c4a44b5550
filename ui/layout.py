"""The frame every page shares: header, navigation, language switch; and the visitor."""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from contextlib import contextmanager

from fastapi import Request
from nicegui import app, ui

from ui.i18n import LANGUAGES, Translator, best_language
from ui.theme import SITE_CSS


def translator(request: Request | None) -> Translator:
    """The visitor's chosen language, else the browser's."""
    chosen = app.storage.user.get("lang")
    if chosen in LANGUAGES:
        return Translator(chosen)
    header = request.headers.get("accept-language") if request else None
    return Translator(best_language(header))


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


def _switch_language(lang: str) -> None:
    app.storage.user["lang"] = lang
    ui.navigate.reload()


@contextmanager
def frame(t: Translator, title: str) -> Iterator[ui.column]:
    """Header and main column of every page; ``title`` names the page in the tab."""
    ui.page_title(f"{title} · Caravanserai")
    ui.add_css(SITE_CSS)
    ui.run_javascript(f"document.documentElement.lang = '{t.lang}'")
    with ui.header().classes("items-center gap-2 cs-header").props('role="banner"'):
        with ui.link(target="/").classes("row items-center gap-2 no-underline text-white"):
            ui.html(LOGO_SVG, sanitize=False)
            ui.label("Caravanserai").classes("text-xl font-bold tracking-wide")
        ui.space()
        with (
            ui.element("nav")
            .classes("row items-center gap-1")
            .props(f'aria-label="{t("nav.label")}"')
        ):
            ui.button(t("nav.games"), on_click=lambda: ui.navigate.to("/")).props(
                'flat color=white no-caps data-testid="nav-games"'
            )
            ui.button(t("nav.lobby"), on_click=lambda: ui.navigate.to("/lobby")).props(
                'flat color=white no-caps data-testid="nav-lobby"'
            )
            ui.button(t("nav.history"), on_click=lambda: ui.navigate.to("/history")).props(
                'flat color=white no-caps data-testid="nav-history"'
            )
            ui.button(t("nav.rules"), on_click=lambda: ui.navigate.to("/rules")).props(
                'flat color=white no-caps data-testid="nav-rules"'
            )
        account = app.storage.user.get("account")
        if isinstance(account, str) and account:
            ui.button(account, icon="person", on_click=lambda: ui.navigate.to("/account")).props(
                'flat color=white no-caps data-testid="nav-account"'
            )
        else:
            ui.button(t("nav.signin"), on_click=lambda: ui.navigate.to("/signin")).props(
                'flat color=white no-caps data-testid="nav-signin"'
            )
        with (
            ui.row()
            .classes("items-center gap-0")
            .props(f'role="group" aria-label="{t("nav.language")}"')
        ):
            for lang in LANGUAGES:
                current = lang == t.lang
                button = ui.button(lang.upper(), on_click=lambda lang=lang: _switch_language(lang))
                button.props(
                    f"{'unelevated color=amber-8' if current else 'flat color=white'} dense "
                    f'data-testid="lang-{lang}" aria-pressed="{str(current).lower()}" '
                    f'aria-label="{t(f"lang.{lang}")}"'
                )
    with ui.column().classes("w-full max-w-5xl mx-auto p-4 gap-4").props('role="main"') as main:
        yield main


LOGO_SVG = (
    '<svg viewBox="0 0 32 32" width="30" height="30" aria-hidden="true">'
    '<path d="M4 26h24v2H4z" fill="#fde68a"/>'
    '<path d="M6 26V14l10-8 10 8v12h-4v-7a6 6 0 0 0-12 0v7z" fill="#fde68a"/>'
    '<circle cx="16" cy="11" r="1.6" fill="#7c2d12"/></svg>'
)
