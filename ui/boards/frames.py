"""What the spectators' frames (``ui/boards/<game>/spectator.py``) share: one element of
text as markup, the text escaped (seat names are visitors' words)."""

from __future__ import annotations

from html import escape


def text_html(tag: str, classes: str, text: str, testid: str = "") -> str:
    """``<tag class="classes" data-testid="testid">text</tag>``; ``classes`` and ``testid``
    are the site's own, never a visitor's."""
    test = f' data-testid="{testid}"' if testid else ""
    return f'<{tag} class="{classes}"{test}>{escape(text)}</{tag}>'
