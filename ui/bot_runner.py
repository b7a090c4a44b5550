"""Bots take their turns off the event loop, seeing only what their seat may know."""

from __future__ import annotations

import asyncio
import logging
import random
from typing import TYPE_CHECKING

from nicegui import background_tasks, run

from core.bots import choose_action
from core.table import Move, Table, TableError

if TYPE_CHECKING:
    from ui.site import Site

log = logging.getLogger(__name__)


class BotRunner:
    """Watches tables and plays for their bot seats after a short, natural pause."""

    RETRY_AFTER = 5.0

    def __init__(self, site: Site, *, pause: float) -> None:
        self.site = site
        self.pause = pause

    def watch(self, table: Table) -> None:
        table.subscribe(self._on_move)
        self._schedule(table)

    def _on_move(self, table: Table, move: Move) -> None:
        self._schedule(table)

    def _schedule(self, table: Table) -> None:
        thinking = self.site.info(table.id).thinking
        for seat in sorted(table.state.to_move()):
            if table.seats[seat].is_bot and seat not in thinking:
                thinking.add(seat)
                background_tasks.create(self._play(table, seat), name=f"bot-{table.id}-{seat}")

    async def _play(self, table: Table, seat: int) -> None:
        info = self.site.info(table.id)
        ply = table.ply
        try:
            await asyncio.sleep(self.pause)
            # The bot gets a state re-dealt from its own seat's knowledge, never the true one.
            rng = random.Random(f"{table.id}:{ply}:{seat}")
            guess = table.state.determinize(seat, rng)
            action = await run.cpu_bound(
                choose_action, table.seats[seat].bot_name, guess, seat, rng
            )
            if action is None:
                return
            await table.submit(seat, action, by=table.seats[seat].holder, expected_ply=ply)
        except TableError as err:
            log.warning("bot move refused at table %s: %s", table.id, err.message)
            if err.code == "storage":
                await asyncio.sleep(self.RETRY_AFTER)
                info.thinking.discard(seat)
                self._schedule(table)
                return
        finally:
            info.thinking.discard(seat)
        if table.ply != ply:
            # A turn may be several actions by the same seat: look again once this one is in.
            self._schedule(table)
