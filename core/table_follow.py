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

import asyncio
import copy
from dataclasses import dataclass, field
from typing import Any

from core.clock import Clock
from core.engine import State
from core.record import replay
from core.table_base import TableBase, _done, log
from core.table_info import Move, SeatChange, SeatInfo

# Seconds between two moves followed in a row: long enough for every page to send the first
# (a page sends only the latest state of what changed since it last sent).
PACE = 0.02


@dataclass(frozen=True)
class Snapshot:
    """What storage holds of a match: its moves from ``first`` on (``first`` is a ply,
    counted from 1), every seat, the notes of resignations, the result and the clock."""

    first: int
    actions: list[list[Any]]
    seats: list[SeatInfo]
    resigned: list[dict[str, Any]] = field(default_factory=list)
    result: dict[str, Any] | None = None
    clock: Clock | None = None  # a timed match's clock as last stored


class TableFollow(TableBase):
    """How :class:`core.table.Table` follows changes another process stored."""

    async def follow(self, stored: Snapshot) -> bool:
        """Bring the table to what storage holds; whether anything changed.

        ``stored.actions`` must start no later than this table's last move (``first`` at
        most ``ply``), so that a move taken back or replaced is seen; an older start is
        fine. The table goes one move at a time, and its listeners hear each move at the
        position it made (a spectator sees every move, as when it was played here): moves
        taken back or replaced first, back to where the two agree, then each new move
        played on the position before it. Seat changes are heard last.
        """
        changed = False
        while True:
            announce: list[Move] = []
            async with self._lock:
                done = self._follow_step(stored, announce)
                change = self._follow_seats(stored) if done else None
                if done and stored.clock is not None:
                    self.clock = stored.clock
                if done and stored.result is not None and not self.record.get("result"):
                    self.record["result"] = stored.result  # an abandoned game's end
                    changed = True
            await self._announce(announce)
            changed = changed or bool(announce)
            if done:
                break
            await asyncio.sleep(PACE)  # the pages send this move before the next is played
        if change is not None:
            for listener in list(self._seat_listeners):
                try:
                    await _done(listener(self.hooked, change))
                except Exception:
                    log.exception("seat listener failed at table %s", self.id)
        return changed or change is not None

    def _follow_step(self, stored: Snapshot, announce: list[Move]) -> bool:
        """One step towards storage's moves; whether the moves now agree."""
        mine = self.record["actions"]
        if stored.first < 1 or stored.first > len(mine) + 1:
            raise ValueError(f"stored moves from ply {stored.first} leave a gap at {len(mine)}")
        theirs = mine[: stored.first - 1] + [list(action) for action in stored.actions]
        if theirs == mine:
            return True
        common = next(
            (i for i, (a, b) in enumerate(zip(mine, theirs, strict=False)) if a != b),
            min(len(mine), len(theirs)),
        )
        if common < len(mine):  # taken back or replaced: back to where the two agree
            state = replay({**self.record, "actions": theirs[:common]})
            log.info("table %s follows storage back to ply %s", self.id, common)
            for ply in range(len(mine), common, -1):
                seat, action = mine[ply - 1]
                announce.append(Move(ply, seat, action, undone=True))
            self._take(theirs[:common], state)
            return common == len(theirs)
        seat, action = theirs[common]
        state = self.state.clone()
        state.apply(seat, action)  # a move this engine refuses raises: nothing changed
        self._take([*mine, [seat, action]], state)
        result = self.record.get("result")
        announce.append(Move(common + 1, seat, action, result=result))
        return common + 1 == len(theirs)

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
