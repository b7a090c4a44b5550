"""Sign-in security over HTTP, the way a browser (or an attacker's script) talks to the
site: forms need the page's token, wrong passwords and unknown users get the same
answer by the same path, attempts are limited, the session cookie changes at sign-in,
and one visitor cannot see another's account or games."""

from __future__ import annotations

import re
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

import httpx
import pytest
from argon2 import PasswordHasher, profiles
from nicegui import core
from nicegui.testing import User

import ui.app
from ui.auth import passwords
from ui.auth import routes as auth_routes
from ui.auth.limits import SignInLimits

PASSWORD = "correct horse"


@asynccontextmanager
async def browser() -> AsyncIterator[httpx.AsyncClient]:
    """A cookie-keeping HTTP client on the simulated site (follows no redirect itself)."""
    async with httpx.AsyncClient(
        transport=httpx.ASGITransport(core.app), base_url="http://test"
    ) as client:
        yield client


async def token(client: httpx.AsyncClient, page: str = "/signin") -> str:
    html = (await client.get(page)).text
    found = re.search(r'"name":"csrf","value":"([A-Za-z0-9_-]{16,})"', html)
    assert found, "the form carries a token"
    return found.group(1)


async def post(client: httpx.AsyncClient, route: str, page: str, **form: str) -> str:
    """Post a form with the page's token; return where the site sends the browser."""
    reply = await client.post(route, data={"csrf": await token(client, page), **form})
    assert reply.status_code == 303
    return reply.headers["location"]


async def sign_up(client: httpx.AsyncClient, name: str) -> str:
    return await post(
        client, "/auth/signup", "/signup", username=name, password=PASSWORD, confirm=PASSWORD
    )


async def who(client: httpx.AsyncClient) -> str:
    """What the account page says about this browser."""
    html = (await client.get("/account")).text
    found = re.search(r"Signed in as ([A-Za-z0-9_.-]+)", html)
    return found.group(1) if found else "guest"


async def test_sign_up_sign_out_and_sign_in_again(user: User) -> None:
    async with browser() as client:
        assert await sign_up(client, "annie") == "/history"
        assert await who(client) == "annie"
        assert await post(client, "/auth/signout", "/account") == "/"
        assert await who(client) == "guest"
        where = await post(client, "/auth/signin", "/signin", username="ANNIE", password=PASSWORD)
        assert where == "/history"
        assert await who(client) == "annie"


async def test_a_form_without_the_page_token_changes_nothing(user: User) -> None:
    async with browser() as client:
        await client.get("/signup")
        reply = await client.post(
            "/auth/signup", data={"username": "eve", "password": PASSWORD, "confirm": PASSWORD}
        )
        assert reply.headers["location"].startswith("/signup?error=csrf")
        forged = await client.post(
            "/auth/signup",
            data={"csrf": "x" * 32, "username": "eve", "password": PASSWORD, "confirm": PASSWORD},
        )
        assert "error=csrf" in forged.headers["location"]
        assert await who(client) == "guest"


async def test_wrong_passwords_and_unknown_users_get_the_same_answer_by_the_same_path(
    user: User, monkeypatch: pytest.MonkeyPatch
) -> None:
    checked: list[str | None] = []
    real = passwords.verify

    def spy(password_hash: str | None, password: str) -> bool:
        checked.append(password_hash)
        return real(password_hash, password)

    monkeypatch.setattr(auth_routes, "verify", spy)
    async with browser() as client:
        await sign_up(client, "annie")
        await post(client, "/auth/signout", "/account")
        wrong = await post(
            client, "/auth/signin", "/signin", username="annie", password="nope nope"
        )
        unknown = await post(client, "/auth/signin", "/signin", username="nobody", password="x")
        assert wrong.split("&")[0] == unknown.split("&")[0] == "/signin?error=bad_credentials"
        page = (await client.get(unknown)).text
        assert "Wrong username or password." in page
    # Both ran one argon2 check: the account's hash, and the dummy hash for the unknown name.
    assert len(checked) == 2 and checked[0] is not None and checked[1] is None


@pytest.fixture
def still_clock(monkeypatch: pytest.MonkeyPatch) -> None:
    """The site's sign-in limits read a clock that does not move (asked for before ``user``,
    which builds the site): an account's delay of a second after its third failure then
    lasts the whole test, however slowly a loaded machine runs it."""
    monkeypatch.setattr(ui.app, "SignInLimits", lambda: SignInLimits(clock=lambda: 1000.0))


async def test_repeated_failures_from_one_address_refuse_it_even_the_right_password(
    still_clock: None, user: User
) -> None:
    async with browser() as client:
        await sign_up(client, "annie")
        await post(client, "/auth/signout", "/account")
        for _ in range(5):
            await post(client, "/auth/signin", "/signin", username="annie", password="wrong one")
        blocked = await post(client, "/auth/signin", "/signin", username="annie", password=PASSWORD)
        assert "error=slow_down" in blocked or "error=rate_limited" in blocked
        assert await who(client) == "guest"
        assert "Too many" in (await client.get(blocked)).text


async def test_too_many_failures_from_one_address_block_it_for_every_name(user: User) -> None:
    async with browser() as client:
        for n in range(20):
            await post(client, "/auth/signin", "/signin", username=f"user{n}", password="x")
        where = await post(client, "/auth/signin", "/signin", username="someone", password="x")
        assert "error=rate_limited" in where


async def test_a_cookie_from_before_sign_in_is_worthless_after_it(user: User) -> None:
    async with browser() as client:
        await sign_up(client, "annie")
        await post(client, "/auth/signout", "/account")
        await client.get("/signin")
        before = dict(client.cookies)
        await post(client, "/auth/signin", "/signin", username="annie", password=PASSWORD)
        assert dict(client.cookies) != before, "the session cookie was replaced"
        assert await who(client) == "annie"
    async with browser() as stolen:
        stolen.cookies.update(before)
        assert await who(stolen) == "guest"


async def test_a_visitor_sees_only_their_own_account_and_games(user: User) -> None:
    async with browser() as ann, browser() as bob:
        await sign_up(ann, "annie")
        await sign_up(bob, "bobby")
        assert await who(ann) == "annie" and await who(bob) == "bobby"
        assert "annie" not in (await bob.get("/history")).text


async def test_bad_sign_up_forms_are_refused_with_their_reason(user: User) -> None:
    async with browser() as client:
        cases = {
            "bad_username": {"username": "<b>x</b>", "password": PASSWORD, "confirm": PASSWORD},
            "bad_password": {"username": "annie", "password": "short", "confirm": "short"},
            "password_mismatch": {
                "username": "annie",
                "password": PASSWORD,
                "confirm": "other one",
            },
        }
        for error, form in cases.items():
            where = await post(client, "/auth/signup", "/signup", **form)
            assert f"error={error}" in where
        await sign_up(client, "annie")
        assert "error=signed_in" in await sign_up(client, "other")
    async with browser() as other:
        assert "error=username_taken" in await sign_up(other, "ANNIE")


async def test_changing_the_password_needs_the_current_one(user: User) -> None:
    async with browser() as client:
        await sign_up(client, "annie")
        new = "battery staple"
        wrong = await post(
            client, "/auth/password", "/account", current="nope", password=new, confirm=new
        )
        assert "error=bad_current" in wrong
        done = await post(
            client, "/auth/password", "/account", current=PASSWORD, password=new, confirm=new
        )
        assert "done=password" in done
        await post(client, "/auth/signout", "/account")
        assert await post(client, "/auth/signin", "/signin", username="annie", password=new) == (
            "/history"
        )


async def test_deleting_the_account_needs_the_username_and_signs_out(user: User) -> None:
    async with browser() as client:
        await sign_up(client, "annie")
        assert "confirm_username" in await post(client, "/auth/delete", "/account", confirm="x")
        assert await post(client, "/auth/delete", "/account", confirm="Annie") == "/?deleted=1"
        assert await who(client) == "guest"
        where = await post(client, "/auth/signin", "/signin", username="annie", password=PASSWORD)
        assert "error=bad_credentials" in where


async def test_sign_in_never_sends_the_browser_to_another_site(user: User) -> None:
    async with browser() as client:
        await sign_up(client, "annie")
        await post(client, "/auth/signout", "/account")
        for target in ("https://evil.example/", "//evil.example/", "/\\evil.example"):
            where = await post(
                client, "/auth/signin", "/signin", username="annie", password=PASSWORD, next=target
            )
            assert where == "/history"
            await post(client, "/auth/signout", "/account")


async def test_no_provider_button_without_configuration(user: User) -> None:
    await user.open("/signin")
    await user.should_see("Sign in")
    await user.should_not_see("Sign in with")


def test_the_site_hashes_passwords_with_argon2id_at_the_recommended_costs(
    site_hasher: PasswordHasher,
) -> None:
    # The tests hash at the lowest costs (tests/conftest.py); the site at RFC 9106's.
    wanted = profiles.RFC_9106_LOW_MEMORY
    assert (site_hasher.time_cost, site_hasher.memory_cost, site_hasher.parallelism) == (
        wanted.time_cost,
        wanted.memory_cost,
        wanted.parallelism,
    )
    made = site_hasher.hash("a password of eight")
    assert made.startswith(f"$argon2id$v=19$m={wanted.memory_cost},t={wanted.time_cost},")
    assert site_hasher.verify(made, "a password of eight")
