"""Forget the visitors who never played when NiceGUI keeps its storage in Redis
(``NICEGUI_REDIS_URL``, several processes: docs/sessions.md); :mod:`ui.storage_pruning`
does it for the files of a single process, by the same rule.

NiceGUI writes each browser's user storage to ``<prefix>user-<session>`` (the prefix is
``NICEGUI_REDIS_KEY_PREFIX``, ``nicegui:`` by default) with no expiry, and leaves ``{}``
under the session a sign-in or a sign-out replaced. Without pruning they pile up for ever.

Redis does not know when a value last changed, but it knows when a key was last read or
written (``OBJECT IDLETIME``; not kept under an LFU ``maxmemory-policy``, where nothing is
pruned and a warning says why). So here a key unused for as long as a file must stay
unchanged (:data:`ui.storage_pruning.MAX_AGE`) whose visitor id owns nothing in the
database is deleted. "Unused" needs care: a page open in a process reads its storage from
that process's memory, not from Redis. So at every pass each process touches the keys of
the sessions it holds (``TOUCH``): a session in use anywhere is never idle for long. One
process a pass does the pruning itself (a lock key), a batch of keys at a time, and deletes
a key only if its value is still the one it read (a compare-and-delete script): a session
written meanwhile stays.
"""

from __future__ import annotations

import json
import logging
from collections.abc import AsyncIterator, Callable

import redis.asyncio as redis
from nicegui import app
from nicegui.storage import Storage
from redis.exceptions import ResponseError

from storage.accounts import owners_among
from ui import cluster
from ui.gateway import Gateway, StorageUnavailable

log = logging.getLogger(__name__)

BATCH = 500  # keys looked at together
USER = "user-"  # NiceGUI's prefix of a user storage's id

# Delete KEYS[1] only if it still holds ARGV[1].
FORGET = """
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0
"""


async def prune_shared_user_storage(
    gateway: Gateway,
    client: redis.Redis,
    *,
    in_use: Callable[[], set[str]],
    max_age: float,
    interval: float,
    prefix: str | None = None,
    lock: str | None = None,
) -> int:
    """Touch the sessions this process uses (``in_use()``, and those NiceGUI holds in
    memory); then, unless another process prunes this pass (of ``interval`` seconds),
    delete the user storages of visitors who own nothing, unused for ``max_age`` seconds.
    Return how many went."""
    prefix = Storage.redis_key_prefix if prefix is None else prefix
    lock = lock_key(prefix) if lock is None else lock
    held = in_use() | set(app.storage._users)  # noqa: SLF001
    if held:
        await client.touch(*(f"{prefix}{USER}{session}" for session in held))
    taken = await client.set(lock, cluster.process_name(), nx=True, ex=max(1, int(interval * 0.9)))
    if not taken:
        return 0  # another process prunes this pass
    forget = client.register_script(FORGET)
    removed = 0
    async for batch in _batches(client.scan_iter(match=f"{_glob(prefix)}{USER}*", count=BATCH)):
        idle = await _idle(client, batch, max_age)
        if idle is None:
            log.warning("user storage left as it is: Redis does not track idle times (LFU)")
            return removed
        if not idle:
            continue
        values = dict(zip(idle, await client.mget(idle), strict=True))
        uids = {key: _uid(value) for key, value in values.items() if _readable(value)}
        wanted = sorted({uid for uid in uids.values() if uid})
        try:
            owners = await gateway(owners_among, user_ids=wanted) if wanted else set()
        except StorageUnavailable:
            log.warning("user storage left as it is: the database cannot be reached")
            return removed
        held = in_use() | set(app.storage._users)  # noqa: SLF001
        gone = [
            key
            for key, uid in uids.items()
            if uid not in owners and key.decode()[len(prefix) + len(USER) :] not in held
        ]
        async with client.pipeline(transaction=False) as pipe:
            for key in gone:
                await forget(keys=[key], args=[values[key]], client=pipe)
            removed += sum(await pipe.execute())
    if removed:
        log.info("forgot %d visitor(s) who never played", removed)
    return removed


def lock_key(prefix: str) -> str:
    """The key held by the process pruning this pass, one per storage prefix (sites with
    prefixes of their own on one Redis prune apart)."""
    return cluster.key("storage-pruning", prefix)


async def _batches(keys: AsyncIterator[bytes]) -> AsyncIterator[list[bytes]]:
    batch: list[bytes] = []
    async for key in keys:
        batch.append(key)
        if len(batch) >= BATCH:
            yield batch
            batch = []
    if batch:
        yield batch


async def _idle(client: redis.Redis, keys: list[bytes], max_age: float) -> list[bytes] | None:
    """Those of ``keys`` unused for ``max_age`` seconds; None when Redis keeps no idle times."""
    async with client.pipeline(transaction=False) as pipe:
        for key in keys:
            pipe.object("idletime", key)
        found = await pipe.execute(raise_on_error=False)
    if any(isinstance(seconds, ResponseError) for seconds in found):
        return None
    return [key for key, seconds in zip(keys, found, strict=True) if seconds >= max_age]


def _readable(value: bytes | None) -> bool:
    """Whether ``value`` is a storage NiceGUI can read (others are left alone, as files)."""
    try:
        return value is not None and isinstance(json.loads(value), dict)
    except ValueError:
        return False


def _uid(value: bytes) -> str | None:
    """The visitor id a readable stored value holds, if any."""
    uid = json.loads(value).get("uid")
    return uid if isinstance(uid, str) else None


def _glob(text: str) -> str:
    """``text`` matched literally by a Redis pattern."""
    return "".join(f"\\{c}" if c in "*?[]\\" else c for c in text)


async def prune(
    gateway: Gateway, *, in_use: Callable[[], set[str]], max_age: float, interval: float
) -> int:
    """One pass against NiceGUI's Redis (a client of its own, closed after)."""
    assert Storage.redis_url is not None
    client = redis.Redis.from_url(Storage.redis_url, socket_timeout=5, socket_connect_timeout=5)
    try:
        return await prune_shared_user_storage(
            gateway, client, in_use=in_use, max_age=max_age, interval=interval
        )
    finally:
        await client.aclose()
