"""The Pueblo card of penalties as markup: each seat's colour chip, name, thinking mark,
stones left and penalty points. A player's board shows it as one element (``board.py``) and
the spectators' frame (``spectator.py``) draws the same card, so both say the same things
with the same test ids."""

from __future__ import annotations

from typing import Any

from nicegui import ui

from ui.boards.a11y import seat_mark
from ui.boards.frames import mark_html, name_html, text_html
from ui.boards.pueblo.top import COLOURS, LETTER
from ui.i18n import Translator

CARD = "q-card cs-frame-card column w-full q-pa-md"
CARD_STYLE = "gap:.25rem"
"""The card's classes and style, as the spectators' frame writes them and :func:`card` sets
them (literals there: ``tests/ui/test_no_dynamic_props.py``)."""


def card() -> ui.html:
    """The card on a player's board: one element, its content :func:`penalties_card`."""
    return (
        ui.html("", sanitize=False)
        .classes("q-card cs-frame-card column w-full q-pa-md")
        .style("gap:.25rem")
    )


def penalties_card(
    t: Translator, names: list[str], view: dict[str, Any], you: int | None, thinking: bool
) -> str:
    """What the card holds, for the page that plays ``you`` (None: a spectator's), with the
    seats' thinking marks where the page shows them."""
    return (
        text_html("div", "text-base font-bold", t("pueblo.penalties"))
        + text_html("div", "text-xs text-grey-8", t("pueblo.lower_wins"))
        + "".join(_seat(t, names, view, seat, you, thinking) for seat in range(len(names)))
    )


def _seat(
    t: Translator,
    names: list[str],
    view: dict[str, Any],
    seat: int,
    you: int | None,
    thinking: bool,
) -> str:
    """A seat's row of penalties: colour chip, name, thinking mark, stones left, points."""
    colour = view["colours"][seat]
    current = view["current"] == seat and view["phase"] != "over"
    left = t.plural("pueblo.stones_left", view["hands"][seat]["left"])
    return (
        f'<div class="row w-full items-center no-wrap{" cp-current" if current else ""}" '
        f'style="gap:.5rem" data-testid="player-{seat}">'
        + seat_mark(LETTER[colour], COLOURS[colour])
        + name_html(t, names, seat, "text-sm font-semibold cs-name", you)
        + mark_html(seat, thinking)
        + '<div class="col-grow"></div>'
        + text_html("div", "text-xs text-grey-8 cs-aside", left)
        + text_html("div", "text-lg font-bold", str(int(view["penalties"][seat])), f"score-{seat}")
        + "</div>"
    )
