"""The rematch of a finished table: :class:`SiteRematch`, mixed into :class:`ui.site.Site`.

The follow-up match is named in storage first (:mod:`storage.rematches`), then opened by the
process whose name stood: two players asking at once, on one process or two, get one table.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import TYPE_CHECKING, cast

from core.table import SeatInfo, Table, TableError, TableSettings
from storage import rematches
from storage.models import new_match_id

if TYPE_CHECKING:
    from ui.site import Site

log = logging.getLogger(__name__)

REMATCH_WAITS = 50  # tenths of a second a player waits for a rematch another process opens


class SiteRematch:
    """Rematches of the site's finished tables."""

    @property
    def _site(self) -> Site:
        """This mixin as the site it is part of (typed: no import of the site at run time)."""
        return cast("Site", self)

    async def rematch(self, table: Table, *, by: str) -> str:
        """The id of the match that follows ``table``'s, opened once with the seats as the
        game began (a player who resigned is back in theirs)."""
        site = self._site
        info = site.info(table.id)
        async with info.rematch_lock:  # two players asking at once open one table
            if info.rematch:
                return info.rematch
            if not table.ended:
                raise TableError("not_over", "The game is not over yet.")
            try:
                seats = await site.players(table)
            except Exception as err:
                log.exception("could not read the players of table %s", table.id)
                raise TableError("storage", "The rematch could not be opened. Try again.") from err
            if not by or by not in {seat.holder for seat in seats}:
                raise TableError("not_player", "Only the players can ask for a rematch.")
            settings = TableSettings(
                host=by,
                private=table.settings.private,
                chat=table.settings.chat,
                tempo=table.settings.tempo,
            )
            # Named first, then opened: a player asking on another process at the same
            # moment is sent to the same table (storage/rematches.py).
            proposed = new_match_id()
            try:
                follow_id = await site.gateway(
                    rematches.claim_rematch, match_id=table.id, rematch=proposed
                )
            except Exception as err:
                log.exception("could not name a rematch of table %s", table.id)
                raise TableError("storage", "The rematch could not be opened. Try again.") from err
            if follow_id not in site.tables:
                await site._open_rematch(
                    table, follow_id, seats, settings, mine=proposed == follow_id
                )
            info.rematch = follow_id
        info.tell("rematch")
        await site.publish(table.id, "rematch")
        return follow_id

    async def _open_rematch(
        self,
        table: Table,
        follow_id: str,
        seats: list[SeatInfo],
        settings: TableSettings,
        *,
        mine: bool,
    ) -> None:
        """Open the rematch this process named (``mine``), or wait for the process that
        named it first to open it (it is then heard of on the bus, or found in storage)."""
        site = self._site
        if not mine:
            for _ in range(REMATCH_WAITS):
                if follow_id in site.tables:
                    return
                with contextlib.suppress(TableError):
                    await site.table(follow_id)
                    return
                await asyncio.sleep(0.1)
            raise TableError("storage", "The rematch could not be opened. Try again.")
        try:
            await site.create_table(
                game=table.game,
                options=table.record["options"],
                seats=seats,
                user_ids=[seat.user_id for seat in seats],
                settings=settings,
                address=site.caps.addresses.get(table.id),
                match_id=follow_id,
            )
        except Exception as err:
            with contextlib.suppress(Exception):  # named but not opened: ask again later
                await site.gateway(rematches.release_rematch, match_id=table.id, rematch=follow_id)
            if isinstance(err, TableError):  # over the caps on new tables: the player's
                raise
            log.exception("could not open a rematch of table %s", table.id)
            raise TableError("storage", "The rematch could not be opened. Try again.") from err
