"""Keep this process's copies of the sessions kept in Redis in step with Redis
(``NICEGUI_REDIS_URL``, several processes: docs/sessions.md).

NiceGUI 3.18 loads a browser's user storage from Redis into the memory of the process that
serves it, and keeps that copy in step through a subscription of its own (every change, on
any process, is published whole). When the connection to Redis drops (Redis restarts, a
network blip), that subscription ends for good, with "Unexpected error in Redis listener"
in the log; and a copy loaded while Redis could not be reached never had one. Such a copy
no longer hears of what other processes change, a sign-out included: the cookie copied
before it would still name the account here for as long as a page of that session stays
open on this process.

Every :data:`CHECK_EVERY` seconds each copy whose subscription has ended subscribes anew
and then takes what Redis holds. When Redis holds nothing for it (a Redis that kept no data
across its restart), the copy stays as it is: NiceGUI writes it back on its next change.
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import MutableMapping
from contextlib import suppress
from typing import Any

from nicegui import app
from nicegui.persistence import PersistentDict, RedisPersistentDict
from nicegui.storage import Storage
from redis.exceptions import RedisError

log = logging.getLogger(__name__)

CHECK_EVERY = 10.0  # seconds between two looks at the copies' subscriptions
TIMEOUT = 2.0  # seconds one copy may take to subscribe and read


def lost(storage: RedisPersistentDict) -> bool:
    """Whether the copy no longer hears of changes made elsewhere."""
    task = storage._listener_task  # noqa: SLF001
    return task is None or task.done()


async def resubscribe(users: MutableMapping[str, PersistentDict] | None = None) -> int:
    """Bring every copy that lost its subscription back in step; how many were. Stops at
    the first that Redis does not answer for (the next look tries again)."""
    users = app.storage._users if users is None else users  # noqa: SLF001
    done = 0
    for session, storage in list(users.items()):
        if not isinstance(storage, RedisPersistentDict) or not lost(storage):
            continue
        fresh = storage.redis_client.pubsub()
        try:
            async with asyncio.timeout(TIMEOUT):
                # Subscribed before reading: nothing published in between is missed.
                await fresh.subscribe(storage.key + "changes")
                stored = await storage.redis_client.get(storage.key)
        except (RedisError, OSError, TimeoutError) as err:
            await _close(fresh)
            log.info("sessions not resubscribed yet: Redis does not answer: %r", err)
            return done
        if users.get(session) is not storage:  # NiceGUI let it go meanwhile
            await _close(fresh)
            continue
        if stored is not None:
            take(storage, json.loads(stored))
        old, storage.pubsub = storage.pubsub, fresh
        storage._start_listening()  # noqa: SLF001
        await _close(old)
        done += 1
    if done:
        log.info("%d session(s) subscribed anew to their changes in Redis", done)
    return done


def take(storage: RedisPersistentDict, data: dict[str, Any]) -> None:
    """Make the copy hold ``data``, without writing it back: an echo of what was just read
    could land after a newer change made elsewhere, and undo it."""
    if data == storage:
        return
    handlers = storage._change_handlers  # noqa: SLF001
    storage._change_handlers = [(h, a) for h, a in handlers if h != storage.publish]  # noqa: SLF001
    try:
        for key in set(storage) - data.keys():
            del storage[key]
        storage.update(data)
    finally:
        storage._change_handlers = handlers  # noqa: SLF001


async def _close(pubsub: Any) -> None:
    with suppress(Exception):
        await pubsub.aclose()


def start() -> None:
    """Look every :data:`CHECK_EVERY` seconds (call at start-up; nothing to do unless
    NiceGUI keeps its storage in Redis)."""
    if not Storage.redis_url:
        return

    async def look() -> None:
        try:
            await resubscribe()
        except Exception:
            log.exception("resubscribing the sessions failed")

    app.timer(CHECK_EVERY, look, immediate=False)
