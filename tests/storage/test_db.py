"""Engine setup and migrations, on SQLite and PostgreSQL."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import URL, Engine, inspect, text
from sqlmodel import SQLModel

from storage.db import DEFAULT_URL, database_url, make_engine, migrate
from tests.databases import scratch_database

ROOT = Path(__file__).resolve().parents[2]

# The newest migration's revision: the one with the highest number (0001_initial.py …).
LATEST = max(p.name[:4] for p in (ROOT / "storage/migrations/versions").glob("[0-9]*.py"))
TABLES = {
    "users",
    "matches",
    "seats",
    "moves",
    "chat_messages",
    "identities",
    "ratings",
    "mail_addresses",
    "mail_tokens",
    "mail_outbox",
    "analyses",
    "alembic_version",
}


def test_the_default_database_is_the_sqlite_file_under_data(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delenv("DATABASE_URL", raising=False)
    assert database_url() == DEFAULT_URL == "sqlite:///data/caravanserai.db"


def test_database_url_comes_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DATABASE_URL", "postgresql://app@db/caravanserai")
    assert database_url() == "postgresql://app@db/caravanserai"


def test_a_plain_postgresql_url_is_driven_by_psycopg_3() -> None:
    for url in ("postgresql://app@db/x", "postgres://app@db/x", "postgresql+psycopg://app@db/x"):
        assert make_engine(url).url.drivername == "postgresql+psycopg"


def test_the_default_engine_creates_the_data_folder_in_the_working_directory(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.delenv("DATABASE_URL", raising=False)
    monkeypatch.chdir(tmp_path)
    engine = make_engine()
    migrate(engine)
    engine.dispose()
    assert (tmp_path / "data" / "caravanserai.db").is_file()


def test_sqlite_runs_in_wal_mode_with_foreign_keys_enforced(tmp_path: Path) -> None:
    engine = make_engine(f"sqlite:///{tmp_path / 'x.db'}")
    with engine.connect() as conn:
        assert conn.execute(text("PRAGMA journal_mode")).scalar() == "wal"
        assert conn.execute(text("PRAGMA foreign_keys")).scalar() == 1
    engine.dispose()


def test_migrations_create_every_table(blank_engine: Engine) -> None:
    assert set(inspect(blank_engine).get_table_names()) == set()
    migrate(blank_engine)
    assert set(inspect(blank_engine).get_table_names()) == TABLES
    with blank_engine.connect() as conn:
        assert conn.execute(text("SELECT version_num FROM alembic_version")).scalar() == LATEST


def test_migrating_again_changes_nothing(engine: Engine) -> None:
    before = schema(engine)
    migrate(engine)
    assert schema(engine) == before
    with engine.connect() as conn:
        assert conn.execute(text("SELECT count(*) FROM alembic_version")).scalar() == 1


def test_the_migrated_schema_matches_the_models(engine: Engine) -> None:
    with engine.connect() as conn:
        context = MigrationContext.configure(conn, opts={"compare_type": True})
        assert compare_metadata(context, SQLModel.metadata) == []


def schema(engine: Engine) -> dict[str, list[tuple[str, str, bool]]]:
    found = inspect(engine)
    return {
        table: [(c["name"], str(c["type"]), c["nullable"]) for c in found.get_columns(table)]
        for table in found.get_table_names()
    }


@pytest.mark.postgres
def test_processes_migrating_one_new_postgresql_database_together_all_succeed(
    postgres_url: URL,
) -> None:
    """Several app processes started together on a new database (``make cluster``): each
    migrates in turn under an advisory lock instead of racing to create the schema."""
    errors: list[BaseException] = []

    def start(url: URL) -> None:
        engine = make_engine(url)
        try:
            migrate(engine)
        except BaseException as err:  # noqa: BLE001 - every failure is reported below
            errors.append(err)
        finally:
            engine.dispose()

    with scratch_database(postgres_url, f"{postgres_url.database}_together") as url:
        threads = [threading.Thread(target=start, args=(url,)) for _ in range(4)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    assert errors == []
