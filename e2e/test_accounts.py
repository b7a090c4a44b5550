"""Accounts in a real browser: a guest's game follows them into a new account; sign out
and in again; and sign-in through a real OpenID Connect provider running locally
(``oidc-provider-mock``), twice, finding the same history."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from oidc_provider_mock import run_server_in_thread
from playwright.sync_api import Page, expect

from e2e.accounts import sign_in, sign_out, sign_up
from e2e.caravan import open_new_table, play_to_end
from e2e.results import finish_and_check
from e2e.server import Server


@pytest.fixture(scope="module")
def oidc_site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A site configured with one provider: a mock OpenID Connect server on loopback."""
    with run_server_in_thread(require_nonce=True) as provider:
        issuer = f"http://localhost:{provider.server_port}"
        env = {
            "OIDC_PROVIDERS": "mock",
            "OIDC_MOCK_ISSUER": issuer,
            "OIDC_MOCK_CLIENT_ID": "caravanserai-e2e",
            "OIDC_MOCK_CLIENT_SECRET": "e2e-secret",
            "OIDC_MOCK_NAME": "Mock ID",
        }
        server = Server(tmp_path_factory.mktemp("oidc-site"), env=env).start()
        try:
            yield server.url
        finally:
            server.stop()


def test_a_guests_match_follows_them_into_their_new_account(page: Page, base_url: str) -> None:
    open_new_table(page, base_url, hands=1, name="Gus")
    match_id = finish_and_check(page, base_url, play_to_end)
    sign_up(page, base_url, "gus_e2e")
    expect(page.get_by_test_id(f"match-{match_id}")).to_be_visible()
    sign_out(page, base_url)
    page.goto(base_url + "/history")
    expect(page.get_by_test_id(f"match-{match_id}")).to_have_count(0)
    sign_in(page, base_url, "GUS_E2E", "not the password")
    expect(page.get_by_test_id("account-error")).to_have_text("Wrong username or password.")
    sign_in(page, base_url, "gus_e2e")
    page.wait_for_url("**/history")
    expect(page.get_by_test_id(f"match-{match_id}")).to_be_visible()


def provider_sign_in(page: Page, base_url: str, subject: str) -> None:
    page.goto(base_url + "/signin")
    page.get_by_test_id("oidc-mock").click()
    page.locator("input[name=sub]").fill(subject)
    page.get_by_role("button", name="Authorize").click()
    page.wait_for_url(base_url + "/history")


def test_sign_in_through_a_provider_plays_and_finds_the_history_again(
    page: Page, oidc_site: str, tmp_path: Path
) -> None:
    provider_sign_in(page, oidc_site, "olga@example.com")
    expect(page.get_by_test_id("nav-account")).to_contain_text("olga")
    open_new_table(page, oidc_site, hands=1, name="Olga")
    match_id = finish_and_check(page, oidc_site, play_to_end)
    sign_out(page, oidc_site)
    page.goto(oidc_site + "/history")
    expect(page.get_by_test_id(f"match-{match_id}")).to_have_count(0)
    provider_sign_in(page, oidc_site, "olga@example.com")
    expect(page.get_by_test_id("nav-account")).to_contain_text("olga")
    expect(page.get_by_test_id(f"match-{match_id}")).to_be_visible()


def test_an_account_links_a_provider_and_then_signs_in_through_it(
    page: Page, oidc_site: str
) -> None:
    sign_up(page, oidc_site, "lena_e2e")
    page.goto(oidc_site + "/account")
    page.get_by_test_id("link-mock").click()
    page.locator("input[name=sub]").fill("lena@example.com")
    page.get_by_role("button", name="Authorize").click()
    page.wait_for_url(oidc_site + "/history")
    expect(page.get_by_test_id("nav-account")).to_contain_text("lena_e2e")
    sign_out(page, oidc_site)
    provider_sign_in(page, oidc_site, "lena@example.com")
    expect(page.get_by_test_id("nav-account")).to_contain_text("lena_e2e")
    page.goto(oidc_site + "/account")
    expect(page.get_by_test_id("link-mock")).to_have_count(0)
