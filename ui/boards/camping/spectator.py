"""The Deluxe Camping board as a spectator sees it, as one HTML string.

Spectators see ``view(None)`` and nothing to click, so every spectator of a table in one
language sees the same board: ``ui/pages/spectators.py`` makes this string once per move and
language and sends it to all of them at once. It draws what a player's board (``board.py``)
draws from the same view, with the same words (``texts.py``), the same picture (``svg.py``,
with nothing to click) and the same test ids.
"""

from __future__ import annotations

from typing import Any

from ui.boards.a11y import seat_mark
from ui.boards.camping import texts
from ui.boards.camping.svg import COLOURS, Clicks, board_svg
from ui.boards.frames import text_html
from ui.boards.thinking import thinking_html
from ui.i18n import Translator

SEPARATOR = '<hr class="q-separator q-separator--horizontal" aria-orientation="horizontal">'


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
    side = (
        '<div class="q-card cs-frame-card column cs-side q-pa-md" style="gap:.5rem;'
        'flex:0 1 280px;min-width:240px">'
        + text_html("div", "text-base font-bold", t("camping.scores"))
        + "".join(_score_row(t, names, view, seat) for seat in range(len(names)))
        + text_html("div", "text-xs text-grey-8", t("camping.region_values"))
        + SEPARATOR
        + '<div class="column text-xs text-grey-8">'
        + "".join(text_html("div", "", t(key)) for key in texts.LEGEND)
        + "</div></div>"
    )
    board = f'<div class="row w-full items-start wrap" style="gap:1rem">{field}{side}</div>'
    return " ".join(part for part in (turn, news) if part), board


def _score_row(t: Translator, names: list[str], view: dict[str, Any], seat: int) -> str:
    current = " cp-current" if view["current"] == seat else ""
    return (
        f'<div class="row w-full items-center no-wrap{current}" style="gap:.5rem"'
        f' data-testid="player-{seat}">'
        + seat_mark(str(seat + 1), COLOURS[seat])
        + text_html("div", "text-sm font-semibold cs-name", names[seat], f"name-{seat}")
        + thinking_html(seat)
        + '<div class="col-grow"></div>'
        + text_html("div", "text-xs text-grey-8 cs-aside", texts.to_place(t, view, seat))
        + text_html("div", "text-lg font-bold", str(int(view["scores"][seat])), f"score-{seat}")
        + "</div>"
    )
