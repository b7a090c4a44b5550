"""How the site's processes tell each other that a table changed (docs/cluster.md).

A process that stored a change publishes ``{"table": id, "kind": ..., "ply": n}`` on one
Redis pub/sub channel; every process hears it and reads the change *from the database*
(:meth:`ui.site.Site.on_event`), never from the message, which carries ids only.

Redis pub/sub rather than PostgreSQL's LISTEN/NOTIFY: the processes already share Redis
(sessions, presence, the bots' job queue), a listener needs no database connection of its
own held open for ever, and it can be reached from the workers with the same client. Both
deliver at most once; a message lost while a process was cut off is repaired by catching
up every table it holds after each reconnection (``on_reconnect``), and by the site's
sweep that compares each table's ply with storage.

With one process there is nothing to tell: :class:`LocalBus` publishes nowhere.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

from ui.cluster import key, process_name

log = logging.getLogger(__name__)

CHANNEL = key("events")
PUBLISH_TIMEOUT = 2.0  # seconds a publication may take before it is given up (logged)
LISTEN_PING = 5.0  # seconds between two checks that the listening connection is alive
FIRST_WAIT, LONGEST_WAIT = 0.2, 5.0  # seconds between two attempts to reconnect, doubling
# What changed at a table: a move, a move taken back, seats, a chat line, a rematch, the
# host's cancel or the unattended sweep's, the end of an abandoned game, a new table,
# the people present.
KINDS = frozenset(
    {"move", "undo", "seats", "chat", "rematch", "cancelled", "ended", "opened", "presence"}
)


@dataclass(frozen=True)
class Event:
    """A table changed: ``kind`` says what, ``ply`` is its ply after the change (when it is
    a move or an undo); ``origin`` names the process that stored it."""

    table: str
    kind: str
    ply: int | None = None
    origin: str = ""

    def encode(self) -> str:
        return json.dumps(
            {"table": self.table, "kind": self.kind, "ply": self.ply, "origin": self.origin}
        )

    @staticmethod
    def decode(data: str | bytes) -> Event | None:
        """The event in a message, or None for one this site does not understand."""
        try:
            body: Any = json.loads(data)
            table, kind, ply = body["table"], body["kind"], body.get("ply")
            origin = body.get("origin", "")
        except (ValueError, TypeError, KeyError):
            return None
        if not isinstance(table, str) or kind not in KINDS or not isinstance(origin, str):
            return None
        if ply is not None and (isinstance(ply, bool) or not isinstance(ply, int)):
            return None
        return Event(table, kind, ply, origin)


Handler = Callable[[Event], Awaitable[None]]
Reconnected = Callable[[], Awaitable[None]]


class LocalBus:
    """The bus of a site served by one process: every change is already told in memory."""

    name = process_name()
    connected = True

    async def start(self, on_event: Handler, on_reconnect: Reconnected) -> None:
        return None

    async def publish(self, table: str, kind: str, ply: int | None = None) -> None:
        return None

    async def close(self) -> None:
        return None


class RedisBus:
    """Redis pub/sub between the site's processes. A process ignores its own messages (it
    told its pages already); after every reconnection it calls ``on_reconnect`` so that the
    site catches up every table it holds."""

    def __init__(self, url: str, *, name: str | None = None, channel: str = CHANNEL) -> None:
        from redis.asyncio import Redis

        self.url = url
        self.name = name or process_name()
        # Pub/sub ignores Redis's database numbers: two sites on one Redis (a test cluster
        # beside another) keep to their own channel, named after their database.
        database = Redis.from_url(url).connection_pool.connection_kwargs.get("db", 0)
        self.channel = channel if channel != CHANNEL else f"{CHANNEL}:{database}"
        self.redis = Redis.from_url(
            url, socket_timeout=PUBLISH_TIMEOUT, socket_connect_timeout=PUBLISH_TIMEOUT
        )
        self.connected = False
        self._task: asyncio.Task[None] | None = None
        self._subscribed = asyncio.Event()

    async def start(self, on_event: Handler, on_reconnect: Reconnected) -> None:
        """Listen in the background; returns once subscribed (or after a first failure, the
        listener then trying again by itself)."""
        self._task = asyncio.create_task(self._listen(on_event, on_reconnect), name="bus")
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self._subscribed.wait(), LONGEST_WAIT)

    async def publish(self, table: str, kind: str, ply: int | None = None) -> None:
        """Tell the other processes; a failure is logged, not raised: the change is stored,
        and the others find it at their next catch-up."""
        message = Event(table, kind, ply, self.name).encode()
        try:
            await asyncio.wait_for(self.redis.publish(self.channel, message), PUBLISH_TIMEOUT)
        except Exception as err:
            log.warning("could not publish %s of table %s: %s", kind, table, err)

    async def _listen(self, on_event: Handler, on_reconnect: Reconnected) -> None:
        wait = FIRST_WAIT
        first = True
        while True:
            try:
                await self._subscribed_run(on_event, on_reconnect, first)
            except asyncio.CancelledError:
                raise
            except Exception as err:
                if self.connected or first:
                    log.warning("bus: lost Redis (%s); trying again", err)
            self.connected = False
            first = False  # whatever happened, the next subscription catches up
            self._subscribed.set()
            await asyncio.sleep(wait)
            wait = min(wait * 2, LONGEST_WAIT)

    async def _subscribed_run(
        self, on_event: Handler, on_reconnect: Reconnected, first: bool
    ) -> None:
        """One connection's life: subscribe, catch up (after a loss), then hear messages
        until the connection fails. The listening connection has no read timeout (it
        waits for messages); Redis is pinged on it every few seconds, so a dead server is
        noticed, and the connection is closed whatever ends it."""
        from redis.asyncio import Redis

        client = Redis.from_url(
            self.url,
            socket_connect_timeout=PUBLISH_TIMEOUT,
            health_check_interval=LISTEN_PING,
            client_name=f"bus-{self.name}",
        )
        pubsub = client.pubsub(ignore_subscribe_messages=True)
        try:
            await pubsub.subscribe(self.channel)
            self.connected = True
            self._subscribed.set()
            if not first:
                log.info("bus: connected again; catching up every table")
                await on_reconnect()
            while True:
                message = await pubsub.get_message(timeout=LISTEN_PING)
                if message is None or message.get("type") != "message":
                    continue
                event = Event.decode(message["data"])
                if event is None:
                    log.warning("bus: ignored a message it cannot read")
                elif event.origin != self.name:
                    await self._handle(on_event, event)
        finally:
            with contextlib.suppress(Exception):
                await pubsub.aclose()
            with contextlib.suppress(Exception):
                await client.aclose(close_connection_pool=True)

    @staticmethod
    async def _handle(on_event: Handler, event: Event) -> None:
        try:
            await on_event(event)
        except Exception:
            log.exception("bus: handling %s of table %s failed", event.kind, event.table)

    async def close(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._task
        with contextlib.suppress(Exception):
            await self.redis.aclose()


Bus = LocalBus | RedisBus
