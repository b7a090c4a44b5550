"""What the spectators of a table see, drawn once per move and language and sent to all of
them in one message.

Spectators see ``view(None)`` and have nothing to click, so all the spectators of a table
who read one language see the same board. Where a game's board can draw itself as one HTML
string (``BoardSpec.spectator``), a :class:`SpectatorFeed` per table draws that string once
per move and language and sends it, with the position's ply and seats to move, in one
Socket.IO emit addressed to every one of those spectators' pages (python-socketio encodes
it once; each socket then gets the same bytes). Their stages (``ui/pages/stage.py``) show
the newest frame. A spectator's page thus costs a move no element, no update of its own and
no encoding, where a page built from elements costs the changes of each of its elements.

Each spectator's stage also keeps the frame on the server (:meth:`TableStage.keep`) and
sends it again when its socket reconnects, since a frame sent while a socket was away
is not replayed to it as NiceGUI's own updates are.

A seat change (a player resigns and a bot takes the seat) is drawn and sent like a move,
since the board names who sits where. A page that starts watching (a player who has just
resigned) is given the frame under a sequence number newer than any its stage showed: the
browser keeps the newest frame, and the stage of a player's page has shown frames of its
own (the seats to move) since the table's frame was drawn.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

from nicegui import background_tasks, core

from core.table import Move, SeatChange, SeatInfo, Table
from ui.boards import SpectatorMarkup
from ui.boards.thinking import seat_tokens
from ui.i18n import Translator
from ui.pages.stage import Frame, TableStage, new_seq
from ui.seat_names import seat_names

log = logging.getLogger(__name__)

EVENT = "cs_frame"


def turn_marks(table: Table) -> dict[str, Any]:
    """The seats to move (none once the game is over) and the seats held by bots."""
    over = table.waiting or table.state.is_over() or table.abandoned  # nobody moves now
    movers = set() if over else table.state.to_move()
    bots = [n for n, seat in enumerate(table.seats) if seat.is_bot]
    return {"table": table.id, "movers": seat_tokens(movers), "bots": seat_tokens(bots)}


class SpectatorFeed:
    """One table's spectators whose board is a shared frame (see the module docstring)."""

    def __init__(self, table: Table, draw: SpectatorMarkup) -> None:
        self.table, self.draw = table, draw
        self.stages: dict[str, dict[str, TableStage]] = {}  # language -> client id -> stage
        self.frames: dict[str, Frame] = {}  # language -> the frame of the position now
        self._state: Any = None  # the position the frames are of (the state object)
        self._seats: list[SeatInfo] = []  # and who sat where
        self._drops: list[Callable[[], None]] = []

    def join(self, stage: TableStage, lang: str, client_id: str) -> Callable[[], None]:
        """Show ``stage`` this table's frames from now on; the returned call stops it."""
        if not self._drops:
            self._drops = [
                self.table.subscribe(self._on_move),
                self.table.subscribe_seats(self._on_seats),
            ]
        self.stages.setdefault(lang, {})[client_id] = stage
        frame = self.frame(lang)
        if frame["seq"] <= stage.frame.get("seq", 0):  # older than what the browser has
            frame = {**frame, "seq": new_seq()}
        stage.show(frame)
        return lambda: self._leave(lang, client_id)

    def _leave(self, lang: str, client_id: str) -> None:
        watching = self.stages.get(lang, {})
        watching.pop(client_id, None)
        if not watching:
            self.stages.pop(lang, None)
        if not self.stages:
            for drop in self._drops:
                drop()
            self._drops = []

    def frame(self, lang: str) -> Frame:
        """The frame of the table's current position and seats in ``lang`` (drawn once)."""
        table = self.table
        if self._state is not table.state or self._seats != table.seats:
            self.frames, self._state, self._seats = {}, table.state, list(table.seats)
        frame = self.frames.get(lang)
        if frame is None:
            view = table.view(None)
            t = Translator(lang)
            said, html = self.draw(t, seat_names(t, [seat.name for seat in table.seats]), view)
            frame = self.frames[lang] = {
                "seq": new_seq(),
                **turn_marks(table),
                "ply": str(table.ply),
                "phase": str(view.get("phase", "")),
                "said": said,
                "html": html,
            }
        return frame

    def _on_move(self, table: Table, move: Move) -> None:
        self._send()

    def _on_seats(self, table: Table, change: SeatChange) -> None:
        self._send()

    def _send(self) -> None:
        """Draw the frame of the table as it is now, once per language, and send it to
        every spectator reading that language in one message."""
        table = self.table
        for lang, watching in list(self.stages.items()):  # no language is left empty
            frame = self.frame(lang)
            for stage in watching.values():
                stage.keep(frame)
            background_tasks.create(
                _emit(frame, list(watching)), name=f"spectators-{table.id}-{lang}"
            )


async def _emit(frame: Frame, client_ids: list[str]) -> None:
    """One message to every page in ``client_ids`` (each page's socket is in the room named
    after its client)."""
    try:
        await core.sio.emit(EVENT, frame, to=client_ids)
    except Exception:
        log.exception("could not send a frame to %d spectators", len(client_ids))
