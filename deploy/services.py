"""The shared services every process of the site needs: PostgreSQL (the database they all
write to) and Redis (how they tell each other of changes). On this machine they are
started when installed but stopped, and the site's database is created when missing;
on another machine they are only asked whether they answer."""

from __future__ import annotations

import logging
import shutil
import subprocess
import time
from collections.abc import Callable
from pathlib import Path
from urllib.parse import urlsplit

import psycopg
import redis
from psycopg import sql
from sqlalchemy import URL, make_url
from sqlalchemy.exc import SQLAlchemyError

from storage.db import make_engine
from storage.db import migrate as storage_migrate

log = logging.getLogger("cluster")

DEFAULT_DATABASE_URL = "postgresql://postgres@127.0.0.1:5432/caravanserai"
DEFAULT_REDIS_URL = "redis://127.0.0.1:6379/0"
LOCAL_HOSTS = ("", "localhost", "127.0.0.1", "::1")
START_TIMEOUT = 30.0  # seconds a service started here may take to answer


class ServiceError(RuntimeError):
    """A service the site needs does not answer and could not be started."""


def postgres_url(url: str) -> URL:
    """The database URL as SQLAlchemy reads it; only PostgreSQL is shared by processes."""
    parsed = make_url(url)
    if parsed.get_backend_name() != "postgresql":
        raise ServiceError(
            f"several processes need one PostgreSQL database, not {parsed.drivername}: "
            "set DATABASE_URL=postgresql://user@host/db"
        )
    if not parsed.database:
        raise ServiceError(f"DATABASE_URL names no database: {url}")
    return parsed


def libpq(url: URL, database: str | None = None) -> str:
    """A connection string for psycopg (which knows no ``+driver`` in the scheme)."""
    plain = url.set(drivername="postgresql", database=database or url.database)
    return plain.render_as_string(hide_password=False)


def postgres_answers(url: URL) -> bool:
    """Whether the server accepts a connection (to its ``postgres`` database)."""
    try:
        with psycopg.connect(libpq(url, "postgres"), connect_timeout=2):
            return True
    except psycopg.Error:
        return False


def ensure_postgres(url: URL) -> None:
    """PostgreSQL answering at ``url``'s server, started here when installed but stopped."""
    if postgres_answers(url):
        return
    where = f"{url.host or 'localhost'}:{url.port or 5432}"
    if (url.host or "") not in LOCAL_HOSTS:
        raise ServiceError(f"PostgreSQL does not answer at {where}")
    clusters = sorted(Path("/etc/postgresql").glob("*/main"))
    if not clusters or not shutil.which("pg_ctlcluster"):
        raise ServiceError(
            f"PostgreSQL does not answer at {where} and is not installed here "
            "(apt-get install postgresql)"
        )
    version = clusters[0].parent.name  # the first, as `make database` picks it
    log.info("starting PostgreSQL %s", version)
    command = ["pg_ctlcluster", "--skip-systemctl-redirect", version, "main", "start"]
    _run(command)
    _wait(lambda: postgres_answers(url), f"PostgreSQL at {where}")


def ensure_database(url: URL) -> bool:
    """The site's database on that server, created when missing; whether it was."""
    assert url.database
    try:
        with psycopg.connect(libpq(url, "postgres"), connect_timeout=5, autocommit=True) as conn:
            query = "SELECT 1 FROM pg_database WHERE datname = %s"
            if conn.execute(query, (url.database,)).fetchone():
                return False
            conn.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(url.database)))
    except psycopg.Error as err:
        raise ServiceError(f"could not create the database {url.database}: {err}") from err
    log.info("created the PostgreSQL database %s", url.database)
    return True


def migrate(url: str) -> None:
    """The schema brought up to date once, before any app starts: apps starting together
    on a new database would each try to create the same tables, and all but one fail."""
    engine = make_engine(url)
    try:
        storage_migrate(engine)
    except SQLAlchemyError as err:
        raise ServiceError(f"could not bring the database up to date: {err}") from err
    finally:
        engine.dispose()


def redis_answers(url: str) -> bool:
    try:
        client = redis.Redis.from_url(url, socket_connect_timeout=2, socket_timeout=2)
        try:
            return bool(client.ping())
        finally:
            client.close()
    except redis.RedisError:
        return False


def ensure_redis(url: str) -> None:
    """Redis answering at ``url``, started here when installed but stopped."""
    if redis_answers(url):
        return
    parsed = urlsplit(url)
    where = f"{parsed.hostname or 'localhost'}:{parsed.port or 6379}"
    if (parsed.hostname or "") not in LOCAL_HOSTS:
        raise ServiceError(f"Redis does not answer at {where}")
    if Path("/etc/init.d/redis-server").exists():
        log.info("starting Redis (service redis-server start)")
        _run(["service", "redis-server", "start"])
    elif shutil.which("redis-server"):
        log.info("starting Redis on port %s", parsed.port or 6379)
        port = str(parsed.port or 6379)
        _run(["redis-server", "--daemonize", "yes", "--port", port, "--bind", "127.0.0.1"])
    else:
        raise ServiceError(
            f"Redis does not answer at {where} and is not installed here "
            "(apt-get install redis-server)"
        )
    _wait(lambda: redis_answers(url), f"Redis at {where}")


def _run(command: list[str]) -> None:
    done = subprocess.run(command, capture_output=True, text=True, timeout=60)
    if done.returncode != 0:
        output = (done.stderr or done.stdout).strip()[-500:]
        raise ServiceError(f"{' '.join(command)} failed ({done.returncode}): {output}")


def _wait(answers: Callable[[], bool], what: str) -> None:
    deadline = time.monotonic() + START_TIMEOUT
    while not answers():
        if time.monotonic() >= deadline:
            raise ServiceError(f"{what} was started but does not answer")
        time.sleep(0.2)
