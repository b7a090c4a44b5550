"""The table's stage: a custom element holding the seat strip and the board.

It carries, as data attributes, the seats to move and the seats held by bots, from which
the style rules draw the turn rings of the seat strip and the bots' "thinking" marks: a
move changes one element of a player's page for them. For a spectator it also draws the
whole board from one HTML string (a *frame*, see ``ui/pages/spectators.py``).
"""

from __future__ import annotations

import time
from typing import Any

from nicegui import ui

Frame = dict[str, Any]
"""``seq`` (newer frames are larger), ``table``, ``ply``, ``phase``, ``movers`` and ``bots``
(``seat_tokens``); a spectator's frame adds ``html`` (the board) and ``said`` (what a screen
reader is told of the position)."""


def new_seq() -> int:
    """A frame's sequence number: later frames have larger ones (a monotonic clock)."""
    return time.monotonic_ns()


class TableStage(ui.element, component="stage.js"):
    """The stage of one page of a table (see the module docstring)."""

    def __init__(self, table_id: str) -> None:
        super().__init__()
        self._props["table"] = table_id
        self._props["frame"] = {"seq": 0, "table": table_id, "movers": "", "bots": ""}

    @property
    def frame(self) -> Frame:
        return self._props["frame"]

    def show(self, frame: Frame) -> None:
        """Send ``frame`` to this page (with its next update)."""
        if _content(frame) != _content(self._props["frame"]):
            self._props["frame"] = frame
            self.update()

    def keep(self, frame: Frame) -> None:
        """Remember ``frame``, which the browser has been sent by other means, so that a
        page that reconnects or is inspected on the server shows it too (see :meth:`resend`).

        Stored past the props' observer: setting a prop the usual way would send the
        page an update of its own (and wrap the frame in an observable dict), which is
        the very cost a feed saves."""
        dict.__setitem__(self._props, "frame", frame)

    def resend(self) -> None:
        """Send the frame again: a socket that reconnects may have missed some."""
        self.update()


def _content(frame: Frame) -> Frame:
    return {key: value for key, value in frame.items() if key != "seq"}
