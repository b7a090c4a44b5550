"""X-Forwarded-For through the real server (uvicorn in front of the site): ignored by
default, so a client rotating it from one address still meets that address's sign-in
limit; honoured from the proxies named in CARAVANSERAI_TRUSTED_PROXIES."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from e2e.server import Server
from ui.auth.limits import SignInLimits


@pytest.fixture
def server(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Server]:
    site = Server(tmp_path / "site", env=getattr(request, "param", {})).start()
    try:
        yield site
    finally:
        site.stop()


def spray(site: Server, forwarded: list[str]) -> list[str]:
    """One failed sign-in per forwarded address (a new name each time); the error codes."""
    codes = []
    with httpx.Client(base_url=site.url, timeout=30) as client:
        html = client.get("/signin").text
        found = re.search(r'"name":"csrf","value":"([A-Za-z0-9_-]{16,})"', html)
        assert found, "the form carries a token"
        for n, address in enumerate(forwarded):
            reply = client.post(
                "/auth/signin",
                data={"csrf": found.group(1), "username": f"user{n}", "password": "123456"},
                headers={"X-Forwarded-For": address},
            )
            assert reply.status_code == 303
            codes.append(re.sub(r"&.*", "", reply.headers["location"]))
    return codes


ROTATING = [f"203.0.113.{n}" for n in range(SignInLimits.ADDRESS_LIMIT + 1)]


def test_a_rotating_forwarded_header_does_not_dodge_the_address_limit(server: Server) -> None:
    codes = spray(server, ROTATING)
    assert codes[:-1] == ["/signin?error=bad_credentials"] * SignInLimits.ADDRESS_LIMIT
    assert codes[-1] == "/signin?error=rate_limited"


@pytest.mark.parametrize(
    "server", [{"CARAVANSERAI_TRUSTED_PROXIES": "127.0.0.1, ::1"}], indirect=True
)
def test_a_trusted_proxys_forwarded_header_names_the_client(server: Server) -> None:
    assert spray(server, ROTATING) == ["/signin?error=bad_credentials"] * len(ROTATING)
    same = ["198.51.100.7"] * (SignInLimits.ADDRESS_LIMIT + 1)
    assert spray(server, same)[-1] == "/signin?error=rate_limited"
