"""A bot worker: ``python -m jobs.worker`` (``make worker``), on any machine that reaches
the site's PostgreSQL and Redis (``DATABASE_URL``, ``REDIS_URL``; docs/cluster.md).

It runs the bots' turns that the site's processes put on the queue (:mod:`ui.bot_queue`).
A turn ``(table, ply, seat)`` is read from the database, the bot thinks on what its seat
may know (``state.determinize(seat)``, never the true state), and the move is stored as
ply ``ply + 1`` through the same table code and storage hook as a person's move, then
published on the bus; the turns of the bots to move next are enqueued at once. A job is
idempotent: one that finds the game elsewhere does nothing, and only one writer can store
a ply, however often the job runs.

The thinking runs in the worker's own process pool (:class:`ui.bot_pool.BotPool`, one
process per core unless ``CARAVANSERAI_BOT_PROCESSES`` says otherwise), where a turn at a
table with a person present goes before turns nobody waits for.

A worker killed mid-think leaves its job on the queue; arq marks a running job "in
progress" and the worker refreshes that mark every :data:`HEARTBEAT` seconds, letting it
expire after :data:`IN_PROGRESS` seconds, so another worker runs the job within about
that long after a death.

Each worker also runs the replays' analyses (:mod:`ui.analysis_runner`) in the same pool, a
chunk of plies at a time below every bot turn: it finds them in storage, where the site's
processes queue them (docs/analysis.md), claiming one at a time.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import random
import time
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime
from typing import Any

from arq import Retry
from arq.connections import RedisSettings
from arq.constants import in_progress_key_prefix
from arq.worker import Worker, func
from sqlalchemy import Engine

from core.bots import choose_action
from core.engine import State
from core.table import Move, Table, TableError
from storage import repo
from storage.db import make_engine
from storage.models import PLAYING
from ui.analysis_runner import AnalysisRunner
from ui.bot_pool import BotPool, turn_priority
from ui.bot_queue import QUEUE, TURN, bots_to_move, enqueue_turns
from ui.bus import RedisBus
from ui.cluster import process_name, redis_url
from ui.presence import SharedPresence

log = logging.getLogger("caravanserai.worker")

HEARTBEAT = 1.0  # seconds between two refreshes of a running job's "in progress" mark
IN_PROGRESS = 4.0  # seconds the mark lasts without a refresh: a dead worker's job is free
TURN_TIMEOUT = 120.0  # seconds a turn may take, thinking and storing, before it is dropped
KEEP_RESULT = 60  # seconds a finished job's id refuses a duplicate
STORAGE_RETRY = 2.0  # seconds before a turn storage refused is tried again


async def bot_turn(ctx: dict[str, Any], table_id: str, ply: int, seat: int, priority: int) -> str:
    """The job: play ``seat``'s turn at ply ``ply`` of ``table_id``; what happened."""
    beat = asyncio.create_task(_heartbeat(ctx))
    try:
        return await _turn(ctx, table_id, ply, seat, priority)
    finally:
        beat.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await beat


async def _heartbeat(ctx: dict[str, Any]) -> None:
    mark = in_progress_key_prefix + ctx["job_id"]
    while True:
        await asyncio.sleep(HEARTBEAT)
        try:
            await ctx["redis"].pexpire(mark, int(IN_PROGRESS * 1000))
        except Exception as err:
            log.warning("could not refresh job %s: %s", ctx["job_id"], err)


async def _turn(ctx: dict[str, Any], table_id: str, ply: int, seat: int, priority: int) -> str:
    db: Engine = ctx["db"]
    table = await stored_table(db, table_id)
    if table is None:
        return "over"
    if table.ply != ply or seat not in bots_to_move(table):
        return "moot"  # the game went on (or back) without this turn: nothing to do
    rng = random.Random(f"{table_id}:{ply}:{seat}")
    guess = table.state.determinize(seat, rng)
    pool: BotPool = ctx["bots"]
    holder = table.seats[seat].holder
    action: str | None = await pool.run(
        priority, choose_action, table.seats[seat].bot_name, guess, seat, rng
    )
    if action is None:
        return "no move"
    # The move shows no sooner than the pause after the position arose (when the job was
    # enqueued); a search that took longer plays at once.
    since = (datetime.now(UTC) - ctx["enqueue_time"]).total_seconds()
    await asyncio.sleep(max(0.0, ctx["pause"] - since))
    try:
        await table.submit(seat, action, by=holder, expected_ply=ply)
    except TableError as err:
        if err.code in ("storage", "storage_unknown"):
            raise Retry(defer=STORAGE_RETRY) from err
        log.info("turn %s at %s ply %s: %s", seat, table_id, ply, err.code)
        return err.code  # stale: another writer stored this ply first
    await ctx["bus"].publish(table_id, "move", table.ply)
    await _next(ctx, table)
    return action


async def stored_table(db: Engine, table_id: str) -> Table | None:
    """The match as a table that stores its moves, or None when it is not being played."""
    found = await asyncio.to_thread(repo.load_tables, db, match_ids=[table_id])
    if not found or found[0].status != PLAYING:
        return None
    match = found[0]
    store = repo.persist_move(db)

    async def persist(table: Table, move: Move, after: State) -> None:
        await asyncio.to_thread(store, table, move, after)

    async def reconcile(table: Table, ply: int) -> tuple[int, str] | None:
        return await asyncio.to_thread(repo.stored_action, db, match_id=table.id, ply=ply)

    return Table(
        match.id,
        match.record,
        match.seats,
        persist=persist,
        settings=match.settings,
        reconcile=reconcile,
        clock=match.clock,  # a timed table: the bot's move starts the next person's time
    )


async def _next(ctx: dict[str, Any], table: Table) -> None:
    """The turns of the bots to move after this one, at once (the site's processes would
    enqueue them too on hearing of the move: the queue keeps one of each)."""
    if not bots_to_move(table):
        return
    present: SharedPresence = ctx["presence"]
    try:
        people = await present.others(table.id)
    except Exception:
        people = set()
    try:
        await enqueue_turns(ctx["redis"], table, turn_priority(table, people.__contains__))
    except Exception as err:
        log.warning("could not enqueue the next turn at %s: %s", table.id, err)


async def startup(ctx: dict[str, Any]) -> None:
    """What every job uses, made once (a test may hand some of it in ``ctx``)."""
    url = redis_url()
    assert url is not None
    name = process_name()
    if "db" not in ctx:
        ctx["db"] = make_engine()
    if "bots" not in ctx:
        processes = os.environ.get("CARAVANSERAI_BOT_PROCESSES")
        ctx["bots"] = BotPool(int(processes) if processes else None)
        await ctx["bots"].warm()
    ctx.setdefault("bus", RedisBus(url, name=name))
    ctx.setdefault("presence", SharedPresence(url, name))
    ctx.setdefault("pause", float(os.environ.get("CARAVANSERAI_BOT_PAUSE", "0.8")))
    if "analyses" not in ctx:
        ctx["analyses"] = AnalysisRunner(storage_call(ctx["db"]), ctx["bots"], name=name)
    ctx["analyses"].start()
    log.info("worker %s ready: %d bot process(es)", name, ctx["bots"].workers)


def storage_call(db: Engine) -> Callable[..., Awaitable[Any]]:
    """``call(fn, **kwargs)``: ``fn(db, **kwargs)`` on a thread (what the site's gateway
    is to its runner)."""

    async def call(fn: Callable[..., Any], /, **kwargs: Any) -> Any:
        return await asyncio.to_thread(fn, db, **kwargs)

    return call


async def shutdown(ctx: dict[str, Any]) -> None:
    await ctx["analyses"].stop()  # the analysis under way is queued again
    ctx["bots"].close()
    await ctx["bus"].close()
    await ctx["presence"].close()


def worker(*, burst: bool = False, ctx: dict[str, Any] | None = None) -> Worker:
    """The arq worker of the bots' queue (``burst``: stop once the queue is empty; ``ctx``:
    what its jobs share, made at start-up when absent)."""
    url = redis_url()
    if url is None:
        raise SystemExit("REDIS_URL is not set: a bot worker serves a site of several processes")
    processes = os.environ.get("CARAVANSERAI_BOT_PROCESSES")
    pool_size = int(processes) if processes else None
    made = Worker(
        functions=[func(bot_turn, name=TURN, timeout=TURN_TIMEOUT, max_tries=5)],
        redis_settings=RedisSettings.from_dsn(url),
        queue_name=QUEUE,
        on_startup=startup,
        on_shutdown=shutdown,
        # Taken at once: a few per bot process, so that the queue, where a person's turn is
        # ahead of the others, decides the order; the pool runs them by priority too.
        max_jobs=max(4, 2 * (pool_size or os.cpu_count() or 1)),
        poll_delay=0.1,
        keep_result=KEEP_RESULT,
        burst=burst,
        ctx=ctx,
        handle_signals=not burst,
    )
    made.in_progress_timeout_s = IN_PROGRESS  # refreshed by each job's heartbeat
    return made


def main() -> None:
    logging.basicConfig(
        level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s"
    )
    started = time.monotonic()
    try:
        worker().run()
    finally:
        log.info("worker stopped after %.0f s", time.monotonic() - started)


if __name__ == "__main__":
    main()
