"""The site's sender: it empties the outbox (storage/mail.py) over SMTP.

It runs as a background task of each app process: it claims the due mails through the
gateway (so never on the event loop), sends each with :mod:`smtplib` on a thread of its own
(so a slow or silent SMTP server holds up only the mail, never a page, a move or another
storage call), within :data:`SEND_TIMEOUT` seconds, and marks it sent, or failed (tried
again later, with a growing wait, then given up: ``storage.mail.retry_wait``), logging why.
It looks every :data:`INTERVAL` seconds, and at once when this process has just queued a
mail (:meth:`Sender.wake`). Several processes may run one each: a claim takes a mail for
one of them only.
"""

from __future__ import annotations

import asyncio
import logging
import smtplib
import ssl
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from datetime import UTC, datetime
from email.message import EmailMessage
from email.policy import SMTP
from email.utils import format_datetime, make_msgid

from storage import mail
from storage.models import OutboxMail
from ui.gateway import Gateway
from ui.mail.settings import STARTTLS, TLS, MailSettings

log = logging.getLogger(__name__)

INTERVAL = 5.0  # seconds between two looks at the outbox
SEND_TIMEOUT = 30.0  # seconds one SMTP conversation may take (connect, each reply)
FORGET_EVERY = 3600.0  # seconds between two clearings of old mails and spent tokens

Transport = Callable[[MailSettings, EmailMessage], None]
# Lines of up to RFC 5322's 998 characters: a long link in a header (List-Unsubscribe) stays
# as it is instead of being cut into encoded words that mail programs would not follow.
POLICY = SMTP.clone(max_line_length=998)


def utcnow() -> datetime:
    return datetime.now(UTC)


def message(settings: MailSettings, row: OutboxMail) -> EmailMessage:
    """The outbox row as a mail. The policy refuses any header value holding a line
    break, and every address was checked when queued: no header can be injected."""
    built = EmailMessage(policy=POLICY)
    built["From"] = settings.sender
    built["To"] = row.to
    built["Subject"] = row.subject
    built["Date"] = format_datetime(row.created_at)
    built["Message-ID"] = make_msgid("caravanserai", domain=settings.sender.domain)
    built["Auto-Submitted"] = "auto-generated"
    for name, value in row.headers.items():
        built[name] = value
    built.set_content(row.text)
    if row.html:
        built.add_alternative(row.html, subtype="html")
    return built


def deliver(settings: MailSettings, built: EmailMessage) -> None:
    """One SMTP conversation (blocking: run it on a thread)."""
    context = ssl.create_default_context()
    client: smtplib.SMTP
    if settings.scheme == TLS:
        client = smtplib.SMTP_SSL(
            settings.host, settings.port, timeout=SEND_TIMEOUT, context=context
        )
    else:
        client = smtplib.SMTP(settings.host, settings.port, timeout=SEND_TIMEOUT)
    with client:
        if settings.scheme == STARTTLS:
            client.starttls(context=context)  # refused by the server: nothing is signed in
        if settings.username:
            client.login(settings.username, settings.password or "")
        client.send_message(built)


class Sender:
    """Sends the outbox's due mails for as long as the site runs."""

    def __init__(
        self,
        gateway: Gateway,
        settings: MailSettings,
        *,
        now: Callable[[], datetime] = utcnow,
        transport: Transport = deliver,
    ) -> None:
        self.gateway, self.settings, self.now, self.transport = gateway, settings, now, transport
        self._pool = ThreadPoolExecutor(max_workers=2, thread_name_prefix="mail")
        self._wake: asyncio.Event | None = None
        self._forgotten_at = 0.0

    def wake(self) -> None:
        """Look at the outbox now (a mail was just queued by this process)."""
        if self._wake is not None:
            self._wake.set()

    async def send_due(self) -> int:
        """Send the mails due now; how many went out."""
        claimed = await self.gateway(mail.claim_due, now=self.now())
        sent = 0
        for row in claimed:
            sent += await self._send(row)
        return sent

    async def _send(self, row: OutboxMail) -> bool:
        assert row.id is not None
        loop = asyncio.get_running_loop()
        try:
            built = message(self.settings, row)
            await asyncio.wait_for(
                loop.run_in_executor(self._pool, self.transport, self.settings, built),
                SEND_TIMEOUT * 4,  # connect, greeting, sign-in, data: each has SEND_TIMEOUT
            )
        except Exception as err:
            error = f"{type(err).__name__}: {err}"
            given_up = await self.gateway(
                mail.mark_failed, mail_id=row.id, error=error, now=self.now()
            )
            log.warning(
                "mail %s (%s, try %d) not sent%s: %s",
                row.id,
                row.dedupe.partition(":")[0],
                row.attempts,
                ", given up" if given_up else "",
                error,
            )
            return False
        await self.gateway(mail.mark_sent, mail_id=row.id, now=self.now())
        return True

    async def run(self, stopping: Callable[[], bool]) -> None:
        """Look at the outbox every :data:`INTERVAL` seconds or when woken, until
        ``stopping()``; a failure is logged and the next look comes all the same."""
        self._wake = asyncio.Event()
        loop = asyncio.get_running_loop()
        while not stopping():
            self._wake.clear()
            try:
                while await self.send_due():
                    pass
                if loop.time() - self._forgotten_at > FORGET_EVERY:
                    self._forgotten_at = loop.time()
                    await self.gateway(mail.forget_old, now=self.now())
            except Exception as err:
                log.warning("the outbox could not be emptied: %s", err)
            try:
                await asyncio.wait_for(self._wake.wait(), INTERVAL)
            except TimeoutError:
                pass

    def close(self) -> None:
        self._pool.shutdown(wait=False, cancel_futures=True)
