"""Seats of a live table: joining, leaving, starting with bots, resigning.

A table may wait for players: a seat is then *open* (anyone may take it) or
*invited* (taken only with the table's invitation token). Until every seat is
taken no move is accepted. :meth:`TableSeats.join`, :meth:`TableSeats.leave`,
:meth:`TableSeats.fill_with_bots`, :meth:`TableSeats.resign`, :meth:`TableSeats.time_out`
and :meth:`TableSeats.expel` change seats under the same lock as moves, store the change
through the seat hook first, then tell the seat listeners.
"""

from __future__ import annotations

import copy
import dataclasses
from collections.abc import Callable

from core.clock import REALTIME, expired, start, with_running
from core.table_base import TableBase, _done, log
from core.table_info import (
    BOT,
    GUEST,
    INVITED,
    OPEN,
    TAKEOVER_BOT,
    Move,
    SeatChange,
    SeatInfo,
    Superseded,
    TableError,
)


class TableSeats(TableBase):
    """The seat changes of :class:`core.table.Table`."""

    async def join(
        self, seat: int, *, by: str, name: str, kind: str = GUEST, invite: str = ""
    ) -> None:
        """Take the empty ``seat`` for ``by``; an invited seat needs the table's token."""

        def change() -> SeatChange:
            self._check_seat(seat)
            if not self.seats[seat].is_empty:  # also when the game has started: no seat is empty
                raise TableError("seat_taken", "Someone has just taken this seat.")
            if self.seats[seat].kind == INVITED and (
                not invite or not self.settings.invite or invite != self.settings.invite
            ):
                raise TableError("bad_invite", "This seat is kept for the people invited.")
            if self.seats_held_by(by):
                raise TableError("already_seated", "You already have a seat at this table.")
            self.seats[seat] = SeatInfo(kind, by, name)
            return SeatChange((seat,))

        await self._change_seats(change)

    async def leave(self, *, by: str) -> None:
        """Give up ``by``'s seat before the game starts (the host cannot: it cancels)."""

        def change() -> SeatChange:
            if not self.waiting:
                raise TableError("started", "The game has already started.")
            held = self.seats_held_by(by)
            if not held:
                raise TableError("not_player", "You do not hold a seat at this table.")
            if by == self.settings.host:
                raise TableError("host", "The host cannot leave; cancel the table instead.")
            for seat in held:
                self.seats[seat] = SeatInfo.empty(self._empty_kind(seat))
            return SeatChange(tuple(held))

        await self._change_seats(change)

    async def fill_with_bots(self, *, by: str, bot: str, names: list[str]) -> None:
        """The host starts now: every empty seat gets ``bot`` (``names`` per empty seat)."""

        def change() -> SeatChange:
            if by != self.settings.host:
                raise TableError("host", "Only the host can start the game early.")
            empty = [i for i, seat in enumerate(self.seats) if seat.is_empty]
            if not empty:
                raise TableError("started", "The game has already started.")
            if len(names) != len(empty):
                raise ValueError("One name per empty seat.")
            for seat, name in zip(empty, names, strict=True):
                self.seats[seat] = SeatInfo(BOT, bot, name)
            return SeatChange(tuple(empty))

        await self._change_seats(change)

    async def resign(self, seat: int, *, by: str, name: str, bot: str = TAKEOVER_BOT) -> None:
        """``by`` gives up ``seat``; a bot called ``name`` plays it to the end, and the
        record notes at which ply it took over."""

        def change() -> SeatChange:
            self._check_seat(seat)
            if self.seats[seat].holder != by or not by:
                raise TableError("not_player", "You do not hold this seat.")
            if self.waiting:
                raise TableError(
                    "not_started", "The game has not started; leave the table instead."
                )
            return self._to_bot(seat, name, bot)

        await self._change_seats(change)

    async def time_out(self, seat: int, *, name: str, bot: str = TAKEOVER_BOT) -> None:
        """``seat``'s time has run out (the server's clock says so, or ``time_left``
        is refused): a bot called ``name`` plays it on, and the record notes the ply and
        that it timed out, a loss for its player. Where storage already holds a change of
        that seat (another process timed it out first) this is ``seat_taken``."""

        def change() -> SeatChange:
            self._check_seat(seat)
            if self.clock is None or seat not in expired(self.clock, self.now()):
                raise TableError("time_left", "This seat still has time.")
            return self._to_bot(seat, name, bot, timed_out=True)

        await self._change_seats(change)

    async def expel(self, seat: int, *, by: str, name: str, bot: str = TAKEOVER_BOT) -> None:
        """Another player, ``by``, gives the seat of a player who left a real-time game to
        a bot called ``name``; the record notes that they left, a loss for them. Whether
        they left long enough ago (their grace) is the site's to judge: only it knows who
        has a page open (docs/clocks.md)."""

        def change() -> SeatChange:
            self._check_seat(seat)
            mine = [n for n in self.seats_held_by(by) if n != seat and not self.seats[n].is_bot]
            if not mine:
                raise TableError("not_player", "Only another player may give this seat away.")
            if self.tempo.kind != REALTIME or self.waiting:
                raise TableError("not_timed", "Only a real-time game's seats may be given away.")
            if self.seats[seat].user_id is None or self.seats[seat].holder == by:
                raise TableError("not_player", "Nobody who could leave holds this seat.")
            return self._to_bot(seat, name, bot, left=True)

        await self._change_seats(change)

    def _to_bot(self, seat: int, name: str, bot: str, **note: bool) -> SeatChange:
        """Give the player's ``seat`` to ``bot`` for the rest of the game (resigned, or
        timed out: ``note``), noting who left at which ply."""
        if self.state.is_over():
            raise TableError("game_over", "The game is over.")
        left = {"seat": seat, "ply": self.ply, "by": self.seats[seat].name, "bot": bot, **note}
        self.seats[seat] = SeatInfo(BOT, bot, name)
        self.record.setdefault("resigned", []).append(left)
        return SeatChange((seat,), resigned=left)

    def _clock_for_seats(self) -> None:
        """A timed table's clock after a seat change: it starts once every seat is
        taken; a seat given to a bot stops running (what it used so far is charged)."""
        if not self.tempo.timed or self.waiting or self.state.is_over():
            return
        on_clock = self._on_clock(self.state)
        if self.clock is None:
            self.clock = start(self.tempo, len(self.seats), on_clock, self.now())
        elif on_clock != self.clock.running:
            self.clock = with_running(self.clock, on_clock, self.now())

    def _empty_kind(self, seat: int) -> str:
        return INVITED if seat in self.settings.invited else OPEN

    async def _change_seats(self, change: Callable[[], SeatChange]) -> None:
        announce: list[Move] = []
        try:
            async with self._lock:
                self._check_writable()
                await self._settle(announce)
                seats, record = list(self.seats), copy.deepcopy(self.record)
                clock = self.clock
                done = change()
                self._clock_for_seats()
                done = dataclasses.replace(
                    done,
                    before=tuple(seats[i] for i in done.seats),
                    clock=None if self.clock is clock else self.clock,
                )
                self.record["seats"] = [seat.name for seat in self.seats]
                try:
                    await _done(
                        self._persist_seats(self.hooked, done) if self._persist_seats else None
                    )
                except Exception as err:
                    self.seats[:] = seats
                    self.record.clear()
                    self.record.update(record)
                    self.clock = clock
                    if isinstance(err, Superseded):  # changed by another process first
                        raise TableError(
                            "seat_taken", "Someone has just changed this seat; here it is now."
                        ) from err
                    log.exception("could not store seats %s of table %s", done.seats, self.id)
                    raise TableError(
                        "storage", "The change could not be saved; nothing was changed. Try again."
                    ) from err
        finally:
            await self._announce(announce)
        for listener in list(self._seat_listeners):
            try:
                await _done(listener(self.hooked, done))
            except Exception:
                log.exception("seat listener failed at table %s", self.id)
