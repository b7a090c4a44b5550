"""Engine setup and migrations.

SQLite is the default: a file under ``./data/`` (relative to the working
directory), in WAL mode with foreign keys enforced. ``DATABASE_URL`` switches to
PostgreSQL through psycopg 3; a plain ``postgresql://`` URL is accepted.

Every engine has time limits, so a database that hangs or cannot be reached makes a
call fail instead of waiting forever (the web side's gateway then tells the visitor):
``CARAVANSERAI_DB_CONNECT_TIMEOUT`` seconds to connect (PostgreSQL; default 5),
``CARAVANSERAI_DB_STATEMENT_TIMEOUT`` seconds for one statement (PostgreSQL's
``statement_timeout``; SQLite's busy timeout, how long a write waits for a lock;
default 8) and ``CARAVANSERAI_DB_POOL_TIMEOUT`` seconds to wait for a free pooled
connection (default 5). A connection that fails for good is dropped from the pool:
PostgreSQL's are pinged before use, and a SQLite connection that reports the file
read-only, unreadable or unopenable is thrown away with every other pooled one, so
writes resume once the file is writable again.

>>> from storage.repo import unfinished_matches
>>> engine = make_engine("sqlite://")
>>> migrate(engine)
>>> unfinished_matches(engine)
[]
"""

from __future__ import annotations

import math
import os
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from alembic import command
from alembic.config import Config
from sqlalchemy import URL, Engine, create_engine, event, make_url, text
from sqlalchemy.engine import ExceptionContext
from sqlmodel import Session

DEFAULT_URL = "sqlite:///data/caravanserai.db"
MIGRATIONS = Path(__file__).with_name("migrations")
# SQLite's primary result codes after which a connection cannot be trusted again.
SQLITE_BROKEN = {
    8,  # SQLITE_READONLY: opened while the file could not be written, read-only for good
    10,  # SQLITE_IOERR: the disk or the file system failed under it
    14,  # SQLITE_CANTOPEN: the file or its journal cannot be opened
}


def _seconds(name: str, default: float) -> float:
    """A positive number of seconds from the environment, else ``default``."""
    raw = os.environ.get(name, "")
    try:
        value = float(raw)
    except ValueError:
        return default
    return value if value > 0 else default


def connect_timeout() -> float:
    return _seconds("CARAVANSERAI_DB_CONNECT_TIMEOUT", 5.0)


def statement_timeout() -> float:
    return _seconds("CARAVANSERAI_DB_STATEMENT_TIMEOUT", 8.0)


def pool_timeout() -> float:
    return _seconds("CARAVANSERAI_DB_POOL_TIMEOUT", 5.0)


def database_url() -> str:
    """``DATABASE_URL`` from the environment, else the SQLite file ``data/caravanserai.db``."""
    return os.environ.get("DATABASE_URL") or DEFAULT_URL


def make_engine(url: str | URL | None = None) -> Engine:
    """An engine for ``url`` (default :func:`database_url`); nothing is connected yet.

    For a SQLite file, the folder that holds it is created if missing.
    """
    url = _driver_url(make_url(url if url is not None else database_url()))
    if url.get_backend_name() != "sqlite":
        limits = {
            # libpq takes whole seconds, and at least 2
            "connect_timeout": max(2, math.ceil(connect_timeout())),
            "options": f"-c statement_timeout={round(statement_timeout() * 1000)}",
        }
        return create_engine(
            url, pool_pre_ping=True, pool_timeout=pool_timeout(), connect_args=limits
        )
    args: dict[str, Any] = {"check_same_thread": False, "timeout": statement_timeout()}
    pooled: dict[str, Any] = {}
    if url.database and url.database != ":memory:" and not url.database.startswith("file:"):
        Path(url.database).parent.mkdir(parents=True, exist_ok=True)
        pooled = {"pool_timeout": pool_timeout()}  # a file has a queue pool; memory has not
    engine = create_engine(url, connect_args=args, **pooled)
    event.listen(engine, "connect", _sqlite_pragmas)
    event.listen(engine, "handle_error", _drop_broken_sqlite)
    return engine


MIGRATION_LOCK = 724_017  # PostgreSQL advisory lock held while one process migrates


def migrate(engine: Engine) -> None:
    """Bring the schema to the newest migration (Alembic ``upgrade head``), in one transaction.

    On PostgreSQL the transaction first takes an advisory lock: processes started together
    on a new database (several app processes, a worker) migrate one after the other, the
    later ones finding the schema done, instead of racing to create it."""
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    with engine.begin() as connection:
        if connection.dialect.name == "postgresql":
            connection.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": MIGRATION_LOCK})
        config.attributes["connection"] = connection
        command.upgrade(config, "head")


@contextmanager
def session(engine: Engine) -> Iterator[Session]:
    """A session whose objects stay readable after commit."""
    with Session(engine, expire_on_commit=False) as s:
        yield s


def _driver_url(url: URL) -> URL:
    if url.drivername in ("postgresql", "postgres"):
        return url.set(drivername="postgresql+psycopg")
    return url


def _drop_broken_sqlite(context: ExceptionContext) -> None:
    """Treat a SQLite connection that failed for good as lost: SQLAlchemy then discards
    it, and every connection pooled before it, so the next call opens a fresh one."""
    error = context.original_exception
    if not isinstance(error, sqlite3.Error):
        return
    code = getattr(error, "sqlite_errorcode", None)
    if isinstance(code, int) and code & 0xFF in SQLITE_BROKEN:
        context.is_disconnect = True
        context.invalidate_pool_on_disconnect = True


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.close()
