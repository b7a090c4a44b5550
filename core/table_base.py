"""The part of a live table every change shares: its state and views, its listeners,
the guards a move and an undo both run, and how it follows storage after a write whose
outcome is unknown.

When a hook fails, the write may still have gone through (a commit whose reply was
lost). The table then asks its ``reconcile`` hook what storage holds at that ply and
follows it: the same move is applied and announced as if the write had succeeded,
another move is followed, nothing means nothing changed. While storage cannot be read
either, the table refuses every change (``storage_unknown``) and asks again at the
next attempt.
"""

from __future__ import annotations

import asyncio
import inspect
import logging
import time
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any, cast

from core.clock import Clock, Tempo, expired, remaining, start, timed_seats
from core.engine import State
from core.record import replay, resigned_seats, result_of, standing
from core.table_info import Move, SeatChange, SeatInfo, TableError, TableSettings

if TYPE_CHECKING:
    from core.table import Table

log = logging.getLogger("core.table")

YIELD_EVERY = 20  # listeners told between two turns of the event loop
UNKNOWN = (
    "The move may not have been saved. The table takes no more moves until the database "
    "answers; try again in a moment."
)


Persist = Callable[["Table", Move, State], Awaitable[None] | None]
PersistSeats = Callable[["Table", SeatChange], Awaitable[None] | None]
PersistUndo = Callable[["Table", Move], Awaitable[None] | None]
Stored = tuple[int, str] | None  # the (seat, action) storage holds at a ply, or nothing
Reconcile = Callable[["Table", int], Awaitable[Stored] | Stored]
Listener = Callable[["Table", Move], Awaitable[None] | None]
SeatListener = Callable[["Table", SeatChange], Awaitable[None] | None]


class TableBase:
    """A live table's state, views and listeners, and the guards and reconciliation its
    moves, undos and seat changes share (:class:`core.table.Table` puts them together)."""

    def __init__(
        self,
        table_id: str,
        record: dict[str, Any],
        seats: list[SeatInfo],
        persist: Persist | None = None,
        *,
        settings: TableSettings | None = None,
        persist_seats: PersistSeats | None = None,
        persist_undo: PersistUndo | None = None,
        reconcile: Reconcile | None = None,
        in_memory: bool = False,
        clock: Clock | None = None,
        now: Callable[[], float] = time.time,
    ) -> None:
        if len(seats) != record["players"]:
            raise ValueError("One seat per player.")
        self.id = table_id
        self.record = record
        self.seats = list(seats)
        self.settings = settings or TableSettings()
        self.state = replay(record)
        self._viewed: State | None = None  # the position the views and lists below are of
        self._views: dict[int | None, dict[str, Any]] = {}
        self._legal: dict[int, list[str]] = {}
        self._persist = persist
        self._persist_seats = persist_seats
        self._persist_undo = persist_undo
        self._reconcile = reconcile
        self._in_memory = in_memory
        self._unsettled: int | None = None  # a ply whose write storage may or may not hold
        # The position before the last action, and whether that action may be taken back
        # (None: not asked yet); rebuilt by replay when missing (after a restart or an undo).
        self._before: tuple[int, State, bool | None] | None = None
        # For each seat to move, the ply since which it has been to move without acting:
        # a choice it made at any position since then is still current (simultaneous steps).
        self._to_move_since: dict[int, int] = {}
        self._note_movers()
        self._listeners: list[Listener] = []
        self._seat_listeners: list[SeatListener] = []
        self._lock = asyncio.Lock()
        # A timed table's clock (core/clock.py) and the server's time it is judged by: the
        # stored one, or, for a game that starts now, a fresh one (stored by the site).
        self.now = now
        self.clock = clock
        if self.clock is None and self.tempo.timed and not self.waiting and not self.ended:
            self.clock = start(self.tempo, len(self.seats), self._on_clock(self.state), now())

    @property
    def hooked(self) -> Table:
        """This table as its hooks and listeners receive it: always a whole :class:`Table`."""
        return cast("Table", self)

    @property
    def game(self) -> str:
        return str(self.record["game"])

    @property
    def ply(self) -> int:
        return len(self.record["actions"])

    @property
    def read_only(self) -> bool:
        """Whether the table only shows its game: it has nowhere to store a change."""
        return self._persist is None and not self._in_memory

    @property
    def waiting(self) -> bool:
        """Whether some seat is still open or invited (no move is taken until all are filled)."""
        return any(seat.is_empty for seat in self.seats)

    @property
    def tempo(self) -> Tempo:
        return self.settings.tempo

    def _on_clock(self, state: State) -> tuple[int, ...]:
        """The seats whose time runs at ``state``: people to move (none once it is over)."""
        if state.is_over():
            return ()
        people = {i for i, seat in enumerate(self.seats) if seat.user_id is not None}
        return timed_seats(people, state.to_move())

    def time_left(self) -> tuple[float, ...] | None:
        """Each seat's seconds left now (None at an untimed table or before the start)."""
        return None if self.clock is None else remaining(self.clock, self.now())

    def out_of_time(self) -> tuple[int, ...]:
        """The seats on the clock whose time has run out (the site times them out)."""
        if self.clock is None or self.ended:
            return ()
        return expired(self.clock, self.now())

    @property
    def abandoned(self) -> bool:
        """Every person at this game has resigned, or a player's time ran out at a table
        whose game then ends (its tempo's ``on_timeout``): the game ends there, bots do not
        play it out (docs/decisions.md). A game begun with bots only is not abandoned."""
        if not self.record.get("resigned") or self.state.is_over():
            return False
        if self.tempo.on_timeout == "end" and self.timed_out:
            return True
        return all(seat.user_id is None for seat in self.seats)

    @property
    def timed_out(self) -> bool:
        """Whether some seat was given to a bot because its player's time ran out."""
        return any(
            isinstance(note, dict) and note.get("timed_out")
            for note in self.record.get("resigned") or ()
        )

    @property
    def ended(self) -> bool:
        """The game is over: played to its end, or ended when its last person resigned
        (an abandoned game has its result once the site has stored it)."""
        return self.state.is_over() or bool(self.record.get("result"))

    @property
    def resigned(self) -> set[int]:
        """The seats whose players resigned (a bot plays each of them on)."""
        return resigned_seats(self.record.get("resigned"))

    def final_result(self, state: State) -> dict[str, Any]:
        """The stored result of the finished ``state`` at this table: a player who resigned
        is ranked last even when the bot that took their seat won (:func:`result_of`)."""
        return result_of(state, self.resigned)

    def resignation_result(self) -> dict[str, Any]:
        """The result of an abandoned game: the seats nobody resigned are ranked by the
        engine's current standing (its own order: in Pueblo the fewest penalties lead),
        every resigned seat shares the last place after them (a resignation is a loss);
        scores are the current ones."""
        return {
            "scores": self.state.scores(),
            "ranking": standing(self.state.ranking(), self.resigned),
            "ended": "timed_out" if self.timed_out else "resigned",
        }

    def seats_held_by(self, identity: str) -> list[int]:
        if not identity:
            return []
        return [i for i, seat in enumerate(self.seats) if seat.holder == identity]

    def view(self, seat: int | None) -> dict[str, Any]:
        """``seat``'s view of the current position, made once per position and seat: every
        spectator of a table shares one. The dict is shared, so it must not be changed."""
        self._same_position()
        view = self._views.get(seat)
        if view is None:
            view = self._views[seat] = self.state.view(seat)
        return view

    def legal_actions(self, seat: int) -> list[str]:
        """``seat``'s legal actions in the current position, listed once per position and
        seat: every page of the seat shares them. The list is shared, so it must not be
        changed."""
        self._same_position()
        legal = self._legal.get(seat)
        if legal is None:
            legal = self._legal[seat] = self.state.legal_actions(seat)
        return legal

    def _same_position(self) -> None:
        """Forget the views and lists of an earlier position."""
        if self._viewed is not self.state:
            self._viewed, self._views, self._legal = self.state, {}, {}

    def subscribe(self, listener: Listener) -> Callable[[], None]:
        """Call ``listener(table, move)`` after every applied move; returns an unsubscriber."""
        self._listeners.append(listener)
        return lambda: self._listeners.remove(listener) if listener in self._listeners else None

    def subscribe_seats(self, listener: SeatListener) -> Callable[[], None]:
        """Call ``listener(table, change)`` after each stored seat change; returns its remover."""
        self._seat_listeners.append(listener)
        return lambda: (
            self._seat_listeners.remove(listener) if listener in self._seat_listeners else None
        )

    def _check_seat(self, seat: Any) -> None:
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < len(self.seats):
            raise TableError("not_player", "There is no such seat at this table.")

    def _check_writable(self) -> None:
        if self.read_only:
            raise TableError(
                "read_only",
                "This table cannot save anything right now, so it takes no moves. "
                "Reload the page in a moment.",
            )

    def _note_movers(self, mover: int | None = None) -> None:
        """After ``mover``'s move (None: a position whose past is not followed, as after
        a rebuild or an undo), note since when each seat to move has been waiting to act.
        A seat that stays to move while another seat moves is in a simultaneous step
        with it (sealed bids): what it may choose from has not changed."""
        kept = {} if mover is None else self._to_move_since
        self._to_move_since = {
            seat: self.ply if seat == mover else kept.get(seat, self.ply)
            for seat in self.state.to_move()
        }

    def to_move_since(self, seat: int) -> int:
        """The ply since which ``seat`` has been to move without acting (the current ply
        for a seat not to move)."""
        return self._to_move_since.get(seat, self.ply)

    def _current(self, seat: int, expected_ply: int | None) -> bool:
        """Whether a choice ``seat`` made at ``expected_ply`` is a choice at the position
        now: it is that position, or since then only other seats moved, each in a
        simultaneous step with ``seat`` (it stayed to move throughout and did not act).
        The engine still judges the action itself."""
        if expected_ply is None or expected_ply == self.ply:
            return True
        since = self._to_move_since.get(seat)
        return since is not None and since <= expected_ply < self.ply

    async def _settle(self, announce: list[Move]) -> None:
        """Make the table agree with storage after a write whose outcome is unknown; a
        :class:`TableError` (``storage_unknown``) while storage cannot be read."""
        ply = self._unsettled
        if ply is None:
            return
        if self._reconcile is None:  # nothing to ask: the failed write is taken as not done
            self._unsettled = None
            return
        try:
            stored = await _done(self._reconcile(self.hooked, ply))
        except Exception as err:
            log.warning("table %s cannot read ply %s back from storage: %s", self.id, ply, err)
            raise TableError("storage_unknown", UNKNOWN) from err
        try:
            self._follow(ply, stored, announce)
        except Exception as err:  # storage holds a move this table cannot replay
            log.exception("table %s cannot follow storage at ply %s: %s", self.id, ply, stored)
            raise TableError("storage_unknown", UNKNOWN) from err
        self._unsettled = None

    def _follow(self, ply: int, stored: Stored, announce: list[Move]) -> None:
        """Take storage's word for ``ply``: its move there, or none."""
        actions = self.record["actions"][: ply - 1] + ([list(stored)] if stored else [])
        if actions == self.record["actions"]:
            return
        log.warning("table %s follows storage at ply %s: %s", self.id, ply, stored)
        gone = self.record["actions"][ply - 1] if len(self.record["actions"]) >= ply else None
        self.state = replay({**self.record, "actions": actions})  # first: it may raise
        self.record["actions"] = actions
        self.record["result"] = self.final_result(self.state) if self.state.is_over() else None
        self._before = None
        self._note_movers()
        if stored is not None:
            announce.append(Move(ply, stored[0], stored[1]))
        elif gone is not None:
            announce.append(Move(ply, gone[0], gone[1], undone=True))

    async def _announce(self, moves: list[Move]) -> None:
        for move in moves:
            await self._notify(move)

    def _check_turn_guards(
        self, seat: Any, *, by: str, expected_ply: int | None, simultaneous: bool = False
    ) -> None:
        """The guards a move and an undo share, in order: the seat exists and ``by`` holds
        it, the game has started and is not over, the client saw the latest position (for
        a move, ``simultaneous``: or one that is still current, see :meth:`_current`)."""
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < len(self.seats):
            raise TableError("not_player", "There is no such seat at this table.")
        if self.seats[seat].holder != by or not by:
            raise TableError("not_player", "You do not hold this seat.")
        if self.waiting:
            raise TableError("not_started", "The game starts when every seat is taken.")
        if self.state.is_over():
            raise TableError("game_over", "The game is over.")
        if expected_ply is not None and expected_ply != self.ply:
            if simultaneous and self._current(seat, expected_ply):
                return
            raise TableError(
                "stale", "The game moved on while you were choosing; here is the new position."
            )

    async def _notify(self, move: Move) -> None:
        for index, listener in enumerate(list(self._listeners)):
            if index and not index % YIELD_EVERY:
                await asyncio.sleep(0)  # let the loop breathe between many viewers' pages
            try:
                await _done(listener(self.hooked, move))
            except Exception:
                log.exception("listener failed on move %s of table %s", move.ply, self.id)


async def _done(result: Awaitable[Any] | Any) -> Any:
    """A hook's answer, awaited when the hook is a coroutine function."""
    return await result if inspect.isawaitable(result) else result
