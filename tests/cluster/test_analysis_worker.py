"""Replay analysis with several processes, on the machine's PostgreSQL and Redis: a site
process queues it and runs nothing itself; a bot worker (jobs/worker.py, started and
stopped as arq does) finds it in storage and runs it in its own pool."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest
from nicegui import core as nicegui_core
from sqlalchemy import Engine, text

import jobs.worker as worker_module
from core import analysis
from storage import repo
from storage.db import migrate
from tests.ui.sites import ANN, BEA, two_people
from ui.bot_pool import BotPool
from ui.bus import RedisBus
from ui.site import Site

pytestmark = pytest.mark.postgres


@pytest.fixture
def engine(postgres_engine: Engine) -> Engine:
    with postgres_engine.begin() as conn:
        conn.execute(text("DROP SCHEMA public CASCADE"))
        conn.execute(text("CREATE SCHEMA public"))
    migrate(postgres_engine)
    for uid, name in ((ANN, "Ann"), (BEA, "Bea")):
        repo.ensure_guest(postgres_engine, user_id=uid, name=name)
    return postgres_engine


@pytest.fixture
async def site(
    engine: Engine, redis_url: str, unique: str, monkeypatch: pytest.MonkeyPatch
) -> AsyncIterator[Site]:
    """A site process of several: its bus on Redis, its bots' turns for the workers."""
    monkeypatch.setattr(nicegui_core, "loop", asyncio.get_running_loop())
    bus = RedisBus(redis_url, name=f"app-{unique}", channel=f"test:{unique}")
    made = Site(engine, bot_pause=0, bus=bus, queue=redis_url)
    yield made
    await made.bus.close()
    made.gateway.close()


class Judged:
    """A quick stand-in for the engine, noting the chunks it is asked for."""

    def __init__(self) -> None:
        self.chunks: list[tuple[int, int]] = []

    def plies(
        self, record: dict[str, Any], start: int, stop: int, *, budget: Any, seed: int
    ) -> list[dict[str, Any]]:
        self.chunks.append((start, stop))
        return [{"ply": ply} for ply in range(start + 1, stop + 1)]

    @staticmethod
    def summarise(record: dict[str, Any], plies: list[dict[str, Any]], budget: Any) -> Any:
        return {"format": 1, "plies": plies}


async def test_a_worker_runs_the_analysis_a_site_process_queued(
    site: Site, engine: Engine, redis_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    judged = Judged()
    monkeypatch.setattr(analysis, "analyse_plies", judged.plies)
    monkeypatch.setattr(analysis, "summarise", judged.summarise)
    table = await two_people(site)
    while not table.state.is_over():
        seat = min(table.state.to_move())
        await table.submit(seat, table.legal_actions(seat)[0], by=table.seats[seat].holder)
    site.start_analysis()
    assert site.analysis_runner is None, "with several processes, the site runs none"
    queued = await site.request_analysis(table.id, by=ANN)
    assert queued.state == "queued"
    monkeypatch.setenv("REDIS_URL", redis_url)
    ctx: dict[str, Any] = {
        "db": engine,
        "bots": BotPool(workers=1, executor=ThreadPoolExecutor(1)),
        "pause": 0.0,
    }
    await worker_module.startup(ctx)
    try:
        loop = asyncio.get_running_loop()
        end = loop.time() + 30
        while (status := await site.analysis_of(table.id)) is None or status.state != "done":
            assert loop.time() < end, f"the worker has not analysed it: {status}"
            await asyncio.sleep(0.05)
    finally:
        await worker_module.shutdown(ctx)
    assert status.done == status.total == table.ply
    assert status.result is not None and len(status.result["plies"]) == table.ply
    assert judged.chunks[0][0] == 0 and judged.chunks[-1][1] == table.ply
