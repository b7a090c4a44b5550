"""Bot turns share a few workers; a turn at a table where a person waits goes first."""

from __future__ import annotations

import asyncio
import os
import threading
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from pathlib import Path
from typing import Any

import pytest
from nicegui import core as nicegui_core

from core.table import BOT, GUEST, SeatInfo, Table, TableSettings
from tests.ui.sites import ANN, guests_engine
from ui.bot_pool import NOBODY_WAITING, PERSON_WAITING, BotPool, ready
from ui.site import Site


class Gate:
    """A stand-in for ``choose_action``: notes which bot started, then waits to be let go."""

    def __init__(self) -> None:
        self.started: list[str] = []
        self._lock = threading.Lock()
        self._go = threading.Semaphore(0)

    def __call__(self, bot: str, *args: Any) -> None:
        with self._lock:
            self.started.append(bot)
        self._go.acquire()
        return None  # no move: the test only watches the order turns start in

    def release(self, count: int = 1) -> None:
        for _ in range(count):
            self._go.release()


async def until(condition: Callable[[], bool], what: Any = None, deadline: float = 10.0) -> None:
    """Wait until ``condition()``; fail after ``deadline`` seconds, showing ``what()``."""
    loop = asyncio.get_running_loop()
    end = loop.time() + deadline
    while not condition():
        assert loop.time() < end, f"still {what() if what else 'false'}"
        await asyncio.sleep(0.01)


@pytest.fixture
def gate() -> Iterator[Gate]:
    gate = Gate()
    yield gate
    gate.release(100)  # no worker thread stays blocked after the test


@pytest.fixture
async def site(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, gate: Gate) -> Site:
    monkeypatch.setattr(nicegui_core, "loop", asyncio.get_running_loop())
    site = Site(guests_engine(tmp_path), bot_pause=0)
    site.bots.pool = BotPool(workers=1, executor=ThreadPoolExecutor(1))
    site.bots.choose = gate
    return site


async def bots_only(site: Site) -> Table:
    seats = [SeatInfo(BOT, "bot:hard", "Hard 1"), SeatInfo(BOT, "bot:hard", "Hard 2")]
    return await site.create_table(game="caravan", options=None, seats=seats, user_ids=[None, None])


async def against_a_bot(site: Site) -> Table:
    """Ann against an easy bot, with the bot to move (Ann moves first if the deal says so)."""
    seats = [SeatInfo(BOT, "bot:easy", "Easy"), SeatInfo(GUEST, ANN, "Ann")]
    table = await site.create_table(
        game="caravan",
        options=None,
        seats=seats,
        user_ids=[None, ANN],
        settings=TableSettings(host=ANN),
    )
    if 1 in table.state.to_move():
        await table.submit(1, table.legal_actions(1)[0], by=ANN)
    return table


async def test_a_turn_where_a_person_waits_starts_before_queued_bot_only_turns(
    site: Site, gate: Gate
) -> None:
    await bots_only(site)
    await until(lambda: gate.started == ["hard"])  # the one worker is busy
    await bots_only(site)
    await bots_only(site)
    await until(lambda: site.bots.pool.queued == 2)
    table = await against_a_bot(site)
    site.arrive(table.id, ANN, "ann-page")
    await until(lambda: site.bots.pool.queued == 3)
    gate.release()
    await until(lambda: len(gate.started) == 2)
    assert gate.started == ["hard", "easy"]


async def test_a_person_who_left_the_page_waits_in_turn(site: Site, gate: Gate) -> None:
    await bots_only(site)
    await until(lambda: gate.started == ["hard"])
    await bots_only(site)
    await until(lambda: site.bots.pool.queued == 1)
    await against_a_bot(site)  # Ann has no page open at this table
    await until(lambda: site.bots.pool.queued == 2)
    gate.release()
    await until(lambda: len(gate.started) == 2)
    assert gate.started == ["hard", "hard"]


async def test_the_priority_of_a_table_follows_its_players_presence(site: Site) -> None:
    site.bots.choose = lambda *args: None
    table = await against_a_bot(site)
    assert site.bots.priority(table) == NOBODY_WAITING
    site.arrive(table.id, ANN, "ann-page")
    assert site.bots.priority(table) == PERSON_WAITING
    site.depart(table.id, ANN, "ann-page")
    assert site.bots.priority(table) == NOBODY_WAITING


async def test_no_more_jobs_run_at_once_than_there_are_workers() -> None:
    pool = BotPool(workers=2, executor=ThreadPoolExecutor(4))
    gate = Gate()
    jobs = [asyncio.ensure_future(pool.run(PERSON_WAITING, gate, str(n))) for n in range(5)]
    await until(lambda: len(gate.started) == 2)
    assert pool.running == 2 and pool.queued == 3
    gate.release(5)
    await asyncio.gather(*jobs)
    assert sorted(gate.started) == ["0", "1", "2", "3", "4"] and pool.running == 0


async def test_a_job_that_fails_tells_its_caller_and_frees_its_worker() -> None:
    pool = BotPool(workers=1, executor=ThreadPoolExecutor(1))

    def broken() -> None:
        raise RuntimeError("no move")

    with pytest.raises(RuntimeError):
        await pool.run(PERSON_WAITING, broken)
    assert await pool.run(PERSON_WAITING, lambda: "next") == "next"


async def test_with_two_workers_one_is_kept_free_for_a_persons_turn() -> None:
    pool = BotPool(workers=2, executor=ThreadPoolExecutor(2))
    gate = Gate()
    jobs = [asyncio.ensure_future(pool.run(NOBODY_WAITING, gate, f"bots {n}")) for n in range(3)]
    await until(lambda: gate.started == ["bots 0"] and pool.queued == 2)
    jobs.append(asyncio.ensure_future(pool.run(PERSON_WAITING, gate, "person")))
    await until(lambda: len(gate.started) == 2)
    assert gate.started == ["bots 0", "person"] and pool.queued == 2
    gate.release(4)
    await asyncio.gather(*jobs)
    assert gate.started == ["bots 0", "person", "bots 1", "bots 2"]


async def test_a_waiting_turn_starts_as_soon_as_its_player_opens_the_page(
    site: Site, gate: Gate
) -> None:
    site.bots.pool = BotPool(workers=2, executor=ThreadPoolExecutor(2))
    await bots_only(site)
    await until(lambda: gate.started == ["hard"])  # the worker for bots' games is busy
    table = await against_a_bot(site)  # Ann is away: her bot's turn waits behind it
    await until(lambda: site.bots.pool.queued == 1)
    site.arrive(table.id, ANN, "ann-page")
    await until(lambda: len(gate.started) == 2)
    assert gate.started == ["hard", "easy"]


async def test_a_dead_worker_process_is_replaced_for_the_next_turn() -> None:
    pool = BotPool(workers=1)
    try:
        with pytest.raises(BrokenProcessPool):
            await pool.run(PERSON_WAITING, os._exit, 1)  # the worker dies mid-job
        assert await pool.run(PERSON_WAITING, ready) is True
    finally:
        pool.close()


async def test_a_closed_pool_drops_turns_quietly() -> None:
    pool = BotPool(workers=1, executor=ThreadPoolExecutor(1))
    gate = Gate()
    running = asyncio.ensure_future(pool.run(PERSON_WAITING, gate, "running"))
    queued = asyncio.ensure_future(pool.run(PERSON_WAITING, gate, "queued"))
    await until(lambda: gate.started == ["running"])
    pool.close()
    gate.release(2)
    for job in (running, queued):
        with pytest.raises(asyncio.CancelledError):
            await job
    with pytest.raises(asyncio.CancelledError):
        await pool.run(PERSON_WAITING, ready)
