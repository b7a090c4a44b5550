"""Taking back a seat's last step at a live table.

:meth:`TableUndo.undo` takes back a seat's last step of its current turn when the
engine says it may (:meth:`core.engine.State.reversible`), under the same lock as moves
and with the same rule: the removal is stored through the undo hook before anyone is
told.
"""

from __future__ import annotations

import asyncio
from typing import Any

from core.engine import State
from core.record import replay
from core.table_base import TableBase, _done, log
from core.table_info import Move, TableError


class TableUndo(TableBase):
    """The undo of :class:`core.table.Table`."""

    async def undo(self, seat: int, *, by: str, expected_ply: int | None = None) -> Move:
        """Take back ``seat``'s last step on behalf of ``by``; return the move taken back.

        Only the seat's own steps of its current turn go back, one per call: the guards
        run in order -- the submitter holds the seat (``not_player``), the game has
        started (``not_started``) and is not over (``game_over``), the client saw the
        latest position (``stale``, so a double click never takes back two steps), there
        is a move (``nothing_to_undo``), it is this seat's and no other seat acted or
        resigned since (``not_your_step``), and the engine says it may be taken back
        (``irreversible``: it ended the turn, revealed something or drew at random). The
        removal is stored through the undo hook before the position changes and before
        the listeners hear of it (a :class:`Move` with ``undone`` set); a failing hook
        raises ``storage`` and changes nothing.
        """
        return await asyncio.shield(self._undo(seat, by=by, expected_ply=expected_ply))

    async def _undo(self, seat: int, *, by: str, expected_ply: int | None) -> Move:
        announce: list[Move] = []
        try:
            async with self._lock:
                await self._settle(announce)
                before = self._undo_checked(seat, by=by, expected_ply=expected_ply)
                last_seat, last_action = self.record["actions"][-1]
                move = Move(self.ply, last_seat, last_action, undone=True)
                if await self._unstored(move, announce):
                    self.record["actions"].pop()
                    self.state = before
                    self._before = None  # the step before is found again by replay if asked for
                    self._note_movers()
                    announce.append(move)
        finally:
            await self._announce(announce)
        return move

    async def _unstored(self, move: Move, announce: list[Move]) -> bool:
        """Remove ``move`` from storage; True when the table is to take it back. After a
        failed removal the table follows storage, as :meth:`_stored` does."""
        try:
            await _done(self._persist_undo(self.hooked, move) if self._persist_undo else None)
            return True
        except Exception:
            log.exception("could not take back move %s of table %s", move.ply, self.id)
        self._unsettled = move.ply
        await self._settle(announce)
        if self.ply == move.ply:
            raise TableError(
                "storage", "The move could not be taken back; nothing was changed. Try again."
            )
        return False  # taken back after all, by the reconciliation

    def can_undo(self, seat: int, *, by: str) -> bool:
        """Whether :meth:`undo` would now take back ``seat``'s last step for ``by``."""
        try:
            self._undo_checked(seat, by=by, expected_ply=None)
        except TableError:
            return False
        return True

    def _undo_checked(self, seat: Any, *, by: str, expected_ply: int | None) -> State:
        """Run the undo guards in order; return the position before the last action."""
        self._check_turn_guards(seat, by=by, expected_ply=expected_ply)
        self._check_writable()
        if not self.record["actions"]:
            raise TableError("nothing_to_undo", "There is no move to take back.")
        if seat in self.out_of_time():
            raise TableError("time_out", "Your time has run out.")
        last_seat = self.record["actions"][-1][0]
        resigned_since = any(
            note.get("ply", 0) >= self.ply for note in self.record.get("resigned", [])
        )
        if last_seat != seat or resigned_since:
            raise TableError(
                "not_your_step",
                "Only your own last step can be taken back, before anyone else acts.",
            )
        before, reversible = self._last_step()
        if not reversible or seat not in self.state.to_move():
            raise TableError(
                "irreversible",
                "This move cannot be taken back: it ended your turn, revealed something "
                "hidden or drew at random.",
            )
        return before

    def _last_step(self) -> tuple[State, bool]:
        """The position before the last action, and whether the engine lets it be taken
        back. Kept from the last submission; otherwise (after a restart or an undo)
        rebuilt by replaying the record from its seed, which gives the same position."""
        ply = self.ply
        if self._before is None or self._before[0] != ply:
            self._before = (ply, replay(self.record, upto=ply - 1), None)
        _, before, reversible = self._before
        if reversible is None:
            seat, action = self.record["actions"][-1]
            try:
                reversible = bool(before.reversible(seat, action))
            except Exception:
                log.exception("reversible failed at ply %s of table %s", ply, self.id)
                reversible = False
            self._before = (ply, before, reversible)
        return before, reversible
