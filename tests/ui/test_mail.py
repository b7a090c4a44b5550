"""Mail with a real SMTP server in the test process (aiosmtpd): the confirmation, "your
turn", digest, unsubscribe and password-reset mails arrive and their links work; a reset
link works once; a stalled SMTP server never holds up a move; without ``SMTP_URL`` the
mail pages are not there."""

from __future__ import annotations

import asyncio
import re
import socket
import threading
from collections.abc import AsyncIterator, Iterator
from dataclasses import dataclass, field
from email import message_from_bytes
from email.message import Message
from pathlib import Path
from typing import Any

import httpx
import pytest
from aiosmtpd.controller import Controller
from nicegui import core
from nicegui.testing import User

from core.table import Table
from storage import accounts, mail
from storage.models import TOKEN_CONFIRM
from tests.ui.sites import ANN, BEA, new_site, two_people, until
from tests.ui.test_auth import PASSWORD, browser, post, sign_up, who
from tests.ui.test_auth import token as page_token
from ui.mail.service import Mail
from ui.mail.settings import MailSettings, MailSettingsError
from ui.mail.turns import TurnMails
from ui.site import Site

LINK = re.compile(r"https?://[^\s<>]+")


@dataclass
class Inbox:
    """What the SMTP server received; ``hold`` set stalls it before it takes a mail."""

    mails: list[Message] = field(default_factory=list)
    hold: threading.Event | None = None
    held: int = 0

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:  # noqa: N802
        if self.hold is not None:
            self.held += 1
            await asyncio.get_running_loop().run_in_executor(None, self.hold.wait)
        self.mails.append(message_from_bytes(envelope.content))
        return "250 OK"

    def to(self, address: str) -> list[Message]:
        return [m for m in self.mails if m["To"] == address]


@pytest.fixture
def inbox() -> Iterator[tuple[Inbox, int]]:
    box = Inbox()
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    controller = Controller(box, hostname="127.0.0.1", port=port)
    controller.start()
    try:
        yield box, port
    finally:
        if box.hold is not None:
            box.hold.set()
        controller.stop()


def text_of(message: Message) -> str:
    payload = message.get_payload(decode=True)
    assert isinstance(payload, bytes)
    return payload.decode(message.get_content_charset() or "utf-8")


def links(message: Message) -> list[str]:
    return LINK.findall(text_of(message))


# The site's pages over HTTP, as a browser posts them


@pytest.fixture
async def mail_user(
    inbox: tuple[Inbox, int], monkeypatch: pytest.MonkeyPatch, user: User
) -> AsyncIterator[User]:
    yield user


@pytest.fixture(autouse=True)
def smtp_settings(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> None:
    """The page tests' site mails through the test's SMTP server (set before it is built)."""
    if "mail_user" in request.fixturenames:
        _, port = request.getfixturevalue("inbox")
        monkeypatch.setenv("SMTP_URL", f"smtp://127.0.0.1:{port}")
        monkeypatch.setenv("CARAVANSERAI_PUBLIC_URL", "http://test")
        monkeypatch.setenv("CARAVANSERAI_MAIL_FROM", "Caravanserai <games@example.org>")


def path(link: str) -> str:
    return link.removeprefix("http://test")


async def add_address(client: httpx.AsyncClient, address: str) -> str:
    return await post(client, "/auth/mail/address", "/account", address=address)


async def test_the_confirmation_and_reset_mails_arrive_and_their_links_work(
    mail_user: User, inbox: tuple[Inbox, int]
) -> None:
    box, _ = inbox
    async with browser() as client:
        await sign_up(client, "annie")
        where = await add_address(client, "annie@example.org")
        assert "done=mail_sent" in where
        await until(lambda: len(box.to("annie@example.org")) == 1)
        confirmation = box.to("annie@example.org")[0]
        assert confirmation["From"] == "Caravanserai <games@example.org>"
        [link] = links(confirmation)
        assert link.startswith("http://test/mail/confirm/")
        assert "waiting for confirmation" in (await client.get("/account")).text
    async with browser() as elsewhere:  # the link works without signing in
        assert "annie@example.org is confirmed" in (await elsewhere.get(path(link))).text
        assert "This link does not work" in (await elsewhere.get(path(link))).text
    async with browser() as client:
        assert "done=reset_sent" in await post(
            client, "/auth/forgot", "/forgot", address="ANNIE@example.org"
        )
        await until(lambda: len(box.to("annie@example.org")) == 2)
        [reset] = links(box.to("annie@example.org")[1])
        assert reset.startswith("http://test/reset/")
        assert "reset-form" in (await client.get(path(reset))).text
        token = path(reset).removeprefix("/reset/")
        new = "a brand new password"
        form = {"csrf": await page_token(client, path(reset)), "token": token}
        answer = await client.post("/auth/reset", data={**form, "password": new, "confirm": new})
        assert answer.headers["location"] == "/signin?error=none&done=password_reset"
        again = await client.post(
            "/auth/reset",
            data={
                "csrf": await page_token(client),
                "token": token,
                "password": "x" * 9,
                "confirm": "x" * 9,
            },
        )
        assert again.headers["location"] == "/forgot?error=reset_link"
        assert "This link does not work" in (await client.get(path(reset))).text
        where = await post(client, "/auth/signin", "/signin", username="annie", password=PASSWORD)
        assert "error=bad_credentials" in where
        await post(client, "/auth/signin", "/signin", username="annie", password=new)
        assert await who(client) == "annie"


async def test_a_forged_host_never_reaches_a_mail_the_links_start_with_the_public_url(
    mail_user: User, inbox: tuple[Inbox, int]
) -> None:
    box, _ = inbox
    evil = {"Host": "evil.example"}
    async with browser() as client:
        await sign_up(client, "annie")
        form = {"csrf": await page_token(client, "/account"), "address": "victim@example.org"}
        reply = await client.post("/auth/mail/address", data=form, headers=evil)
        assert reply.status_code == 303 and "done=mail_sent" in reply.headers["location"]
        await until(lambda: len(box.to("victim@example.org")) == 1)
        form = {"csrf": await page_token(client, "/account")}
        reply = await client.post("/auth/mail/resend", data=form, headers=evil)
        assert reply.status_code == 303
        await until(lambda: len(box.to("victim@example.org")) == 2)
    sent = [link for message in box.to("victim@example.org") for link in links(message)]
    assert sent and all(link.startswith("http://test/") for link in sent), sent
    assert not any("evil.example" in text_of(m) for m in box.mails)


def test_mail_without_a_public_url_is_refused_at_start_up_and_says_why() -> None:
    with pytest.raises(MailSettingsError, match="CARAVANSERAI_PUBLIC_URL"):
        MailSettings.from_environment({"SMTP_URL": "smtp://127.0.0.1:2525"})
    with pytest.raises(MailSettingsError, match="CARAVANSERAI_PUBLIC_URL"):
        MailSettings.from_environment(
            {"SMTP_URL": "smtp://127.0.0.1:2525", "CARAVANSERAI_PUBLIC_URL": "evil.example"}
        )


async def test_asking_a_reset_for_an_unknown_address_gets_the_same_answer_and_no_mail(
    mail_user: User, inbox: tuple[Inbox, int]
) -> None:
    box, _ = inbox
    async with browser() as client:
        where = await post(client, "/auth/forgot", "/forgot", address="nobody@example.org")
        assert where == "/forgot?error=none&done=reset_sent"
        for bad in ("not an address", "a@b.org\r\nBcc: eve@example.org", "a" * 300 + "@b.org"):
            where = await post(client, "/auth/forgot", "/forgot", address=bad)
            assert where.startswith("/forgot?error=bad_address")
        for _ in range(2):
            await post(client, "/auth/forgot", "/forgot", address="nobody@example.org")
        where = await post(client, "/auth/forgot", "/forgot", address="nobody@example.org")
        assert where.startswith("/forgot?error=rate_limited")
    assert box.mails == []


async def test_bad_addresses_and_choices_change_nothing(
    mail_user: User, inbox: tuple[Inbox, int]
) -> None:
    async with browser() as client:
        await sign_up(client, "annie")
        for bad in ("annie", "annie@example.org\nBcc: x@y.org", "a" * 250 + "@example.org"):
            assert "error=bad_address" in await add_address(client, bad)
        assert "error=no_address" in await post(
            client, "/auth/mail/turns", "/account", turns="each"
        )
        await add_address(client, "annie@example.org")
        assert "error=bad_choice" in await post(
            client, "/auth/mail/turns", "/account", turns="hourly"
        )
        assert "annie@example.org" in (await client.get("/account")).text
        assert "not complete" in (await client.get("/mail/unsubscribe/garbage")).text
        assert "This link does not work" in (await client.get("/reset/garbage")).text


async def test_without_smtp_the_mail_pages_are_not_there(user: User) -> None:
    async with browser() as client:
        assert (await client.get("/forgot")).status_code == 404
        assert (await client.get("/mail/unsubscribe/x")).status_code == 404
        assert "Forgot your password" not in (await client.get("/signin")).text
        await sign_up(client, "annie")
        assert "E-mail address" not in (await client.get("/account")).text


# The live site: turn mails, the digest, a stalled server


def settings(port: int) -> MailSettings:
    found = MailSettings.from_environment(
        {"SMTP_URL": f"smtp://127.0.0.1:{port}", "CARAVANSERAI_PUBLIC_URL": "http://site"}
    )
    assert found is not None
    return found


def make_account(site: Site, user_id: str, name: str, turns: str) -> None:
    """``user_id`` (a guest) becomes an account with a confirmed address choosing ``turns``."""
    db, address = site.db, f"{name}@example.org"
    accounts.create_account(db, user_id=user_id, username=name, password_hash="x")
    mail.set_address(db, user_id=user_id, address=address, lang="en", now=mail_now())
    token = mail.issue_token(
        db,
        user_id=user_id,
        purpose=TOKEN_CONFIRM,
        address=address,
        ttl=mail.CONFIRM_FOR,
        now=mail_now(),
    )
    mail.confirm_address(db, token=token, site_url=None, now=mail_now())
    mail.set_turns(db, user_id=user_id, turns=turns, lang="en")


def mail_now() -> Any:
    from datetime import UTC, datetime

    return datetime.now(UTC)


@pytest.fixture
async def live(
    tmp_path: Path, inbox: tuple[Inbox, int], monkeypatch: pytest.MonkeyPatch
) -> AsyncIterator[tuple[Site, Mail, TurnMails, Inbox]]:
    """A live site (no pages) whose mail goes to the test's SMTP server, its sender running."""
    box, port = inbox
    monkeypatch.setattr(core, "loop", asyncio.get_running_loop())  # for background tasks
    site = new_site(tmp_path)
    service = Mail(site, settings(port), "secret")
    turns = TurnMails(service)
    stop = asyncio.Event()
    sending = asyncio.create_task(service.sender.run(stop.is_set))
    yield site, service, turns, box
    stop.set()
    service.sender.wake()
    if box.hold is not None:
        box.hold.set()
    await asyncio.wait_for(sending, 10)
    service.sender.close()


async def move(table: Table) -> None:
    seat = next(iter(table.state.to_move()))
    await table.submit(seat, table.legal_actions(seat)[0], by=table.seats[seat].holder)


def outbox_keys(site: Site) -> list[str]:
    from sqlmodel import select

    from storage.db import session
    from storage.models import OutboxMail

    with session(site.db) as s:
        return sorted(s.exec(select(OutboxMail.dedupe)).all())


async def test_a_your_turn_mail_arrives_once_per_turn_and_its_unsubscribe_link_works(
    live: tuple[Site, Mail, TurnMails, Inbox],
) -> None:
    site, service, turns, box = live
    make_account(site, ANN, "ann", "each")
    make_account(site, BEA, "bea", "each")
    table = await two_people(site)  # begun full: the first to move hears of it at once
    await until(lambda: len(box.mails) == 1)
    first = box.mails[0]
    assert first["Subject"] == "Your turn: Caravan"
    assert f"http://site/table/{table.id}" in links(first)
    unsubscribe = first["List-Unsubscribe"].strip("<>")
    assert unsubscribe in links(first)
    assert first["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    mover = first["To"]
    await move(table)
    await until(lambda: len(box.mails) == 2)
    assert box.mails[1]["To"] != mover
    turns.heard(table, [table.seats[s].holder for s in table.state.to_move()])  # heard again
    await until(lambda: len(outbox_keys(site)) == 2)
    assert len(outbox_keys(site)) == 2 and len(box.mails) == 2  # the dedupe key held
    token = unsubscribe.rpartition("/")[2]
    assert await service.unsubscribe(token)
    assert not await service.unsubscribe(token[:-1] + ("A" if token[-1] != "A" else "B"))
    assert (
        mail.address_of(site.db, user_id=ANN if mover == "ann@example.org" else BEA).turns == "off"
    )  # type: ignore[union-attr]


async def test_the_daily_digest_lists_the_games_waiting(
    live: tuple[Site, Mail, TurnMails, Inbox],
) -> None:
    site, _, turns, box = live
    make_account(site, ANN, "ann", "digest")
    make_account(site, BEA, "bea", "digest")
    table = await two_people(site)
    assert await turns.digests() == 1  # only the one to move has a game waiting
    await until(lambda: len(box.mails) == 1)
    digest = box.mails[0]
    assert digest["Subject"] == "1 game waits for you"
    assert f"http://site/table/{table.id}" in text_of(digest)
    assert digest["List-Unsubscribe"]
    assert await turns.digests() == 0  # one a day


async def test_a_stalled_smtp_server_never_holds_up_a_move(
    live: tuple[Site, Mail, TurnMails, Inbox],
) -> None:
    site, _, _, box = live
    make_account(site, ANN, "ann", "each")
    make_account(site, BEA, "bea", "each")
    box.hold = threading.Event()
    table = await two_people(site)
    heard: list[int] = []
    table.subscribe(lambda _table, played: heard.append(played.ply))
    await move(table)
    await until(lambda: box.held == 1)  # the turn's mail is stuck in the server
    for ply in (2, 3, 4):
        await asyncio.wait_for(move(table), 5)
        assert table.ply == ply and heard[-1] == ply
    assert box.mails == [] and box.held == 1
    box.hold.set()
    await until(lambda: len(box.mails) >= 2, deadline=20)
