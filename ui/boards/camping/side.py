"""The Deluxe Camping side card as markup: each seat's mark, name, thinking mark, what it
has left to place and its score, then the legend. A player's board shows it as one element
(``board.py``) and the spectators' frame (``spectator.py``) draws the same card, so both
say the same things with the same test ids."""

from __future__ import annotations

from typing import Any

from nicegui import ui

from ui.boards.a11y import seat_mark
from ui.boards.camping import texts
from ui.boards.camping.svg import COLOURS
from ui.boards.frames import SEPARATOR, mark_html, name_html, text_html
from ui.i18n import Translator

CARD = "q-card cs-frame-card column cs-side q-pa-md"
CARD_STYLE = "gap:.5rem;flex:0 1 280px;min-width:240px"
"""The card's classes and style, as the spectators' frame writes them and :func:`card` sets
them (literals there: ``tests/ui/test_no_dynamic_props.py``)."""


def card() -> ui.html:
    """The card on a player's board: one element, its content :func:`side_card`."""
    return (
        ui.html("", sanitize=False)
        .classes("q-card cs-frame-card column cs-side q-pa-md")
        .style("gap:.5rem;flex:0 1 280px;min-width:240px")
    )


def side_card(
    t: Translator, names: list[str], view: dict[str, Any], you: int | None, thinking: bool
) -> str:
    """What the card holds, for the page that plays ``you`` (None: a spectator's), with the
    seats' thinking marks where the page shows them."""
    return (
        text_html("div", "text-base font-bold", t("camping.scores"))
        + "".join(_score_row(t, names, view, seat, you, thinking) for seat in range(len(names)))
        + text_html("div", "text-xs text-grey-8", t("camping.region_values"))
        + SEPARATOR
        + '<div class="column text-xs text-grey-8">'
        + "".join(text_html("div", "", t(key)) for key in texts.LEGEND)
        + "</div>"
    )


def _score_row(
    t: Translator,
    names: list[str],
    view: dict[str, Any],
    seat: int,
    you: int | None,
    thinking: bool,
) -> str:
    current = " cp-current" if view["current"] == seat else ""
    return (
        f'<div class="row w-full items-center no-wrap{current}" style="gap:.5rem"'
        f' data-testid="player-{seat}">'
        + seat_mark(str(seat + 1), COLOURS[seat])
        + name_html(t, names, seat, "text-sm font-semibold cs-name", you)
        + mark_html(seat, thinking)
        + '<div class="col-grow"></div>'
        + text_html("div", "text-xs text-grey-8 cs-aside", texts.to_place(t, view, seat))
        + text_html("div", "text-lg font-bold", str(int(view["scores"][seat])), f"score-{seat}")
        + "</div>"
    )
