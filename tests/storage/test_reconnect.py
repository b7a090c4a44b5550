"""Connections that fail are dropped: play resumes without a restart.

SQLite opens a read-only connection when its file cannot be written, and that
connection stays read-only after the file is writable again; kept in the pool, it
refused every later write. The tests run as root, who writes through ``chmod``; a
read-only remount (tried in a mount namespace of its own) is refused while the site
holds files open for writing, and on a read-only folder SQLite in WAL mode cannot open
the database at all. So the connection is made as SQLite makes it for a file it may
not write: through a ``mode=ro`` URI, for as long as the test says the file is
read-only (a ``do_connect`` hook on the engine).
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import URL, Engine, event, text
from sqlalchemy.exc import OperationalError

from core.record import new_record
from core.table import BOT, GUEST, SeatInfo
from storage.db import make_engine, migrate
from storage.models import new_match_id
from storage.repo import create_match, ensure_guest, unfinished_matches
from ui.gateway import Gateway, StorageUnavailable

SEATS = [SeatInfo(GUEST, "u1", "Ann"), SeatInfo(BOT, "easy", "Bot")]


def new_match(db: Engine) -> str:
    """One write: a match of its own."""
    match_id = new_match_id()
    record = new_record("caravan", 2, 1, None, ["Ann", "Bot"])
    create_match(db, match_id=match_id, record=record, seats=SEATS, user_ids=["u1", None])
    return match_id


@pytest.fixture
def read_only_sqlite(tmp_path: Path) -> Iterator[tuple[Engine, dict[str, bool]]]:
    """An engine whose new connections are opened read-only while ``state["ro"]``."""
    path = tmp_path / "site.db"
    db = make_engine(f"sqlite:///{path}")
    migrate(db)
    ensure_guest(db, user_id="u1", name="Ann")
    db.dispose()
    state = {"ro": False}

    @event.listens_for(db, "do_connect")
    def connect(_dialect: Any, _record: Any, _args: Any, _params: Any) -> Any:
        if not state["ro"]:
            return None
        return sqlite3.connect(f"file:{path}?mode=ro", uri=True, check_same_thread=False)

    yield db, state
    db.dispose()


def test_sqlite_drops_a_read_only_connection_once_the_file_is_writable(
    read_only_sqlite: tuple[Engine, dict[str, bool]],
) -> None:
    db, state = read_only_sqlite
    state["ro"] = True
    with pytest.raises(Exception, match="readonly"):
        new_match(db)
    state["ro"] = False
    new_match(db)
    assert len(unfinished_matches(db)) == 1


async def test_a_read_only_refusal_reaches_pages_as_storage_unavailable(
    read_only_sqlite: tuple[Engine, dict[str, bool]],
) -> None:
    db, state = read_only_sqlite
    gateway = Gateway(db, timeout=10)
    state["ro"] = True
    with pytest.raises(StorageUnavailable):
        await gateway(new_match)
    state["ro"] = False
    await gateway(new_match)
    gateway.close()


@pytest.mark.postgres
async def test_postgres_recovers_after_its_backends_are_terminated(postgres_url: URL) -> None:
    db = make_engine(postgres_url)
    migrate(db)
    ensure_guest(db, user_id="u1", name="Ann")
    gateway = Gateway(db, timeout=10)
    await gateway(new_match)
    # Several pooled connections, all of them about to be cut.
    conns = [db.connect() for _ in range(3)]
    for conn in conns:
        conn.close()
    admin = make_engine(postgres_url).execution_options(isolation_level="AUTOCOMMIT")
    with admin.connect() as conn:
        cut = conn.execute(
            text(
                "select count(pg_terminate_backend(pid)) from pg_stat_activity"
                " where datname = current_database() and pid <> pg_backend_pid()"
            )
        ).scalar()
    admin.dispose()
    assert cut and cut >= 1
    try:
        await gateway(new_match)
    except StorageUnavailable:  # at most once: the pool is then renewed
        await gateway(new_match)
    assert len(await gateway(unfinished_matches)) >= 2
    gateway.close()
    db.dispose()


def test_a_sqlite_write_waits_for_a_lock_no_longer_than_the_statement_limit(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("CARAVANSERAI_DB_STATEMENT_TIMEOUT", "1.5")
    db = make_engine(f"sqlite:///{tmp_path}/site.db")
    with db.connect() as conn:
        assert conn.execute(text("pragma busy_timeout")).scalar() == 1500
    db.dispose()


@pytest.mark.postgres
def test_postgres_statements_and_connections_have_time_limits(
    postgres_url: URL, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("CARAVANSERAI_DB_STATEMENT_TIMEOUT", "0.3")
    monkeypatch.setenv("CARAVANSERAI_DB_CONNECT_TIMEOUT", "3")
    db = make_engine(postgres_url)
    assert db.pool.timeout() == 5.0
    with db.connect() as conn:
        assert conn.execute(text("show statement_timeout")).scalar() == "300ms"
        assert conn.connection.dbapi_connection.info.get_parameters()["connect_timeout"] == "3"
        with pytest.raises(OperationalError, match="statement timeout"):
            conn.execute(text("select pg_sleep(5)"))
    db.dispose()
