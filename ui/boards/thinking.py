"""The "thinking" marks beside the seats a bot is choosing for.

A board puts one mark per seat in its markup (:func:`thinking_html`: the class
``cs-thinking`` and the seat in ``data-thinking``), a player's board as a spectators'
frame; the table's stage (``ui/pages/stage.py``) carries the seats held by bots
(``data-bots``) and the seats to move (``data-movers``, set with the move's own update or
frame), and a style rule shows a mark when its seat is in both.
A bot thinks exactly while its seat is to move (the bot runner starts it when the move
that gives it its turn is announced), so the marks follow each move without a message of
their own and without anything polling for them.
"""

from __future__ import annotations

from collections.abc import Iterable
from html import escape

MAX_SEATS = 8  # more seats than any game has


def seat_tokens(seats: Iterable[int]) -> str:
    """The value of ``data-bots`` / ``data-movers``: ``"s0 s2"``."""
    return " ".join(f"s{seat}" for seat in sorted(seats))


THINKING_CSS = ".cs-thinking{display:none !important}\n" + "".join(
    f'[data-bots~="s{n}"][data-movers~="s{n}"] .cs-thinking[data-thinking="{n}"]'
    "{display:inline-flex !important}\n"
    for n in range(MAX_SEATS)
)


# Quasar's own spinner, drawn as its component draws it (the page already has its styles):
# the mark in a spectators' frame, which is HTML rather than elements.
SPINNER = (
    '<svg class="q-spinner q-spinner-mat" width="{size}" height="{size}" viewBox="25 25 50 50" '
    'aria-hidden="true"><circle class="path" cx="50" cy="50" r="20" fill="none" '
    'stroke="currentColor" stroke-width="5" stroke-miterlimit="10"></circle></svg>'
)


def thinking_html(seat: int, words: str | None = None) -> str:
    """A frame's mark for ``seat``, as :meth:`ui.boards.base.Board._thinking` makes it for a
    board of elements: a small spinner, or a spinner and ``words`` ("thinking")."""
    if words is None:
        spinner = SPINNER.format(size="1em")
        return (
            f'<span class="cs-thinking" data-thinking="{seat}" data-testid="thinking-{seat}">'
            f"{spinner}</span>"
        )
    return (
        f'<div class="row items-center cs-thinking" style="gap:.25rem" data-thinking="{seat}"'
        f' data-testid="thinking-{seat}">{SPINNER.format(size="1.5em")}'
        f"<span>{escape(words)}</span></div>"
    )
