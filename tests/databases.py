"""Databases the tests create on the PostgreSQL server and drop again.

Creating or dropping a database is housekeeping, not a query of the site's: PostgreSQL 15
makes ``DROP DATABASE`` wait for a checkpoint, which on a busy server (the whole suite
writing at once) can take longer than the site's statement timeout. The engine used for it
therefore has no statement timeout; the site's engines (:func:`storage.db.make_engine`)
keep theirs.
"""

from __future__ import annotations

import math
import uuid
from collections.abc import Iterator
from contextlib import contextmanager

from sqlalchemy import URL, Engine, create_engine, text

from storage.db import connect_timeout, make_engine


def admin_engine(server: URL) -> Engine:
    """An autocommit engine on ``server`` whose statements may take as long as they need."""
    url = make_engine(server).url  # the driver the site uses (psycopg 3)
    limits = {
        "connect_timeout": max(2, math.ceil(connect_timeout())),
        "options": "-c statement_timeout=0",
    }
    return create_engine(url, isolation_level="AUTOCOMMIT", connect_args=limits)


@contextmanager
def scratch_database(server: URL, prefix: str) -> Iterator[URL]:
    """A new, empty database on ``server`` named ``prefix`` and a random suffix, dropped
    (its sessions ended) once the block is left. Errors reaching the server are raised."""
    admin = admin_engine(server)
    name = f"{prefix}_{uuid.uuid4().hex[:12]}"
    try:
        with admin.connect() as conn:
            conn.execute(text(f'CREATE DATABASE "{name}"'))
        try:
            yield admin.url.set(database=name)
        finally:
            with admin.connect() as conn:
                conn.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
    finally:
        admin.dispose()
