"""The Caravan board as a spectator sees it, as one HTML string.

Spectators see ``view(None)`` and nothing to click, so every spectator of a table in one
language sees the same board: ``ui/pages/spectators.py`` makes this string once per move and
language and sends it to all of them at once. It draws what a player's board
(``board.py``) draws from the same view, with the same texts (``texts.py``), markup
(``markup.py``) and test ids, seat 0 at the bottom as a spectator's element board has it.
Where a player is shown each hand's breakdown in a dialog, a spectator finds the last
hand's under the board, without a dialog to close.
"""

from __future__ import annotations

from html import escape
from typing import Any

from ui.boards.caravan import texts
from ui.boards.caravan.markup import indicators_html, pile_html, season_html, strip_html
from ui.boards.caravan.texts import how_hand_ended, match_so_far, summary_heads
from ui.boards.frames import text_html
from ui.i18n import Translator


def spectator_board(t: Translator, names: list[str], view: dict[str, Any]) -> tuple[str, str]:
    """What a screen reader should be told of this position (the turn and the news), and
    the whole board as HTML."""
    turn = texts.turn_text(t, names, view, None)
    news = texts.news(t, names, view)
    board = (
        '<div class="column w-full cv-board" style="gap:.75rem">'
        + _top(t, names, view, turn)
        + _seat(t, names, view, 1)
        + _felt(t, names, view, news)
        + _seat(t, names, view, 0)
        + _last_hand(t, names, view)
        + "</div>"
    )
    return " ".join(part for part in (turn, news) if part), board


def _top(t: Translator, names: list[str], view: dict[str, Any], turn: str) -> str:
    return (
        '<div class="row w-full items-center wrap" style="gap:.75rem">'
        + text_html("div", "text-sm text-grey-8", texts.hand_no(t, view), "hand-no")
        + text_html("div", "text-lg font-semibold", turn, "turn")
        + '<div class="col-grow"></div>'
        + text_html("div", "text-base", texts.match_scores(t, names, view), "match-scores")
        + "</div>"
    )


def _seat(t: Translator, names: list[str], view: dict[str, Any], seat: int) -> str:
    """A player's strip: name, thinking mark, cards in hand, collected pile."""
    values = view.get("values", {})
    pile = pile_html(t, seat, view["collections"][seat], values)
    return (
        '<div class="row w-full items-center wrap" style="gap:.75rem">'
        + strip_html(t, names, view, seat, None, True)
        + '<div class="col-grow"></div>'
        + text_html("div", "text-sm", texts.collection(t, view, seat), f"collection-{seat}")
        + f'<details class="text-sm cv-collected" data-testid="collection-open-{seat}">'
        f"<summary>{escape(t('caravan.see_collection'))}</summary>"
        f'<div class="cv-pile">{pile}</div></details>'
        "</div>"
    )


def _felt(t: Translator, names: list[str], view: dict[str, Any], news: str) -> str:
    """The table: the hand's indicators, and the plays of the season."""
    values = view.get("values", {})
    return (
        '<div class="q-card w-full cv-felt q-pa-md">'
        '<div class="row w-full items-start wrap" style="gap:1.5rem">'
        '<div class="column" style="gap:.25rem">'
        + text_html("div", "text-sm font-semibold", t("caravan.indicators"))
        + '<div class="cv-indicators" data-testid="indicators">'
        + indicators_html(t, view["indicators"])
        + "</div>"
        + text_html("div", "text-xs text-grey-8", texts.swapped(t, view))
        + '</div><div class="column col-grow" style="gap:.25rem">'
        + text_html("div", "text-sm font-semibold", texts.season_title(t, view))
        + '<div class="cv-season" data-testid="season">'
        + season_html(t, names, view["season"], values)
        + "</div>"
        + text_html("div", "text-sm", news, "news")
        + "</div></div></div>"
    )


def _last_hand(t: Translator, names: list[str], view: dict[str, Any]) -> str:
    """The breakdown of the last hand played (nothing before the first ends)."""
    history = view.get("history") or []
    if not history:
        return ""
    hand = history[-1]
    cells = "".join(text_html("div", "text-xs font-semibold", head) for head in summary_heads(t))
    for seat in (0, 1):
        cells += text_html("div", "font-semibold", names[seat])
        cells += "".join(
            text_html("div", "font-bold" if key == "totals" else "", f"{hand[key][seat]:+d}")
            for key in ("collected", "bonus", "totals")
        )
    return (
        '<div class="q-card cs-frame-card w-full q-pa-md column" style="gap:.25rem"'
        ' data-testid="last-hand">'
        + text_html("div", "text-base font-semibold", t("summary.title", n=hand["hand"]))
        + text_html("div", "text-sm", how_hand_ended(t, hand, names))
        + '<div class="cv-hand-grid">'
        + cells
        + "</div>"
        + text_html("div", "text-sm", match_so_far(t, hand, names))
        + "</div>"
    )
