"""The parts of sign-in that need no server: the limiter, passwords, provider settings."""

from __future__ import annotations

from ui.auth.oidc import providers_from
from ui.auth.passwords import hash_password, valid_password, verify
from ui.auth.routes import safe_next
from ui.rate_limit import Limiter


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_a_limiter_blocks_after_its_limit_until_the_window_has_passed() -> None:
    clock = Clock()
    limiter = Limiter(3, 60.0, clock)
    for _ in range(3):
        assert not limiter.blocked("k")
        limiter.fail("k")
        clock.now += 1
    assert limiter.blocked("k") and 0 < limiter.retry_after("k") <= 60
    assert not limiter.blocked("other")
    clock.now += 57  # the first failure is now 60 s old: two remain
    assert not limiter.blocked("k")
    limiter.fail("k")
    assert limiter.blocked("k")
    limiter.clear("k")
    assert not limiter.blocked("k")


def test_passwords_verify_and_a_missing_hash_never_matches() -> None:
    hashed = hash_password("correct horse")
    assert hashed.startswith("$argon2id$")
    assert verify(hashed, "correct horse")
    assert not verify(hashed, "Correct horse")
    assert not verify(None, "not a password anybody has")  # the dummy hash's own password
    assert not verify("garbage", "x")
    assert valid_password("12345678") and not valid_password("1234567")
    assert not valid_password(None) and not valid_password("x" * 257)


def test_providers_come_from_the_environment_and_incomplete_ones_are_left_out() -> None:
    env = {
        "OIDC_PROVIDERS": "Mock, half, bad id!",
        "OIDC_MOCK_ISSUER": "http://127.0.0.1:9400/",
        "OIDC_MOCK_CLIENT_ID": "site",
        "OIDC_MOCK_CLIENT_SECRET": "s",
        "OIDC_MOCK_NAME": "Mock ID",
        "OIDC_HALF_ISSUER": "http://x",
    }
    (mock,) = providers_from(env)
    assert (mock.id, mock.name, mock.issuer, mock.client_id) == (
        "mock",
        "Mock ID",
        "http://127.0.0.1:9400",
        "site",
    )
    assert providers_from({}) == []


def test_only_local_paths_are_followed_after_sign_in() -> None:
    assert safe_next("/table/abc") == "/table/abc"
    for bad in ("https://evil.example", "//evil.example", "/\\evil", None, 3, "/" + "x" * 300):
        assert safe_next(bad) == "/history"
