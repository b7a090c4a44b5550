"""The limits several processes share through Redis (``REDIS_URL``): sign-in failures,
throttles and known addresses, chat lines and new tables, counted once for all of them;
what happens when Redis cannot be reached; and, with ``REDIS_URL`` unset, the in-memory
limits of one process, exactly as before.

Each "process" here is an object with a Redis connection of its own, against the machine's
Redis (the ``redis_url`` fixture of tests/conftest.py: skipped with the reason when it does
not answer); every key of a test is under a prefix of its own, removed afterwards. Time
runs on an injected clock: no test sleeps."""

from __future__ import annotations

import asyncio
import time
import uuid
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest
import redis
import redis.asyncio as aredis
from nicegui.testing import User

from core.table import TableError
from e2e.server import free_port
from tests.ui.sites import ANN, new_site, two_people
from tests.ui.test_signin_limits import annie_signs_up_from_home, sign_in
from ui import cluster
from ui.auth import routes
from ui.auth.limits import (
    Attempt,
    LimitsUnavailable,
    LocalGate,
    SignInGate,
    SignInLimits,
)
from ui.auth.shared_limits import SharedSignInLimits, sign_in_gate
from ui.rate_limit import Limiter, LocalLimit
from ui.redis_link import RedisLink, shared_link
from ui.shared_rate_limit import SharedLimit, limit_for
from ui.site_chat import CHAT_BURST
from ui.table_caps import NEW_PER_VISITOR_PER_MINUTE, TableCaps

pytestmark = pytest.mark.filterwarnings("ignore:coroutine 'Site._forget_later' was never awaited")

ATTACKER, OWNER, CAFE = "192.0.2.66", "10.0.0.1", "10.0.0.2"


@pytest.fixture
def prefix(redis_url: str, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """Every site key of the test under a prefix of its own (``ui.cluster.PREFIX``),
    removed afterwards."""
    own = f"test-limits-{uuid.uuid4().hex}"
    monkeypatch.setattr(cluster, "PREFIX", own)
    yield own
    with redis.Redis.from_url(redis_url) as client:
        for key in client.scan_iter(match=f"{own}:*"):
            client.delete(key)


@pytest.fixture
async def links(redis_url: str) -> AsyncIterator[list[RedisLink]]:
    """Two processes' connections to the same Redis (patient ones: what is tested here is
    what they count, not how fast a busy test machine answers)."""
    made = [RedisLink(redis_url, timeout=10), RedisLink(redis_url, timeout=10)]
    yield made
    for link in made:
        await link.close()


class Clock:
    """Wall-clock seconds that the test moves by hand (shared by the "processes", as the
    machines' clocks are)."""

    def __init__(self) -> None:
        self.now = time.time()

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock() -> Clock:
    return Clock()


def two_processes(links: list[RedisLink], clock: Clock) -> tuple[SharedSignInLimits, ...]:
    return tuple(SharedSignInLimits(link, clock=clock) for link in links)


async def test_failures_spread_over_two_processes_meet_the_limits_of_one(
    prefix: str, links: list[RedisLink], clock: Clock
) -> None:
    a, b = two_processes(links, clock)
    for n in range(SignInLimits.PAIR_LIMIT):
        counted = await (a, b)[n % 2].attempt("ann", ATTACKER)
        assert counted.wait == 0, f"guess {n} is checked"
        clock.now += 61  # each guess waits out the account's delay
    for process in (a, b):
        refused = await process.attempt("ann", ATTACKER)
        assert refused.wait > 0 and refused.hard, "the attacker's address is stopped everywhere"
    assert (await b.attempt("ann", OWNER)).wait == 0, "another address is not"


async def test_the_accounts_delay_is_shared_and_grows_as_on_one_process(
    prefix: str, links: list[RedisLink], clock: Clock
) -> None:
    a, b = two_processes(links, clock)
    waits = []
    for n in range(8):
        attempt = await (a, b)[n % 2].attempt("ann", f"198.51.100.{n}")
        waits.append(attempt.wait)
        assert not attempt.hard
        clock.now += attempt.wait
        if attempt.wait:
            assert (await (b, a)[n % 2].attempt("ann", f"198.51.100.{n}")).wait == 0
    assert waits == [0, 0, 0, 1, 2, 4, 8, 16]


async def test_the_window_expires(prefix: str, links: list[RedisLink], clock: Clock) -> None:
    a, b = two_processes(links, clock)
    for _ in range(SignInLimits.ADDRESS_LIMIT):
        assert (await a.attempt(f"user{uuid.uuid4().hex[:6]}", ATTACKER)).wait == 0
    assert (await b.attempt("someone", ATTACKER)).hard
    clock.now += SignInLimits.WINDOW + 1
    assert (await b.attempt("someone", ATTACKER)).wait == 0


async def test_known_addresses_are_shared(
    prefix: str, links: list[RedisLink], clock: Clock
) -> None:
    a, b = two_processes(links, clock)
    await a.succeeded("ann", OWNER)
    for n in range(SignInLimits.FREE_FAILURES + 2):
        await b.attempt("ann", f"192.0.2.{n}")
    assert (await a.attempt("ann", CAFE)).wait > 0, "a new address waits"
    home = await b.attempt("ann", OWNER)
    assert home.wait == 0, "the address it signed in from on the other process does not"
    await a.forgive("ann", OWNER, home)
    for n in range(SignInLimits.KNOWN_PER_ACCOUNT):
        await b.succeeded("ann", f"203.0.113.{n}")
    assert (await a.attempt("ann", OWNER)).wait > 0, "only the last few addresses are known"


async def test_a_success_clears_the_addresses_own_failures_everywhere(
    prefix: str, links: list[RedisLink], clock: Clock
) -> None:
    a, b = two_processes(links, clock)
    for _ in range(SignInLimits.PAIR_LIMIT):
        await a.attempt("ann", OWNER)
        clock.now += 61
    assert (await b.attempt("ann", OWNER)).hard
    await a.succeeded("ann", OWNER)
    assert (await b.attempt("ann", OWNER)).wait == 0


async def test_a_forgiven_attempt_no_longer_counts_anywhere(
    prefix: str, links: list[RedisLink], clock: Clock
) -> None:
    a, b = two_processes(links, clock)
    for n in range(SignInLimits.FREE_FAILURES):
        counted = await a.attempt("ann", f"198.51.100.{n}")
        await b.forgive("ann", f"198.51.100.{n}", counted)
    assert (await b.attempt("ann", CAFE)).wait == 0


async def test_parallel_attempts_on_two_processes_see_each_other(
    prefix: str, links: list[RedisLink], clock: Clock
) -> None:
    a, b = two_processes(links, clock)
    attempts = await asyncio.gather(
        *((a, b)[n % 2].attempt("ann", f"198.51.100.{n}") for n in range(10))
    )
    checked = [attempt for attempt in attempts if attempt.wait == 0]
    assert len(checked) == SignInLimits.FREE_FAILURES


async def test_the_shared_limits_decide_as_the_in_memory_ones(
    prefix: str, links: list[RedisLink], clock: Clock
) -> None:
    """An attacker as fast as allowed, from a fresh address each guess but now and then
    from one of their own, with the owner signing in meanwhile: the same answers."""
    shared = SharedSignInLimits(links[0], clock=clock)
    local = LocalGate(SignInLimits(clock))
    start = clock.now

    async def both(account: str, address: str) -> Attempt:
        one, other = await shared.attempt(account, address), await local.attempt(account, address)
        assert (one.wait, one.hard) == (other.wait, other.hard)
        return one

    for gate in (shared, local):
        await gate.succeeded("ann", OWNER)
    n = 0
    while clock.now < start + 1800:
        address = ATTACKER if n % 7 == 0 else f"198.51.{n // 250}.{n % 250}"
        attempt = await both("ann", address)
        clock.now += attempt.wait or 0.5
        n += 1
        if n % 50 == 0:
            owner = await both("ann", OWNER)
            assert owner.wait == 0
            await shared.forgive("ann", OWNER, owner)
            await local.forgive("ann", OWNER, Attempt(at=owner.at))
    assert n > 50


async def test_with_redis_unreachable_sign_in_is_refused_at_once(clock: Clock) -> None:
    """Fail closed: an attempt that cannot be counted is not checked."""
    link = RedisLink(f"redis://127.0.0.1:{free_port()}/0")
    limits = SharedSignInLimits(link, clock=clock)
    for _ in range(3):
        began = time.monotonic()
        with pytest.raises(LimitsUnavailable):
            await limits.attempt("ann", OWNER)
        assert time.monotonic() - began < 2 * link.timeout
    with pytest.raises(LimitsUnavailable):
        await limits.succeeded("ann", OWNER)
    await link.close()


@pytest.fixture
async def closed_redis(monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[list[object]]:
    """The site's sign-in limits in a Redis that does not answer (set before the site is
    built); the password checks made, which should be none."""
    link = RedisLink(f"redis://127.0.0.1:{free_port()}/0")

    def closed(limits: SignInLimits) -> SignInGate:
        return SharedSignInLimits(link)

    monkeypatch.setattr(routes, "sign_in_gate", closed)
    checked: list[object] = []
    verify = routes.verify
    monkeypatch.setattr(routes, "verify", lambda *args: checked.append(args) or verify(*args))
    yield checked
    await link.close()


async def test_with_redis_unreachable_the_sign_in_form_says_try_again(
    closed_redis: list[object], user: User
) -> None:
    """The routes send the visitor back with "cannot be reached just now", before any
    password is checked; signing up is not held back."""
    await annie_signs_up_from_home()
    assert (await sign_in(OWNER, "correct horse")).startswith("/signin?error=storage")
    assert closed_redis == []


# -------------------------------------------------------------- chat lines and new tables


async def test_a_shared_limit_counts_the_events_of_both_processes(
    prefix: str, links: list[RedisLink], clock: Clock
) -> None:
    a, b = (SharedLimit("chat", Limiter(3, 10.0), link, clock=clock) for link in links)
    await a.fail("ann")
    clock.now += 1
    await b.fail("ann")
    clock.now += 1
    assert await a.retry_after("ann") == 0
    await a.fail("ann")
    assert await b.retry_after("ann") == pytest.approx(8.0)
    assert await b.retry_after("bea") == 0
    clock.now += 8
    assert await a.retry_after("ann") == 0, "the first event has left the window"


async def test_a_shared_limit_falls_back_to_the_process_when_redis_is_unreachable(
    clock: Clock,
) -> None:
    """Chat and new tables go on during an outage, limited per process."""
    link = RedisLink(f"redis://127.0.0.1:{free_port()}/0")
    local = Limiter(2, 10.0)
    limit = SharedLimit("chat", local, link, clock=clock)
    assert await limit.retry_after("ann") == 0
    await limit.fail("ann")
    await limit.fail("ann")
    assert await limit.retry_after("ann") > 0
    assert local.count("ann") == 2
    await link.close()


@pytest.fixture
async def several(
    prefix: str, redis_url: str, monkeypatch: pytest.MonkeyPatch
) -> AsyncIterator[None]:
    """``REDIS_URL`` set, as on a site of several processes (the process's link patient:
    a busy test machine must not make the limits fall back to each process's own)."""
    monkeypatch.setenv("REDIS_URL", redis_url)
    monkeypatch.setattr(shared_link(redis_url), "timeout", 10.0)
    yield
    await shared_link(redis_url).close()


async def test_new_tables_a_minute_are_counted_over_both_processes(several: None) -> None:
    a, b = TableCaps(), TableCaps()
    for n in range(NEW_PER_VISITOR_PER_MINUTE):
        caps = (a, b)[n % 2]
        await caps.check_shared([], ANN, None)
        await caps.count_shared(ANN, None)
    for caps in (a, b):
        with pytest.raises(TableError) as refused:
            await caps.check_shared([], ANN, None)
        assert refused.value.params["key"] == "too_many_new"
    a.check([], ANN, None)  # this process alone counted only half of them


async def test_a_visitors_chat_lines_count_on_every_process(several: None, tmp_path: Path) -> None:
    one, two = new_site(tmp_path / "one"), new_site(tmp_path / "two")
    tables = [await two_people(one), await two_people(two)]
    for n in range(CHAT_BURST):
        site = (one, two)[n % 2]
        await site.post_chat(tables[n % 2], by=ANN, text=f"line {n}")
    for site, table in zip((one, two), tables, strict=True):
        with pytest.raises(TableError) as refused:
            await site.post_chat(table, by=ANN, text="one too many")
        assert refused.value.code == "chat_pace"


# -------------------------------------------------------------- which kind is used


def test_without_redis_url_the_limits_are_kept_in_memory(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.delenv("REDIS_URL", raising=False)
    limits = SignInLimits()
    gate = sign_in_gate(limits)
    assert isinstance(gate, LocalGate) and gate.limits is limits
    local = Limiter(1, 1.0)
    chosen = limit_for("chat", local)
    assert isinstance(chosen, LocalLimit) and chosen.limiter is local
    site = new_site(tmp_path)
    assert isinstance(site.chat_pace, LocalLimit) and site.chat_pace.limiter is site.chat_limits
    caps = TableCaps()
    assert isinstance(caps._shared_by_visitor, LocalLimit)  # noqa: SLF001


def test_with_redis_url_they_are_kept_in_redis(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("REDIS_URL", "redis://redis.invalid:6379/0")  # nothing is asked yet
    gate = sign_in_gate(SignInLimits())
    assert isinstance(gate, SharedSignInLimits)
    assert gate.link.url == "redis://redis.invalid:6379/0"
    assert gate.keys("ann", OWNER).pair.startswith("caravanserai:signin:pair:")
    assert "ann" not in gate.keys("ann", OWNER).account, "no name is written into Redis"
    local = Limiter(1, 1.0)
    chosen = limit_for("chat", local)
    assert isinstance(chosen, SharedLimit) and chosen.local is local
    assert chosen.redis_key("ann") == "caravanserai:limit:chat:ann"
    assert isinstance(TableCaps()._shared_by_address, SharedLimit)  # noqa: SLF001


async def test_the_test_keys_are_its_own(prefix: str, redis_url: str, clock: Clock) -> None:
    link = RedisLink(redis_url, timeout=10)
    await SharedSignInLimits(link, clock=clock).attempt("ann", OWNER)
    client = aredis.Redis.from_url(redis_url)
    keys = [key.decode() async for key in client.scan_iter(match=f"{prefix}:*")]
    assert keys and all(key.startswith(f"{prefix}:signin:") for key in keys)
    assert all(ttl > 0 for ttl in [await client.ttl(key) for key in keys]), "every key expires"
    await client.aclose()
    await link.close()
