"""Live tables: seats, ordered guards, persistence before notification.

A :class:`Table` owns one game state. :meth:`Table.submit` checks, in this
order, that the submitter holds the seat, that the game is not over, that the
client saw the latest position (``expected_ply``), that it is the seat's turn,
that the notation reads and that the action is legal; then it applies the
action to a copy, hands the move to the persistence hook, and only once the
hook has returned swaps the copy in and tells the listeners. A hook that fails
leaves the table exactly as it was. One asyncio lock per table serialises
submissions, so a double click never applies twice.
"""

from __future__ import annotations

import asyncio
import inspect
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

from core.engine import IllegalAction, State
from core.record import replay, result_of

log = logging.getLogger(__name__)

HUMAN, GUEST, BOT, HOTSEAT = "human", "guest", "bot", "hotseat"


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
    def bot_name(self) -> str:
        """For a bot seat, the bot's id (``bot:heuristic`` -> ``heuristic``)."""
        return self.holder.removeprefix("bot:")


@dataclass(frozen=True)
class Move:
    """An applied action; ``ply`` counts the actions applied so far, this one included."""

    ply: int
    seat: int
    action: str


class TableError(Exception):
    """A refused submission. ``code`` is stable; ``message`` is readable English."""

    def __init__(self, code: str, message: str, **params: Any) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.params = params


Persist = Callable[["Table", Move, State], Awaitable[None] | None]
Listener = Callable[["Table", Move], Awaitable[None] | None]


class Table:
    """One game being played, held in memory."""

    def __init__(
        self,
        table_id: str,
        record: dict[str, Any],
        seats: list[SeatInfo],
        persist: Persist | None = None,
    ) -> None:
        if len(seats) != record["players"]:
            raise ValueError("One seat per player.")
        self.id = table_id
        self.record = record
        self.seats = list(seats)
        self.state = replay(record)
        self._persist = persist
        self._listeners: list[Listener] = []
        self._lock = asyncio.Lock()

    @property
    def game(self) -> str:
        return str(self.record["game"])

    @property
    def ply(self) -> int:
        return len(self.record["actions"])

    def seats_held_by(self, identity: str) -> list[int]:
        return [i for i, seat in enumerate(self.seats) if seat.holder == identity]

    def view(self, seat: int | None) -> dict[str, Any]:
        return self.state.view(seat)

    def legal_actions(self, seat: int) -> list[str]:
        return self.state.legal_actions(seat)

    def subscribe(self, listener: Listener) -> Callable[[], None]:
        """Call ``listener(table, move)`` after every applied move; returns an unsubscriber."""
        self._listeners.append(listener)
        return lambda: self._listeners.remove(listener) if listener in self._listeners else None

    async def submit(
        self, seat: int, action: str, *, by: str, expected_ply: int | None = None
    ) -> Move:
        """Apply ``action`` for ``seat`` on behalf of ``by``, or raise :class:`TableError`.

        Once begun, a submission runs to its end even if the caller is cancelled (a
        page closing mid-click): a move that was stored is always applied and announced.
        """
        return await asyncio.shield(self._submit(seat, action, by=by, expected_ply=expected_ply))

    async def _submit(self, seat: int, action: str, *, by: str, expected_ply: int | None) -> Move:
        async with self._lock:
            after = self._checked(seat, action, by=by, expected_ply=expected_ply)
            move = Move(self.ply + 1, seat, action)
            try:
                result = self._persist(self, move, after) if self._persist else None
                if inspect.isawaitable(result):
                    await result
            except Exception as err:
                log.exception("could not store move %s of table %s", move.ply, self.id)
                raise TableError(
                    "storage", "The move could not be saved; nothing was changed. Try again."
                ) from err
            self.state = after
            self.record["actions"].append([seat, action])
            if after.is_over():
                self.record["result"] = result_of(after)
        await self._notify(move)
        return move

    def _checked(self, seat: int, action: Any, *, by: str, expected_ply: int | None) -> State:
        """Run the guards in order; return the state after the action, on a copy."""
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < len(self.seats):
            raise TableError("not_player", "There is no such seat at this table.")
        if self.seats[seat].holder != by:
            raise TableError("not_player", "You do not hold this seat.")
        if self.state.is_over():
            raise TableError("game_over", "The game is over.")
        if expected_ply is not None and expected_ply != self.ply:
            raise TableError(
                "stale", "The game moved on while you were choosing; here is the new position."
            )
        if seat not in self.state.to_move():
            raise TableError("not_your_turn", "It is not your turn.")
        after = self.state.clone()
        try:
            after.apply(seat, action)
        except IllegalAction as err:
            code = "bad_notation" if err.code == "notation" else "illegal"
            raise TableError(code, err.message, key=err.key, **err.params) from err
        return after

    async def _notify(self, move: Move) -> None:
        for listener in list(self._listeners):
            try:
                result = listener(self, move)
                if inspect.isawaitable(result):
                    await result
            except Exception:
                log.exception("listener failed on move %s of table %s", move.ply, self.id)


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

    def remove(self, table_id: str) -> None:
        """Forget a table (a finished one, once its players have left); unknown ids are ignored."""
        self._tables.pop(table_id, None)

    def __contains__(self, table_id: object) -> bool:
        return table_id in self._tables

    def __len__(self) -> int:
        return len(self._tables)
