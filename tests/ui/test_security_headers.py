"""Every answer of the site carries the security headers: pages, API routes, static
files, redirects, 404s, refused methods and unhandled errors; over https (the
``CARAVANSERAI_HTTPS`` setting) also HSTS, with a ``Secure`` session cookie."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import httpx
import pytest
from nicegui import core
from nicegui.testing import User
from nicegui.testing.user_simulation import user_simulation

from storage import repo
from tests.ui.conftest import MAIN

EXPECTED = {
    "x-frame-options": "DENY",
    "x-content-type-options": "nosniff",
    "referrer-policy": "same-origin",
}
POLICY = (
    "frame-ancestors 'none'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "connect-src 'self'",
)


def site() -> httpx.AsyncClient:
    """The simulated site over HTTP; an unhandled error answers 500 instead of raising."""
    transport = httpx.ASGITransport(core.app, raise_app_exceptions=False)
    return httpx.AsyncClient(transport=transport, base_url="http://test")


def assert_protected(reply: httpx.Response) -> None:
    for name, value in EXPECTED.items():
        assert reply.headers.get(name) == value, (reply.request.url, name)
    policy = reply.headers.get("content-security-policy", "")
    for directive in POLICY:
        assert directive in policy, (reply.request.url, directive)
    assert "strict-transport-security" not in reply.headers  # plain http here


def broken(*args: object, **kwargs: object) -> None:
    raise RuntimeError("a fault nobody handles")


async def test_pages_api_routes_static_files_and_errors_all_carry_the_headers(
    user: User, monkeypatch: pytest.MonkeyPatch
) -> None:
    async with site() as client:
        answers = {
            "page": await client.get("/"),
            "api": await client.get("/api/matches/none"),
            "static": await client.get("/static/favicon.svg"),
            "missing page": await client.get("/no/such/page"),
            "redirect": await client.post("/auth/signin", data={"username": "x"}),
            "refused method": await client.post("/api/matches/none"),
            "bad form": await client.post("/auth/signin", content=b"\xff" * 10),
        }
        monkeypatch.setattr(repo, "load_record", broken)
        answers["unhandled error"] = await client.get("/api/matches/none")
    statuses = {kind: reply.status_code for kind, reply in answers.items()}
    assert statuses == {
        "page": 200,
        "api": 404,
        "static": 200,
        "missing page": 404,
        "redirect": 303,
        "refused method": 405,
        "bad form": statuses["bad form"],
        "unhandled error": 500,
    }
    assert statuses["bad form"] >= 300
    for reply in answers.values():
        assert_protected(reply)


@pytest.fixture
async def https_user(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[User]:
    """The site as served behind a TLS proxy."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("DATABASE_URL", f"sqlite:///{tmp_path}/site.db")
    monkeypatch.setenv("CARAVANSERAI_SECRET", "page-tests")
    monkeypatch.setenv("CARAVANSERAI_HTTPS", "1")
    async with user_simulation(main_file=MAIN) as simulated:
        yield simulated


async def test_over_https_answers_ask_for_https_and_the_session_cookie_is_secure(
    https_user: User,
) -> None:
    async with site() as client:
        page = await client.get("/")
        missing = await client.get("/no/such/page")
    for reply in (page, missing):
        assert reply.headers["strict-transport-security"].startswith("max-age=")
    cookie = page.headers["set-cookie"].lower()
    assert "session=" in cookie and "; secure" in cookie and "httponly" in cookie


async def test_over_plain_http_the_session_cookie_is_not_marked_secure(user: User) -> None:
    async with site() as client:
        page = await client.get("/")
    assert "; secure" not in page.headers["set-cookie"].lower()
