"""Page tests with NiceGUI's simulated user: no browser, the real pages and database."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
from nicegui import background_tasks
from nicegui.testing import User
from nicegui.testing.user_simulation import user_simulation
from sqlalchemy import Engine, text

from storage import repo
from storage.db import migrate
from tests.ui import patience
from tests.ui.sites import ANN, BEA

MAIN = Path(__file__).with_name("site_main.py")


@pytest.fixture
async def user(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[User]:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("DATABASE_URL", f"sqlite:///{tmp_path}/site.db")
    monkeypatch.setenv("CARAVANSERAI_SECRET", "page-tests")
    monkeypatch.setenv("CARAVANSERAI_BOT_PAUSE", "0")
    patience.install(monkeypatch)  # should_see / should_not_see wait on the page, not 0.3 s
    async with user_simulation(main_file=MAIN) as simulated:
        yield simulated


@pytest.fixture(autouse=True)
async def no_background_task_outlives_its_test() -> AsyncIterator[None]:
    """A site built without the page harness (tests/ui/sites.py) starts NiceGUI background
    tasks (a finished table is forgotten later, ratings, bot moves) in the test's own event
    loop. One still pending when that loop closes would stay in NiceGUI's task set, and the
    next page test's shutdown would wait for it forever (it belongs to another loop)."""
    loop = asyncio.get_running_loop()
    _drop_orphans()
    yield
    left = [task for task in _tasks() if task.get_loop() is loop and not task.done()]
    for task in left:
        task.cancel()
    await asyncio.gather(*left, return_exceptions=True)
    _drop_orphans()


def _tasks() -> set[asyncio.Task[Any]]:
    return set(background_tasks.running_tasks) | set(background_tasks.lazy_tasks_running.values())


def _drop_orphans() -> None:
    """Forget the tasks of event loops that are closed (nothing can run or cancel them)."""
    for task in _tasks():
        if task.get_loop().is_closed() or task.done():
            background_tasks.running_tasks.discard(task)
            for key, lazy in list(background_tasks.lazy_tasks_running.items()):
                if lazy is task:
                    del background_tasks.lazy_tasks_running[key]


@pytest.fixture
def shared_engine(postgres_engine: Engine) -> Engine:
    """The test process's PostgreSQL database, emptied and migrated, Ann and Bea guests."""
    with postgres_engine.begin() as conn:
        conn.execute(text("DROP SCHEMA public CASCADE"))
        conn.execute(text("CREATE SCHEMA public"))
    migrate(postgres_engine)
    for uid, name in ((ANN, "Ann"), (BEA, "Bea")):
        repo.ensure_guest(postgres_engine, user_id=uid, name=name)
    return postgres_engine
