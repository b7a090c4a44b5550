"""Signing up, in and out through the site's forms, as a person does."""

from __future__ import annotations

from playwright.sync_api import Page, expect

PASSWORD = "correct horse battery"


def fill(page: Page, testid: str, value: str) -> None:
    page.get_by_test_id(testid).fill(value)


def sign_up(page: Page, base_url: str, username: str) -> None:
    page.goto(base_url + "/signup")
    fill(page, "username", username)
    fill(page, "new_password", PASSWORD)
    fill(page, "confirm", PASSWORD)
    page.get_by_test_id("signup-submit").click()
    page.wait_for_url("**/history")
    expect(page.get_by_test_id("nav-account")).to_contain_text(username)


def sign_out(page: Page, base_url: str) -> None:
    page.goto(base_url + "/account")
    page.get_by_test_id("signout").click()
    page.wait_for_url(base_url + "/")
    expect(page.get_by_test_id("nav-signin")).to_be_visible()


def sign_in(page: Page, base_url: str, username: str, password: str = PASSWORD) -> None:
    page.goto(base_url + "/signin")
    fill(page, "username", username)
    fill(page, "password", password)
    page.get_by_test_id("signin-submit").click()
