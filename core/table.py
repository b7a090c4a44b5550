"""Live tables: seats, ordered guards, persistence before notification.

A table may wait for players: a seat is then *open* (anyone may take it) or
*invited* (taken only with the table's invitation token). Until every seat is
taken no move is accepted. :meth:`Table.join`, :meth:`Table.leave`,
:meth:`Table.fill_with_bots` and :meth:`Table.resign` change seats under the
same lock as moves, store the change through the seat hook first, then tell
the seat listeners.

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

:meth:`Table.undo` takes back a seat's last step of its current turn when the
engine says it may (:meth:`core.engine.State.reversible`), under the same lock
and the same rule: the removal is stored through the undo hook before anyone
is told.

A table without a persistence hook is *read-only*: it shows a game and refuses every
move, undo and seat change (``read_only``), so nothing is ever shown that was not
stored. Tests and tools that keep a game in memory on purpose say so
(``in_memory=True``).

When a hook fails, the write may still have gone through (a commit whose reply was
lost). The table then asks its ``reconcile`` hook what storage holds at that ply and
follows it: the same move is applied and announced as if the write had succeeded,
another move is followed, nothing means nothing changed. While storage cannot be read
either, the table refuses every change (``storage_unknown``) and asks again at the
next attempt.
"""

from __future__ import annotations

import asyncio
import copy
import inspect
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

from core.engine import IllegalAction, State
from core.record import replay, resigned_seats, result_of, standing

log = logging.getLogger(__name__)

HUMAN, GUEST, BOT, HOTSEAT = "human", "guest", "bot", "hotseat"
OPEN, INVITED = "open", "invited"
EMPTY = (OPEN, INVITED)
TAKEOVER_BOT = "bot:normal"  # who plays on for a player who resigns
YIELD_EVERY = 20  # listeners told between two turns of the event loop
UNKNOWN = (
    "The move may not have been saved. The table takes no more moves until the database "
    "answers; try again in a moment."
)
# Characters in an action's text: far more than any game's longest legal action (about 40),
# so longer text is refused before the engine reads it, and only its start is quoted.
MAX_ACTION = 100
QUOTED = 20


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
    """

    ply: int
    seat: int
    action: str
    undone: bool = False


class NotStored(Exception):
    """Raised by a persistence hook that knows it wrote nothing (the site is stopping, say):
    the table then has nothing to reconcile and refuses the change at once."""


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
    it is private (not listed, watched only with the invitation) and has a chat."""

    host: str = ""
    invite: str = ""
    private: bool = False
    chat: bool = True
    invited: tuple[int, ...] = ()  # the seats kept for the invited

    def to_json(self) -> dict[str, Any]:
        return {
            "host": self.host,
            "invite": self.invite,
            "private": self.private,
            "chat": self.chat,
            "invited": list(self.invited),
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
        )


@dataclass(frozen=True)
class SeatChange:
    """Seats changed: ``seats`` lists the seat numbers; ``resigned`` is set by a resignation."""

    seats: tuple[int, ...]
    resigned: dict[str, Any] | None = None


Persist = Callable[["Table", Move, State], Awaitable[None] | None]
PersistSeats = Callable[["Table", SeatChange], Awaitable[None] | None]
PersistUndo = Callable[["Table", Move], Awaitable[None] | None]
Stored = tuple[int, str] | None  # the (seat, action) storage holds at a ply, or nothing
Reconcile = Callable[["Table", int], Awaitable[Stored] | Stored]
Listener = Callable[["Table", Move], Awaitable[None] | None]
SeatListener = Callable[["Table", SeatChange], Awaitable[None] | None]


class Table:
    """One game being played, held in memory."""

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
    ) -> None:
        if len(seats) != record["players"]:
            raise ValueError("One seat per player.")
        self.id = table_id
        self.record = record
        self.seats = list(seats)
        self.settings = settings or TableSettings()
        self.state = replay(record)
        self._viewed: State | None = None  # the position the views below are of
        self._views: dict[int | None, dict[str, Any]] = {}
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
    def abandoned(self) -> bool:
        """Every person at this game has resigned: the game ends there, bots do not play it
        out (docs/decisions.md). A game begun with bots only is not abandoned."""
        return (
            bool(self.record.get("resigned"))
            and not self.state.is_over()
            and all(seat.user_id is None for seat in self.seats)
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
            "ended": "resigned",
        }

    def seats_held_by(self, identity: str) -> list[int]:
        if not identity:
            return []
        return [i for i, seat in enumerate(self.seats) if seat.holder == identity]

    def view(self, seat: int | None) -> dict[str, Any]:
        """``seat``'s view of the current position, made once per position and seat: every
        spectator of a table shares one. The dict is shared, so it must not be changed."""
        if self._viewed is not self.state:  # a new position: forget the old views
            self._viewed, self._views = self.state, {}
        view = self._views.get(seat)
        if view is None:
            view = self._views[seat] = self.state.view(seat)
        return view

    def legal_actions(self, seat: int) -> list[str]:
        return self.state.legal_actions(seat)

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

    # ------------------------------------------------------------------ seats

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
            if self.state.is_over():
                raise TableError("game_over", "The game is over.")
            note = {"seat": seat, "ply": self.ply, "by": self.seats[seat].name, "bot": bot}
            self.seats[seat] = SeatInfo(BOT, bot, name)
            self.record.setdefault("resigned", []).append(note)
            return SeatChange((seat,), resigned=note)

        await self._change_seats(change)

    def _empty_kind(self, seat: int) -> str:
        return INVITED if seat in self.settings.invited else OPEN

    def _check_seat(self, seat: Any) -> None:
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < len(self.seats):
            raise TableError("not_player", "There is no such seat at this table.")

    async def _change_seats(self, change: Callable[[], SeatChange]) -> None:
        announce: list[Move] = []
        try:
            async with self._lock:
                self._check_writable()
                await self._settle(announce)
                seats, record = list(self.seats), copy.deepcopy(self.record)
                done = change()
                self.record["seats"] = [seat.name for seat in self.seats]
                try:
                    await _done(self._persist_seats(self, done) if self._persist_seats else None)
                except Exception as err:
                    log.exception("could not store seats %s of table %s", done.seats, self.id)
                    self.seats[:] = seats
                    self.record.clear()
                    self.record.update(record)
                    raise TableError(
                        "storage", "The change could not be saved; nothing was changed. Try again."
                    ) from err
        finally:
            await self._announce(announce)
        for listener in list(self._seat_listeners):
            try:
                await _done(listener(self, done))
            except Exception:
                log.exception("seat listener failed at table %s", self.id)

    def _check_writable(self) -> None:
        if self.read_only:
            raise TableError(
                "read_only",
                "This table cannot save anything right now, so it takes no moves. "
                "Reload the page in a moment.",
            )

    # ------------------------------------------------------------------ moves

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
                move = Move(self.ply + 1, seat, action)
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
        return False  # stored after all: applied by the reconciliation, announced with it

    def _apply(self, move: Move, after: State) -> None:
        self._before = (move.ply, self.state, None)
        self.state = after
        self.record["actions"].append([move.seat, move.action])
        if after.is_over():
            self.record["result"] = self.final_result(after)
        self._note_movers(move.seat)

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
            stored = await _done(self._reconcile(self, ply))
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

    def _checked(self, seat: int, action: Any, *, by: str, expected_ply: int | None) -> State:
        """Run the guards in order; return the state after the action, on a copy."""
        self._check_turn_guards(seat, by=by, expected_ply=expected_ply, simultaneous=True)
        self._check_writable()
        if seat not in self.state.to_move():
            raise TableError("not_your_turn", "It is not your turn.")
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

    async def _notify(self, move: Move) -> None:
        for index, listener in enumerate(list(self._listeners)):
            if index and not index % YIELD_EVERY:
                await asyncio.sleep(0)  # let the loop breathe between many viewers' pages
            try:
                await _done(listener(self, move))
            except Exception:
                log.exception("listener failed on move %s of table %s", move.ply, self.id)

    # ------------------------------------------------------------------ undo

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
            await _done(self._persist_undo(self, move) if self._persist_undo else None)
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


async def _done(result: Awaitable[Any] | Any) -> Any:
    """A hook's answer, awaited when the hook is a coroutine function."""
    return await result if inspect.isawaitable(result) else result


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
