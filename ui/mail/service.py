"""What the pages and routes ask of mail, each storage call through the site's gateway.

:class:`Mail` exists only when ``SMTP_URL`` is set (``ui/app.py``). It queues the
confirmation and password-reset mails, confirms addresses, turns "your turn" mails off
from an unsubscribe link, and owns the :class:`~ui.mail.sender.Sender` that sends them.

The unsubscribe link is signed, not stored: ``<user id>.<HMAC>`` under a key derived from
the site's secret. It never expires (a mail from last year still unsubscribes), needs no
row per mail, and all it can do is turn that account's turn mails off, which is harmless
if repeated; a changed secret only makes old links fail (the account page still works).
The confirmation and reset links grant more (an address, a password), so they are random,
stored hashed, single-use and expiring (storage/mail.py).
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import logging
import re
from collections.abc import Callable
from datetime import datetime

from nicegui import background_tasks

from storage import mail as store
from storage.mail import MAX_ADDRESS, TURN_CHOICES, MailError
from storage.models import TOKEN_CONFIRM, TOKEN_RESET, MailAddress
from ui.i18n import Translator
from ui.mail import compose
from ui.mail.compose import Draft
from ui.mail.sender import Sender, Transport, deliver, utcnow
from ui.mail.settings import MailSettings
from ui.rate_limit import Limiter
from ui.shared_rate_limit import limit_for
from ui.site import Site

log = logging.getLogger(__name__)

UNSUBSCRIBE = re.compile(r"([0-9a-f]{32})\.([A-Za-z0-9_-]{22})")
# Password-reset mails asked for per address and per client address, and confirmation
# mails per account, in an hour: enough for a person, too few to flood a mailbox.
RESETS_PER_ADDRESS = 3
RESETS_PER_CLIENT = 10
CONFIRMATIONS_PER_ACCOUNT = 5
HOUR = 3600.0

__all__ = ["MAX_ADDRESS", "TURN_CHOICES", "Mail", "MailAddress", "MailError"]


class Mail:
    """The site's mail, configured by ``settings``; ``secret`` signs unsubscribe links."""

    def __init__(
        self,
        site: Site,
        settings: MailSettings,
        secret: str,
        *,
        now: Callable[[], datetime] = utcnow,
        transport: Transport = deliver,
    ) -> None:
        self.site, self.settings, self.now = site, settings, now
        self.gateway = site.gateway
        self.sender = Sender(site.gateway, settings, now=now, transport=transport)
        self._key = hashlib.sha256(b"caravanserai unsubscribe\0" + secret.encode()).digest()
        self.resets_by_address = limit_for("mail-reset:address", Limiter(RESETS_PER_ADDRESS, HOUR))
        self.resets_by_client = limit_for("mail-reset:client", Limiter(RESETS_PER_CLIENT, HOUR))
        self.confirmations = limit_for(
            "mail-confirm:account", Limiter(CONFIRMATIONS_PER_ACCOUNT, HOUR)
        )

    def start(self) -> None:
        """Start sending (at the app's start-up)."""
        background_tasks.create(self.sender.run(lambda: self.site.stopping), name="mail")

    # Links

    def base(self) -> str:
        """The start of a mail's links: the configured public address, never the address a
        request came in by (``ui/mail/settings.py``)."""
        return self.settings.public_url

    def _signature(self, user_id: str) -> str:
        digest = hmac.new(self._key, user_id.encode(), hashlib.sha256).digest()[:16]
        return base64.urlsafe_b64encode(digest).decode().rstrip("=")

    def unsubscribe_link(self, base: str, user_id: str) -> str:
        return f"{base}/mail/unsubscribe/{user_id}.{self._signature(user_id)}"

    def unsubscriber(self, token: str) -> str | None:
        """The account an unsubscribe token names, if its signature is right."""
        found = UNSUBSCRIBE.fullmatch(token)
        if found is None:
            return None
        user_id, signature = found.groups()
        return user_id if hmac.compare_digest(signature, self._signature(user_id)) else None

    # Queueing

    async def queue(self, dedupe: str, to: str, draft: Draft) -> bool:
        """Put a mail in the outbox (once per ``dedupe``) and wake the sender."""
        queued = await self.gateway(
            store.enqueue,
            dedupe=dedupe,
            to=to,
            subject=draft.subject,
            text=draft.text,
            headers=draft.headers,
            now=self.now(),
        )
        self.sender.wake()
        return queued

    async def _confirmation(self, user_id: str, name: str, row: MailAddress) -> None:
        token = await self.gateway(
            store.issue_token,
            user_id=user_id,
            purpose=TOKEN_CONFIRM,
            address=row.address,
            ttl=store.CONFIRM_FOR,
            now=self.now(),
        )
        link = f"{self.base()}/mail/confirm/{token}"
        draft = compose.confirmation(Translator(row.lang), name=name, link=link)
        await self.queue(f"confirm:{store.token_digest(token)}", row.address, draft)

    # The account page

    async def address(self, user_id: str) -> MailAddress | None:
        return await self.gateway(store.address_of, user_id=user_id)

    async def add(self, user_id: str, name: str, address: str, lang: str) -> bool:
        """Give the account ``address`` and mail it a confirmation link; False when the
        account asked for too many confirmations this hour (nothing is changed then)."""
        if not store.valid_address(address):
            raise MailError("bad_address", "This is not an e-mail address the site can use.")
        if await self.confirmations.retry_after(user_id):
            return False
        row = await self.gateway(
            store.set_address, user_id=user_id, address=address, lang=lang, now=self.now()
        )
        if row.confirmed_at is None:
            await self.confirmations.fail(user_id)
            await self._confirmation(user_id, name, row)
        return True

    async def resend(self, user_id: str, name: str) -> bool:
        """Mail the unconfirmed address a new link; False when asked too often."""
        row = await self.address(user_id)
        if row is None or row.confirmed_at is not None:
            return True
        if await self.confirmations.retry_after(user_id):
            return False
        await self.confirmations.fail(user_id)
        await self._confirmation(user_id, name, row)
        return True

    async def remove(self, user_id: str) -> None:
        await self.gateway(store.remove_address, user_id=user_id, now=self.now())

    async def choose(self, user_id: str, turns: str, lang: str) -> None:
        await self.gateway(store.set_turns, user_id=user_id, turns=turns, lang=lang)

    # Links from mails

    async def confirm(self, token: str) -> MailAddress | None:
        """Use a confirmation link; the address confirmed, or None."""
        return await self.gateway(
            store.confirm_address, token=token, site_url=self.base(), now=self.now()
        )

    async def unsubscribe(self, token: str) -> bool:
        """Turn off the turn mails of the account the token names; False for a bad token."""
        user_id = self.unsubscriber(token)
        if user_id is None:
            return False
        await self.gateway(store.unsubscribe, user_id=user_id)
        return True

    # Password reset

    async def may_ask_reset(self, address: str, client: str) -> float:
        """Seconds until a reset may be asked for ``address`` from ``client`` (0: now);
        when it may, the request is counted, known address or not."""
        key = store.address_key(address)
        wait = max(
            await self.resets_by_address.retry_after(key),
            await self.resets_by_client.retry_after(client),
        )
        if not wait:
            await self.resets_by_address.fail(key)
            await self.resets_by_client.fail(client)
        return wait

    def ask_reset(self, address: str) -> None:
        """Mail a reset link to the account of ``address`` if there is one, in the
        background: the request's answer and its timing do not depend on it."""
        background_tasks.create(self._reset_mail(address), name="mail-reset")

    async def _reset_mail(self, address: str) -> None:
        try:
            target = await self.gateway(store.reset_target, address=address)
            if target is None:
                return
            token = await self.gateway(
                store.issue_token,
                user_id=target.user_id,
                purpose=TOKEN_RESET,
                address=target.address,
                ttl=store.RESET_FOR,
                now=self.now(),
            )
            link = f"{self.base()}/reset/{token}"
            draft = compose.password_reset(Translator(target.lang), name=target.username, link=link)
            await self.queue(f"reset:{store.token_digest(token)}", target.address, draft)
        except Exception:
            log.exception("a password-reset mail could not be queued")

    @staticmethod
    def reset_token_shape(token: str) -> bool:
        """Whether ``token`` looks like a mailed token (anything else is refused unread)."""
        return store.TOKEN.fullmatch(token) is not None

    async def reset_works(self, token: str) -> bool:
        if not self.reset_token_shape(token):
            return False
        return await self.gateway(
            store.token_works, token=token, purpose=TOKEN_RESET, now=self.now()
        )

    async def reset(self, token: str, password_hash: str) -> str | None:
        """Set the password a reset link is for; the account, or None (the link does not work)."""
        return await self.gateway(
            store.reset_password, token=token, password_hash=password_hash, now=self.now()
        )
