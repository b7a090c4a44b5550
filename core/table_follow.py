"""A live table catching up with storage, where another process made the change.

When several processes serve the site, a table lives in each process that has visitors
for it, and storage is the one source of truth: a process that stores a move tells the
others only *that* the table changed, and each of them reads what changed from storage and
follows it here. The table is brought to what storage holds (moves added, moves taken
back, seats taken, left or resigned, the result of an abandoned game) under the same lock
as its own changes, and its listeners hear of each change as if it had been made here,
so pages and bots cannot tell the difference.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any

from core.engine import State
from core.record import replay
from core.table_base import TableBase, _done, log
from core.table_info import Move, SeatChange, SeatInfo


@dataclass(frozen=True)
class Snapshot:
    """What storage holds of a match: its moves from ``first`` on (``first`` is a ply,
    counted from 1), every seat, the notes of resignations and the result."""

    first: int
    actions: list[list[Any]]
    seats: list[SeatInfo]
    resigned: list[dict[str, Any]] = field(default_factory=list)
    result: dict[str, Any] | None = None


class TableFollow(TableBase):
    """How :class:`core.table.Table` follows changes another process stored."""

    async def follow(self, stored: Snapshot) -> bool:
        """Bring the table to what storage holds; whether anything changed.

        ``stored.actions`` must start no later than this table's last move (``first`` at
        most ``ply``), so that a move taken back or replaced is seen; an older start is
        fine. Moves that extend the game are played on the current position; a change
        further back (an undo here, a different move there) replays the record. The
        listeners hear each move, then each seat change, after the lock is released.
        """
        announce: list[Move] = []
        change: SeatChange | None = None
        async with self._lock:
            self._follow_moves(stored, announce)
            change = self._follow_seats(stored)
            if stored.result is not None and not self.record.get("result"):
                self.record["result"] = stored.result  # an abandoned game's end
        await self._announce(announce)
        if change is not None:
            for listener in list(self._seat_listeners):
                try:
                    await _done(listener(self.hooked, change))
                except Exception:
                    log.exception("seat listener failed at table %s", self.id)
        return bool(announce) or change is not None or stored.result is not None

    def _follow_moves(self, stored: Snapshot, announce: list[Move]) -> None:
        mine = self.record["actions"]
        if stored.first < 1 or stored.first > len(mine) + 1:
            raise ValueError(f"stored moves from ply {stored.first} leave a gap at {len(mine)}")
        theirs = mine[: stored.first - 1] + [list(action) for action in stored.actions]
        if theirs == mine:
            return
        common = next(
            (i for i, (a, b) in enumerate(zip(mine, theirs, strict=False)) if a != b),
            min(len(mine), len(theirs)),
        )
        if common == len(mine):  # the game went on elsewhere: play the new moves here
            state = self.state.clone()
            for seat, action in theirs[common:]:
                state.apply(seat, action)
        else:  # a move was taken back, or replaced: the position is replayed
            state = replay({**self.record, "actions": theirs})
        log.info("table %s follows storage from ply %s to ply %s", self.id, common, len(theirs))
        for ply in range(len(mine), common, -1):
            seat, action = mine[ply - 1]
            announce.append(Move(ply, seat, action, undone=True))
        self._take(theirs, state)
        for ply in range(common + 1, len(theirs) + 1):
            seat, action = theirs[ply - 1]
            result = self.record.get("result") if ply == len(theirs) else None
            announce.append(Move(ply, seat, action, result=result))

    def _take(self, actions: list[list[Any]], state: State) -> None:
        self.state = state
        self.record["actions"] = actions
        self.record["result"] = self.final_result(state) if state.is_over() else None
        self._before = None
        self._note_movers()

    def _follow_seats(self, stored: Snapshot) -> SeatChange | None:
        changed = tuple(
            i for i, (mine, theirs) in enumerate(zip(self.seats, stored.seats, strict=True))
            if mine != theirs
        )  # fmt: skip
        known = self.record.get("resigned", [])
        added = [note for note in stored.resigned if note not in known]
        if not changed and not added:
            return None
        self.seats[:] = stored.seats
        self.record["seats"] = [seat.name for seat in self.seats]
        if stored.resigned:
            self.record["resigned"] = copy.deepcopy(stored.resigned)
            if self.state.is_over():  # a resigner is ranked last in the result
                self.record["result"] = self.final_result(self.state)
        return SeatChange(changed, resigned=added[-1] if added else None)
