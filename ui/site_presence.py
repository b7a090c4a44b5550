"""Who has a page of a table open: :class:`SitePresence`, mixed into :class:`ui.site.Site`.

Pages call :meth:`SitePresence.arrive` and :meth:`SitePresence.depart`; the table's pages
hear ``presence`` when a seated person comes or goes (a spectator tells nobody). With
several processes (:mod:`ui.presence`) each process also writes its visitors to Redis,
publishes the change, and reads the others' when told, or every few seconds (so that the
visitors of a process that died stop counting).
"""

from __future__ import annotations

import asyncio
import logging
from datetime import UTC, datetime
from typing import TYPE_CHECKING, cast

from nicegui import background_tasks

from core.table import SeatInfo
from ui.grace import note_leavers
from ui.live import LiveInfo
from ui.presence import REFRESH_EVERY, SharedPresence

if TYPE_CHECKING:
    from ui.site import Site

log = logging.getLogger(__name__)


class SitePresence:
    """Presence at the site's tables, in this process and, when shared, on the others."""

    shared_presence: SharedPresence | None = None

    @property
    def _me(self) -> Site:
        """This mixin as the site it is part of (typed: no import of the site at run time)."""
        return cast("Site", self)

    def arrive(self, table_id: str, identity: str, client: str) -> None:
        info = self._me.info(table_id)
        clients = info.present.setdefault(identity, set())
        first = not clients
        clients.add(client)
        if first:
            self._share(table_id)
            if self._seated(table_id, identity):
                self._presence(info, table_id)

    def depart(self, table_id: str, identity: str, client: str) -> None:
        info = self._me.info(table_id)
        clients = info.present.get(identity)
        if clients is None or client not in clients:
            return
        clients.discard(client)
        if not clients:
            del info.present[identity]
            self._share(table_id)
            if self._seated(table_id, identity):
                self._presence(info, table_id)

    def _presence(self, info: LiveInfo, table_id: str) -> None:
        """A seated person came or went: the table's pages, and the lobby while it waits."""
        info.last_seen = datetime.now(UTC)
        site = self._me
        if table_id in site.tables:
            note_leavers(site.tables.get(table_id), info, site.now())  # their grace begins
        info.tell("presence")
        if table_id in site.tables and site.tables.get(table_id).waiting:
            site.lobby_changed()

    def _seated(self, table_id: str, identity: str) -> bool:
        """Whether ``identity`` holds a seat at the live table: pages show only the
        presence of players, so a spectator coming or going tells nobody."""
        tables = self._me.tables
        return table_id in tables and bool(tables.get(table_id).seats_held_by(identity))

    # ------------------------------------------------------------------ several processes

    def _share(self, table_id: str) -> None:
        if self.shared_presence is not None:
            background_tasks.create(self._share_now(table_id), name=f"presence-{table_id}")

    async def _share_now(self, table_id: str) -> None:
        shared = self.shared_presence
        assert shared is not None
        try:
            await shared.write(table_id, set(self._me.info(table_id).present))
        except Exception as err:
            log.warning("presence: could not share table %s's visitors: %s", table_id, err)
            return
        await self._me.publish(table_id, "presence")

    async def read_presence(self, table_id: str) -> None:
        """The other processes' visitors of ``table_id``; its pages hear ``presence`` when
        a seated person's presence changed."""
        shared = self.shared_presence
        if shared is None:
            return
        info = self._me.info(table_id)
        try:
            others = await shared.others(table_id)
        except Exception as err:
            log.warning("presence: could not read table %s's visitors: %s", table_id, err)
            return
        if others != info.elsewhere:
            seated = {
                seat.holder for seat in self._table_seats(table_id) if seat.user_id is not None
            }
            moved = (others ^ info.elsewhere) & seated
            info.elsewhere = others
            if moved:
                self._presence(info, table_id)

    def _table_seats(self, table_id: str) -> list[SeatInfo]:
        tables = self._me.tables
        return list(tables.get(table_id).seats) if table_id in tables else []

    async def keep_presence(self) -> None:
        """Every :data:`REFRESH_EVERY` seconds: this process stays alive in Redis, and the
        tables with visitors elsewhere are read again (a dead process's visitors go)."""
        shared = self.shared_presence
        assert shared is not None
        while True:
            try:
                await shared.alive()
            except Exception as err:
                log.warning("presence: could not refresh this process: %s", err)
            for table_id, info in list(self._me.live.items()):
                if info.elsewhere:
                    await self.read_presence(table_id)
            await asyncio.sleep(REFRESH_EVERY)
