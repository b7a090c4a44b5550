"""Engine setup and migrations.

SQLite is the default: a file under ``./data/`` (relative to the working
directory), in WAL mode with foreign keys enforced. ``DATABASE_URL`` switches to
PostgreSQL through psycopg 3; a plain ``postgresql://`` URL is accepted.

>>> from storage.repo import unfinished_matches
>>> engine = make_engine("sqlite://")
>>> migrate(engine)
>>> unfinished_matches(engine)
[]
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from alembic import command
from alembic.config import Config
from sqlalchemy import URL, Engine, create_engine, event, make_url
from sqlmodel import Session

DEFAULT_URL = "sqlite:///data/caravanserai.db"
MIGRATIONS = Path(__file__).with_name("migrations")


def database_url() -> str:
    """``DATABASE_URL`` from the environment, else the SQLite file ``data/caravanserai.db``."""
    return os.environ.get("DATABASE_URL") or DEFAULT_URL


def make_engine(url: str | URL | None = None) -> Engine:
    """An engine for ``url`` (default :func:`database_url`); nothing is connected yet.

    For a SQLite file, the folder that holds it is created if missing.
    """
    url = _driver_url(make_url(url if url is not None else database_url()))
    if url.get_backend_name() != "sqlite":
        return create_engine(url, pool_pre_ping=True)
    if url.database and url.database != ":memory:" and not url.database.startswith("file:"):
        Path(url.database).parent.mkdir(parents=True, exist_ok=True)
    engine = create_engine(url, connect_args={"check_same_thread": False})
    event.listen(engine, "connect", _sqlite_pragmas)
    return engine


def migrate(engine: Engine) -> None:
    """Bring the schema to the newest migration (Alembic ``upgrade head``), in one transaction."""
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    with engine.begin() as connection:
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


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.close()
