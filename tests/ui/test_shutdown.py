"""Stopping the site: a move is stored and told, or refused and not shown; never between.

The site's own tests drive :class:`Site` directly, with a write that waits on an event;
the last one sends SIGTERM to a real server whose bot is writing a move that waits on
a PostgreSQL lock, and checks that the move is stored and the process gone soon after.
"""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest
from nicegui import run
from sqlalchemy import URL, text

from core.record import new_record
from core.table import BOT, SeatInfo, Table, TableError
from e2e.server import Server
from storage import repo
from storage.db import make_engine
from storage.models import new_match_id
from tests.ui.sites import new_site, two_people
from tests.ui.test_storage_unavailable import database  # noqa: F401 - a fixture
from ui.i18n import Translator
from ui.pages.errors import refusal
from ui.site import Site

EN = Translator("en")

pytestmark = pytest.mark.filterwarnings("ignore:coroutine 'Site._forget_later' was never awaited")


@pytest.fixture
def site(tmp_path: Path) -> Site:
    return new_site(tmp_path)


def play(table: Table) -> Any:
    """The first legal move of the seat to move (a coroutine)."""
    seat = min(table.state.to_move())
    return table.submit(seat, table.legal_actions(seat)[0], by=table.seats[seat].holder)


def stored_moves(site: Site, table: Table) -> int:
    record = repo.load_record(site.db, match_id=table.id)
    assert record is not None
    return len(record["actions"])


def slow_store(site: Site) -> tuple[threading.Event, threading.Event]:
    """Make the site's move writes wait for ``release``; ``entered`` once one waits."""
    entered, release = threading.Event(), threading.Event()
    store: Callable[..., None] = site._store

    def slow(*args: Any) -> None:
        entered.set()
        release.wait(30)
        store(*args)

    site._store = slow
    return entered, release


async def test_a_move_asked_for_while_the_app_shuts_down_is_refused_and_not_shown(
    site: Site, monkeypatch: pytest.MonkeyPatch
) -> None:
    table = await two_people(site)
    # What NiceGUI's shutdown does to its thread pool, and the site to its gateway.
    monkeypatch.setattr(run, "thread_pool", ThreadPoolExecutor())
    run.thread_pool.shutdown()
    site.gateway.close()
    with pytest.raises(TableError) as refused:
        await play(table)
    assert refusal(EN, refused.value) == EN("error.restarting")
    assert table.ply == 0
    assert stored_moves(site, table) == 0


async def test_draining_finishes_the_move_under_way_and_refuses_the_next(site: Site) -> None:
    table, other = await two_people(site), await two_people(site)
    entered, release = slow_store(site)
    first = asyncio.create_task(play(table))
    await asyncio.to_thread(entered.wait, 10)
    draining = asyncio.create_task(site.drain())
    while not site.stopping:
        await asyncio.sleep(0)  # let the drain begin
    with pytest.raises(TableError) as refused:
        await play(other)
    assert refusal(EN, refused.value) == EN("error.restarting")
    assert not draining.done()  # still waiting for the first move's write
    release.set()
    move = await first
    assert await draining is True
    assert (table.ply, stored_moves(site, table)) == (move.ply, 1)
    assert (other.ply, stored_moves(site, other)) == (0, 0)


async def test_draining_gives_up_on_a_write_that_never_ends(site: Site) -> None:
    table, other = await two_people(site), await two_people(site)
    entered, release = slow_store(site)
    first = asyncio.create_task(play(table))
    await asyncio.to_thread(entered.wait, 10)
    assert await site.drain(timeout=0.2) is False
    with pytest.raises(TableError):  # closed: a later write is refused too
        await play(other)
    release.set()
    await first


def bot_match(url: URL) -> str:
    """A stored match of two bots, which the server recovers and plays at start."""
    db = make_engine(url)
    seats = [SeatInfo(BOT, "easy", "Bot 1"), SeatInfo(BOT, "easy", "Bot 2")]
    match_id = new_match_id()
    record = new_record("caravan", 2, 7, {"hands": 1}, [s.name for s in seats])
    repo.create_match(db, match_id=match_id, record=record, seats=seats, user_ids=[None, None])
    db.dispose()
    return match_id


def wait_for(condition: Callable[[], bool], timeout: float = 30.0) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError("condition not met in time")
        time.sleep(0.05)


@pytest.fixture
def held_moves(database: URL) -> Iterator[Any]:  # noqa: F811 - the fixture imported above
    """A connection holding a lock under which moves can be read but not written."""
    locker = make_engine(database)
    with locker.connect() as conn:
        conn.execute(text("lock table moves in share mode"))
        yield conn
        conn.rollback()
    locker.dispose()


@pytest.mark.postgres
def test_sigterm_lets_the_move_being_written_finish_and_exits(
    tmp_path: Path,
    database: URL,  # noqa: F811
    held_moves: Any,
) -> None:
    match_id = bot_match(database)
    url = database.render_as_string(hide_password=False)
    server = Server(
        tmp_path / "site", env={"DATABASE_URL": url, "CARAVANSERAI_DB_STATEMENT_TIMEOUT": "60"}
    )
    log = tmp_path / "site" / "server.log"
    server.start()
    watcher = make_engine(database).execution_options(isolation_level="AUTOCOMMIT")
    try:
        with watcher.connect() as watch:
            waiting = text(
                "select count(*) from pg_stat_activity where wait_event_type = 'Lock'"
                " and datname = current_database() and query ilike 'insert into moves%'"
            )
            wait_for(lambda: bool(watch.execute(waiting).scalar()))  # the bot's move waits
        assert server.process is not None
        server.process.terminate()
        wait_for(lambda: "storage write(s) under way" in log.read_text(errors="replace"))
        held_moves.rollback()  # the write goes through while the site drains
        began = time.monotonic()
        server.process.wait(15)
        exited = time.monotonic() - began
    finally:
        server.stop()
        watcher.dispose()
    assert exited < 5.0
    db = make_engine(database)
    record = repo.load_record(db, match_id=match_id)
    db.dispose()
    assert record is not None and len(record["actions"]) >= 1
    assert "finished the storage write(s) under way" in log.read_text(errors="replace")
