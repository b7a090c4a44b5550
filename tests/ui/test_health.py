"""The probes: /healthz answers without the database, /readyz only when the database
answers in time and start-up recovery is done (503 otherwise), on the served site and on
a site whose database cannot be reached."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import AsyncIterator
from pathlib import Path

import httpx
import pytest
from fastapi import FastAPI
from nicegui import core
from nicegui.testing import User
from sqlalchemy import Engine

from storage.db import make_engine, migrate
from ui import health
from ui.cluster import process_name
from ui.site import Site

CLOSED_PORT = "postgresql+psycopg://postgres@127.0.0.1:1/caravanserai?connect_timeout=2"


async def probe(app: FastAPI, path: str) -> httpx.Response:
    transport = httpx.ASGITransport(app)
    async with httpx.AsyncClient(transport=transport, base_url="http://test") as client:
        return await client.get(path)


@pytest.fixture
async def site(tmp_path: Path) -> AsyncIterator[Site]:
    engine = make_engine(f"sqlite:///{tmp_path / 'site.db'}")
    migrate(engine)
    yield Site(engine, bot_pause=0)
    engine.dispose()


def probes(site: Site) -> FastAPI:
    app = FastAPI()
    app.include_router(health.router(site))
    return app


async def ready(app: FastAPI, within: float = 20.0) -> httpx.Response:
    """/readyz once recovery (which may run in the background) is done."""
    deadline = asyncio.get_running_loop().time() + within
    while True:
        readyz = await probe(app, "/readyz")
        if readyz.json()["recovered"] or asyncio.get_running_loop().time() > deadline:
            return readyz
        await asyncio.sleep(0.05)


async def test_the_served_site_answers_both_probes(user: User) -> None:
    healthz = await probe(core.app, "/healthz")
    assert (healthz.status_code, healthz.json()) == (200, {"status": "ok"})
    readyz = await ready(core.app)
    assert readyz.status_code == 200
    assert readyz.json() == {
        "status": "ready",
        "database": "ok",
        "recovered": True,
        "stopping": False,
        "process": process_name(),
    }


async def test_a_site_is_not_ready_until_recovery_is_done(site: Site) -> None:
    assert (await probe(probes(site), "/readyz")).status_code == 503
    assert (await probe(probes(site), "/readyz")).json()["recovered"] is False
    await site.recover()
    assert (await probe(probes(site), "/readyz")).status_code == 200


async def test_an_unreachable_database_makes_readyz_503_but_not_healthz() -> None:
    down = Site(make_engine(CLOSED_PORT), bot_pause=0)
    down.recovered = True
    app = probes(down)
    ready = await probe(app, "/readyz")
    assert ready.status_code == 503
    assert ready.json() == {
        "status": "not ready",
        "database": "unreachable",
        "recovered": True,
        "stopping": False,
        "process": process_name(),
    }
    assert (await probe(app, "/healthz")).status_code == 200


async def test_a_stopping_site_is_not_ready_so_the_balancer_sends_it_nobody_new(
    site: Site,
) -> None:
    await site.recover()
    assert (await probe(probes(site), "/readyz")).status_code == 200
    await site.drain()  # what SIGTERM does
    ready = await probe(probes(site), "/readyz")
    assert ready.status_code == 503
    assert ready.json()["stopping"] is True


async def test_a_hung_database_makes_readyz_503_within_its_timeout(
    site: Site, monkeypatch: pytest.MonkeyPatch
) -> None:
    released = threading.Event()

    def hung(db: Engine) -> None:
        released.wait(30)

    monkeypatch.setattr(health, "ping", hung)
    monkeypatch.setattr(health, "READY_TIMEOUT", 0.2)
    site.recovered = True
    try:
        ready = await probe(probes(site), "/readyz")
    finally:
        released.set()
    assert ready.status_code == 503 and ready.json()["database"] == "unreachable"
