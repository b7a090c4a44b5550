"""The Pueblo board as a spectator sees it, as one HTML string.

Spectators see ``view(None)`` and nothing to click, so every spectator of a table in one
language sees the same board: ``ui/pages/spectators.py`` makes this string once per move and
language and sends it to all of them at once. It draws what a player's board (``board.py``)
shows a spectator from the same view, with the same words (``texts.py``), the same top view
(``top.py``, with no target), the same card of penalties (``side.py``) and the same test
ids; in place of the 3D scene, which would be
one per page, the pueblo is a still isometric picture (``iso.py``).
"""

from __future__ import annotations

from typing import Any

from ui.boards.frames import card_frame, text_html
from ui.boards.pueblo import texts
from ui.boards.pueblo.iso import iso_svg
from ui.boards.pueblo.side import CARD, CARD_STYLE, penalties_card
from ui.boards.pueblo.top import Targets, top_svg
from ui.i18n import Translator


def spectator_board(t: Translator, names: list[str], view: dict[str, Any]) -> tuple[str, str]:
    """What a screen reader should be told of this position (the turn and the news), and
    the whole board as HTML."""
    turn = texts.prompt(t, names, view, mine=False)
    news = texts.news(t, names, view)
    site = (
        '<div class="column items-stretch" style="gap:.5rem;flex:1 1 300px;min-width:0;'
        'max-width:580px">'
        + text_html("div", "text-lg font-semibold", turn, "turn")
        + f'<div class="w-full" data-testid="pueblo-top">{top_svg(view, Targets(), t)}</div>'
        + text_html("div", "text-sm text-grey-8", news, "news")
        + "</div>"
    )
    side = (
        '<div class="column" style="gap:.75rem;flex:1 1 300px;min-width:0;max-width:600px">'
        + iso_svg(view, t("pueblo.scene_still"))
        + card_frame(CARD, CARD_STYLE, penalties_card(t, names, view, None, True))
        + _preview(t, names, view)
        + "</div>"
    )
    board = f'<div class="row w-full items-start wrap" style="gap:1rem">{site}{side}</div>'
    return " ".join(part for part in (turn, news) if part), board


def _preview(t: Translator, names: list[str], view: dict[str, Any]) -> str:
    """Before the chief moves: where he may go and the penalty points each square gives."""
    preview = view.get("preview") or []
    if view["phase"] != "chief" or not preview:
        return ""
    lines = "".join(text_html("div", "text-sm", texts.preview_line(t, names, o)) for o in preview)
    return (
        '<div class="column w-full" data-testid="chief-preview">'
        '<div class="q-card cs-frame-card column w-full q-pa-md" style="gap:.25rem">'
        + text_html("div", "text-base font-bold", t("pueblo.preview_title"))
        + lines
        + "</div></div>"
    )
