"""What the boards' markup shares (the spectators' frames, ``ui/boards/<game>/spectator.py``,
and the side cards a player's board draws as one element, ``ui/boards/<game>/side.py``):
text as markup, the text escaped (seat names are visitors' words)."""

from __future__ import annotations

from collections.abc import Iterable
from html import escape

from nicegui import ui

from ui.boards.thinking import thinking_html
from ui.i18n import Translator

SEPARATOR = '<hr class="q-separator q-separator--horizontal" aria-orientation="horizontal">'


def text_html(tag: str, classes: str, text: str, testid: str = "") -> str:
    """``<tag class="classes" data-testid="testid">text</tag>``; ``classes`` and ``testid``
    are the site's own, never a visitor's."""
    test = f' data-testid="{testid}"' if testid else ""
    return f'<{tag} class="{classes}"{test}>{escape(text)}</{tag}>'


def shown_name(t: Translator, names: list[str], seat: int, you: int | None) -> str:
    """A seat's name, "(you)" after the seat the page plays (``you``; None: a spectator)."""
    return names[seat] + (f" ({t('you')})" if seat == you else "")


def name_html(t: Translator, names: list[str], seat: int, classes: str, you: int | None) -> str:
    """A seat's name as a board shows it (test id ``name-<seat>``)."""
    return text_html("div", classes, shown_name(t, names, seat, you), f"name-{seat}")


def mark_html(seat: int, thinking: bool, words: str | None = None) -> str:
    """The seat's thinking mark (``ui/boards/thinking.py``) where the page shows them."""
    return thinking_html(seat, words) if thinking else ""


def legend_html(t: Translator, keys: Iterable[str]) -> str:
    """A card's legend: a small grey line for each of ``keys``' texts."""
    lines = "".join(text_html("div", "", t(key)) for key in keys)
    return f'<div class="column text-xs text-grey-8">{lines}</div>'


def score_row(
    *,
    testid: str,
    current: bool,
    mark: str,
    name: str,
    thinking: str,
    aside: str,
    score: str,
    score_testid: str,
) -> str:
    """A row of a side card: a colour ``mark``, a ``name`` (markup), the ``thinking`` mark,
    then at the far end a note (``aside``: what is left to place) and the ``score``; the
    row is highlighted while ``current``."""
    highlight = " cp-current" if current else ""
    return (
        f'<div class="row w-full items-center no-wrap{highlight}" style="gap:.5rem"'
        f' data-testid="{testid}">'
        + mark
        + name
        + thinking
        + '<div class="col-grow"></div>'
        + text_html("div", "text-xs text-grey-8 cs-aside", aside)
        + text_html("div", "text-lg font-bold", score, score_testid)
        + "</div>"
    )


def card_element(classes: str, style: str) -> ui.html:
    """A side card on a player's board: one element of markup with the classes and style
    the spectators' frame writes for the same card (:func:`card_frame`). Both are the
    site's constants, never a visitor's; they go into the element's own lists, as every
    value that is not a literal does (``tests/ui/test_no_dynamic_props.py``)."""
    card = ui.html("", sanitize=False)
    card.classes.extend(classes.split())
    card.style.update(
        {
            key.strip(): value.strip()
            for key, _, value in (r.partition(":") for r in style.split(";"))
        }
    )
    return card


def card_frame(classes: str, style: str, inner: str) -> str:
    """The same card in a spectators' frame, around its markup ``inner``."""
    return f'<div class="{classes}" style="{style}">{inner}</div>'
