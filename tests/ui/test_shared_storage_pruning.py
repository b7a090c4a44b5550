"""With NiceGUI's storage in Redis (several processes), the sessions of visitors who own
nothing go once unused for long, as their files do on one process; a guest who played, a
session some process has in use, one written meanwhile and one that cannot be read stay.

Against the machine's Redis, under a key prefix of the test's own. "Unused
for long" is two seconds here: the test waits for Redis to count them."""

from __future__ import annotations

import asyncio
import json
import uuid
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any, cast

import pytest
import redis.asyncio as aredis
from nicegui import app
from nicegui.persistence.pseudo_persistent_dict import PseudoPersistentDict

from tests.ui.sites import ANN, guests_engine
from ui.gateway import Gateway
from ui.shared_storage_pruning import prune_shared_user_storage

IDLE = 2  # seconds unused that count as "long" here


@pytest.fixture
async def client(redis_url: str) -> AsyncIterator[aredis.Redis]:
    """The machine's Redis (tests/conftest.py: skipped with the reason when it does not
    answer)."""
    made = aredis.Redis.from_url(redis_url, socket_timeout=5)
    yield made
    await made.aclose()


@pytest.fixture
async def prefix(client: aredis.Redis) -> AsyncIterator[str]:
    own = f"test-pruning-{uuid.uuid4().hex}:"
    yield own
    async for key in client.scan_iter(match=f"{own}*"):
        await client.delete(key)


class WritingGateway:
    """The site's gateway, through which a write to a session lands while the database is
    being asked who owns what (the moment a pruning must not miss it)."""

    def __init__(self, gateway: Gateway, meanwhile: Callable[[], Any]) -> None:
        self.gateway, self.meanwhile = gateway, meanwhile

    async def __call__(self, fn: Callable[..., Any], **kwargs: Any) -> Any:
        await self.meanwhile()
        return await self.gateway(fn, **kwargs)


async def idle_for(client: aredis.Redis, keys: list[str], seconds: int) -> None:
    """Wait until Redis counts every one of ``keys`` unused for ``seconds``."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + seconds + 10
    while min([await client.object("idletime", key) for key in keys]) < seconds:
        assert loop.time() < deadline, "Redis did not count the keys as unused"
        await asyncio.sleep(0.1)


async def test_only_unused_sessions_of_visitors_who_own_nothing_go(
    client: aredis.Redis, prefix: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def key(name: str) -> str:
        return f"{prefix}user-{name}"

    stored = {
        "played": {"uid": ANN},  # Ann sat at tables: a guest with games
        "looked": {"uid": uuid.uuid4().hex},
        "replaced": {},  # what a sign-in leaves under the session it replaced
        "open-here": {"uid": uuid.uuid4().hex},  # a page of this process uses it
        "written": {"uid": uuid.uuid4().hex},  # changes while the pruning runs
    }
    for name, data in stored.items():
        await client.set(key(name), json.dumps(data))
    await client.set(key("unreadable"), b"\xff not json")
    old = [key(name) for name in [*stored, "unreadable"]]
    await idle_for(client, old, IDLE)
    await client.set(key("fresh"), json.dumps({"uid": uuid.uuid4().hex}))
    monkeypatch.setitem(app.storage._users, "open-here", PseudoPersistentDict())  # noqa: SLF001

    async def write() -> None:
        await client.set(key("written"), json.dumps({**stored["written"], "lang": "fr"}))

    gateway = cast(Gateway, WritingGateway(Gateway(guests_engine(tmp_path)), write))

    async def prune() -> int:
        lock = f"{prefix}lock"  # which process prunes this pass
        return await prune_shared_user_storage(
            gateway, client, in_use=set, max_age=IDLE, interval=3600, prefix=prefix, lock=lock
        )

    removed = await prune()
    names = [k.decode() async for k in client.scan_iter(f"{prefix}user-*")]
    assert {name.removeprefix(f"{prefix}user-") for name in names} == {
        "played",
        "open-here",
        "written",
        "unreadable",
        "fresh",
    }
    assert removed == 2
    assert await client.object("idletime", key("open-here")) < IDLE, "its process touched it"

    # Another pass within the hour (another process's): it only touches its own sessions.
    await client.set(key("looked"), json.dumps(stored["looked"]))
    await idle_for(client, [key("looked")], IDLE)
    assert await prune() == 0
    assert await client.exists(key("looked"))
