"""The bots' job queue (ui/bot_queue.py) and its worker (jobs/worker.py), on the machine's
PostgreSQL and Redis. The worker runs here in burst mode (it stops once the queue is
empty), its bots in a thread, so each test sees every job it enqueued run to its end."""

from __future__ import annotations

import asyncio
import random
import threading
import time
from collections.abc import AsyncIterator
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest
from arq import ArqRedis, create_pool
from arq.connections import RedisSettings
from arq.constants import in_progress_key_prefix
from redis.asyncio import Redis
from sqlalchemy import Engine, text

import jobs.worker as worker_module
from core.bots import choose_action
from core.engine import State
from core.record import new_record
from core.table import BOT, GUEST, SeatInfo, Table
from storage import changes, repo
from storage.db import migrate
from storage.models import new_match_id
from tests.deploy.stand_ins import until
from ui.bot_pool import BotPool
from ui.bot_queue import QUEUE, enqueue_turns, job_id

pytestmark = pytest.mark.postgres

ANN = "a" * 32
QUEUE_DB = 12  # the Redis database of these tests: the queue's keys are the site's own


@pytest.fixture
async def queue_url(redis_url: str) -> AsyncIterator[str]:
    url = redis_url.rsplit("/", 1)[0] + f"/{QUEUE_DB}"
    flush = Redis.from_url(url)
    await flush.flushdb()
    yield url
    await flush.flushdb()
    await flush.aclose()


@pytest.fixture
def engine(postgres_engine: Engine) -> Engine:
    with postgres_engine.begin() as conn:
        conn.execute(text("DROP SCHEMA public CASCADE"))
        conn.execute(text("CREATE SCHEMA public"))
    migrate(postgres_engine)
    repo.ensure_guest(postgres_engine, user_id=ANN, name="Ann")
    return postgres_engine


@pytest.fixture
async def queue(queue_url: str) -> AsyncIterator[ArqRedis]:
    pool = await create_pool(RedisSettings.from_dsn(queue_url), default_queue_name=QUEUE)
    yield pool
    await pool.aclose()


class Spy:
    """The bot the worker asks, in a thread: what it was shown, then the real answer."""

    def __init__(self) -> None:
        self.shown: list[State] = []

    def __call__(self, bot: str, state: State, seat: int, rng: Any) -> str | None:
        self.shown.append(state)
        return choose_action(bot, state, seat, rng)


@pytest.fixture
def spy(monkeypatch: pytest.MonkeyPatch) -> Spy:
    seen = Spy()
    monkeypatch.setattr(worker_module, "choose_action", seen)
    return seen


async def run_worker(
    engine: Engine,
    queue_url: str,
    monkeypatch: pytest.MonkeyPatch,
    bots: BotPool | None = None,
    pause: float = 0.0,
) -> None:
    """Every job on the queue, run to its end by one worker."""
    monkeypatch.setenv("REDIS_URL", queue_url)
    ctx = {
        "db": engine,
        "bots": bots or BotPool(workers=1, executor=ThreadPoolExecutor(1)),
        "pause": pause,
    }
    made = worker_module.worker(burst=True, ctx=ctx)
    try:
        await made.async_run()
    finally:
        await made.close()


def bot_to_move(engine: Engine, seed: int = 5) -> Table:
    """A stored Caravan match of Ann against a bot, at a position where the bot moves."""
    seats = [SeatInfo(GUEST, ANN, "Ann"), SeatInfo(BOT, "bot:easy", "Robot")]
    record = new_record("caravan", 2, seed, {"hands": 1}, [s.name for s in seats])
    match_id = new_match_id()
    repo.create_match(engine, match_id=match_id, record=record, seats=seats, user_ids=[ANN, None])
    table = Table(match_id, record, seats, persist=repo.persist_move(engine))
    while 1 not in table.state.to_move():
        seat = min(table.state.to_move())
        action = table.state.legal_actions(seat)[0]
        repo.append_move(engine, match_id=match_id, ply=table.ply + 1, seat=seat, action=action)
        table.state.apply(seat, action)
        table.record["actions"].append([seat, action])
    return table


def plies(engine: Engine, table: Table) -> int:
    return changes.plies(engine, match_ids=[table.id])[table.id]


async def test_a_bot_turn_is_one_job_and_one_move_however_often_it_is_asked(
    engine: Engine, queue: ArqRedis, queue_url: str, spy: Spy, monkeypatch: pytest.MonkeyPatch
) -> None:
    table = bot_to_move(engine)
    before = table.ply
    first = await enqueue_turns(queue, table, 1)
    assert first == [job_id(table.id, before, 1, table.record["actions"])]
    assert await enqueue_turns(queue, table, 0) == []  # three processes, one job
    await run_worker(engine, queue_url, monkeypatch)
    assert plies(engine, table) == before + 1
    assert await enqueue_turns(queue, table, 1) == []  # done: still one job
    ctx = {"db": engine, "bots": BotPool(workers=1, executor=ThreadPoolExecutor(1))}
    ctx.update(job_id="again", redis=queue, bus=_Quiet(), presence=None, pause=0.0)
    assert await worker_module.bot_turn(ctx, table.id, before, 1, 1) == "moot"
    assert plies(engine, table) == before + 1
    assert len(spy.shown) == 1


async def test_the_bot_is_shown_what_its_seat_knows_never_the_true_state(
    engine: Engine, queue: ArqRedis, queue_url: str, spy: Spy, monkeypatch: pytest.MonkeyPatch
) -> None:
    table = bot_to_move(engine)
    await enqueue_turns(queue, table, 1)
    await run_worker(engine, queue_url, monkeypatch)
    (shown,) = spy.shown
    assert shown.view(1) == table.state.view(1)  # the same for the bot's own eyes
    # What it could not see was dealt again from what it knows, as the site's bots are.
    redealt = table.state.determinize(1, random.Random(f"{table.id}:{table.ply}:1"))
    assert shown.view(0) == redealt.view(0)


async def test_the_job_of_a_worker_that_died_mid_think_is_run_again_by_another(
    engine: Engine, queue: ArqRedis, queue_url: str, spy: Spy, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A worker took the job (its "in progress" mark is set) and died: no heartbeat
    refreshes the mark, so another worker runs the job once it expires, and not before."""
    table = bot_to_move(engine)
    (ident,) = await enqueue_turns(queue, table, 1)
    mark = in_progress_key_prefix + ident
    died_at = time.monotonic()
    await queue.psetex(mark, int(worker_module.IN_PROGRESS * 1000), b"1")
    try:
        await asyncio.wait_for(run_worker(engine, queue_url, monkeypatch), 60)
    except TimeoutError as err:
        held = await queue.pttl(mark)
        raise AssertionError(f"no worker ran the job in 60 s (its mark's life: {held} ms)") from err
    assert plies(engine, table) == table.ply + 1
    assert len(spy.shown) == 1
    waited = time.monotonic() - died_at
    assert waited >= worker_module.IN_PROGRESS, f"run again {waited:.1f} s on, mark still held"


class _Quiet:
    async def publish(self, table: str, kind: str, ply: int | None = None) -> None:
        return None


async def test_a_turn_where_a_person_waits_is_played_before_turns_nobody_waits_for(
    engine: Engine, queue: ArqRedis, queue_url: str, spy: Spy, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Four bot-only turns queued first, then one at a table where a person is present: the
    queue holds the person's turn ahead, and a worker whose one bot process is busy (with
    another table's search) until the turns it took wait for it plays the person's first.
    (Which of the turns taken together loads its table first is left to chance: a free
    bot process takes the first to arrive.)"""
    nobody = [bot_to_move(engine, seed) for seed in range(4)]
    person = bot_to_move(engine, 4)
    for table in nobody:
        await enqueue_turns(queue, table, 1)
    (urgent,) = await enqueue_turns(queue, person, 0)
    assert [job.decode() for job in await queue.zrange(QUEUE, 0, 0)] == [urgent]
    bots = BotPool(workers=1, executor=ThreadPoolExecutor(1))

    started = threading.Event()

    def searching() -> None:  # until the four turns the worker takes at once wait for it
        started.set()
        until(lambda: bots.queued >= 4, 20, "the worker's turns to wait for the bot process")

    busy = asyncio.ensure_future(bots.run(1, searching))
    assert await asyncio.to_thread(started.wait, 20), "the search never had the bot process"
    await run_worker(engine, queue_url, monkeypatch, bots)
    await busy
    hands = {table.id: table.state.view(1)["hand"] for table in [*nobody, person]}
    assert len({str(hand) for hand in hands.values()}) == 5  # each turn known by its hand
    order = [next(i for i, hand in hands.items() if s.view(1)["hand"] == hand) for s in spy.shown]
    assert len(order) == 5
    assert order[0] == person.id, order


async def test_a_bots_move_is_stored_no_sooner_than_the_pause_after_the_position(
    engine: Engine, queue: ArqRedis, queue_url: str, spy: Spy, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A person's turn jumps the queue, but the bot's answer still waits for the pause."""
    table = bot_to_move(engine)
    asked = time.monotonic()
    await enqueue_turns(queue, table, 0)
    await run_worker(engine, queue_url, monkeypatch, pause=0.5)
    assert plies(engine, table) == table.ply + 1
    assert time.monotonic() - asked >= 0.5
