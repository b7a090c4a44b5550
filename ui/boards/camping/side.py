"""The Deluxe Camping side card as markup: each seat's mark, name, thinking mark, what it
has left to place and its score, then the legend. A player's board shows it as one element
(``board.py``) and the spectators' frame (``spectator.py``) draws the same card, so both
say the same things with the same test ids."""

from __future__ import annotations

from typing import Any

from ui.boards.a11y import seat_mark
from ui.boards.camping import texts
from ui.boards.camping.svg import COLOURS
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
CARD_STYLE = "gap:.5rem;flex:0 1 280px;min-width:240px"


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
        + legend_html(t, texts.LEGEND)
    )


def _score_row(
    t: Translator,
    names: list[str],
    view: dict[str, Any],
    seat: int,
    you: int | None,
    thinking: bool,
) -> str:
    return score_row(
        testid=f"player-{seat}",
        current=view["current"] == seat,
        mark=seat_mark(str(seat + 1), COLOURS[seat]),
        name=name_html(t, names, seat, "text-sm font-semibold cs-name", you),
        thinking=mark_html(seat, thinking),
        aside=texts.to_place(t, view, seat),
        score=str(int(view["scores"][seat])),
        score_testid=f"score-{seat}",
    )
