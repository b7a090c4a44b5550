"""Who has a page of a table open on the site's other processes (docs/cluster.md).

Each process keeps its own visitors in memory (:class:`ui.live.LiveInfo`) and, when the
site runs as several processes, writes them to Redis: one hash per table, a field per
process holding the identities present there. A process also keeps a key of its own alive
with an expiry (:data:`ALIVE_FOR`), refreshed every :data:`REFRESH_EVERY` seconds: a
field whose process has stopped refreshing is not counted, so the visitors of a dead
process stop being "connected" within :data:`ALIVE_FOR` seconds, with nothing to clean.
"""

from __future__ import annotations

import json
import logging

from ui.cluster import key

log = logging.getLogger(__name__)

ALIVE_FOR = 20  # seconds a process counts as alive after its last refresh
REFRESH_EVERY = 5.0
TIMEOUT = 2.0  # seconds a presence read or write may take


class SharedPresence:
    """The identities present at each table on every live process, in Redis."""

    def __init__(self, url: str, name: str) -> None:
        from redis.asyncio import Redis

        self.name = name
        self.redis = Redis.from_url(url, socket_timeout=TIMEOUT, socket_connect_timeout=TIMEOUT)

    async def write(self, table_id: str, identities: set[str]) -> None:
        """This process's visitors of ``table_id`` (none: its field goes)."""
        table_key = key("presence", table_id)
        async with self.redis.pipeline(transaction=False) as pipe:
            if identities:
                pipe.hset(table_key, self.name, json.dumps(sorted(identities)))
                pipe.expire(table_key, 24 * 3600)
            else:
                pipe.hdel(table_key, self.name)
            pipe.set(key("alive", self.name), "1", ex=ALIVE_FOR)
            await pipe.execute()

    async def alive(self) -> None:
        """Refresh this process's own key (every :data:`REFRESH_EVERY` seconds)."""
        await self.redis.set(key("alive", self.name), "1", ex=ALIVE_FOR)

    async def others(self, table_id: str) -> set[str]:
        """The identities present at ``table_id`` on the other live processes."""
        fields = await self.redis.hgetall(key("presence", table_id))
        names = [name.decode() for name in fields if name.decode() != self.name]
        if not names:
            return set()
        alive = await self.redis.mget([key("alive", name) for name in names])
        present: set[str] = set()
        for name, up in zip(names, alive, strict=True):
            if up is None:
                continue
            try:
                present.update(str(i) for i in json.loads(fields[name.encode()]))
            except (ValueError, TypeError):
                log.warning("presence: unreadable field %s of table %s", name, table_id)
        return present

    async def close(self) -> None:
        try:
            await self.redis.delete(key("alive", self.name))
        finally:
            await self.redis.aclose()
