"""The frame every page shares: header, navigation, language switch; and the visitor."""

from __future__ import annotations

import json
import uuid
from collections.abc import Iterator
from contextlib import contextmanager

from fastapi import Request
from nicegui import app, ui

from ui.header import SiteHeader
from ui.i18n import LANGUAGES, Translator, best_language
from ui.i18n.zone import reader_zone


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


@contextmanager
def frame(t: Translator, title: str) -> Iterator[ui.column]:
    """Header and main column of every page; ``title`` names the page in the tab."""
    ui.page_title(f"{title} · Caravanserai")
    # The site's style rules and scripts are every page's already (ui/pages/assets.py).
    # In the page's head, so the language is known before anything is read out.
    loading = json.dumps(t("a11y.loading"))
    ui.add_head_html(
        f"<script>document.documentElement.lang = {json.dumps(t.lang)};"
        f"document.documentElement.dataset.loading = {loading};</script>"
    )
    account = app.storage.user.get("account")
    account = account if isinstance(account, str) and account else None
    with ui.header().classes("items-center gap-2 cs-header").props('role="banner"'):
        SiteHeader(t, visitor_id(), account)  # links, account, theme, languages: one element
    # The page itself is already the one main landmark (Quasar's q-page is a <main>).
    with ui.column().classes(
        "w-full max-w-5xl mx-auto p-4 max-sm:px-1 max-sm:py-2 gap-4 cs-main"
    ) as main:
        yield main
