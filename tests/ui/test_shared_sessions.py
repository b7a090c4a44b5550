"""One browser is one visitor on every process: with ``NICEGUI_REDIS_URL`` NiceGUI keeps each
browser's user storage (guest id, sign-in, form token, language) in Redis, under the session
id that the signed cookie carries, so any process finds it (docs/sessions.md).

Two real site processes (``python -m ui.app``) share a Redis key prefix of their own, the
cookie secret and one SQLite database; each has its own storage folder, and neither has
``REDIS_URL`` (the limits stay per process here: only the sessions are shared). Last, a
process's copy of a session that lost its subscription is brought back in step
(:mod:`ui.shared_sessions`)."""

from __future__ import annotations

import asyncio
import base64
import json
import os
import re
import time
import uuid
from collections.abc import Callable, Iterator
from dataclasses import dataclass

import httpx
import pytest
import redis
import redis.asyncio as aredis
from nicegui import core
from nicegui.persistence import RedisPersistentDict

from e2e.server import Server
from tests.services import unavailable
from tests.ui import patience
from ui.shared_sessions import lost, resubscribe
from ui.shared_storage_pruning import lock_key

URL = os.environ.get("TEST_REDIS_URL") or "redis://127.0.0.1:6379/0"  # as tests/conftest.py
PASSWORD = "correct horse"
GUEST = re.compile(r"Guest [0-9a-f]{4}")


@dataclass
class Pair:
    """Two processes serving one site, and their storage's Redis keys."""

    a: Server
    b: Server
    redis: redis.Redis
    prefix: str

    def stored(self, client: httpx.Client) -> dict[str, object] | None:
        """What Redis holds for the browser's session (None: nothing)."""
        value = self.redis.get(f"{self.prefix}user-{session_id(client)}")
        return None if value is None else dict(json.loads(value))


@pytest.fixture(scope="module")
def pair(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Pair]:
    client = redis.Redis.from_url(URL, socket_connect_timeout=1, socket_timeout=5)
    try:
        client.ping()
    except redis.RedisError as err:
        unavailable("redis", f"Redis is not reachable at {URL}: {err}")
    root = tmp_path_factory.mktemp("shared-sessions")
    prefix = f"test-sessions-{uuid.uuid4().hex}:"

    def settings(name: str) -> dict[str, str]:
        return {
            "NICEGUI_REDIS_URL": URL,
            "NICEGUI_REDIS_KEY_PREFIX": prefix,
            "NICEGUI_STORAGE_PATH": str(root / name / "nicegui"),
            "DATABASE_URL": f"sqlite:///{root / 'site.db'}",
            "REDIS_URL": "",
        }

    a = Server(root / "a", env=settings("a")).start()  # migrates the database first
    try:
        b = Server(root / "b", env=settings("b")).start()
        try:
            yield Pair(a, b, client, prefix)
        finally:
            b.stop()
    finally:
        a.stop()
        for key in client.scan_iter(match=f"{prefix}*"):
            client.delete(key)
        client.delete(lock_key(prefix))  # taken by the processes' first pruning
        client.close()
    for server in (a, b):  # nothing was written to the storage folders
        assert not list((server.workdir / "nicegui").glob("storage-user-*"))


def session_id(client: httpx.Client) -> str:
    """The session id in the browser's signed session cookie (Starlette: base64 JSON)."""
    payload = client.cookies["session"].split(".")[0]
    return str(json.loads(base64.b64decode(payload + "=" * (-len(payload) % 4)))["id"])


def until(condition: Callable[[], bool], within: float = 10.0) -> None:
    """Wait until ``condition()`` holds (NiceGUI writes to Redis just after the page)."""
    deadline = time.monotonic() + within
    while not condition():
        assert time.monotonic() < deadline, "the condition did not come true in time"
        time.sleep(0.05)


def guest_name(client: httpx.Client) -> str:
    """The name the new-table form offers this browser: "Guest " and its id's start."""
    found = GUEST.findall(client.get("/new/caravan").text)
    assert found, "the form offers a guest name"
    return str(found[0])


def signed_in_as(client: httpx.Client, name: str) -> bool:
    html = client.get("/account").text  # the header's props name the account
    return f'"account":{json.dumps(name)}' in html


def form_token(html: str) -> str:
    found = re.search(r'"name":"csrf","value":"([A-Za-z0-9_-]{16,})"', html)
    assert found, "the form carries a token"
    return found.group(1)


@pytest.mark.slow  # two site processes start
def test_one_cookie_is_the_same_guest_on_both_processes(pair: Pair) -> None:
    with httpx.Client(base_url=pair.a.url) as on_a, httpx.Client(base_url=pair.b.url) as on_b:
        name = guest_name(on_a)
        until(lambda: pair.stored(on_a) is not None)
        uid = str((pair.stored(on_a) or {})["uid"])
        assert name == f"Guest {uid[:4]}"
        on_b.cookies.update(on_a.cookies)
        assert guest_name(on_b) == name
        assert (pair.stored(on_b) or {}).get("uid") == uid, "B took A's guest, made none"
        with httpx.Client(base_url=pair.b.url) as stranger:
            guest_name(stranger)
            until(lambda: pair.stored(stranger) is not None)
            assert session_id(stranger) != session_id(on_a)
            assert (pair.stored(stranger) or {}).get("uid") != uid, "another browser, another"


@pytest.mark.slow  # two site processes start
def test_signing_in_on_one_process_holds_on_the_other_and_signing_out_everywhere(
    pair: Pair,
) -> None:
    """The form token made on A is good on B; the session that sign-up makes (``become``,
    a new session id) is found by A; and after a sign-out on A, the cookie copied before it
    names nobody on B either, although B held that session in memory."""
    with httpx.Client(base_url=pair.a.url) as on_a, httpx.Client(base_url=pair.b.url) as on_b:
        token = form_token(on_a.get("/signup").text)
        until(lambda: (pair.stored(on_a) or {}).get("csrf") == token)
        on_b.cookies.update(on_a.cookies)
        guest = session_id(on_a)
        form = {"csrf": token, "username": "annie", "password": PASSWORD, "confirm": PASSWORD}
        assert on_b.post("/auth/signup", data=form).headers["location"] == "/history"
        assert session_id(on_b) != guest, "signing up gave the browser a new session"
        until(lambda: pair.stored(on_b) is not None and pair.stored(on_b) != {})
        on_a.cookies.clear()
        on_a.cookies.update(on_b.cookies)
        assert signed_in_as(on_a, "annie")
        assert signed_in_as(on_b, "annie")  # B now holds the session in its memory
        copied = dict(on_b.cookies)
        account = (pair.stored(on_b) or {})["uid"]

        token = form_token(on_a.get("/account").text)
        assert on_a.post("/auth/signout", data={"csrf": token}).headers["location"] == "/"
        assert not signed_in_as(on_a, "annie")
        with httpx.Client(base_url=pair.b.url, cookies=copied) as stolen:
            until(lambda: not signed_in_as(stolen, "annie"))
            assert (pair.stored(stolen) or {}).get("uid") != account, "a fresh guest, if any"


# ------------------------------------------------------------ a copy that lost its subscription


async def test_a_copy_that_lost_its_subscription_is_brought_back_in_step(
    redis_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Redis drops the connection of a process's subscription to a session (as when Redis
    restarts): a sign-out on another process meanwhile does not reach that process's copy
    (NiceGUI's gap), until :func:`ui.shared_sessions.resubscribe` looks; later changes
    reach it again. In this test's process, on the machine's Redis."""
    client = aredis.Redis.from_url(redis_url)
    monkeypatch.setattr(core, "loop", asyncio.get_running_loop())  # NiceGUI's tasks run here
    prefix = f"test-sessions-{uuid.uuid4().hex}:"
    session = str(uuid.uuid4())
    key = f"{prefix}user-{session}"
    copy = RedisPersistentDict(url=redis_url, id=f"user-{session}", key_prefix=prefix)
    try:
        await copy.initialize()
        copy.update(uid="a" * 32, account="annie")
        await async_until(lambda: copy.pubsub.subscribed)
        while await client.get(key) is None:  # NiceGUI writes it just after
            await asyncio.sleep(0.02)
        host, port = copy.pubsub.connection._writer.get_extra_info("sockname")[:2]  # noqa: SLF001
        address = f"[{host}]:{port}" if ":" in host else f"{host}:{port}"
        assert await client.client_kill_filter(_type="pubsub", addr=address) == 1
        await async_until(lambda: lost(copy))

        signed_out = json.dumps({"uid": "b" * 32})
        await client.set(key, signed_out)
        await client.publish(key + "changes", signed_out)
        assert copy.get("account") == "annie", "the copy did not hear of it"
        assert await resubscribe({session: copy}) == 1
        assert dict(copy) == {"uid": "b" * 32}
        assert not lost(copy)
        assert await client.get(key) == signed_out.encode(), "nothing was written back"

        later = json.dumps({"uid": "b" * 32, "lang": "fr"})
        await client.set(key, later)
        await client.publish(key + "changes", later)
        await async_until(lambda: copy.get("lang") == "fr")
        assert await resubscribe({session: copy}) == 0, "nothing else to do"
    finally:
        await copy.close()
        await client.delete(key)
        await client.aclose()


async def async_until(condition: Callable[[], bool], within: float = 10.0) -> None:
    assert await patience.until(condition, within), "the condition did not come true in time"
