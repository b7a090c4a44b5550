"""The Camel Up Off Season board as a spectator sees it, as one HTML string.

Spectators see ``view(None)`` (no hand, no sealed bid) and nothing to click, so every
spectator of a table in one language sees the same board: ``ui/pages/spectators.py`` makes
this string once per move and language and sends it to all of them at once. It draws what a
player's board (``board.py``) shows a spectator from the same view, with the same markup
(``markup.py``, ``side.py``), lines (``texts.py``) and test ids; the log, a collapsed list
there, is a ``<details>`` here.
"""

from __future__ import annotations

from html import escape
from typing import Any

from ui.boards.frames import SEPARATOR, legend_html, text_html
from ui.boards.offseason import texts
from ui.boards.offseason.markup import (
    auction_html,
    log_html,
    markets_html,
    pending_html,
    status_html,
)
from ui.boards.offseason.side import merchants_html
from ui.i18n import Translator


def spectator_board(t: Translator, names: list[str], view: dict[str, Any]) -> tuple[str, str]:
    """What a screen reader should be told of this position (the turn and the news), and
    the whole board as HTML."""
    turn = texts.prompt(t, names, view, mine=False)
    news = texts.news(t, names, view)
    pending = pending_html(t, names, view, [], None)
    actions = (
        '<div class="column w-full os-panel" style="gap:.5rem" data-testid="os-actions">'
        f'<div class="w-full" data-testid="os-pending">{pending}</div></div>'
        if pending
        else ""
    )
    main = (
        '<div class="column items-stretch" style="gap:.75rem;flex:1 1 460px;min-width:0;'
        'max-width:700px">'
        + text_html("div", "text-lg font-semibold", turn, "turn")
        + f'<div class="text-sm" data-testid="os-status">{status_html(t, view)}</div>'
        + '<div class="w-full os-panel" data-testid="os-auction">'
        + auction_html(t, names, view)
        + "</div>"
        + actions
        + '<div class="column w-full" style="gap:.5rem">'
        + text_html("div", "text-base font-bold", t("offseason.markets"))
        + '<div class="w-full" data-testid="os-markets">'
        + markets_html(t, names, view, [], False)
        + "</div></div>"
        + text_html("div", "text-sm text-grey-8", news, "news")
        + "</div>"
    )
    side = (
        '<div class="q-card cs-frame-card column cs-side q-pa-md" style="gap:.5rem;'
        'flex:1 1 260px;max-width:340px">'
        + merchants_html(t, names, view, None, True)
        + SEPARATOR
        + '<details class="w-full text-sm cs-details" data-testid="log-open">'
        + f"<summary>{escape(t('offseason.log'))}</summary>"
        + f'<div data-testid="log">{log_html(t, names, view)}</div></details>'
        + legend_html(t, texts.LEGEND)
        + "</div>"
    )
    board = (
        '<div class="column w-full" style="gap:.75rem">'
        f'<div class="row w-full items-start wrap" style="gap:1rem">{main}{side}</div></div>'
    )
    return " ".join(part for part in (turn, news) if part), board
