"""The Pueblo card of penalties as markup: each seat's colour chip, name, thinking mark,
stones left and penalty points. A player's board shows it as one element (``board.py``) and
the spectators' frame (``spectator.py``) draws the same card, so both say the same things
with the same test ids."""

from __future__ import annotations

from typing import Any

from ui.boards.a11y import seat_mark
from ui.boards.frames import mark_html, name_html, score_row, text_html
from ui.boards.pueblo.top import COLOURS, LETTER
from ui.i18n import Translator

CARD = "q-card cs-frame-card column w-full q-pa-md"
CARD_STYLE = "gap:.25rem"


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
    return score_row(
        testid=f"player-{seat}",
        current=view["current"] == seat and view["phase"] != "over",
        mark=seat_mark(LETTER[colour], COLOURS[colour]),
        name=name_html(t, names, seat, "text-sm font-semibold cs-name", you),
        thinking=mark_html(seat, thinking),
        aside=t.plural("pueblo.stones_left", view["hands"][seat]["left"]),
        score=str(int(view["penalties"][seat])),
        score_testid=f"score-{seat}",
    )
