"""The Camel Up Off Season merchants as markup: each seat's holder marker, name, thinking
mark, coins, note and camels. A player's board shows them as one element of its side card
(``board.py``; the log under them stays a list that opens) and the spectators' frame
(``spectator.py``) draws the same markup, so both say the same things with the same test
ids."""

from __future__ import annotations

from typing import Any

from ui.boards.frames import mark_html, name_html, text_html
from ui.boards.offseason import texts
from ui.boards.offseason.art import marker_svg
from ui.boards.offseason.markup import camels_html, coins_html
from ui.i18n import Translator


def merchants_html(
    t: Translator, names: list[str], view: dict[str, Any], you: int | None, thinking: bool
) -> str:
    """The card's title and every merchant, for the page that plays ``you`` (None: a
    spectator's), with the seats' thinking marks where the page shows them."""
    return text_html("div", "text-base font-bold", t("offseason.merchants")) + "".join(
        _seat(t, names, view, seat, you, thinking) for seat in range(view["players"])
    )


def _seat(
    t: Translator,
    names: list[str],
    view: dict[str, Any],
    seat: int,
    you: int | None,
    thinking: bool,
) -> str:
    """A merchant's entry: the holder's marker, name, thinking mark, coins, note, camels."""
    caravan = view["caravans"][seat]
    current = " cp-current" if seat in view["to_move"] else ""
    marker = marker_svg(t("offseason.holder")) if view["holder"] == seat else ""
    return (
        f'<div class="column w-full os-seat{current}" data-testid="player-{seat}">'
        '<div class="row w-full items-center no-wrap" style="gap:.25rem">'
        f"<span>{marker}</span>"
        + name_html(t, names, seat, "text-sm font-semibold cs-name", you)
        + mark_html(seat, thinking)
        + '<div class="col-grow"></div>'
        + f'<span data-testid="coins-{seat}">{coins_html(t, caravan["coins"])}</span>'
        + "</div>"
        + text_html("div", "text-xs text-grey-8", texts.seat_note(t, view, seat), f"note-{seat}")
        + f'<div data-testid="camels-{seat}">{camels_html(t, seat, caravan)}</div>'
        + "</div>"
    )
