"""Fixtures shared by every test folder: the machine's PostgreSQL and Redis.

PostgreSQL is the server at ``TEST_DATABASE_URL`` (default
``postgresql+psycopg://postgres@127.0.0.1:5432/postgres``): each test process creates its own
database there and drops it at the end. Redis is ``TEST_REDIS_URL`` (default
``redis://127.0.0.1:6379/0``); tests keep to keys and channels of their own. A test needing
a server that does not answer fails saying which (tests/services.py has the explicit opt-out).

Every test's survivors are frozen out of the garbage collector once the test is over
(:func:`pytest_runtest_protocol`): NiceGUI's page harness runs two full collections a page
test, and each walked the whole heap of the process (the imported modules and what earlier
tests left in caches): 0.24 s each, about half of what the page tests cost.

Passwords are hashed at argon2's lowest costs (:func:`cheap_passwords`): at the site's own
(the library's recommended, 0.17 s of CPU a hash or check) the unit group's 158 spent 28 s
of CPU on them. ``site_hasher`` is the site's own hasher, for the test of its costs.
"""

from __future__ import annotations

import atexit
import gc
import os
import shutil
import tempfile
import uuid
from collections.abc import AsyncIterator, Iterator
from contextlib import ExitStack
from pathlib import Path

import pytest
from argon2 import PasswordHasher
from redis.asyncio import Redis
from sqlalchemy import URL, Engine
from sqlalchemy.exc import OperationalError

from storage.db import make_engine
from tests.databases import scratch_database
from tests.services import postgres_server, redis_server, unavailable
from ui.auth import passwords

# NiceGUI keeps its storage in one folder a process, fixed when it is imported, and a page
# test's end empties it: each test process gets a folder of its own, or one process's tests
# would empty it under another's. The processes of `pytest -n 2` inherit the environment of
# the one that started them, so a folder made for another test process is replaced too;
# only one the developer chose is kept.
TEST_STORAGE = str(Path(tempfile.gettempdir()) / "caravanserai-tests-")
OWN_STORAGE = str(Path(f"{TEST_STORAGE}{os.getpid()}") / ".nicegui")
if os.environ.get("NICEGUI_STORAGE_PATH", TEST_STORAGE).startswith(TEST_STORAGE):
    os.environ["NICEGUI_STORAGE_PATH"] = OWN_STORAGE
    Path(OWN_STORAGE).parent.mkdir(exist_ok=True)  # NiceGUI makes the folder, not its parent
    atexit.register(shutil.rmtree, Path(OWN_STORAGE).parent, ignore_errors=True)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item: pytest.Item, nextitem: pytest.Item | None) -> Iterator[None]:
    """After a test and its teardown (whose collections have freed its garbage), what is
    still alive moves to the collector's permanent generation: later full collections walk
    only what later tests make. Reference counting still frees the frozen objects; only a
    cycle among them is kept, which in a test process costs a little memory."""
    yield
    gc.freeze()


SITE_HASHER = passwords._hasher


@pytest.fixture(scope="session")
def site_hasher() -> PasswordHasher:
    """The hasher the site itself uses (the tests' is :func:`cheap_passwords`')."""
    return SITE_HASHER


@pytest.fixture(scope="session", autouse=True)
def cheap_passwords() -> Iterator[None]:
    """Hash and check passwords at argon2's lowest costs in this process's tests: a hash
    records its own costs, so checks work the same, only faster."""
    cheap = PasswordHasher(time_cost=1, memory_cost=8, parallelism=1)
    site = passwords._hasher, passwords._DUMMY
    passwords._hasher, passwords._DUMMY = cheap, cheap.hash("not a password anybody has")
    yield
    passwords._hasher, passwords._DUMMY = site


@pytest.fixture(scope="session")
def postgres_url() -> Iterator[URL]:
    """A database of its own for this test session, on the PostgreSQL server."""
    server = postgres_server()
    with ExitStack() as stack:
        try:
            url = stack.enter_context(scratch_database(server, "caravanserai_test"))
        except OperationalError as err:
            where = f"{server.host}:{server.port or 5432}"
            unavailable("postgres", f"PostgreSQL not reachable at {where}: {err.orig or err}")
        yield url


@pytest.fixture(scope="session")
def postgres_engine(postgres_url: URL) -> Iterator[Engine]:
    engine = make_engine(postgres_url)
    yield engine
    engine.dispose()


@pytest.fixture
async def redis_url() -> AsyncIterator[str]:
    url = redis_server()
    client = Redis.from_url(url, socket_connect_timeout=2)
    try:
        await client.ping()
    except Exception as err:
        unavailable("redis", f"Redis not reachable at {url}: {err}")
    finally:
        await client.aclose()
    yield url


@pytest.fixture
def unique() -> str:
    """A name no other test uses (channels, keys, tables)."""
    return uuid.uuid4().hex[:10]
