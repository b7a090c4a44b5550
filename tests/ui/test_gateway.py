"""The storage gateway: calls run off the event loop, within a time limit, never faked."""

from __future__ import annotations

import asyncio
import threading
from pathlib import Path

import pytest
from sqlalchemy import text
from sqlalchemy.engine import Engine
from sqlalchemy.exc import TimeoutError as PoolTimeout

from storage.db import make_engine, migrate
from storage.repo import unfinished_matches
from ui.gateway import DEFAULT_TIMEOUT, Gateway, ShuttingDown, StorageUnavailable


@pytest.fixture
def db(tmp_path: Path) -> Engine:
    engine = make_engine(f"sqlite:///{tmp_path}/gateway.db")
    migrate(engine)
    return engine


async def test_a_call_gets_the_engine_first_and_returns_its_result(db: Engine) -> None:
    gateway = Gateway(db)
    assert await gateway(unfinished_matches) == []


async def test_a_call_that_hangs_is_given_up_with_storage_unavailable(db: Engine) -> None:
    release = threading.Event()
    gateway = Gateway(db, timeout=0.2)

    def hung(_db: Engine) -> None:
        release.wait(10)

    with pytest.raises(StorageUnavailable):
        await gateway(hung)
    release.set()


async def test_a_caller_cancelled_as_its_call_ends_is_cancelled_all_the_same(
    db: Engine, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A task stopped (at shutdown) just as its storage call returned stops: the call's
    result does not swallow the cancellation, as asyncio.wait_for's does on Python 3.11,
    which left the replays' analyses running forever after their stop."""
    loop = asyncio.get_running_loop()
    answer: asyncio.Future[int] = loop.create_future()
    monkeypatch.setattr(loop, "run_in_executor", lambda _pool, _fn: answer)
    caller = loop.create_task(Gateway(db).run(lambda: 0))
    await asyncio.sleep(0)  # the caller now waits for the call
    answer.set_result(1)  # the call ends ...
    caller.cancel()  # ... and the caller is stopped before it heard of it
    with pytest.raises(asyncio.CancelledError):
        await caller


async def test_an_unreachable_database_is_storage_unavailable() -> None:
    gateway = Gateway(make_engine("postgresql://postgres@127.0.0.1:1/none"), timeout=5)

    def query(db: Engine) -> None:
        with db.connect() as conn:
            conn.execute(text("select 1"))

    with pytest.raises(StorageUnavailable):
        await gateway(query)


async def test_a_full_connection_pool_is_storage_unavailable(db: Engine) -> None:
    """SQLAlchemy's pool timeout carries no ``orig``: it is logged and refused all the same."""

    def queued(_db: Engine) -> None:
        raise PoolTimeout("QueuePool limit of size 5 overflow 10 reached")

    with pytest.raises(StorageUnavailable):
        await Gateway(db)(queued)


async def test_other_errors_pass_through(db: Engine) -> None:
    def bad(_db: Engine) -> None:
        raise ValueError("no such match")

    with pytest.raises(ValueError, match="no such match"):
        await Gateway(db)(bad)


async def test_a_closed_gateway_refuses_instead_of_pretending(db: Engine) -> None:
    gateway = Gateway(db)
    gateway.close()
    with pytest.raises(StorageUnavailable):
        await gateway(unfinished_matches)


async def test_a_closed_gateway_tells_the_site_is_restarting(db: Engine) -> None:
    gateway = Gateway(db)
    gateway.close()
    with pytest.raises(ShuttingDown) as refused:
        await gateway(unfinished_matches)
    assert refused.value.code == "restarting"


def test_the_time_limit_comes_from_the_environment(
    db: Engine, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("CARAVANSERAI_DB_CALL_TIMEOUT", "2.5")
    assert Gateway(db).timeout == 2.5
    monkeypatch.setenv("CARAVANSERAI_DB_CALL_TIMEOUT", "soon")
    assert Gateway(db).timeout == DEFAULT_TIMEOUT
    assert Gateway(db, timeout=1).timeout == 1
