"""The style rules and scripts every page carries, served as two files for all pages.

Added page by page (``ui.add_css``, ``ui.add_head_html``), they were copied into each
page's head, kept with it on the server for as long as it stayed open (24 KB of every
table page) and sent again inside every page's HTML. Now the server keeps one copy of
each, served at an address that names its content (``/assets/site-<digest>.css`` and
``.js``, cached by browsers for a year: a new version has a new address), and every page's
head links to them, NiceGUI's shared head (``shared=True``). They load where the inline
copies stood, before the page is drawn, so a page never shows unstyled. The symbols of
the Caravan cards stay inline in the body (an SVG ``<use>`` needs them in the document),
as does what differs between pages: the language (:func:`ui.layout.frame`), and a timed
table's clock script (``ui/pages/seats.py``), which only such a table needs.
"""

from __future__ import annotations

import hashlib
import re

from fastapi import Response
from nicegui import Client, app, ui

from ui.boards.a11y import KEYS_SCRIPT
from ui.boards.caravan.cards import SUIT_SPRITE
from ui.i18n.zone import ZONE_SCRIPT
from ui.pages.move_box import MOVE_BOX_CSS, SHORTCUT_JS
from ui.pages.table import TURN_CUE_JS
from ui.theme import SITE_CSS

MARK = "<!-- caravanserai: shared head -->"
YEAR = "public, max-age=31536000, immutable"
SCRIPT = re.compile(r"<script>(.*?)</script>", re.DOTALL)


def _script(*blocks: str) -> str:
    """The code of ``<script>`` blocks, one after the other (each ends with a newline)."""
    code = [part for block in blocks for part in SCRIPT.findall(block)]
    assert len(code) == sum(block.count("<script") for block in blocks), "a script not read"
    return "".join(f"{part.strip()};\n" for part in code)


CSS = SITE_CSS + "\n" + MOVE_BOX_CSS + "\n"
JS = _script(KEYS_SCRIPT, ZONE_SCRIPT, TURN_CUE_JS, SHORTCUT_JS)


def _address(text: str, suffix: str) -> str:
    return f"/assets/site-{hashlib.sha256(text.encode()).hexdigest()[:16]}.{suffix}"


CSS_PATH = _address(CSS, "css")
JS_PATH = _address(JS, "js")


def share() -> None:
    """Serve the two files and link every page to them (``ui.app.build``), unless that is
    done already (the tests build the site again in the same process)."""
    if MARK in Client.shared_head_html:
        return

    @app.get(CSS_PATH, include_in_schema=False)
    async def css() -> Response:
        return Response(CSS, media_type="text/css", headers={"Cache-Control": YEAR})

    @app.get(JS_PATH, include_in_schema=False)
    async def js() -> Response:
        return Response(JS, media_type="text/javascript", headers={"Cache-Control": YEAR})

    ui.add_head_html(
        f'<link rel="stylesheet" href="{CSS_PATH}"><script src="{JS_PATH}"></script>' + MARK,
        shared=True,
    )
    ui.add_body_html(SUIT_SPRITE, shared=True)
