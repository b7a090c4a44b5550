"""The Feurio! board as a spectator sees it, as one HTML string.

Spectators see ``view(None)`` and nothing to click, so every spectator of a table in one
language sees the same board: ``ui/pages/spectators.py`` makes this string once per move and
language and sends it to all of them at once. It draws what a player's board (``board.py``)
draws from the same view, with the same words (``texts.py``), the same forest picture
(``svg.py``, with no cell to click) and the same test ids.
"""

from __future__ import annotations

from typing import Any

from ui.boards.a11y import seat_mark
from ui.boards.feurio import texts
from ui.boards.feurio.svg import COLOURS, Clicks, forest_svg
from ui.boards.frames import text_html
from ui.boards.thinking import thinking_html
from ui.i18n import Translator

SEPARATOR = '<hr class="q-separator q-separator--horizontal" aria-orientation="horizontal">'


def spectator_board(t: Translator, names: list[str], view: dict[str, Any]) -> tuple[str, str]:
    """What a screen reader should be told of this position (the turn and the news), and
    the whole board as HTML."""
    turn = texts.prompt(t, names, view, mine=False)
    news = texts.news(t, names, view)
    forest = (
        '<div class="column items-stretch" style="gap:.5rem;flex:1 1 420px;max-width:720px">'
        + text_html("div", "text-lg font-semibold", turn, "turn")
        + text_html("div", "text-sm", texts.status(t, view), "feurio-status")
        + f'<div class="w-full" data-testid="feurio-board">{forest_svg(view, Clicks(), t)}</div>'
        + text_html("div", "text-sm text-grey-8", news, "news")
        + "</div>"
    )
    side = (
        '<div class="q-card cs-frame-card column cs-side q-pa-md" style="gap:.5rem;flex:0 1 300px;'
        'min-width:250px">'
        + text_html("div", "text-base font-bold", t("feurio.colours"))
        + "".join(_colour_row(t, names, view, colour) for colour in range(4))
        + SEPARATOR
        + "".join(_total_row(names, view, seat) for seat in range(len(names)))
        + SEPARATOR
        + '<div class="column text-xs text-grey-8">'
        + "".join(text_html("div", "", t(key)) for key in (*texts.LEGEND, texts.LEGEND_MARKS))
        + "</div></div>"
    )
    board = f'<div class="row w-full items-start wrap" style="gap:1rem">{forest}{side}</div>'
    return " ".join(part for part in (turn, news) if part), board


def _colour_row(t: Translator, names: list[str], view: dict[str, Any], colour: int) -> str:
    name, hand, score = texts.colour_texts(t, names, view, colour, None)
    current = " cp-current" if texts.is_current(view, colour) else ""
    return (
        f'<div class="row w-full items-center no-wrap{current}" style="gap:.5rem"'
        f' data-testid="colour-{colour}">'
        + seat_mark(str(colour + 1), COLOURS[colour], shape="round")
        + text_html("div", "text-sm font-semibold cs-name", name, f"colour-name-{colour}")
        + '<div class="col-grow"></div>'
        + text_html("div", "text-xs text-grey-8 cs-aside", hand)
        + text_html("div", "text-lg font-bold", score, f"colour-score-{colour}")
        + "</div>"
    )


def _total_row(names: list[str], view: dict[str, Any], seat: int) -> str:
    return (
        '<div class="row w-full items-center no-wrap" style="gap:.5rem">'
        + text_html("div", "text-sm cs-name", names[seat], f"name-{seat}")
        + thinking_html(seat)
        + '<div class="col-grow"></div>'
        + text_html("div", "text-base font-bold", str(int(view["scores"][seat])), f"score-{seat}")
        + "</div>"
    )
