"""Bot moves per second on the workers, and a person's wait for a bot reply meanwhile.

On a cluster of one app process and ``W`` bot workers (``CARAVANSERAI_BOT_PAUSE`` 0, so
that the workers play as fast as they can): ``--tables`` Caravan tables of two ``--bot``
bots are opened in the database and their first turns enqueued (``enqueue_turns``, as an
app does, at the priority of a table nobody waits at); a table that ends is replaced at
once. Throughput is the count of moves stored (``moves.created_at``) in a window of
``--window`` seconds that starts ``--warmup`` seconds after the first enqueue.

Then, with those games still running (and, with ``--baseline``, once before they start),
Ann plays a table against ``--reply-bot``: she is
present at it (her identity written to the shared presence, as her page's process would),
each of her moves is stored by the bench through the table code, its bot's turn is
enqueued at once at the priority of a table with a person waiting (0) and the move is
announced on the bus. Her wait is from her move's ``created_at`` to the bot's reply's
(both stamped by the process that stored them, on this machine's clock): queueing,
loading the match, thinking, storing.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import statistics
import time
from dataclasses import dataclass, field
from datetime import UTC, datetime

from arq import ArqRedis, create_pool
from arq.connections import RedisSettings
from sqlalchemy import Engine

from bench.cluster_driver import (
    ANN,
    bot_table,
    load,
    moves_between,
    person_table,
    playing,
    stored_times,
)
from bench.cluster_fanout import quantile
from bench.cluster_procs import Cluster
from ui.bot_pool import NOBODY_WAITING, PERSON_WAITING
from ui.bot_queue import QUEUE, enqueue_turns
from ui.bus import RedisBus
from ui.presence import SharedPresence

REPLY_TIMEOUT = 60.0  # seconds a bot reply may take before the measurement gives up


@dataclass
class BotRun:
    workers: int
    moves: int = 0
    window: float = 0.0
    tables_done: int = 0
    waits: list[float] = field(default_factory=list)  # Ann's, while the games run
    idle_waits: list[float] = field(default_factory=list)  # Ann's, before they start
    load: tuple[float, float] = (0.0, 0.0)

    @property
    def rate(self) -> float:
        return self.moves / self.window if self.window else 0.0


class BotGames:
    """``count`` bot-only tables kept going: each that ends is replaced."""

    def __init__(self, cluster: Cluster, redis: ArqRedis, bot: str, count: int) -> None:
        self.cluster, self.redis, self.bot, self.count = cluster, redis, bot, count
        self.tables: list[str] = []
        self.done = 0
        self.rng = random.Random(7)

    async def fill(self) -> None:
        assert self.cluster.engine is not None
        engine = self.cluster.engine
        if self.tables:
            going = await asyncio.to_thread(playing, engine, self.tables)
            self.done += len(self.tables) - len(going)
            self.tables = [t for t in self.tables if t in going]
        while len(self.tables) < self.count:
            seed = self.rng.randrange(1 << 30)
            table_id = await asyncio.to_thread(bot_table, engine, self.bot, hands=3, seed=seed)
            table = await load(engine, table_id)
            assert table is not None
            await enqueue_turns(self.redis, table, NOBODY_WAITING)
            self.tables.append(table_id)

    async def keep(self) -> None:
        while True:
            await self.fill()
            await asyncio.sleep(0.5)


async def measure(workers: int, args: argparse.Namespace) -> BotRun:
    run = BotRun(workers)
    load_before = os.getloadavg()[0]
    with Cluster(1, workers, redis_db=args.redis_db, pause=0) as cluster:
        assert cluster.engine is not None
        redis = await create_pool(
            RedisSettings.from_dsn(cluster.redis_url), default_queue_name=QUEUE
        )
        if args.replies and args.baseline:  # the same wait with the workers idle
            run.idle_waits = await person_waits(cluster, redis, args)
        games = BotGames(cluster, redis, args.bot, args.tables)
        await games.fill()
        keeping = asyncio.create_task(games.keep())
        try:
            await asyncio.sleep(args.warmup)
            start = datetime.now(UTC)
            await asyncio.sleep(args.window)
            end = datetime.now(UTC)
            run.window = (end - start).total_seconds()
            run.moves = await asyncio.to_thread(moves_between, cluster.engine, start, end)
            run.tables_done = games.done
            print(
                f"  {workers} worker(s): {run.moves} moves in {run.window:.1f} s = "
                f"{run.rate:.1f} / s ({games.done} games ended)",
                flush=True,
            )
            if args.replies:
                run.waits = await person_waits(cluster, redis, args)
        finally:
            keeping.cancel()
            await redis.aclose()
    run.load = (load_before, os.getloadavg()[0])
    return run


async def person_waits(cluster: Cluster, redis: ArqRedis, args: argparse.Namespace) -> list[float]:
    """Ann's waits for ``args.replies`` bot replies (tables replaced when a game ends)."""
    assert cluster.engine is not None
    engine = cluster.engine
    bus = RedisBus(cluster.redis_url, name="bench-person")
    presence = SharedPresence(cluster.redis_url, "bench-person")
    rng = random.Random(11)
    waits: list[float] = []
    deadline = time.monotonic() + args.replies * 10 + 60
    table_id = ""
    try:
        while len(waits) < args.replies and time.monotonic() < deadline:
            table = await load(engine, table_id) if table_id else None
            if table is None:  # the first, or the last one ended
                seed = rng.randrange(1 << 30)
                table_id = await asyncio.to_thread(
                    person_table, engine, args.reply_bot, hands=3, seed=seed
                )
                await presence.write(table_id, {ANN})
                await bus.publish(table_id, "opened")
                table = await load(engine, table_id)
                assert table is not None
                await enqueue_turns(redis, table, PERSON_WAITING)  # the bot may start
            await presence.alive()
            if 0 not in table.state.to_move():
                await reply(engine, table_id, table.ply - 1)  # the bot's turn: its move
                continue
            action = rng.choice(table.legal_actions(0))
            await table.submit(0, action, by=ANN, expected_ply=table.ply)
            ply = table.ply
            await enqueue_turns(redis, table, PERSON_WAITING)  # before the apps hear
            await bus.publish(table_id, "move", ply)
            if table.state.is_over() or 0 in table.state.to_move():
                continue  # Ann moves again (or the game is over): nothing to time
            times = await reply(engine, table_id, ply - 1)
            if ply + 1 in times:
                waits.append((times[ply + 1] - times[ply]).total_seconds())
    finally:
        await presence.write(table_id, set())
        await presence.close()
        await bus.close()
    return waits


async def reply(engine: Engine, table_id: str, since: int) -> dict[int, datetime]:
    """The stored times of the moves after ``since`` once ply ``since + 2`` (the bot's
    answer to ply ``since + 1``) is stored, polled every 20 ms; empty after a minute."""
    give_up = time.monotonic() + REPLY_TIMEOUT
    while time.monotonic() < give_up:
        times = await asyncio.to_thread(stored_times, engine, table_id, since)
        if since + 2 in times:
            return times
        await asyncio.sleep(0.02)
    return {}


def waited(waits: list[float]) -> str:
    """Median / p95 in ms, or a dash."""
    if not waits:
        return "—"
    return f"{statistics.median(waits) * 1000:.0f} / {quantile(waits, 0.95) * 1000:.0f}"


def summary(run: BotRun) -> str:
    return (
        f"{run.workers} worker(s): {run.rate:.1f} bot moves / s ({run.moves} in "
        f"{run.window:.0f} s); Ann's wait median / p95 {waited(run.waits)} ms over "
        f"{len(run.waits)} replies (workers idle: {waited(run.idle_waits)} ms) | load "
        f"{run.load[0]:.2f} -> {run.load[1]:.2f}"
    )


def bots(args: argparse.Namespace) -> list[BotRun]:
    runs = []
    for workers in args.workers:
        print(f"cluster: 1 app, {workers} worker(s), {args.tables} tables of {args.bot}")
        run = asyncio.run(measure(workers, args))
        print(summary(run), flush=True)
        runs.append(run)
    return runs
