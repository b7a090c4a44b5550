"""Bots' turns as jobs for the bot workers, when the site runs as several processes.

Every process that hosts a table enqueues a job ``(table, ply, seat)`` whenever a bot is
to move there; :mod:`jobs.worker` runs it. arq's job ids make the job idempotent on the
queue: a job whose id is queued, running or finished within the last hour is not enqueued
again, so the same turn seen by three processes is one job. The id also names the
position (a digest of the moves so far), so a turn that comes back at the same ply after a
move was taken back is a new job. Storage makes it idempotent in the end: the worker stores
its move as ply ``ply + 1`` of the match, which only one writer can do (``UNIQUE(match,
ply)``).

arq rather than RQ, Dramatiq or Celery: it is asyncio throughout (the site enqueues from
its event loop without a thread), it refuses a duplicate job id by itself, and a job stays
on the queue until a worker finishes it, so the job of a worker that died is run again by
another as soon as its "in progress" mark expires (kept short by the worker's heartbeat:
see :mod:`jobs.worker`).
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import logging
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from typing import Any

from arq import ArqRedis, create_pool
from arq.connections import RedisSettings
from nicegui import background_tasks

from core.table import Move, SeatChange, Table
from ui.bot_pool import PERSON_WAITING, turn_priority
from ui.cluster import key
from ui.live import LiveInfo

log = logging.getLogger(__name__)

QUEUE = key("bot-turns")  # the arq queue of bot turns
TURN = "bot_turn"  # the job's function name (jobs.worker.bot_turn)
ENQUEUE_TIMEOUT = 3.0  # seconds an enqueue may take before it is given up (logged)
AHEAD = 600.0  # seconds a person's turn is queued ahead of the turns nobody waits for


def job_id(table_id: str, ply: int, seat: int, actions: list[list[Any]]) -> str:
    """The job of ``seat``'s turn at ply ``ply`` of the position reached by ``actions``.

    >>> job_id("m1", 2, 1, [[0, "a"], [1, "b"]])
    'bot:m1:2:1:ed2ad7c772b1'
    """
    digest = hashlib.sha256(json.dumps(actions, separators=(",", ":")).encode()).hexdigest()
    return f"bot:{table_id}:{ply}:{seat}:{digest[:12]}"


def bots_to_move(table: Table) -> list[int]:
    """The bot seats to move now (none while the table waits or is over or abandoned)."""
    if table.waiting or table.abandoned or table.state.is_over():
        return []
    return [seat for seat in sorted(table.state.to_move()) if table.seats[seat].is_bot]


async def enqueue_turns(redis: ArqRedis, table: Table, priority: int) -> list[str]:
    """Enqueue a job for every bot to move at ``table``; the ids of those that were new.

    The queue is ordered by a time: a turn at a table where a person waits is queued as if
    it had come :data:`AHEAD` seconds ago, before every turn nobody waits for, so a worker
    takes it first. The bot's move still shows no sooner than the pause after the position
    arose: the worker waits for that itself (jobs.worker)."""
    ahead = datetime.now(UTC) - timedelta(seconds=AHEAD) if priority == PERSON_WAITING else None
    new = []
    for seat in bots_to_move(table):
        ident = job_id(table.id, table.ply, seat, table.record["actions"])
        job = await asyncio.wait_for(
            redis.enqueue_job(
                TURN, table.id, table.ply, seat, priority,
                _job_id=ident, _queue_name=QUEUE, _defer_until=ahead,
            ),
            ENQUEUE_TIMEOUT,
        )  # fmt: skip
        if job is not None:
            new.append(ident)
    return new


class BotQueue:
    """The bots of a site served by several processes: their turns go on the queue."""

    def __init__(self, info: Callable[[str], LiveInfo], *, url: str) -> None:
        self.info = info
        self.url = url
        self._redis: ArqRedis | None = None
        self._connecting = asyncio.Lock()

    async def start(self) -> None:
        await self._pool()

    async def _pool(self) -> ArqRedis:
        async with self._connecting:
            if self._redis is None:
                self._redis = await create_pool(
                    RedisSettings.from_dsn(self.url), default_queue_name=QUEUE
                )
            return self._redis

    def close(self) -> None:
        if self._redis is not None:
            background_tasks.create(self._redis.aclose(), name="bot-queue-close")

    def priority(self, table: Table) -> int:
        """A turn at a table where a seated person has a page open (on any process) goes
        first on the workers."""
        return turn_priority(table, self.info(table.id).is_present)

    def watch(self, table: Table) -> None:
        table.subscribe(self._on_move)
        table.subscribe_seats(self._on_seats)
        self.schedule(table)

    def _on_move(self, table: Table, move: Move) -> None:
        self.schedule(table)

    def _on_seats(self, table: Table, change: SeatChange) -> None:
        self.schedule(table)

    def schedule(self, table: Table) -> None:
        """Enqueue the turns of the bots to move at ``table`` (a duplicate is refused)."""
        if bots_to_move(table):
            background_tasks.create(self._enqueue(table), name=f"bot-job-{table.id}")

    async def _enqueue(self, table: Table) -> None:
        try:
            redis = await self._pool()
            await enqueue_turns(redis, table, self.priority(table))
        except Exception as err:  # the site's sweep and the next change enqueue it again
            log.warning("could not enqueue the bots' turn at table %s: %s", table.id, err)
