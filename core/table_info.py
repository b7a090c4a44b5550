"""What a live table is made of: who sits where, its settings, its moves and refusals.

The plain values of :mod:`core.table`, which gives them under its own name too.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from core.clock import Clock, Tempo

HUMAN, GUEST, BOT, HOTSEAT = "human", "guest", "bot", "hotseat"
OPEN, INVITED = "open", "invited"
EMPTY = (OPEN, INVITED)
TAKEOVER_BOT = "bot:normal"  # who plays on for a player who resigns


@dataclass(frozen=True)
class SeatInfo:
    """Who sits at a seat. ``holder`` is the identity allowed to act for it."""

    kind: str
    holder: str
    name: str

    @property
    def is_bot(self) -> bool:
        return self.kind == BOT

    @property
    def is_empty(self) -> bool:
        """An open or invited seat nobody has taken yet."""
        return self.kind in EMPTY

    @property
    def user_id(self) -> str | None:
        """The account behind a seat a person holds (None for bots and empty seats)."""
        return self.holder if self.kind in (HUMAN, GUEST, HOTSEAT) else None

    @staticmethod
    def empty(kind: str = OPEN) -> SeatInfo:
        return SeatInfo(kind, "", "")

    @property
    def bot_name(self) -> str:
        """For a bot seat, the bot's id (``bot:heuristic`` -> ``heuristic``)."""
        return self.holder.removeprefix("bot:")


@dataclass(frozen=True)
class Move:
    """An applied action; ``ply`` counts the actions applied so far, this one included.

    Listeners also hear of a move taken back (:meth:`Table.undo`): ``undone`` is then
    True, ``ply`` is the ply the move had, and the table is back at ``ply - 1``.
    ``result`` is set on the move that ends the game: the match's result
    (:meth:`Table.final_result`), computed once by the table, stored with the move by
    the persistence hook and kept in the record.
    """

    ply: int
    seat: int
    action: str
    undone: bool = False
    result: dict[str, Any] | None = field(default=None, compare=False)
    clock: Clock | None = field(default=None, compare=False)  # a timed table's, after it


class NotStored(Exception):
    """Raised by a persistence hook that knows it wrote nothing (the site is stopping, say):
    the table then has nothing to reconcile and refuses the change at once."""


class Superseded(Exception):
    """Raised by a hook when storage already holds another change in its place (another
    process stored a move at that ply, or changed that seat, first): the table then
    follows storage and refuses the change as ``stale`` or ``seat_taken``."""


class TableError(Exception):
    """A refused submission. ``code`` is stable; ``message`` is readable English."""

    def __init__(self, code: str, message: str, **params: Any) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.params = params


@dataclass(frozen=True)
class TableSettings:
    """How a table gathers its players: who opened it, its invitation token, whether
    it is private (not listed, watched only with the invitation) and has a chat; and its
    tempo (core/clock.py: untimed unless the host chose a clock)."""

    host: str = ""
    invite: str = ""
    private: bool = False
    chat: bool = True
    invited: tuple[int, ...] = ()  # the seats kept for the invited
    tempo: Tempo = Tempo()

    def to_json(self) -> dict[str, Any]:
        return {
            "host": self.host,
            "invite": self.invite,
            "private": self.private,
            "chat": self.chat,
            "invited": list(self.invited),
            "tempo": self.tempo.to_json(),
        }

    @staticmethod
    def from_json(data: dict[str, Any] | None) -> TableSettings:
        data = data or {}
        return TableSettings(
            host=str(data.get("host", "")),
            invite=str(data.get("invite", "")),
            private=bool(data.get("private", False)),
            chat=bool(data.get("chat", True)),
            invited=tuple(int(seat) for seat in data.get("invited", ())),
            tempo=Tempo.from_json(data.get("tempo")),
        )


@dataclass(frozen=True)
class SeatChange:
    """Seats changed: ``seats`` lists the seat numbers; ``resigned`` is set by a resignation."""

    seats: tuple[int, ...]
    resigned: dict[str, Any] | None = None
    clock: Clock | None = field(default=None, compare=False)  # a timed table's, after it
    # Who sat at ``seats`` before (set by the table): storage makes the change only if it
    # still holds them, so two processes cannot both give away one open seat.
    before: tuple[SeatInfo, ...] | None = field(default=None, compare=False)
