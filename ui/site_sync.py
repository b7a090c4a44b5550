"""How a site served by several processes keeps every table in step (docs/cluster.md).

Each process hosts every unfinished table and tells the others of what it stores through
the bus (:mod:`ui.bus`). On hearing of a change, a process reads the table *from the
database* from its own last ply on (:func:`storage.changes.load_changes`) and follows it
(:meth:`core.table.Table.follow`): its pages and bots then hear of the moves, seats,
chat, rematch or cancel as if they had happened here. Catch-ups of one table never run
side by side: a change heard during one is read by one more pass after it.

After every reconnection to the bus, and every :data:`SWEEP_EVERY` seconds (a message can
be lost: Redis pub/sub delivers at most once), every table is compared with storage. With
one process none of this runs: :class:`ui.bus.LocalBus` hears nothing.
"""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING, cast

from nicegui import background_tasks

from core.table import TableError
from storage import changes, chat_lines, repo
from storage.models import CANCELLED, FINISHED, PLAYING, WAITING
from ui.bus import Event
from ui.live import ChatLine

if TYPE_CHECKING:
    from ui.site import Site

log = logging.getLogger(__name__)

SWEEP_EVERY = 15.0  # seconds between two comparisons of every table with storage


class SiteSync:
    """The catching up of :class:`ui.site.Site` with what other processes stored."""

    def _sync_init(self) -> None:
        self._catching: dict[str, bool] = {}  # table id -> another pass is asked for

    @property
    def _site(self) -> Site:
        """This mixin as the site it is part of (typed: no import of the site at run time)."""
        return cast("Site", self)

    async def publish(self, table_id: str, kind: str, ply: int | None = None) -> None:
        """Tell the other processes that ``table_id`` changed (after it is stored)."""
        await self._site.bus.publish(table_id, kind, ply)

    def publish_later(self, table_id: str, kind: str, ply: int | None = None) -> None:
        """:meth:`publish` from code that cannot wait (a listener, a sync method)."""
        if self._site.several:
            background_tasks.create(self.publish(table_id, kind, ply), name=f"tell-{table_id}")

    async def on_event(self, event: Event) -> None:
        """The bus's handler: catch the table up in the background, one pass at a time
        (a change of presence is read from Redis alone)."""
        if event.kind == "presence":
            background_tasks.create(self._site.read_presence(event.table), name="presence")
            return
        if event.table in self._catching:
            self._catching[event.table] = True  # read again once the running pass is done
            return
        self._catching[event.table] = False
        background_tasks.create(self._catch_up_loop(event), name=f"catch-up-{event.table}")

    async def _catch_up_loop(self, event: Event) -> None:
        try:
            while True:
                try:
                    await self.catch_up(event.table, event.kind)
                except Exception:
                    log.exception("could not catch table %s up with storage", event.table)
                if not self._catching.get(event.table):
                    return
                self._catching[event.table] = False
        finally:
            self._catching.pop(event.table, None)

    async def catch_up(self, table_id: str, kind: str = "move") -> None:
        """Bring the table to what storage holds; a table this process does not host yet
        is hosted when it is waiting or being played (it then shows in the lobby)."""
        site = self._site
        if table_id not in site.tables:
            if table_id in site._hosted and kind != "opened":
                return  # finished or closed here already: pages rebuild it from storage
            try:
                await site.table(table_id)
            except TableError:
                return
            site.lobby_changed()
            return
        table = site.tables.get(table_id)
        info = site.info(table_id)
        found = await site.gateway(changes.load_changes, match_id=table_id, since=table.ply)
        if found is None or found.status == CANCELLED:
            if not info.cancelled:
                site.closed(table, "cancelled", tell_others=False)
            return
        had_result = bool(table.record.get("result"))
        await table.follow(found.snapshot)
        if found.rematch and info.rematch != found.rematch:
            info.rematch = found.rematch
            info.tell("rematch")
        if kind == "chat" and info.chat is not None:
            rows = await site.gateway(
                chat_lines.load_chat, match_id=table_id, limit=len(info.chat) + 50
            )
            info.chat = [ChatLine(r.seat, r.name, r.text, r.created_at) for r in rows]
            info.tell("chat")
        if found.status == FINISHED and not had_result and not table.state.is_over():
            site.ended_elsewhere(table)  # its last person resigned on another process

    async def catch_up_all(self) -> None:
        """After a reconnection to the bus: every hosted table follows storage, and every
        unfinished one not hosted here yet is hosted."""
        site = self._site
        stored = await site.gateway(repo.load_tables)
        for match in stored:
            if match.id in site.tables:
                await self._quietly(match.id)
            elif match.status in (WAITING, PLAYING):
                site._recover_one(match)
            await asyncio.sleep(0)
        for table in site.tables.all():
            if not table.ended and table.id not in {m.id for m in stored}:
                await self._quietly(table.id)  # finished or cancelled meanwhile
        site.lobby_changed()

    async def _quietly(self, table_id: str) -> None:
        try:
            await self.catch_up(table_id)
        except Exception:
            log.exception("could not catch table %s up with storage", table_id)

    async def sweep(self) -> None:
        """Every :data:`SWEEP_EVERY` seconds, each unfinished table whose ply differs from
        storage's is caught up: a message lost on the bus delays a move, never hides it."""
        site = self._site
        while True:
            await asyncio.sleep(SWEEP_EVERY)
            live = [t for t in site.tables.all() if not t.ended and not t.read_only]
            try:
                stored = await site.gateway(changes.plies, match_ids=[t.id for t in live])
            except Exception as err:
                log.warning("sweep: cannot read storage (%s)", err)
                continue
            for table in live:
                if stored.get(table.id, table.ply) != table.ply:
                    log.warning("sweep: table %s was behind storage; catching up", table.id)
                    await self.on_event(Event(table.id, "move"))
