"""The limits of :mod:`ui.rate_limit` counted in Redis, the same for every process of the
site (chat lines, new tables; the sign-in limits have their own, :mod:`ui.auth.shared_limits`).

Each limited key is a sorted set ``caravanserai:limit:<name>:<key>`` of the times of its
events (score: wall-clock seconds, so every process reads the same times; member: that time
and a random tag, so two events at one instant both count), trimmed to the window when an
event is added and expiring one window after the newest. A check reads at most ``limit``
times: the newest ones, which are all :func:`ui.rate_limit.window_wait` needs.

When Redis cannot be reached, the process's own :class:`~ui.rate_limit.Limiter` answers: the
limits then hold per process (three processes let three times as many lines through) rather
than stopping every chat and every new table for as long as the outage lasts. Every event is
counted in that Limiter too, so it knows this process's recent past when it has to answer.
"""

from __future__ import annotations

import math
import secrets
import time

import redis.asyncio as redis

from ui import cluster
from ui.rate_limit import Clock, Limit, Limiter, LocalLimit, window_wait
from ui.redis_link import RedisLink, Unreachable, shared_link


class SharedLimit:
    """``local``'s limit and window, counted in Redis under ``name`` for every process;
    ``local`` itself answers while Redis cannot."""

    def __init__(
        self,
        name: str,
        local: Limiter,
        link: RedisLink,
        *,
        namespace: str | None = None,
        clock: Clock = time.time,
    ) -> None:
        self.name, self.local, self.link = name, local, link
        self.namespace = cluster.key("limit") if namespace is None else namespace
        self.clock = clock

    def redis_key(self, key: str) -> str:
        return f"{self.namespace}:{self.name}:{key}"

    async def retry_after(self, key: str) -> float:
        limit, window, now = self.local.limit, self.local.window, self.clock()
        name = self.redis_key(key)

        async def newest(client: redis.Redis) -> list[tuple[bytes, float]]:
            return await client.zrevrangebyscore(
                name, "+inf", f"({now - window!r}", start=0, num=max(limit, 1), withscores=True
            )

        try:
            found = await self.link.call(newest)
        except Unreachable:
            return self.local.retry_after(key)
        return window_wait([score for _, score in reversed(found)], limit, window, now)

    async def fail(self, key: str) -> None:
        self.local.fail(key)
        window, now = self.local.window, self.clock()
        name = self.redis_key(key)

        async def add(client: redis.Redis) -> None:
            async with client.pipeline(transaction=True) as pipe:
                pipe.zremrangebyscore(name, "-inf", repr(now - window))
                pipe.zadd(name, {f"{now!r}:{secrets.token_hex(4)}": now})
                pipe.pexpire(name, math.ceil(window * 1000))
                await pipe.execute()

        try:
            await self.link.call(add)
        except Unreachable:
            pass  # counted in this process: it answers until Redis is back


def limit_for(name: str, local: Limiter) -> Limit:
    """``local`` as every caller should ask it: shared under ``name`` by every process when
    ``REDIS_URL`` is set (:mod:`ui.cluster`), else ``local`` alone, exactly as before."""
    url = cluster.redis_url()
    if url is None:
        return LocalLimit(local)
    return SharedLimit(name, local, shared_link(url))
