"""What the boards' markup shares (the spectators' frames, ``ui/boards/<game>/spectator.py``,
and the side cards a player's board draws as one element, ``ui/boards/<game>/side.py``):
text as markup, the text escaped (seat names are visitors' words)."""

from __future__ import annotations

from html import escape

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
