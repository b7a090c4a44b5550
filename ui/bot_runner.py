"""Bots take their turns off the event loop, seeing only what their seat may know.

Their thinking runs in the site's own worker processes (:mod:`ui.bot_pool`), where a
turn at a table with a person watching goes before turns at tables nobody waits at.
"""

from __future__ import annotations

import asyncio
import logging
import random
from collections.abc import Callable

from nicegui import background_tasks

from core.bots import choose_action
from core.table import Move, Table, TableError
from ui.bot_pool import BotPool, turn_priority
from ui.live import LiveInfo

log = logging.getLogger(__name__)

STORAGE_CODES = ("storage", "storage_unknown")  # refusals for which storage, not the move, failed


class BotRunner:
    """Watches tables and plays for their bot seats after a short, natural pause."""

    RETRY_FIRST = 1.0  # seconds before a bot tries a move storage refused again, doubling
    RETRY_LONGEST = 60.0
    MAX_ATTEMPTS = 12  # then it stops, logged, after about 7 minutes; a seat change wakes it

    def __init__(
        self, info: Callable[[str], LiveInfo], *, pause: float, pool: BotPool | None = None
    ) -> None:
        self.info = info  # a table's live information (who has a page open), by its id
        self.pause = pause
        self._thinking: dict[str, set[int]] = {}  # table id -> the bot seats thinking there
        self._failures: dict[tuple[str, int], tuple[int, int]] = {}  # (table, seat): ply, count
        self.pool = pool or BotPool()
        self.choose: Callable[..., str | None] = choose_action  # what a worker runs for a turn

    async def start(self) -> None:
        """Start the workers in the background (at start-up), so the first move finds one."""
        await self.pool.warm()

    def close(self) -> None:
        self.pool.close()

    def priority(self, table: Table) -> int:
        """A turn at a table where a seated person has a page open goes first."""
        return turn_priority(table, self.info(table.id).is_present)

    def thinking(self, table_id: str) -> frozenset[int]:
        """The bot seats of the table whose turn is being thought about (or submitted):
        a seat here starts no second think until its move is in."""
        return frozenset(self._thinking.get(table_id, ()))

    def watch(self, table: Table) -> None:
        table.subscribe(self._on_move)
        table.subscribe_seats(lambda table, change: self._schedule(table))
        # A player opening the page moves the table's waiting turn up the queue.
        self.info(table.id).listen(
            lambda event: self.pool.reconsider() if event == "presence" else None
        )
        self._schedule(table)

    def _on_move(self, table: Table, move: Move) -> None:
        self._schedule(table)

    def _schedule(self, table: Table) -> None:
        if table.waiting or table.abandoned:
            return
        thinking = self._thinking.setdefault(table.id, set())
        for seat in sorted(table.state.to_move()):
            if table.seats[seat].is_bot and seat not in thinking:
                thinking.add(seat)
                background_tasks.create(self._play(table, seat), name=f"bot-{table.id}-{seat}")

    async def _play(self, table: Table, seat: int) -> None:
        """Think once for ``seat`` and submit the answer. The seat stays marked as busy
        until its move is in, so the moves landing meanwhile (the other bidders of a
        sealed bid) do not start a second think for it; its choice stays valid through
        them (:meth:`core.table.Table.submit`)."""
        try:
            again = await self._take_turn(table, seat)
        finally:
            busy = self._thinking.get(table.id, set())
            busy.discard(seat)
            if not busy:
                self._thinking.pop(table.id, None)
        if again:
            self._schedule(table)

    async def _take_turn(self, table: Table, seat: int) -> bool:
        """Whether to schedule the table's bots again when this turn is over: after the
        move (its own notice found this seat busy, and it may have another step to take),
        or to try again at the position now."""
        ply = table.ply
        action = await self._think(table, seat, ply)
        if action is None or table.abandoned:
            return False
        try:
            await table.submit(seat, action, by=table.seats[seat].holder, expected_ply=ply)
        except TableError as err:
            log.warning("bot move refused at table %s: %s", table.id, err.message)
            if err.code in STORAGE_CODES:
                return await self._storage_pause(table, seat, ply)
            # Stale: the game moved on for this seat (a move taken back, say): think again.
            return err.code == "stale"
        return True

    async def _storage_pause(self, table: Table, seat: int, ply: int) -> bool:
        """Wait longer after each storage failure at the same position (1, 2, 4 ... 60 s);
        False, with an error logged, once the bot has tried :attr:`MAX_ATTEMPTS` times."""
        key = (table.id, seat)
        last_ply, failures = self._failures.get(key, (ply, 0))
        failures = failures + 1 if last_ply == ply else 1
        if failures >= self.MAX_ATTEMPTS:
            self._failures.pop(key, None)
            log.error(
                "bot at seat %s of table %s stops after %s failed saves at ply %s",
                seat, table.id, failures, ply,
            )  # fmt: skip
            return False
        self._failures[key] = (ply, failures)
        await asyncio.sleep(min(self.RETRY_FIRST * 2 ** (failures - 1), self.RETRY_LONGEST))
        return True

    async def _think(self, table: Table, seat: int, ply: int) -> str | None:
        """The bot's action, from a state re-dealt from its own knowledge.

        A bot that answers at once still waits until ``pause`` has passed since
        the position arose, so moves stay readable; one that searched for longer
        plays as soon as it is done.
        """
        loop = asyncio.get_running_loop()
        started = loop.time()
        rng = random.Random(f"{table.id}:{ply}:{seat}")
        guess = table.state.determinize(seat, rng)
        action: str | None = await self.pool.run(
            lambda: self.priority(table), self.choose, table.seats[seat].bot_name, guess, seat, rng
        )
        await asyncio.sleep(max(0.0, self.pause - (loop.time() - started)))
        return action
