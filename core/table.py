"""Live tables: seats, ordered guards, persistence before notification.

A :class:`Table` owns one game state. :meth:`Table.submit` checks, in this
order, that the submitter holds the seat, that the game is not over, that the
client saw the latest position (``expected_ply``; or, in a simultaneous step,
a position since which only the other seats of that step moved), that it is
the seat's turn,
that the notation reads and that the action is legal; then it applies the
action to a copy, hands the move to the persistence hook, and only once the
hook has returned swaps the copy in and tells the listeners. A hook that fails
leaves the table exactly as it was. One asyncio lock per table serialises
submissions, so a double click never applies twice.

A table without a persistence hook is *read-only*: it shows a game and refuses every
move, undo and seat change (``read_only``), so nothing is ever shown that was not
stored. Tests and tools that keep a game in memory on purpose say so
(``in_memory=True``).

Its parts: :mod:`core.table_info` (seats, settings, moves, refusals),
:mod:`core.table_base` (state, views, listeners, the shared guards, and following storage
after a write whose outcome is unknown), :mod:`core.table_seats` (join, leave, bots,
resign), :mod:`core.table_undo` (taking back a step) and :mod:`core.table_follow`
(catching up with what another process stored). Every public name is given
here too.
"""

from __future__ import annotations

import asyncio
from typing import Any

from core.clock import Clock, after_move, expired
from core.engine import IllegalAction, State
from core.table_base import (
    UNKNOWN,
    YIELD_EVERY,
    Listener,
    Persist,
    PersistSeats,
    PersistUndo,
    Reconcile,
    SeatListener,
    Stored,
    _done,
    log,
)
from core.table_follow import Snapshot, TableFollow
from core.table_info import (
    BOT,
    EMPTY,
    GUEST,
    HOTSEAT,
    HUMAN,
    INVITED,
    OPEN,
    TAKEOVER_BOT,
    Move,
    NotStored,
    SeatChange,
    SeatInfo,
    Superseded,
    TableError,
    TableSettings,
)
from core.table_seats import TableSeats
from core.table_undo import TableUndo

__all__ = [
    "BOT",
    "EMPTY",
    "GUEST",
    "HOTSEAT",
    "HUMAN",
    "INVITED",
    "MAX_ACTION",
    "OPEN",
    "QUOTED",
    "TAKEOVER_BOT",
    "UNKNOWN",
    "YIELD_EVERY",
    "Listener",
    "Move",
    "NotStored",
    "Persist",
    "PersistSeats",
    "PersistUndo",
    "Reconcile",
    "SeatChange",
    "SeatInfo",
    "SeatListener",
    "Snapshot",
    "Superseded",
    "Stored",
    "Table",
    "TableError",
    "TableSettings",
    "Tables",
]

# Characters in an action's text: far more than any game's longest legal action (about 40),
# so longer text is refused before the engine reads it, and only its start is quoted.
MAX_ACTION = 100
QUOTED = 20


class Table(TableSeats, TableUndo, TableFollow):
    """One game being played, held in memory."""

    async def submit(
        self, seat: int, action: str, *, by: str, expected_ply: int | None = None
    ) -> Move:
        """Apply ``action`` for ``seat`` on behalf of ``by``, or raise :class:`TableError`.

        ``expected_ply`` is the position the choice was made at: a later one refuses it as
        ``stale``, unless only other seats of the same simultaneous step moved since (a
        sealed bid stands while the other bidders bid). Once begun, a submission runs to its
        end even if the caller is cancelled (a page closing mid-click): a move that was
        stored is always applied and announced.
        """
        return await asyncio.shield(self._submit(seat, action, by=by, expected_ply=expected_ply))

    async def _submit(self, seat: int, action: str, *, by: str, expected_ply: int | None) -> Move:
        announce: list[Move] = []
        try:
            async with self._lock:
                await self._settle(announce)
                after = self._checked(seat, action, by=by, expected_ply=expected_ply)
                result = self.final_result(after) if after.is_over() else None
                move = Move(
                    self.ply + 1, seat, action, result=result, clock=self._clock_after(seat, after)
                )
                if await self._stored(move, after, announce):
                    self._apply(move, after)
                    announce.append(move)
        finally:
            await self._announce(announce)
        return move

    async def _stored(self, move: Move, after: State, announce: list[Move]) -> bool:
        """Store ``move``; True when the table is to apply it. After a failed write the
        table follows storage (which may already have applied the move, or another) and
        False is returned, or a :class:`TableError` says what is known."""
        try:
            await _done(self._persist(self, move, after) if self._persist else None)
            return True
        except NotStored as err:
            raise TableError(
                "storage", "The move could not be saved; nothing was changed. Try again."
            ) from err
        except Superseded as err:  # another process stored its move at this ply first
            log.info("table %s: ply %s was stored elsewhere first", self.id, move.ply)
            self._unsettled = move.ply
            await self._settle(announce)  # this table now shows what storage holds
            raise TableError(
                "stale", "The game moved on while you were choosing; here is the new position."
            ) from err
        except Exception:
            log.exception("could not store move %s of table %s", move.ply, self.id)
        self._unsettled = move.ply
        await self._settle(announce)
        if self.ply == move.ply - 1:
            raise TableError(
                "storage", "The move could not be saved; nothing was changed. Try again."
            )
        if self.record["actions"][-1] != [move.seat, move.action]:
            raise TableError(
                "stale", "The game moved on while you were choosing; here is the new position."
            )
        self.clock = move.clock or self.clock  # the clock was stored with it
        return False  # stored after all: applied by the reconciliation, announced with it

    def _apply(self, move: Move, after: State) -> None:
        self._before = (move.ply, self.state, None)
        self.state = after
        self.record["actions"].append([move.seat, move.action])
        if move.result is not None:
            self.record["result"] = move.result
        if move.clock is not None:
            self.clock = move.clock
        self._note_movers(move.seat)

    def _clock_after(self, seat: int, after: State) -> Clock | None:
        """A timed table's clock once ``seat`` has moved now to reach ``after``."""
        if self.clock is None:
            return None
        return after_move(self.tempo, self.clock, seat, self._on_clock(after), self.now())

    def _checked(self, seat: int, action: Any, *, by: str, expected_ply: int | None) -> State:
        """Run the guards in order; return the state after the action, on a copy."""
        self._check_turn_guards(seat, by=by, expected_ply=expected_ply, simultaneous=True)
        self._check_writable()
        if seat not in self.state.to_move():
            raise TableError("not_your_turn", "It is not your turn.")
        if self.clock is not None and seat in expired(self.clock, self.now()):
            raise TableError("time_out", "Your time has run out.")
        if isinstance(action, str) and len(action) > MAX_ACTION:
            start = action[:QUOTED] + "…"
            raise TableError(
                "bad_notation",
                f"'{start}' is too long: a move is written in at most {MAX_ACTION} characters.",
                key="action_too_long",
                action=start,
                limit=MAX_ACTION,
            )
        after = self.state.clone()
        try:
            after.apply(seat, action)
        except IllegalAction as err:
            code = "bad_notation" if err.code == "notation" else "illegal"
            raise TableError(code, err.message, key=err.key, **err.params) from err
        return after


class Tables:
    """The live tables of one server process, by id."""

    def __init__(self) -> None:
        self._tables: dict[str, Table] = {}

    def add(self, table: Table) -> Table:
        self._tables[table.id] = table
        return table

    def get(self, table_id: str) -> Table:
        try:
            return self._tables[table_id]
        except KeyError:
            raise TableError("not_found", "There is no such table.") from None

    def all(self) -> list[Table]:
        return list(self._tables.values())

    def remove(self, table_id: str) -> None:
        """Forget a table (a finished one, once its players have left); unknown ids are ignored."""
        self._tables.pop(table_id, None)

    def __contains__(self, table_id: object) -> bool:
        return table_id in self._tables

    def __len__(self) -> int:
        return len(self._tables)
