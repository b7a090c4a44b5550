"""The style rules and scripts every page carries, given to NiceGUI once for all pages.

Added page by page (``ui.add_css``, ``ui.add_head_html``), they were copied into each
page's own head and kept with it on the server for as long as it stayed open: 24 KB of
every table page. Shared (``shared=True``), the server keeps one copy, which each page's
HTML still carries inline, so a page never shows unstyled. Only what differs between
pages stays on the page: its language (:func:`ui.layout.frame`), and a timed table's
clock script (``ui/pages/seats.py``), which only such a table needs.
"""

from __future__ import annotations

from nicegui import Client, ui

from ui.boards.a11y import KEYS_SCRIPT
from ui.boards.caravan.cards import SUIT_SPRITE
from ui.i18n.zone import ZONE_SCRIPT
from ui.pages.move_box import MOVE_BOX_CSS, SHORTCUT_JS
from ui.pages.table import TURN_CUE_JS
from ui.theme import SITE_CSS

MARK = "<!-- caravanserai: shared head -->"


def share() -> None:
    """Give NiceGUI the shared head and body (``ui.app.build``), unless it already has
    them (the tests build the site again in the same process)."""
    if MARK in Client.shared_head_html:
        return
    ui.add_css(SITE_CSS, shared=True)
    ui.add_head_html(KEYS_SCRIPT + ZONE_SCRIPT + TURN_CUE_JS + SHORTCUT_JS, shared=True)
    ui.add_css(MOVE_BOX_CSS, shared=True)
    ui.add_body_html(SUIT_SPRITE, shared=True)
    ui.add_head_html(MARK, shared=True)
