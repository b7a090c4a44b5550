"""Replay analysis at the site (ui/site_analysis.py) and its runner (ui/analysis_runner.py):
asked for, run in the bots' pool a chunk at a time below every bot turn, stored as it goes,
resumed after a restart, failed and asked again. The pool runs on threads; the engine is a
quick stand-in, but for one test that runs the real one on a tiny budget."""

from __future__ import annotations

import asyncio
import contextlib
import functools
import pickle
import threading
from collections.abc import AsyncIterator, Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from nicegui import background_tasks
from nicegui import core as nicegui_core
from sqlalchemy import Engine
from sqlmodel import select

from core import analysis
from core.analysis import AnalysisBudget
from core.table import Table
from storage import analyses
from storage.accounts import create_account
from storage.db import session
from storage.models import Analysis
from tests.ui.sites import ANN, BEA, Time, guests_engine, two_people
from ui.analysis_runner import CHUNK, AnalysisRunner, budget_from_environment, seed_of
from ui.bot_pool import NOBODY_WAITING, PERSON_WAITING, BotPool
from ui.site import Site
from ui.site_analysis import AnalysisStatus


class Engine_:
    """A stand-in for core.analysis: notes each chunk it is asked for, in order, and holds
    a chunk while the test keeps its gate shut."""

    def __init__(self) -> None:
        self.started: list[tuple[int, int]] = []
        self.gates: dict[int, threading.Event] = {}  # chunk start -> open to go on
        self.broken: str | None = None

    def plies(
        self, record: dict[str, Any], start: int, stop: int, *, budget: Any, seed: int
    ) -> list[dict[str, Any]]:
        self.started.append((start, stop))
        gate = self.gates.get(start)
        if gate is not None:
            gate.wait(timeout=30)
        if self.broken:
            raise RuntimeError(self.broken)
        return [{"ply": ply, "seed": seed} for ply in range(start + 1, stop + 1)]

    @staticmethod
    def summarise(
        record: dict[str, Any], plies: list[dict[str, Any]], budget: AnalysisBudget
    ) -> dict[str, Any]:
        return {"format": 1, "game": record["game"], "plies": plies}

    def hold(self, start: int) -> threading.Event:
        return self.gates.setdefault(start, threading.Event())

    def open_all(self) -> None:
        for gate in self.gates.values():
            gate.set()


@pytest.fixture
def engine_(monkeypatch: pytest.MonkeyPatch) -> Iterator[Engine_]:
    fake = Engine_()
    monkeypatch.setattr(analysis, "analyse_plies", fake.plies)
    monkeypatch.setattr(analysis, "summarise", fake.summarise)
    yield fake
    fake.open_all()  # no worker thread stays held after the test


@pytest.fixture
def clock() -> Time:
    return Time()


@pytest.fixture
def db(tmp_path: Path) -> Engine:
    return guests_engine(tmp_path)


@pytest.fixture
async def site(db: Engine, clock: Time, monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[Site]:
    monkeypatch.setattr(nicegui_core, "loop", asyncio.get_running_loop())
    built = Site(db, bot_pause=0, now=clock)
    built.bots.pool = BotPool(workers=2, executor=ThreadPoolExecutor(2))  # type: ignore[union-attr]
    yield built
    await built.stop_analysis()
    built.bots.close()


async def finished_game(site: Site) -> Table:
    """Ann and Bea play a one-hand Caravan to its end, each the first move offered."""
    table = await two_people(site)
    while not table.state.is_over():
        seat = min(table.state.to_move())
        action = table.legal_actions(seat)[0]
        await table.submit(seat, action, by=table.seats[seat].holder)
    return table


async def state_of(
    site: Site, match_id: str, states: tuple[str, ...], deadline: float = 20.0
) -> AnalysisStatus:
    """The match's analysis once it is in one of ``states`` (polled; fail after
    ``deadline`` seconds)."""
    loop = asyncio.get_running_loop()
    end = loop.time() + deadline
    while True:
        status = await site.analysis_of(match_id)
        if status is not None and status.state in states:
            return status
        assert loop.time() < end, f"the analysis is still {status}"
        await asyncio.sleep(0.02)


async def until(condition: Callable[[], bool], deadline: float = 10.0) -> None:
    loop = asyncio.get_running_loop()
    end = loop.time() + deadline
    while not condition():
        assert loop.time() < end, "the condition did not come true in time"
        await asyncio.sleep(0.01)


async def auto_request_made(table: Table) -> None:
    """Wait for the site's background request of the game's automatic analysis."""
    name = f"analysis-{table.id}"
    tasks = [t for t in background_tasks.running_tasks if t.get_name() == name]
    await asyncio.gather(*tasks)


def rows(db: Engine) -> list[Analysis]:
    with session(db) as s:
        return list(s.exec(select(Analysis)).all())


def chunks(total: int, start: int = 0) -> list[tuple[int, int]]:
    return [(n, min(n + CHUNK, total)) for n in range(start, total, CHUNK)]


async def test_a_request_is_queued_then_done_and_seen_from_another_site(
    site: Site, db: Engine, engine_: Engine_
) -> None:
    table = await finished_game(site)
    asked = await site.request_analysis(table.id, by=ANN)
    assert asked == AnalysisStatus("queued", 0, table.ply, None, False)
    site.start_analysis()
    done = await state_of(site, table.id, ("done",))
    assert done.done == done.total == table.ply and done.result is not None
    assert [p["ply"] for p in done.result["plies"]] == list(range(1, table.ply + 1))
    assert {p["seed"] for p in done.result["plies"]} == {seed_of(table.id)}
    assert engine_.started == chunks(table.ply), "in chunks, each ply once"
    elsewhere = Site(db, bot_pause=0)
    assert await elsewhere.analysis_of(table.id) == done, "another process reads the same"


async def test_asking_twice_gives_one_analysis(site: Site, db: Engine, engine_: Engine_) -> None:
    table = await finished_game(site)
    first = await site.request_analysis(table.id, by=ANN)
    second = await site.request_analysis(table.id, by=BEA)
    assert first == second and len(rows(db)) == 1
    site.start_analysis()
    await state_of(site, table.id, ("done",))
    assert await site.request_analysis(table.id, by=BEA) == await site.analysis_of(table.id)
    assert engine_.started == chunks(table.ply) and len(rows(db)) == 1


async def test_an_unfinished_or_unknown_match_is_refused_and_nothing_is_stored(
    site: Site, db: Engine, engine_: Engine_
) -> None:
    table = await two_people(site)
    seat = min(table.state.to_move())
    await table.submit(seat, table.legal_actions(seat)[0], by=table.seats[seat].holder)
    with pytest.raises(ValueError, match="not_finished"):
        await site.request_analysis(table.id, by=ANN)
    with pytest.raises(ValueError, match="unknown"):
        await site.request_analysis("nosuchmatch", by=ANN)
    assert await site.analysis_of(table.id) is None and rows(db) == []


async def test_a_finished_game_is_analysed_by_itself_for_an_account_that_chose_it(
    site: Site, db: Engine, engine_: Engine_
) -> None:
    site.start_analysis()
    plain = await finished_game(site)
    await auto_request_made(plain)
    assert await site.analysis_of(plain.id) is None, "nobody chose automatic analysis"
    with pytest.raises(ValueError, match="not_an_account"):
        await site.set_auto_analysis(ANN, True)
    create_account(db, user_id=ANN, username="ann", password_hash=None)
    assert not await site.auto_analysis(ANN)
    await site.set_auto_analysis(ANN, True)
    assert await site.auto_analysis(ANN)
    table = await finished_game(site)
    await auto_request_made(table)
    done = await state_of(site, table.id, ("done",))
    assert done.auto and done.done == table.ply
    assert await site.analysis_of(plain.id) is None
    await site.set_auto_analysis(ANN, False)
    assert not await site.auto_analysis(ANN)


async def test_a_game_every_person_resigned_is_analysed_by_itself_too(
    site: Site, db: Engine, engine_: Engine_
) -> None:
    create_account(db, user_id=ANN, username="ann", password_hash=None)
    await site.set_auto_analysis(ANN, True)
    site.start_analysis()
    table = await two_people(site)
    await table.resign(0, by=ANN, name="Bot for Ann")
    await table.resign(1, by=BEA, name="Bot for Bea")
    done = await state_of(site, table.id, ("done",))
    assert done.auto and done.total == table.ply


async def test_an_automatic_analysis_waits_for_spare_capacity(
    site: Site, db: Engine, engine_: Engine_
) -> None:
    table = await finished_game(site)
    pool: BotPool = site.bots.pool  # type: ignore[union-attr]
    hold = threading.Event()
    busy = asyncio.ensure_future(pool.run(NOBODY_WAITING, hold.wait, 30))
    await until(lambda: pool.running == 1)
    await site.request_analysis(table.id, by=None, auto=True)
    site.start_analysis()
    runner = site.analysis_runner
    assert runner is not None and not runner.spare()
    assert not await runner.run_next(), "a bot's turn is using the pool: it waits"
    assert (await site.analysis_of(table.id)) == AnalysisStatus("queued", 0, table.ply, None, True)
    hold.set()
    await busy
    await state_of(site, table.id, ("done",))


async def test_a_bot_turn_goes_before_the_analysis_next_chunk(site: Site, engine_: Engine_) -> None:
    table = await finished_game(site)
    pool: BotPool = site.bots.pool  # type: ignore[union-attr]
    order: list[str] = []
    blocker = threading.Event()

    def turn(name: str, wait: threading.Event | None = None) -> str:
        order.append(name)
        if wait is not None:
            wait.wait(timeout=30)
        return name

    first_chunk = engine_.hold(0)
    second_chunk = engine_.hold(CHUNK)
    busy = asyncio.ensure_future(pool.run(NOBODY_WAITING, turn, "a bot of another table", blocker))
    await until(lambda: pool.running == 1)
    await site.request_analysis(table.id, by=ANN)
    site.start_analysis()
    await until(lambda: pool.queued == 1)  # the analysis's first chunk waits for a worker
    assert pool.running == 1, "the worker kept for people's turns takes no analysis"
    bot = asyncio.ensure_future(pool.run(NOBODY_WAITING, turn, "bot"))
    blocker.set()
    assert await bot == "bot" and await busy
    await until(lambda: engine_.started == [(0, CHUNK)])
    assert order == ["a bot of another table", "bot"], "the bot went before the first chunk"
    # While a chunk runs, a person's turn takes the kept worker at once, and a bot turn
    # nobody waits for goes before the next chunk.
    person = asyncio.ensure_future(pool.run(PERSON_WAITING, turn, "person"))
    assert await person == "person"
    later = asyncio.ensure_future(pool.run(NOBODY_WAITING, turn, "later bot"))
    await until(lambda: pool.queued == 1)
    first_chunk.set()
    assert await later == "later bot"
    await until(lambda: len(engine_.started) == 2)
    assert order[-1] == "later bot" and engine_.started[-1] == (CHUNK, 2 * CHUNK)
    second_chunk.set()
    await state_of(site, table.id, ("done",))


async def test_a_restart_resumes_from_the_stored_plies(
    site: Site, db: Engine, clock: Time, engine_: Engine_
) -> None:
    table = await finished_game(site)
    await site.request_analysis(table.id, by=ANN)
    when = datetime.fromtimestamp(clock.now, UTC)
    dead = analyses.claim(db, now=when, name="a process that died")
    assert dead is not None
    stored = [{"ply": ply, "by": "the dead"} for ply in range(1, CHUNK + 1)]
    analyses.save_progress(db, analysis_id=dead.id, runner=dead.runner, entries=stored, now=when)
    site.start_analysis()
    runner = site.analysis_runner
    assert runner is not None and not await runner.run_next(), "its lease still runs"
    clock.now += analyses.LEASE.total_seconds() + 1
    runner.wake()
    done = await state_of(site, table.id, ("done",))
    assert engine_.started == chunks(table.ply, CHUNK), "the stored plies are not done again"
    assert done.result is not None and done.result["plies"][:CHUNK] == stored
    assert [p["ply"] for p in done.result["plies"]] == list(range(1, table.ply + 1))


async def test_a_site_stopping_queues_its_analysis_again_to_resume_it(
    site: Site, db: Engine, engine_: Engine_
) -> None:
    table = await finished_game(site)
    engine_.hold(CHUNK)
    await site.request_analysis(table.id, by=ANN)
    site.start_analysis()
    await until(lambda: len(engine_.started) == 2)
    await site.stop_analysis()
    stopped = await site.analysis_of(table.id)
    assert stopped is not None and (stopped.state, stopped.done) == ("queued", CHUNK)
    engine_.open_all()
    site.start_analysis()
    await state_of(site, table.id, ("done",))
    assert engine_.started[2] == (CHUNK, 2 * CHUNK), "resumed at the chunk it stopped in"


async def test_a_failure_is_stored_as_failed_and_may_be_asked_again(
    site: Site, db: Engine, engine_: Engine_
) -> None:
    table = await finished_game(site)
    engine_.broken = "the engine broke"
    await site.request_analysis(table.id, by=ANN)
    site.start_analysis()
    failed = await state_of(site, table.id, ("failed",))
    assert failed.result is None
    assert "the engine broke" in (rows(db)[0].error or "")
    engine_.broken = None
    again = await site.request_analysis(table.id, by=BEA)
    assert again.state == "queued"
    done = await state_of(site, table.id, ("done",))
    assert done.done == table.ply


def test_the_budget_comes_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    assert budget_from_environment() == AnalysisBudget()
    monkeypatch.setenv("CARAVANSERAI_ANALYSIS_SECONDS", "0.05")
    monkeypatch.setenv("CARAVANSERAI_ANALYSIS_ROUNDS", "3")
    assert budget_from_environment() == AnalysisBudget(seconds=0.05, rounds=3)
    monkeypatch.setenv("CARAVANSERAI_ANALYSIS_ROUNDS", "many")
    assert budget_from_environment().rounds == AnalysisBudget().rounds


async def test_the_real_engine_analyses_a_whole_game_on_a_tiny_budget(
    site: Site, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("CARAVANSERAI_ANALYSIS_SECONDS", "0.01")
    monkeypatch.setenv("CARAVANSERAI_ANALYSIS_ROUNDS", "2")
    table = await finished_game(site)
    await site.request_analysis(table.id, by=ANN)
    site.start_analysis()
    done = await state_of(site, table.id, ("done", "failed"), deadline=120)
    assert done.state == "done" and done.result is not None
    assert done.result["format"] == analysis.FORMAT
    assert [p["ply"] for p in done.result["plies"]] == list(range(1, table.ply + 1))
    assert done.result["digest"] == analysis.moves_digest(table.record)
    job = functools.partial(analysis.analyse_plies, budget=budget_from_environment(), seed=1)
    assert pickle.loads(pickle.dumps((job, table.record))), "a process pool can take the job"


async def test_the_runner_stops_even_when_a_cancellation_is_lost_on_the_way() -> None:
    """Stopping the runner (at shutdown) ends it though the storage call it was waiting on
    swallowed the cancellation (as asyncio.wait_for does on Python 3.11 when the call ends
    at that moment): the runner went on polling, and the shutdown waited for it forever."""
    calls = 0

    async def swallowing(fn: Callable[..., Any], **kwargs: Any) -> None:
        nonlocal calls
        calls += 1
        if calls == 1:  # the first call loses the one cancellation; the next ones do not
            with contextlib.suppress(asyncio.CancelledError):
                await asyncio.Event().wait()
        else:
            await asyncio.sleep(0)
        return None  # nothing queued

    pool = BotPool(workers=1, executor=ThreadPoolExecutor(1))
    runner = AnalysisRunner(swallowing, pool, name="test", poll=0.01)
    runner.start()
    while calls == 0:
        await asyncio.sleep(0)
    stopping = asyncio.get_running_loop().create_task(runner.stop())
    try:
        done, _ = await asyncio.wait({stopping}, timeout=10)  # a bound, not a pause
        assert stopping in done, "the runner is still running after its stop"
    finally:
        stopping.cancel()
        pool.close()
