"""The Feurio! side card as markup: each fire colour's owner, men in hand and points, each
player's total with the thinking mark, then the legend. A player's board shows it as one
element (``board.py``) and the spectators' frame (``spectator.py``) draws the same card, so
both say the same things with the same test ids."""

from __future__ import annotations

from typing import Any

from ui.boards.a11y import seat_mark
from ui.boards.feurio import texts
from ui.boards.feurio.svg import COLOURS
from ui.boards.frames import (
    SEPARATOR,
    legend_html,
    mark_html,
    name_html,
    score_row,
    text_html,
)
from ui.i18n import Translator

CARD = "q-card cs-frame-card column cs-side q-pa-md"
CARD_STYLE = "gap:.5rem;flex:0 1 300px;min-width:250px"


def side_card(
    t: Translator, names: list[str], view: dict[str, Any], you: int | None, thinking: bool
) -> str:
    """What the card holds, for the page that plays ``you`` (None: a spectator's), with the
    seats' thinking marks where the page shows them."""
    return (
        text_html("div", "text-base font-bold", t("feurio.colours"))
        + "".join(_colour_row(t, names, view, colour, you) for colour in range(4))
        + SEPARATOR
        + "".join(_total_row(t, names, view, seat, you, thinking) for seat in range(len(names)))
        + SEPARATOR
        + legend_html(t, (*texts.LEGEND, texts.LEGEND_MARKS))
    )


def _colour_row(
    t: Translator, names: list[str], view: dict[str, Any], colour: int, you: int | None
) -> str:
    name, hand, score = texts.colour_texts(t, names, view, colour, you)
    return score_row(
        testid=f"colour-{colour}",
        current=texts.is_current(view, colour),
        mark=seat_mark(str(colour + 1), COLOURS[colour], shape="round"),
        name=text_html("div", "text-sm font-semibold cs-name", name, f"colour-name-{colour}"),
        thinking="",
        aside=hand,
        score=score,
        score_testid=f"colour-score-{colour}",
    )


def _total_row(
    t: Translator,
    names: list[str],
    view: dict[str, Any],
    seat: int,
    you: int | None,
    thinking: bool,
) -> str:
    return (
        '<div class="row w-full items-center no-wrap" style="gap:.5rem">'
        + name_html(t, names, seat, "text-sm cs-name", you)
        + mark_html(seat, thinking)
        + '<div class="col-grow"></div>'
        + text_html("div", "text-base font-bold", str(int(view["scores"][seat])), f"score-{seat}")
        + "</div>"
    )
