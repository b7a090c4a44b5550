"""The "thinking" marks beside the seats a bot is choosing for.

A board puts one mark per seat (:meth:`ThinkingMarks.add`, or the same class and
attribute in a spectators' frame); the table's stage (``ui/pages/stage.py``) carries the
seats held by bots (``data-bots``) and the seats to move (``data-movers``, set with the
move's own update or frame), and a style rule shows a mark when its seat is in both.
A bot thinks exactly while its seat is to move (the bot runner starts it when the move
that gives it its turn is announced), so the marks follow each move without a message of
their own and without anything polling for them.
"""

from __future__ import annotations

from collections.abc import Iterable

from nicegui import ui

from ui.attrs import attrs

MAX_SEATS = 8  # more seats than any game has


def seat_tokens(seats: Iterable[int]) -> str:
    """The value of ``data-bots`` / ``data-movers``: ``"s0 s2"``."""
    return " ".join(f"s{seat}" for seat in sorted(seats))


class ThinkingMarks:
    """Tags the marks of one board so that the style rules below can show them."""

    def add(self, seat: int, mark: ui.element) -> ui.element:
        return attrs(mark.classes("cs-thinking"), {"data-thinking": str(seat)})


THINKING_CSS = ".cs-thinking{display:none !important}\n" + "".join(
    f'[data-bots~="s{n}"][data-movers~="s{n}"] .cs-thinking[data-thinking="{n}"]'
    "{display:inline-flex !important}\n"
    for n in range(MAX_SEATS)
)
