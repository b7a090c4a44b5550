"""Mail in a real browser, with a real SMTP server in the test process (``aiosmtpd``): the
confirmation, "your turn", unsubscribe and password-reset mails arrive, and their links work
in the browser; a reset link works once (docs/mail.md).

The site is one of this module's own, mailing through the module's SMTP server. The tests
wait for a mail as they wait for a page: until it is there, or a deadline passes."""

from __future__ import annotations

import re
import secrets
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from email import message_from_bytes
from email.message import Message
from email.utils import parseaddr
from pathlib import Path
from typing import Any

import pytest
from aiosmtpd.controller import Controller
from playwright.sync_api import Browser, Page, expect

from e2e.accounts import PASSWORD, fill, sign_in, sign_out, sign_up
from e2e.caravan import READY, ply
from e2e.online import (
    expect_ply,
    invite_link,
    my_seat,
    new_person,
    open_table,
    table_id,
    take_seat,
    take_turn,
    whose_turn,
)
from e2e.server import Server, free_port

LINK = re.compile(r"https?://[^\s<>]+")
MAIL_WAIT = 30.0  # seconds a mail may take: the sender wakes as soon as it is queued

CONFIRM_SUBJECT = "Confirm your e-mail address"
TURN_SUBJECT = "Your turn: Caravan"
RESET_SUBJECT = "Choose a new Caravanserai password"
RESET_SENT = (
    "If an account has this address, a link to choose a new password is on its way. "
    "It works for an hour."
)


@dataclass
class Inbox:
    """The mails the SMTP server received, filled from the server's own thread."""

    mails: list[Message] = field(default_factory=list)
    arrived: threading.Condition = field(default_factory=threading.Condition)

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:  # noqa: N802
        message = message_from_bytes(envelope.content)
        with self.arrived:
            self.mails.append(message)
            self.arrived.notify_all()
        return "250 OK"

    def to(self, address: str) -> list[Message]:
        with self.arrived:
            return [m for m in self.mails if parseaddr(m["To"] or "")[1] == address]

    def wait_for(
        self, address: str, subject: str, *, after: int = 0, timeout: float = MAIL_WAIT
    ) -> Message:
        """The first mail to ``address`` with ``subject`` beyond the first ``after`` such
        mails, waiting for it to arrive (woken by each arrival) until ``timeout``."""
        deadline = time.monotonic() + timeout

        def found() -> list[Message]:
            return [
                m
                for m in self.mails
                if parseaddr(m["To"] or "")[1] == address and m["Subject"] == subject
            ]

        with self.arrived:
            while len(found()) <= after:
                left = deadline - time.monotonic()
                if left <= 0:
                    seen = [(m["To"], m["Subject"]) for m in self.mails]
                    raise AssertionError(
                        f"no mail {subject!r} to {address} within {timeout} s; got {seen}"
                    )
                self.arrived.wait(left)
            return found()[after]


@dataclass(frozen=True)
class MailSite:
    url: str
    inbox: Inbox


def text_of(message: Message) -> str:
    payload = message.get_payload(decode=True)
    assert isinstance(payload, bytes), message
    return payload.decode(message.get_content_charset() or "utf-8")


def link_in(message: Message, start: str) -> str:
    """The one link of the mail's text that begins with ``start``."""
    found = [link for link in LINK.findall(text_of(message)) if link.startswith(start)]
    assert len(found) == 1, (start, text_of(message))
    return found[0]


@pytest.fixture(scope="module")
def mail_site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[MailSite]:
    """A site of its own mailing through an SMTP server on a free loopback port here."""
    inbox = Inbox()
    smtp_port = free_port()
    controller = Controller(inbox, hostname="127.0.0.1", port=smtp_port)
    controller.start()
    port = free_port()
    env = {
        "SMTP_URL": f"smtp://127.0.0.1:{smtp_port}",
        "CARAVANSERAI_MAIL_FROM": "Caravanserai <games@example.org>",
        "CARAVANSERAI_PUBLIC_URL": f"http://127.0.0.1:{port}",
    }
    server = Server(Path(tmp_path_factory.mktemp("mail-site")), port=port, env=env)
    try:
        server.start()
        yield MailSite(server.url, inbox)
    finally:
        server.stop()
        controller.stop()


def unique(prefix: str) -> str:
    return f"{prefix}{secrets.token_hex(3)}"


def add_and_confirm(page: Page, site: MailSite, address: str) -> None:
    """On the account page: add ``address``, open the mailed link, see it confirmed."""
    page.goto(site.url + "/account")
    fill(page, "mail-address", address)
    page.get_by_test_id("mail-submit").click()
    page.wait_for_url("**/account?*done=mail_sent*")
    expect(page.get_by_test_id("account-done")).to_have_text(
        "A confirmation link is on its way to your address."
    )
    expect(page.get_by_test_id("mail-state")).to_have_text(
        f"{address}: waiting for confirmation (open the link mailed to it)"
    )
    mail = site.inbox.wait_for(address, CONFIRM_SUBJECT)
    assert parseaddr(mail["From"] or "")[1] == "games@example.org"
    link = link_in(mail, site.url + "/mail/confirm/")
    page.goto(link)
    expect(page.get_by_test_id("mail-confirmed")).to_have_text(
        f"Thank you: {address} is confirmed."
    )
    page.get_by_test_id("to-account").click()
    page.wait_for_url(site.url + "/account")
    expect(page.get_by_test_id("mail-state")).to_have_text(f"{address}: confirmed")


def choose_turn_mails(page: Page, choice: str) -> None:
    page.get_by_test_id(f"turns-{choice}").check()
    page.get_by_test_id("mail-turns-submit").click()
    page.wait_for_url("**/account?*done=mail_turns*")
    expect(page.get_by_test_id("account-done")).to_have_text("Your choice of e-mails was saved.")
    expect(page.get_by_test_id(f"turns-{choice}")).to_be_checked()


def play_until(page: Page, done: Callable[[], bool]) -> None:
    """``page`` takes its turns until ``done()`` (a one-hand match ends long before)."""
    for _ in range(60):
        if done():
            return
        take_turn(page)
    raise AssertionError("the turn never came")


def test_confirmed_turn_mails_link_to_the_table_and_unsubscribe_from_any_browser(
    two: tuple[Page, Page], mail_site: MailSite, browser: Browser
) -> None:
    ann, bea = two
    site, name = mail_site.url, unique("ann")
    address = f"{name}@example.org"
    sign_up(ann, site, name)
    add_and_confirm(ann, mail_site, address)
    choose_turn_mails(ann, "each")

    match_id = open_table(ann, site, name="Ann", seat="invited")
    bea.goto(invite_link(ann))
    take_seat(bea, "Bea")
    ann.get_by_test_id("board").wait_for()
    # Ann (seat 0) makes the first move herself if it is hers: the turn to be mailed is one
    # that begins after she left the table.
    play_until(ann, lambda: whose_turn(ann) == 1)
    expect_ply(bea, ply(ann))
    ann.goto(site + "/account")  # her page of the table goes: she is away
    expect(bea.get_by_test_id("seat-0")).to_have_attribute("data-present", "false")
    assert [m["Subject"] for m in mail_site.inbox.to(address)] == [CONFIRM_SUBJECT]  # no turn
    play_until(bea, lambda: whose_turn(bea) == 0)

    mail = mail_site.inbox.wait_for(address, TURN_SUBJECT)
    # One mail: none for the turns that began while her page of the table was open.
    assert [m["Subject"] for m in mail_site.inbox.to(address)] == [CONFIRM_SUBJECT, TURN_SUBJECT]
    body = text_of(mail)
    assert "It is your turn in Caravan against Bea." in body, body
    table_link = link_in(mail, f"{site}/table/")
    assert table_link == f"{site}/table/{match_id}"
    unsubscribe = (mail["List-Unsubscribe"] or "").strip()
    assert unsubscribe.startswith(f"<{site}/mail/unsubscribe/") and unsubscribe.endswith(">")
    unsubscribe = unsubscribe[1:-1]
    assert link_in(mail, f"{site}/mail/unsubscribe/") == unsubscribe
    assert mail["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"

    ann.goto(table_link)  # the mail's link opens that game, her turn waiting
    ann.get_by_test_id("board").wait_for()
    assert table_id(ann) == match_id
    assert my_seat(ann) == 0 and whose_turn(ann) == 0
    ann.wait_for_function(READY)  # her move is offered

    stranger = new_person(browser)  # not signed in: the link alone turns the mails off
    try:
        page = stranger.new_page()
        page.goto(unsubscribe)
        expect(page.get_by_test_id("mail-unsubscribed")).to_have_text(
            "Done: you will get no more e-mails when it is your turn."
        )
        expect(page.get_by_test_id("nav-signin")).to_be_visible()
    finally:
        stranger.close()
    ann.goto(site + "/account")
    expect(ann.get_by_test_id("turns-off")).to_be_checked()
    expect(ann.get_by_test_id("turns-each")).not_to_be_checked()


def ask_reset(page: Page, site: str, address: str) -> str:
    """From the sign-in page, "Forgot your password?" for ``address``; the answer shown."""
    page.goto(site + "/signin")
    page.get_by_test_id("to-forgot").click()
    page.wait_for_url(site + "/forgot")
    fill(page, "mail-address", address)
    page.get_by_test_id("forgot-submit").click()
    page.wait_for_url(site + "/forgot?error=none&done=reset_sent")
    answer = page.get_by_test_id("account-done")
    expect(answer).to_be_visible()
    expect(page.get_by_test_id("account-error")).to_have_count(0)
    return answer.inner_text()


def test_a_mailed_reset_link_sets_a_new_password_once(page: Page, mail_site: MailSite) -> None:
    site, name = mail_site.url, unique("rita")
    address = f"{name}@example.org"
    sign_up(page, site, name)
    add_and_confirm(page, mail_site, address)
    sign_out(page, site)

    # The same answer whether or not an account has the address.
    unknown = f"{unique('nobody')}@example.org"
    assert ask_reset(page, site, unknown) == RESET_SENT
    assert ask_reset(page, site, address) == RESET_SENT
    mail = mail_site.inbox.wait_for(address, RESET_SUBJECT)
    link = link_in(mail, f"{site}/reset/")
    assert mail_site.inbox.to(unknown) == []  # asked first, so its lookup is long over

    page.goto(link)
    new = "a brand new password"
    fill(page, "new_password", new)
    fill(page, "confirm", new)
    page.get_by_test_id("reset-submit").click()
    page.wait_for_url(site + "/signin?error=none&done=password_reset")
    expect(page.get_by_test_id("account-done")).to_have_text(
        "Your new password is set. Sign in with it."
    )

    sign_in(page, site, name, PASSWORD)
    expect(page.get_by_test_id("account-error")).to_have_text("Wrong username or password.")
    sign_in(page, site, name, new)
    page.wait_for_url("**/history")
    expect(page.get_by_test_id("nav-account")).to_contain_text(name)

    page.goto(link)  # spent
    expect(page.get_by_test_id("mail-bad-link")).to_have_text(
        "This link does not work: it was used already, has expired or is not complete. "
        "Ask for a new one."
    )
    expect(page.get_by_test_id("reset-form")).to_have_count(0)
