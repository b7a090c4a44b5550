"""The bus between the site's processes (ui/bus.py), on the machine's real Redis."""

from __future__ import annotations

import asyncio
from collections.abc import Callable

from redis.asyncio import Redis

from ui.bus import Event, LocalBus, RedisBus

DEADLINE = 10.0  # seconds a condition may take before the test fails


async def until(condition: Callable[[], bool]) -> None:
    async def poll() -> None:
        while not condition():
            await asyncio.sleep(0.02)

    await asyncio.wait_for(poll(), DEADLINE)


class Heard:
    def __init__(self) -> None:
        self.events: list[Event] = []
        self.reconnections = 0

    async def event(self, event: Event) -> None:
        self.events.append(event)

    async def reconnected(self) -> None:
        self.reconnections += 1


async def two_buses(url: str, channel: str) -> tuple[RedisBus, Heard, RedisBus, Heard]:
    one, two = (
        RedisBus(url, name="one", channel=channel),
        RedisBus(url, name="two", channel=channel),
    )
    heard_one, heard_two = Heard(), Heard()
    await one.start(heard_one.event, heard_one.reconnected)
    await two.start(heard_two.event, heard_two.reconnected)
    assert one.connected and two.connected
    return one, heard_one, two, heard_two


async def test_a_change_published_by_one_process_reaches_the_others_only(
    redis_url: str, unique: str
) -> None:
    one, heard_one, two, heard_two = await two_buses(redis_url, f"test:{unique}")
    try:
        await one.publish("m1", "move", 3)
        await until(lambda: bool(heard_two.events))
        assert heard_two.events == [Event("m1", "move", 3, "one")]
        await two.publish("m1", "seats")
        await until(lambda: bool(heard_one.events))
        assert heard_one.events == [Event("m1", "seats", None, "two")]
        assert heard_two.events == [Event("m1", "move", 3, "one")]  # not its own
    finally:
        await one.close()
        await two.close()


async def test_a_message_the_site_cannot_read_is_ignored(redis_url: str, unique: str) -> None:
    channel = f"test:{unique}"
    one, heard_one, two, _ = await two_buses(redis_url, channel)
    raw = Redis.from_url(redis_url)
    try:
        for garbled in ("not json", '{"table": 1, "kind": "move"}', '{"table": "m", "kind": "x"}'):
            await raw.publish(channel, garbled)
        await raw.publish(channel, '{"table": "m", "kind": "move", "ply": true}')
        await two.publish("m2", "chat")
        await until(lambda: bool(heard_one.events))
        assert heard_one.events == [Event("m2", "chat", None, "two")]
    finally:
        await raw.aclose()
        await one.close()
        await two.close()


async def test_after_losing_redis_a_process_reconnects_and_catches_up(
    redis_url: str, unique: str
) -> None:
    """The listening connection is killed on the server (as a Redis restart would): the bus
    connects again, asks the site to catch up every table, and hears messages again."""
    one, heard_one, two, _ = await two_buses(redis_url, f"test:{unique}")
    admin = Redis.from_url(redis_url)
    try:
        clients = await admin.client_list()
        (listener,) = [c["id"] for c in clients if c.get("name") == "bus-one"]
        await admin.client_kill_filter(_id=listener)
        await until(lambda: heard_one.reconnections >= 1 and one.connected)
        await two.publish("m3", "undo", 4)
        await until(lambda: bool(heard_one.events))
        assert heard_one.events[-1] == Event("m3", "undo", 4, "two")
    finally:
        await admin.aclose()
        await one.close()
        await two.close()


async def test_one_process_publishes_nowhere() -> None:
    bus = LocalBus()
    heard = Heard()
    await bus.start(heard.event, heard.reconnected)
    await bus.publish("m1", "move", 1)
    await bus.close()
    assert heard.events == [] and heard.reconnections == 0


def test_events_travel_as_ids_only() -> None:
    event = Event("m1", "move", 7, "app1~ab")
    assert Event.decode(event.encode()) == event
    assert Event.decode(b'{"table": "m1", "kind": "opened"}') == Event("m1", "opened")
