"""How the site sends mail, from the environment.

- ``SMTP_URL``: the SMTP server. ``smtp://host:25`` speaks plain SMTP (a relay on the same
  machine or network), ``smtp+starttls://user:password@host:587`` upgrades the connection
  with STARTTLS before signing in (and fails rather than sign in without it),
  ``smtps://user:password@host:465`` speaks TLS from the start. The user name and password
  are percent-encoded in the URL (``%40`` for ``@``). Unset: the site sends no mail and
  offers no e-mail option.
- ``CARAVANSERAI_MAIL_FROM``: the sender, ``Caravanserai <no-reply@localhost>`` by default.
- ``CARAVANSERAI_PUBLIC_URL``: the site's address as its visitors reach it
  (``https://games.example.org``), the start of every link in a mail; required with
  ``SMTP_URL``. A link is never built from the address a request came in by: its ``Host``
  is whatever the sender wrote, and a mail pointing at a forged host would hand its token
  to whoever wrote it.
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
    public_url: str  # without a trailing slash

    @classmethod
    def from_environment(cls, env: Mapping[str, str] = os.environ) -> MailSettings | None:
        """The settings, or None without ``SMTP_URL``.

        >>> env = {"CARAVANSERAI_PUBLIC_URL": "https://games.example.org/"}
        >>> s = MailSettings.from_environment({**env, "SMTP_URL": "smtp+starttls://me:p%40ss@mx:2525"})
        >>> (s.scheme, s.host, s.port, s.username, s.password, str(s.sender))
        ('smtp+starttls', 'mx', 2525, 'me', 'p@ss', 'Caravanserai <no-reply@localhost>')
        >>> s.public_url
        'https://games.example.org'
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
        public = env.get("CARAVANSERAI_PUBLIC_URL", "").strip().rstrip("/")
        if not public:
            raise MailSettingsError(
                "SMTP_URL is set without CARAVANSERAI_PUBLIC_URL: mails' links start with the"
                " site's public address (https://games.example.org), never with the Host a"
                " request names, which anyone can forge; set CARAVANSERAI_PUBLIC_URL"
            )
        address = urlsplit(public)
        if address.scheme not in ("http", "https") or not address.netloc:
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
