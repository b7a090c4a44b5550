"""The Deluxe Camping board as a spectator sees it, as one HTML string.

Spectators see ``view(None)`` and nothing to click, so every spectator of a table in one
language sees the same board: ``ui/pages/spectators.py`` makes this string once per move and
language and sends it to all of them at once. It draws what a player's board (``board.py``)
draws from the same view, with the same words (``texts.py``), the same picture (``svg.py``,
with nothing to click), the same side card (``side.py``) and the same test ids.
"""

from __future__ import annotations

from typing import Any

from ui.boards.camping import texts
from ui.boards.camping.side import CARD, CARD_STYLE, side_card
from ui.boards.camping.svg import Clicks, board_svg
from ui.boards.frames import card_frame, text_html
from ui.i18n import Translator


def spectator_board(t: Translator, names: list[str], view: dict[str, Any]) -> tuple[str, str]:
    """What a screen reader should be told of this position (the turn and the news), and
    the whole board as HTML."""
    turn = texts.prompt(t, names, view, mine=False)
    news = texts.news(t, names, view)
    picture = board_svg(view, Clicks(), t, names)
    field = (
        '<div class="column items-stretch" style="gap:.5rem;flex:1 1 420px;max-width:660px;'
        'flex-grow:1">'
        + text_html("div", "text-lg font-semibold", turn, "turn")
        + f'<div class="w-full" data-testid="camping-board">{picture}</div>'
        + text_html("div", "text-sm text-grey-8", news, "news")
        + "</div>"
    )
    side = card_frame(CARD, CARD_STYLE, side_card(t, names, view, None, True))
    board = f'<div class="row w-full items-start wrap" style="gap:1rem">{field}{side}</div>'
    return " ".join(part for part in (turn, news) if part), board
