"""The tests' own databases are created and dropped however slow the server is.

``DROP DATABASE`` waits for a checkpoint on PostgreSQL 15: about 15 ms on a quiet server,
but under the whole suite's load it once took longer than the site's statement timeout
(8 s), and the drop at the end of a test was cancelled, failing a test whose checks had
passed. The tests' housekeeping must not be bound by the site's limit, which the site's
own engines keep.
"""

from __future__ import annotations

import pytest
from sqlalchemy import URL, Connection, text

from storage.db import make_engine
from tests.databases import admin_engine, scratch_database


@pytest.mark.postgres
def test_creating_and_dropping_test_databases_is_not_bound_by_the_sites_statement_timeout(
    postgres_url: URL, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("CARAVANSERAI_DB_STATEMENT_TIMEOUT", "5")
    admin = admin_engine(postgres_url)
    with scratch_database(postgres_url, "caravanserai_scratch") as url:
        site = make_engine(url)
        with site.connect() as conn:
            assert conn.execute(text("show statement_timeout")).scalar() == "5s"
        site.dispose()
        with admin.connect() as conn:
            assert conn.execute(text("show statement_timeout")).scalar() == "0"
            assert exists(conn, url.database)
    with admin.connect() as conn:
        assert not exists(conn, url.database), "dropped once the block is left"
    admin.dispose()


def exists(conn: Connection, name: str | None) -> bool:
    query = text("SELECT 1 FROM pg_database WHERE datname = :name")
    return conn.execute(query, {"name": name}).first() is not None
