"""This process's short-tempered connection to the shared Redis, for the limits that every
process counts together (sign-in attempts, chat lines, new tables).

A limit is asked on the way of a request: a Redis that does not answer must not hold that
request for long, nor every request after it. So each call has a short deadline
(:data:`TIMEOUT`), and after a failure Redis is left alone for :data:`PAUSE` seconds: calls
meanwhile fail at once with :class:`Unreachable`, and each caller decides what that means
(sign-in refuses, the chat and the new-table caps count in this process alone).
"""

from __future__ import annotations

import asyncio
import functools
import logging
import time
from collections.abc import Awaitable, Callable
from typing import TypeVar

import redis.asyncio as redis
from redis.exceptions import RedisError

log = logging.getLogger(__name__)

TIMEOUT = 1.0  # seconds one call (its round trips together) may take, waiting turns included
PAUSE = 5.0  # seconds Redis is left alone after a call failed

T = TypeVar("T")


class Unreachable(Exception):
    """Redis did not answer in time, or refused: the caller decides what to do."""


class RedisLink:
    """Calls to one Redis, each within ``timeout`` seconds, none for ``pause`` seconds
    after one failed. A client is made per event loop (redis-py's connections belong to
    the loop that opened them)."""

    def __init__(self, url: str, *, timeout: float = TIMEOUT, pause: float = PAUSE) -> None:
        self.url, self.timeout, self.pause = url, timeout, pause
        self._client: tuple[asyncio.AbstractEventLoop, redis.Redis] | None = None
        self._down_until = 0.0

    def client(self) -> redis.Redis:
        loop = asyncio.get_running_loop()
        if self._client is None or self._client[0] is not loop:
            client = redis.Redis.from_url(
                self.url,
                socket_connect_timeout=self.timeout,
                socket_timeout=self.timeout,
                retry_on_timeout=False,
            )
            self._client = (loop, client)
        return self._client[1]

    async def call(self, work: Callable[[redis.Redis], Awaitable[T]]) -> T:
        """``work(client)``, or :class:`Unreachable` when Redis fails it or is paused."""
        if time.monotonic() < self._down_until:
            raise Unreachable(f"{self.url}: left alone after a failure")
        try:
            async with asyncio.timeout(self.timeout):
                return await work(self.client())
        except (RedisError, OSError, TimeoutError) as err:
            log.warning("Redis at %s cannot be reached: %r", self.url, err)
            self._down_until = time.monotonic() + self.pause
            raise Unreachable(f"{self.url}: {err!r}") from err

    async def close(self) -> None:
        """Close the client of the running loop (a client of a closed loop is dropped)."""
        if self._client is not None:
            loop, client = self._client
            self._client = None
            if loop is asyncio.get_running_loop():
                await client.aclose()


@functools.cache
def shared_link(url: str) -> RedisLink:
    """The one link of this process to the Redis at ``url``."""
    return RedisLink(url)
