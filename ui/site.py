"""The server's live side: the tables in memory, their storage and their bots.

One :class:`Site` is built when the app starts. Pages ask it for tables; it
writes every move, and every move taken back, through the storage layer before
the table tells anyone (the table's persistence and undo hooks), rebuilds
unfinished matches at start-up, and runs the bots' turns.

Its parts: :mod:`ui.live` (what pages show about a table beyond its game),
:mod:`ui.site_chat` (the table chat), :mod:`ui.site_storage` (the storage calls of the
pages, as site methods) and :mod:`ui.table_caps` (how many tables one may open).
"""

from __future__ import annotations

import asyncio
import dataclasses
import functools
import logging
import secrets
import time
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any, TypeVar

from nicegui import background_tasks
from sqlalchemy.engine import Engine
from sqlalchemy.exc import SQLAlchemyError

from core.clock import Clock
from core.engine import State
from core.record import new_record
from core.table import (
    GUEST,
    OPEN,
    Move,
    SeatChange,
    SeatInfo,
    Table,
    TableError,
    Tables,
    TableSettings,
)
from storage import ratings, repo
from storage.models import CANCELLED, PLAYING, WAITING, new_match_id
from ui.bot_queue import BotQueue
from ui.bot_runner import BotRunner
from ui.bus import Bus, LocalBus
from ui.gateway import Gateway, ShuttingDown, StorageUnavailable
from ui.live import LiveInfo
from ui.seeds import Seeds
from ui.site_analysis import SiteAnalysis
from ui.site_chat import SiteChat
from ui.site_presence import SitePresence
from ui.site_rematch import SiteRematch
from ui.site_storage import PageStorage
from ui.site_sync import SiteSync
from ui.site_turns import SiteTurns
from ui.table_caps import TableCaps

log = logging.getLogger(__name__)

DRAIN_TIMEOUT = 5.0  # seconds a stopping site waits for the writes under way
RECOVERY_FIRST_WAIT = 0.5  # seconds before recovery asks a silent database again, doubling
RECOVERY_LONGEST_WAIT = 30.0

R = TypeVar("R")


class Site(SiteChat, PageStorage, SiteSync, SitePresence, SiteRematch, SiteTurns, SiteAnalysis):
    """Live tables backed by the database."""

    # A finished table stays in memory this long for the pages still showing it; after
    # that a visit rebuilds it, read-only, from storage.
    KEEP_FINISHED = 600.0

    def __init__(
        self,
        db: Engine,
        *,
        bot_pause: float = 0.8,
        seeds: Seeds | None = None,
        bus: Bus | None = None,
        queue: str | None = None,
        now: Callable[[], float] = time.time,
    ) -> None:
        self.db = db
        self.now = now  # the server's time, which every timed table's clock is judged by
        # With one process the bus tells nobody; with several (ui/cluster.py) every stored
        # change is published, and heard changes are read from storage (ui/site_sync.py).
        self.bus: Bus = bus or LocalBus()
        self.several = not isinstance(self.bus, LocalBus)
        self._sync_init()
        self._turns_init()
        self.seeds = seeds or Seeds()  # random, unless a test site fixes them (ui/seeds.py)
        self.gateway = Gateway(db)  # every storage call of the web side goes through it
        self._store = repo.persist_move(db)
        self._store_seats = repo.persist_seats(db)
        self._unstore = repo.persist_undo(db)
        self.tables = Tables()
        self.live: dict[str, LiveInfo] = {}
        # The bots' turns: in this process's own pool, or jobs for the workers on the
        # ``queue`` of that Redis (ui/bot_queue.py).
        self.bots: BotRunner | BotQueue = (
            BotQueue(self.info, url=queue) if queue else BotRunner(self.info, pause=bot_pause)
        )
        self._lobby: list[Callable[[], None]] = []
        self.caps = TableCaps()  # how many tables a visitor or an address may open
        self.recovered = False  # every unfinished match has been through recovery once
        self.stopping = False  # set by drain(): no new write is begun
        self._writes = 0  # writes under way
        self._idle = asyncio.Event()  # set while no write is under way
        self._idle.set()
        self.broken: dict[str, str] = {}  # matches whose record does not replay: why
        self._hosted: set[str] = set()  # every table this process has hosted

    async def _persist(self, table: Table, move: Move, after: State) -> None:
        """The tables' persistence hook: the storage write, off the event loop. It returns
        only once storage has said the move is stored, and raises otherwise."""
        await self._write(functools.partial(self._store, table, move, after))
        await self.publish(table.id, "move", move.ply)

    async def _persist_seats(self, table: Table, change: SeatChange) -> None:
        await self._write(functools.partial(self._store_seats, table, change))
        await self.publish(table.id, "seats")

    async def _persist_undo(self, table: Table, move: Move) -> None:
        """The tables' undo hook: the stored move is deleted, off the event loop."""
        await self._write(functools.partial(self._unstore, table, move))
        await self.publish(table.id, "undo", move.ply - 1)

    async def _write(self, write: Callable[[], None]) -> None:
        """One storage write through the gateway, counted so that :meth:`drain` can wait
        for it; refused with :class:`ShuttingDown` once the site is stopping."""
        if self.stopping:
            raise ShuttingDown()
        self._writes += 1
        self._idle.clear()
        try:
            await self.gateway.run(write)
        finally:
            self._writes -= 1
            if not self._writes:
                self._idle.set()

    async def drain(self, timeout: float = DRAIN_TIMEOUT) -> bool:
        """Stop taking moves, let the writes under way finish (up to ``timeout`` seconds),
        then close the gateway; whether every write finished. Moves asked for from now on
        are refused with "the site is restarting": none is told that was not stored."""
        self.stopping = True
        finished = True
        if self._writes:
            log.info("stopping: %d storage write(s) under way", self._writes)
            try:
                await asyncio.wait_for(self._idle.wait(), timeout)
                log.info("stopping: finished the storage write(s) under way")
            except TimeoutError:
                log.error("stopping: %d storage write(s) did not finish in time", self._writes)
                finished = False
        self.gateway.close()
        return finished

    def _open(
        self,
        table_id: str,
        record: dict[str, Any],
        seats: list[SeatInfo],
        settings: TableSettings,
        clock: Clock | None = None,
    ) -> Table:
        """A table that stores every change: never serve an unfinished game without one."""
        return Table(
            table_id,
            record,
            seats,
            persist=self._persist,
            settings=settings,
            persist_seats=self._persist_seats,
            persist_undo=self._persist_undo,
            reconcile=self._reconcile,
            clock=clock,
            now=self.now,
        )

    async def _reconcile(self, table: Table, ply: int) -> tuple[int, str] | None:
        """The tables' reconcile hook: what storage holds at ``ply`` after a failed write."""
        return await self.gateway(repo.stored_action, match_id=table.id, ply=ply)

    def _host(
        self, table: Table, rematch: str | None = None, opened_at: datetime | None = None
    ) -> Table:
        self._hosted.add(table.id)
        self.tables.add(table)
        self.live[table.id] = LiveInfo(rematch=rematch, opened_at=opened_at or datetime.now(UTC))
        self.bots.watch(table)
        table.subscribe(self._on_move)
        table.subscribe_seats(self._on_seats)
        if table.abandoned:  # every person resigned before a restart, and it was not ended
            background_tasks.create(self._end_abandoned(table), name=f"end-{table.id}")
        return table

    def _on_move(self, table: Table, move: Move) -> None:
        self._turns_changed(table)
        if table.state.is_over():
            background_tasks.create(self._forget_later(table.id), name=f"forget-{table.id}")
            background_tasks.create(self._rate(table.id), name=f"rate-{table.id}")
            background_tasks.create(self._learn_players(table), name=f"players-{table.id}")
            self._analyse_if_wanted(table.id)
            self.lobby_changed()

    async def _rate(self, table_id: str) -> None:
        """Rate a finished match (``storage.ratings.rate_match``) off the event loop; a failure
        is logged and leaves the game as it is (``matches.rated_at`` stays empty)."""
        try:
            await self.gateway(ratings.rate_match, match_id=table_id)
        except Exception:
            log.exception("could not rate match %s", table_id)

    def _on_seats(self, table: Table, change: SeatChange) -> None:
        self._turns_changed(table)
        if change.resigned is not None and table.abandoned:
            background_tasks.create(self._end_abandoned(table), name=f"end-{table.id}")
        self.info(table.id).tell("seats")
        self.lobby_changed()

    async def _end_abandoned(self, table: Table) -> None:
        """The last person resigned: the match is stored as ended by resignation, rated and
        forgotten like any finished game; its bots stopped at the resignation. A failure is
        logged, and the next start ends it (recovery hosts it abandoned)."""
        result = table.resignation_result()
        try:
            await self.gateway(repo.end_match, match_id=table.id, result=result)
        except Exception:
            log.exception("could not end the abandoned match %s", table.id)
            return
        table.record["result"] = result
        await self.publish(table.id, "ended")
        try:
            await self.players(table)  # who may ask for the rematch: the people who resigned
        except Exception:
            log.exception("could not read the players of the abandoned match %s", table.id)
        self.ended_elsewhere(table)
        background_tasks.create(self._rate(table.id), name=f"rate-{table.id}")

    def ended_elsewhere(self, table: Table) -> None:
        """An abandoned game's end is stored (here, or by another process): its pages show
        the result and offer a rematch, and it leaves memory later."""
        self.info(table.id).tell("ended")
        self._analyse_if_wanted(table.id)
        background_tasks.create(self._forget_later(table.id), name=f"forget-{table.id}")
        self.lobby_changed()

    # ------------------------------------------------------------------ lobby

    def on_lobby(self, listener: Callable[[], None]) -> Callable[[], None]:
        """Call ``listener()`` whenever a table opens, fills, starts, finishes or is cancelled."""
        self._lobby.append(listener)
        return lambda: self._lobby.remove(listener) if listener in self._lobby else None

    def lobby_changed(self) -> None:
        for listener in list(self._lobby):
            try:
                listener()
            except Exception:
                log.exception("lobby listener failed")

    def lobby(self) -> tuple[list[Table], list[Table]]:
        """Public tables with a seat open to anyone, and public tables being played."""
        public = [t for t in self.tables.all() if not t.settings.private]
        waiting = [
            t
            for t in public
            if any(seat.kind == OPEN for seat in t.seats) and not self.info(t.id).cancelled
        ]
        playing = [t for t in public if not t.waiting and self._open_game(t)]
        return waiting, playing

    @staticmethod
    def _open_game(table: Table) -> bool:
        return not table.state.is_over() and not table.abandoned

    async def _forget_later(self, table_id: str) -> None:
        await asyncio.sleep(self.KEEP_FINISHED)
        self.tables.remove(table_id)
        self.live.pop(table_id, None)
        self.caps.addresses.pop(table_id, None)

    async def create_table(
        self,
        *,
        game: str,
        options: dict[str, Any] | None,
        seats: list[SeatInfo],
        user_ids: list[str | None],
        settings: TableSettings | None = None,
        address: str | None = None,
        asked_seed: object = None,
        match_id: str | None = None,
    ) -> Table:
        """Store a new match and open its table; ValueError for bad options.

        With open or invited seats the table waits for players; ``settings``
        (host, privacy, chat, invited seats) get a fresh invitation token. The
        host (``settings.host``) and the ``address`` the request came from are held to
        the caps above: TableError ``too_many`` beyond them. ``asked_seed`` (a page's
        ``X-Caravanserai-Seed`` header) deals the table from that seed on a test site only.
        """
        visitor = (settings or TableSettings()).host
        live = [t for t in self.tables.all() if self._open_game(t)]
        await self.caps.check_shared(live, visitor, address)
        seed = self.seeds.draw(asked_seed)
        record = new_record(game, len(seats), seed, options, [s.name for s in seats])
        table_id = match_id or new_match_id()
        if self.seeds.testing:
            log.info("table %s (%s) dealt from seed %d", table_id, game, seed)
        settings = dataclasses.replace(
            settings or TableSettings(), invite=secrets.token_urlsafe(12)
        )
        # Counted before the write, so that requests arriving while it is under way count.
        await self.caps.count_shared(visitor, address)
        table = self._open(table_id, record, seats, settings)  # a timed one starts its clock
        await self.gateway(
            repo.create_match,
            match_id=table_id,
            record=record,
            seats=seats,
            user_ids=user_ids,
            settings=settings,
            clock=table.clock,
            to_move=sorted(table.state.to_move()),
        )
        if address:
            self.caps.addresses[table_id] = address
        table = self._host(table)
        self._turns_changed(table)  # a game begun with every seat filled: whose turn it is
        self.lobby_changed()
        await self.publish(table_id, "opened")
        return table

    async def recover(self) -> int:
        """Rebuild every waiting or unfinished match from storage; return how many.

        Storage is read in one batch, asked again with growing pauses until it answers.
        Each match is then rebuilt on its own: one whose moves do not replay is logged
        and kept in :attr:`broken`, so its page says so, and the others are live. The
        event loop gets a turn between matches, so pages answer meanwhile; a table
        asked for before its turn is rebuilt at once by :meth:`table`.
        """
        stored = await self._until_answered(repo.load_tables)
        count = 0
        for match in stored:
            # One hosted since the batch was read (opened on demand, perhaps cancelled or
            # finished since) is not rebuilt from the batch's older copy.
            if match.id not in self._hosted:
                count += self._recover_one(match) is not None
            await asyncio.sleep(0)
        self.recovered = True
        return count

    async def _until_answered(self, call: Callable[[Engine], R]) -> R:
        wait = RECOVERY_FIRST_WAIT
        while True:
            try:
                return await self.gateway(call)
            except (StorageUnavailable, SQLAlchemyError) as err:
                log.warning("recovery cannot read storage yet (%s); again in %.1f s", err, wait)
            await asyncio.sleep(wait)
            wait = min(wait * 2, RECOVERY_LONGEST_WAIT)

    def _recover_one(self, match: repo.StoredTable) -> Table | None:
        """Host one stored unfinished match with its hooks and bots; None when it is live
        already, or when it cannot be rebuilt (noted in :attr:`broken`)."""
        if match.id in self.tables or match.status not in (WAITING, PLAYING):
            return None
        try:
            table = self._open(
                match.id, match.record, match.seats, match.settings, clock=match.clock
            )
        except Exception as err:
            log.exception("could not rebuild match %s from storage", match.id)
            self.broken[match.id] = f"{type(err).__name__}: {err}"
            return None
        self.broken.pop(match.id, None)
        return self._host(table, rematch=match.rematch, opened_at=match.created_at)

    async def table(self, table_id: str) -> Table:
        """A live table, an unfinished match rebuilt with its storage hooks and bots, or a
        finished match rebuilt read-only. TableError when unknown or when the match
        cannot be rebuilt (``broken``); StorageUnavailable when storage does not answer."""
        if table_id in self.tables:
            return self.tables.get(table_id)
        found = await self.gateway(repo.load_tables, match_ids=[table_id])
        if table_id in self.tables:  # rebuilt meanwhile, by recovery or another visit
            return self.tables.get(table_id)
        if not found or found[0].status == CANCELLED:
            raise TableError("not_found", "There is no such table.")
        match = found[0]
        if match.status in (WAITING, PLAYING):
            table = self._recover_one(match)
            if table is None:
                raise TableError(
                    "broken",
                    "This game could not be restored from storage; it is kept as it was.",
                )
            return table
        table = Table(
            table_id,
            match.record,
            match.seats,
            settings=match.settings,
            clock=match.clock,
            now=self.now,
        )
        self.info(table_id).rematch = match.rematch
        await self.players(table)  # a player who resigned is still offered the rematch
        return table

    # ------------------------------------------------------------------ what hosts and players do

    async def cancel(self, table: Table, *, by: str) -> None:
        """The host closes a table still waiting for players."""
        if by != table.settings.host:
            raise TableError("host", "Only the host can cancel the table.")
        if not table.waiting:
            raise TableError("started", "The game has already started.")
        try:
            await self.gateway(repo.cancel_match, match_id=table.id)
        except ValueError as err:
            raise TableError("started", "The game has already started.") from err
        except Exception as err:
            log.exception("could not cancel table %s", table.id)
            raise TableError(
                "storage", "The change could not be saved; nothing was changed. Try again."
            ) from err
        self.closed(table, "cancelled")

    def closed(self, table: Table, event: str, *, tell_others: bool = True) -> None:
        """A waiting table stored as cancelled (by its host, or for want of anyone at it:
        ``ui/unattended.py``) leaves memory; its pages hear ``event``, and the other
        processes hear of it unless they told this one."""
        if tell_others:
            self.publish_later(table.id, "cancelled")
        info = self.info(table.id)
        info.cancelled = True
        self.tables.remove(table.id)
        self.caps.addresses.pop(table.id, None)
        info.tell(event)
        self.lobby_changed()

    def players_of(self, table: Table) -> list[SeatInfo]:
        """The seats as the game began, as far as known without asking storage: once
        :meth:`players` has run (the site runs it when a game ends), a seat whose player
        resigned goes back to them; before that, the seats as they are."""
        known = self.info(table.id).players
        return known if known is not None else list(table.seats)

    async def players(self, table: Table) -> list[SeatInfo]:
        """The seats as the game began: a seat whose player resigned goes back to them
        (who held it is read from storage, through the gateway, once)."""
        info = self.info(table.id)
        if info.players is None:
            seats = list(table.seats)
            resigned = table.record.get("resigned", [])
            if resigned:
                users = await self.gateway(repo.seat_user_ids, match_id=table.id)
                for note in resigned:
                    seat = note.get("seat")
                    if isinstance(seat, int) and 0 <= seat < len(seats) and users[seat]:
                        seats[seat] = SeatInfo(GUEST, users[seat] or "", str(note.get("by", "")))
            info.players = seats
        return info.players

    async def _learn_players(self, table: Table) -> None:
        """After a game with a resignation, who played it, so the resigner is offered the
        rematch too (pages redraw their controls on ``rematch``)."""
        try:
            await self.players(table)
        except Exception:
            log.exception("could not read the players of table %s", table.id)
            return
        if table.record.get("resigned"):
            self.info(table.id).tell("rematch")

    async def post_chat(self, table: Table, *, by: str, text: Any) -> None:
        """A chat line, stored then shown (:class:`ui.site_chat.SiteChat`), and told to the
        other processes."""
        await super().post_chat(table, by=by, text=text)
        await self.publish(table.id, "chat")

    def info(self, table_id: str) -> LiveInfo:
        return self.live.setdefault(table_id, LiveInfo())
