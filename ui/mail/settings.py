"""How the site sends mail, from the environment.

- ``SMTP_URL``: the SMTP server. ``smtp://host:25`` speaks plain SMTP (a relay on the same
  machine or network), ``smtp+starttls://user:password@host:587`` upgrades the connection
  with STARTTLS before signing in (and fails rather than sign in without it),
  ``smtps://user:password@host:465`` speaks TLS from the start. The user name and password
  are percent-encoded in the URL (``%40`` for ``@``). Unset: the site sends no mail and
  offers no e-mail option.
- ``CARAVANSERAI_MAIL_FROM``: the sender, ``Caravanserai <no-reply@localhost>`` by default.
- ``CARAVANSERAI_PUBLIC_URL``: the site's address as its visitors reach it
  (``https://games.example.org``), the start of every link in a mail. Unset, a mail's links
  start with the address the site was reached at by the owner of the mail address: the
  account page's when the confirmation is mailed, the confirmation link's afterwards (never
  the address a password-reset request came in by, which anyone can forge).
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass
from email.headerregistry import Address
from email.utils import parseaddr
from urllib.parse import unquote, urlsplit

from storage.mail import valid_address

PLAIN, STARTTLS, TLS = "smtp", "smtp+starttls", "smtps"
PORTS = {PLAIN: 25, STARTTLS: 587, TLS: 465}
DEFAULT_SENDER = "Caravanserai <no-reply@localhost>"


class MailSettingsError(ValueError):
    """A mail setting the site cannot use: it refuses to start rather than lose mail."""


@dataclass(frozen=True)
class MailSettings:
    scheme: str  # PLAIN, STARTTLS or TLS
    host: str
    port: int
    username: str | None
    password: str | None
    sender: Address
    public_url: str | None  # without a trailing slash

    @classmethod
    def from_environment(cls, env: Mapping[str, str] = os.environ) -> MailSettings | None:
        """The settings, or None without ``SMTP_URL``.

        >>> s = MailSettings.from_environment({"SMTP_URL": "smtp+starttls://me:p%40ss@mx:2525"})
        >>> (s.scheme, s.host, s.port, s.username, s.password, str(s.sender))
        ('smtp+starttls', 'mx', 2525, 'me', 'p@ss', 'Caravanserai <no-reply@localhost>')
        >>> MailSettings.from_environment({}) is None
        True
        """
        url = env.get("SMTP_URL", "").strip()
        if not url:
            return None
        parts = urlsplit(url)
        if parts.scheme not in PORTS or not parts.hostname:
            raise MailSettingsError(
                "SMTP_URL must be smtp://, smtp+starttls:// or smtps://host[:port]"
            )
        public = env.get("CARAVANSERAI_PUBLIC_URL", "").strip().rstrip("/") or None
        if public is not None and urlsplit(public).scheme not in ("http", "https"):
            raise MailSettingsError("CARAVANSERAI_PUBLIC_URL must start with http:// or https://")
        return cls(
            scheme=parts.scheme,
            host=parts.hostname,
            port=parts.port or PORTS[parts.scheme],
            username=unquote(parts.username) if parts.username else None,
            password=unquote(parts.password) if parts.password else None,
            sender=sender_address(env.get("CARAVANSERAI_MAIL_FROM", "") or DEFAULT_SENDER),
            public_url=public,
        )


def sender_address(text: str) -> Address:
    """``Name <address>`` or a bare address, checked like every address the site mails.

    >>> str(sender_address("Caravanserai <games@example.org>"))
    'Caravanserai <games@example.org>'
    """
    if "\r" in text or "\n" in text:
        raise MailSettingsError("CARAVANSERAI_MAIL_FROM holds a line break")
    name, address = parseaddr(text)
    local, _, domain = address.partition("@")
    if not (valid_address(address) or (local and domain == "localhost")):
        raise MailSettingsError(f"CARAVANSERAI_MAIL_FROM is not an address: {text!r}")
    return Address(display_name=name, username=local, domain=domain)
