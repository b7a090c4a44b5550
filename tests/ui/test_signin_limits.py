"""Sign-in limits as the owner and an attacker meet them over HTTP, each from an address of
their own: the attacker's failures slow the account down for a while but never lock its
owner out, the attacker's own address is stopped, and a spray of names from one address
is limited. Time runs on an injected clock (no sleeps)."""

from __future__ import annotations

import asyncio
import functools
import re
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

import httpx
import pytest
from nicegui import core
from nicegui.testing import User

import ui.app
from ui.auth.limits import SignInLimits

PASSWORD = "correct horse"
OWNER, ATTACKER, CAFE = "10.0.0.1", "192.0.2.66", "10.0.0.2"


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> Clock:
    """The site's sign-in limits run on this clock (set before the site is built)."""
    now = Clock()
    monkeypatch.setattr(ui.app, "SignInLimits", functools.partial(SignInLimits, clock=now))
    return now


@asynccontextmanager
async def browser(address: str) -> AsyncIterator[httpx.AsyncClient]:
    """A cookie-keeping HTTP client on the simulated site, connecting from ``address``."""
    transport = httpx.ASGITransport(core.app, client=(address, 50000))
    async with httpx.AsyncClient(transport=transport, base_url="http://test") as client:
        yield client


async def post(client: httpx.AsyncClient, route: str, page: str, **form: str) -> str:
    """Post a form with the page's token; return where the site sends the browser."""
    html = (await client.get(page)).text
    found = re.search(r'"name":"csrf","value":"([A-Za-z0-9_-]{16,})"', html)
    assert found, "the form carries a token"
    reply = await client.post(route, data={"csrf": found.group(1), **form})
    assert reply.status_code == 303
    return reply.headers["location"]


async def sign_in(address: str, password: str, name: str = "annie") -> str:
    async with browser(address) as client:
        return await post(client, "/auth/signin", "/signin", username=name, password=password)


async def annie_signs_up_from_home() -> None:
    async with browser(OWNER) as client:
        where = await post(
            client, "/auth/signup", "/signup", username="annie", password=PASSWORD, confirm=PASSWORD
        )
        assert where == "/history"


async def test_the_owner_signs_in_from_home_right_after_an_attackers_six_failures(
    clock: Clock, user: User
) -> None:
    await annie_signs_up_from_home()
    for _ in range(6):
        assert "error=" in await sign_in(ATTACKER, "wrong guess")
    assert await sign_in(OWNER, PASSWORD) == "/history"


async def test_fifty_failures_from_fifty_addresses_do_not_lock_the_owner_out(
    clock: Clock, user: User
) -> None:
    await annie_signs_up_from_home()
    failures = 0
    for n in range(50):
        where = await sign_in(f"198.51.100.{n}", "wrong guess")
        failures += "error=bad_credentials" in where
        clock.now += 61  # each guess waits out the account's delay
    assert failures == 50
    assert await sign_in(OWNER, PASSWORD) == "/history"


async def test_after_failures_a_new_address_waits_seconds_not_minutes(
    clock: Clock, user: User
) -> None:
    await annie_signs_up_from_home()
    for _ in range(6):
        await sign_in(ATTACKER, "wrong guess")
    slowed = await sign_in(CAFE, PASSWORD)
    assert slowed.startswith("/signin?error=slow_down")
    async with browser(CAFE) as client:
        assert "at most a minute" in (await client.get(slowed)).text
    clock.now += 60
    assert await sign_in(CAFE, PASSWORD) == "/history"


async def test_the_attackers_own_address_is_stopped_even_with_the_right_password(
    clock: Clock, user: User
) -> None:
    await annie_signs_up_from_home()
    for _ in range(5):
        await sign_in(ATTACKER, "wrong guess")
        clock.now += 61
    blocked = await sign_in(ATTACKER, PASSWORD)
    assert blocked.startswith("/signin?error=rate_limited")
    minutes = re.search(r"minutes=(\d+)", blocked)
    assert minutes and 1 <= int(minutes.group(1)) <= 15
    async with browser(OWNER) as client:  # the owner is not stopped
        assert "/history" == await post(
            client, "/auth/signin", "/signin", username="annie", password=PASSWORD
        )
    clock.now += 15 * 60
    assert await sign_in(ATTACKER, PASSWORD) == "/history"


async def test_a_spray_of_many_names_from_one_address_is_limited(clock: Clock, user: User) -> None:
    await annie_signs_up_from_home()
    for n in range(20):
        assert "error=bad_credentials" in await sign_in(ATTACKER, "123456", name=f"user{n}")
    assert "error=rate_limited" in await sign_in(ATTACKER, PASSWORD)
    assert await sign_in(OWNER, PASSWORD) == "/history"


def test_an_accounts_delays_grow_from_one_second_to_a_minute() -> None:
    clock = Clock()
    limits = SignInLimits(clock)
    delays = []
    for n in range(10):
        delays.append(limits.wait("ann", f"10.1.0.{n}"))
        limits.failed("ann", f"10.1.0.{n}")
    assert delays == [0, 0, 0, 1, 2, 4, 8, 16, 32, 60]
    clock.now += 60
    assert limits.wait("ann", "10.1.0.99") == 0
    assert limits.wait("bob", "10.1.0.1") == 0, "other accounts are not slowed"


def test_an_attacker_as_fast_as_allowed_fails_fewer_than_100_times_an_hour() -> None:
    clock = Clock()
    limits = SignInLimits(clock)
    limits.succeeded("ann", "10.0.0.1")
    start, failures, n = clock.now, 0, 0
    while clock.now < start + 3600:
        address = f"198.51.{n // 250}.{n % 250}"  # a fresh address for every guess
        wait = limits.wait("ann", address)
        if wait:
            clock.now += wait
            continue
        limits.failed("ann", address)
        failures, n = failures + 1, n + 1
        assert limits.wait("ann", "10.0.0.1") == 0, "the owner's address is never slowed"
    assert 50 < failures < 100


def test_a_known_address_that_fails_itself_waits_like_any_other() -> None:
    clock = Clock()
    limits = SignInLimits(clock)
    limits.succeeded("ann", "10.0.0.1")
    for n in range(4):
        limits.failed("ann", f"192.0.2.{n}")
    assert limits.wait("ann", "10.0.0.1") == 0
    limits.failed("ann", "10.0.0.1")
    assert limits.wait("ann", "10.0.0.1") > 0
    limits.succeeded("ann", "10.0.0.1")
    assert limits.wait("ann", "10.0.0.1") == 0


def test_expired_counters_are_swept_so_a_spray_does_not_grow_memory() -> None:
    clock = Clock()
    limits = SignInLimits(clock)
    for n in range(SignInLimits.SWEEP_EVERY - 1):
        limits.failed(f"user{n}", f"203.0.113.{n % 200}")
    clock.now += SignInLimits.ACCOUNT_WINDOW + 1
    limits.failed("last", "203.0.113.250")
    assert len(limits.pairs) == len(limits.addresses) == len(limits.accounts.failures) == 1


async def test_parallel_guesses_are_counted_before_their_passwords_are_checked(
    clock: Clock, user: User
) -> None:
    await annie_signs_up_from_home()
    tokens = []
    for n in range(10):  # each guesser opens the form first, from an address of its own
        async with browser(f"198.51.100.{n}") as client:
            html = (await client.get("/signin")).text
            found = re.search(r'"name":"csrf","value":"([A-Za-z0-9_-]{16,})"', html)
            assert found
            tokens.append((f"198.51.100.{n}", dict(client.cookies), found.group(1)))

    async def guess(address: str, cookies: dict[str, str], csrf: str) -> str:
        async with browser(address) as client:
            client.cookies.update(cookies)
            form = {"csrf": csrf, "username": "annie", "password": "wrong guess"}
            reply = await client.post("/auth/signin", data=form)
            return reply.headers["location"].split("&")[0]

    answers = await asyncio.gather(*(guess(*token) for token in tokens))
    assert answers.count("/signin?error=bad_credentials") == SignInLimits.FREE_FAILURES
    assert answers.count("/signin?error=slow_down") == 10 - SignInLimits.FREE_FAILURES
