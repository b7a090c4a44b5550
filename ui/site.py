"""The server's live side: the tables in memory, their storage and their bots.

One :class:`Site` is built when the app starts. Pages ask it for tables; it
writes every move through the storage layer before the table tells anyone
(the table's persistence hook), rebuilds unfinished matches at start-up, and
runs the bots' turns.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
from dataclasses import dataclass, field
from typing import Any

from nicegui import background_tasks, run
from sqlalchemy.engine import Engine

from core.engine import State
from core.record import new_record
from core.table import Move, SeatInfo, Table, TableError, Tables
from storage import repo
from ui.bot_runner import BotRunner

log = logging.getLogger(__name__)


@dataclass
class LiveInfo:
    """What pages show about a table beyond its game state."""

    thinking: set[int] = field(default_factory=set)


class Site:
    """Live tables backed by the database."""

    # A finished table stays in memory this long for the pages still showing it; after
    # that a visit rebuilds it, read-only, from storage.
    KEEP_FINISHED = 600.0

    def __init__(self, db: Engine, *, bot_pause: float = 0.8) -> None:
        self.db = db
        self._store = repo.persist_move(db)
        self.tables = Tables()
        self.live: dict[str, LiveInfo] = {}
        self.bots = BotRunner(self, pause=bot_pause)

    async def _persist(self, table: Table, move: Move, after: State) -> None:
        """The tables' persistence hook: the storage write, off the event loop."""
        await run.io_bound(self._store, table, move, after)

    def _host(self, table: Table) -> Table:
        self.tables.add(table)
        self.live[table.id] = LiveInfo()
        self.bots.watch(table)
        table.subscribe(self._on_move)
        return table

    def _on_move(self, table: Table, move: Move) -> None:
        if table.state.is_over():
            background_tasks.create(self._forget_later(table.id), name=f"forget-{table.id}")

    async def _forget_later(self, table_id: str) -> None:
        await asyncio.sleep(self.KEEP_FINISHED)
        self.tables.remove(table_id)
        self.live.pop(table_id, None)

    def create_table(
        self,
        *,
        game: str,
        options: dict[str, Any] | None,
        seats: list[SeatInfo],
        user_ids: list[str | None],
    ) -> Table:
        """Store a new match and open its table; ValueError for bad options."""
        seed = secrets.randbelow(2**31)
        record = new_record(game, len(seats), seed, options, [s.name for s in seats])
        table_id = secrets.token_urlsafe(8)
        repo.create_match(self.db, match_id=table_id, record=record, seats=seats, user_ids=user_ids)
        return self._host(Table(table_id, record, seats, persist=self._persist))

    def recover(self) -> int:
        """Rebuild every unfinished match from its stored moves; return how many."""
        count = 0
        for match_id in repo.unfinished_matches(self.db):
            record = repo.load_record(self.db, match_id=match_id)
            if record is None or match_id in self.tables:
                continue
            seats = repo.load_seats(self.db, match_id=match_id)
            self._host(Table(match_id, record, seats, persist=self._persist))
            count += 1
        return count

    def table(self, table_id: str) -> Table:
        """A live table, or a finished match rebuilt read-only; TableError if unknown."""
        if table_id in self.tables:
            return self.tables.get(table_id)
        record = repo.load_record(self.db, match_id=table_id)
        if record is None:
            raise TableError("not_found", "There is no such table.")
        seats = repo.load_seats(self.db, match_id=table_id)
        return Table(table_id, record, seats)

    def info(self, table_id: str) -> LiveInfo:
        return self.live.setdefault(table_id, LiveInfo())
