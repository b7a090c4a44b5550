"""A hung database slows only the pages that need it, and they say so in words.

The page tests make every storage call of the gateway fail as an unreachable database
does. The last test runs a real server on a PostgreSQL database of its own; another
connection holds a lock on the matches, so the history page's query waits on it as on
a hung database. The home page must still answer at once, and the history page must
answer, after the time limit, with the translated "cannot reach the database" message.
"""

from __future__ import annotations

import os
import threading
import time
import urllib.request
from collections.abc import Iterator
from contextlib import ExitStack
from pathlib import Path

import pytest
from nicegui.testing import User
from sqlalchemy import URL, Connection, make_url, text

from e2e.server import Server
from storage.db import make_engine, migrate
from tests.databases import scratch_database
from tests.services import unavailable
from tests.ui.test_auth import PASSWORD, browser, token
from tests.ui.test_online_pages import OPEN_SEAT, open_waiting_table, other_browser, take_seat
from ui.gateway import Gateway, StorageUnavailable
from ui.i18n import Translator

SERVER = "postgresql+psycopg://postgres@127.0.0.1:5432/postgres"
LIMITS = {
    "CARAVANSERAI_DB_STATEMENT_TIMEOUT": "2",
    "CARAVANSERAI_DB_CALL_TIMEOUT": "3",
}


@pytest.fixture
def database() -> Iterator[URL]:
    server = make_url(os.environ.get("TEST_DATABASE_URL") or SERVER)
    with ExitStack() as stack:
        try:
            url = stack.enter_context(scratch_database(server, "caravanserai_hang"))
        except Exception as err:  # noqa: BLE001 - no server: the test cannot run here
            unavailable("postgres", f"PostgreSQL not reachable: {err}")
        engine = make_engine(url)
        migrate(engine)
        engine.dispose()
        yield url


@pytest.fixture
def server(tmp_path: Path, database: URL) -> Iterator[Server]:
    url = database.render_as_string(hide_password=False)
    site = Server(tmp_path / "site", env={"DATABASE_URL": url, **LIMITS}).start()
    try:
        yield site
    finally:
        site.stop()


def get(url: str, timeout: float) -> str:
    with urllib.request.urlopen(url, timeout=timeout) as response:
        return str(response.read().decode("utf-8"))


def wait_for(condition: object, timeout: float = 15.0) -> None:
    deadline = time.monotonic() + timeout
    while not condition():  # type: ignore[operator]
        if time.monotonic() > deadline:
            raise AssertionError("condition not met in time")
        time.sleep(0.05)


def waiting_on_lock(conn: Connection) -> bool:
    query = text(
        "select count(*) from pg_stat_activity"
        " where wait_event_type = 'Lock' and datname = current_database()"
    )
    return bool(conn.execute(query).scalar())


async def refuse(self: Gateway, fn: object, *, timeout: float | None = None) -> None:
    """Stands in for ``Gateway.run`` when the database does not answer."""
    raise StorageUnavailable()


@pytest.fixture
def unreachable(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every call through the site's gateway fails as a database that does not answer."""
    monkeypatch.setattr(Gateway, "run", refuse)


@pytest.mark.usefixtures("unreachable")
@pytest.mark.parametrize("path", ["/history", "/replay/abc", "/players/ann", "/account"])
async def test_a_page_that_cannot_read_storage_says_so(user: User, path: str) -> None:
    await user.open(path)
    await user.should_see(Translator("en")("error.storage_unavailable"))
    await user.should_see(marker="storage-unavailable")


@pytest.mark.usefixtures("unreachable")
async def test_a_french_visitor_reads_it_in_french(user: User) -> None:
    user.http_client.headers["Accept-Language"] = "fr"
    await user.open("/history")
    await user.should_see(Translator("fr")("error.storage_unavailable"))


@pytest.mark.usefixtures("unreachable")
async def test_a_new_table_that_cannot_be_stored_leaves_the_form_with_the_reason(
    user: User,
) -> None:
    await user.open("/new/caravan")
    user.find(marker="start").click()
    await user.should_see(Translator("en")("error.storage_unavailable"))
    await user.should_see("New game of Caravan")


async def test_a_seat_that_cannot_be_taken_for_want_of_storage_says_why(
    user: User, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = await open_waiting_table(user, OPEN_SEAT)
    monkeypatch.setattr(Gateway, "run", refuse)
    async with other_browser() as bea:
        await take_seat(bea, path, "Bea")
        await bea.should_see(Translator("en")("error.storage_unavailable"))
        await bea.should_see(marker="take-seat")


@pytest.mark.usefixtures("user")
async def test_sign_in_and_sign_up_send_the_visitor_back_with_the_reason(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    async with browser() as client:
        signin_token = await token(client, "/signin")
        signup_token = await token(client, "/signup")
        monkeypatch.setattr(Gateway, "run", refuse)
        form = {"username": "ann", "password": PASSWORD, "confirm": PASSWORD}
        signin = await client.post("/auth/signin", data={"csrf": signin_token, **form})
        signup = await client.post("/auth/signup", data={"csrf": signup_token, **form})
    assert "error=storage" in signin.headers["location"]
    assert "error=storage" in signup.headers["location"]


@pytest.mark.postgres
def test_a_hung_history_query_leaves_the_home_page_answering_and_says_why(
    server: Server, database: URL
) -> None:
    locker = make_engine(database)
    watcher = make_engine(database).execution_options(isolation_level="AUTOCOMMIT")
    answers: dict[str, str | BaseException] = {}

    def history() -> None:
        try:
            answers["history"] = get(server.url + "/history", timeout=30)
        except BaseException as err:  # noqa: BLE001 - kept for the assertion
            answers["history"] = err

    with locker.connect() as lock, watcher.connect() as watch:
        lock.execute(text("lock table matches in access exclusive mode"))
        asked = threading.Thread(target=history)
        asked.start()
        wait_for(lambda: waiting_on_lock(watch))
        began = time.monotonic()
        home = get(server.url + "/", timeout=3)
        assert time.monotonic() - began < 2.0
        assert "Caravanserai" in home
        asked.join(30)
        lock.rollback()
    locker.dispose()
    watcher.dispose()
    page = answers["history"]
    assert isinstance(page, str), page
    assert Translator("en")("error.storage_unavailable")[:30] in page
