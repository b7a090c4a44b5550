"""Mail: an account's address and its "your turn" choice, the single-use links mailed to
it (to confirm the address, to reset a password) and the outbox (docs/mail.md).

Every mail is first a row of the outbox (:class:`~storage.models.OutboxMail`), written in
the same short transaction that decides to send it; the site's sender (``ui/mail/sender.py``)
claims due rows, sends them and marks them sent, or due again later. A mail's ``dedupe`` key
is unique: "your turn" in match M at ply P for user U is ``turn:U:M:P``, so however many
processes hear that move, one mail is queued. A claim moves ``next_try_at`` past the time
the sending takes, and on PostgreSQL skips the rows another process has locked
(``FOR UPDATE SKIP LOCKED``), so two processes never send one mail.

Tokens are random (256 bits), mailed once and stored only as their SHA-256: a copy of the
database holds no working link. Using one is a conditional update (not used, not expired),
so it works once even when two requests race. Each function runs in its own transaction;
times are given (``now``), so tests move them.
"""

from __future__ import annotations

import hashlib
import re
import secrets
from dataclasses import dataclass
from datetime import datetime, timedelta

from sqlalchemy import Engine, and_
from sqlalchemy.exc import IntegrityError
from sqlmodel import Session, col, delete, select, update

from storage.db import session
from storage.models import (
    LOCAL,
    TOKEN_CONFIRM,
    TOKEN_RESET,
    TURNS_DIGEST,
    TURNS_EACH,
    TURNS_OFF,
    MailAddress,
    MailToken,
    OutboxMail,
    User,
)

MAX_ADDRESS = 254  # RFC 5321: the longest forward path
TURN_CHOICES = (TURNS_OFF, TURNS_EACH, TURNS_DIGEST)
CONFIRM_FOR = timedelta(days=3)  # how long a confirmation link works
RESET_FOR = timedelta(hours=1)  # how long a password-reset link works
RETRY_FIRST = timedelta(minutes=1)  # the wait after a first failed try, doubling
RETRY_LONGEST = timedelta(hours=6)
MAX_ATTEMPTS = 8  # tries before a mail is given up (about 4 hours of retrying)
CLAIM_FOR = timedelta(minutes=5)  # a claimed mail is due again after this if never marked
KEEP_FOR = timedelta(days=30)  # sent or given-up mails and spent tokens are then forgotten

# A dot-atom local part and a domain of dotted labels, ASCII only: nothing a mail header
# could be broken with (no space, line break, quote, comma, angle bracket or parenthesis).
ADDRESS = re.compile(
    r"[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*"
    r"@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+"
)
TOKEN = re.compile(r"[A-Za-z0-9_-]{43}")  # what secrets.token_urlsafe(32) gives


class MailError(ValueError):
    """A refused change; ``code`` is stable (``bad_address``, ``address_taken`` ...)."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


def valid_address(address: object) -> bool:
    """An address the site will mail: at most 254 characters, a local part of at most 64.

    >>> [valid_address(a) for a in ("ann@example.org", "ann@localhost", "a b@x.org")]
    [True, False, False]
    >>> valid_address("ann@example.org\\r\\nBcc: eve@example.org")
    False
    """
    return (
        isinstance(address, str)
        and len(address) <= MAX_ADDRESS
        and ADDRESS.fullmatch(address) is not None
        and len(address.partition("@")[0]) <= 64
    )


def address_key(address: str) -> str:
    return address.casefold()


def token_digest(token: str) -> str:
    return hashlib.sha256(token.encode("ascii", "replace")).hexdigest()


def address_of(engine: Engine, *, user_id: str) -> MailAddress | None:
    with session(engine) as s:
        return s.get(MailAddress, user_id)


def set_address(
    engine: Engine, *, user_id: str, address: str, lang: str, now: datetime
) -> MailAddress:
    """Give the account ``address``, unconfirmed (the same address again changes nothing
    but the language); links mailed to an earlier address stop working."""
    if not valid_address(address):
        raise MailError("bad_address", "This is not an e-mail address the site can use.")
    with session(engine) as s:
        user = s.get(User, user_id)
        if user is None or user.kind != LOCAL:
            raise MailError("no_account", "There is no such account.")
        row = s.get(MailAddress, user_id)
        if row is None:
            row = MailAddress(user_id=user_id, address=address, address_key="", added_at=now)
        elif row.address_key == address_key(address):
            row.lang = lang
            s.add(row)
            s.commit()
            return row
        row.address, row.address_key, row.added_at = address, address_key(address), now
        row.confirmed_at, row.site_url, row.digest_at, row.lang = None, None, None, lang
        s.add(row)
        _spend_tokens(s, user_id, TOKEN_CONFIRM, now)
        s.commit()
        return row


def remove_address(engine: Engine, *, user_id: str, now: datetime) -> None:
    """The account has no address any more: no mail, no reset, no link mailed before."""
    with session(engine) as s:
        row = s.get(MailAddress, user_id)
        if row is not None:
            s.delete(row)
        _spend_tokens(s, user_id, None, now)
        s.commit()


def set_turns(engine: Engine, *, user_id: str, turns: str, lang: str) -> None:
    """Choose "your turn" mails: ``off``, ``each`` turn or a daily ``digest``."""
    if turns not in TURN_CHOICES:
        raise MailError("bad_choice", "Choose off, each turn or a daily digest.")
    with session(engine) as s:
        row = s.get(MailAddress, user_id)
        if row is None:
            raise MailError("no_address", "Add an e-mail address first.")
        row.turns, row.lang = turns, lang
        s.add(row)
        s.commit()


def unsubscribe(engine: Engine, *, user_id: str) -> bool:
    """Turn the account's "your turn" mails off; whether it had an address."""
    with session(engine) as s:
        changed = s.exec(
            update(MailAddress).where(col(MailAddress.user_id) == user_id).values(turns=TURNS_OFF)
        )
        s.commit()
        return bool(changed.rowcount)


def issue_token(
    engine: Engine, *, user_id: str, purpose: str, address: str, ttl: timedelta, now: datetime
) -> str:
    """A new link's token for ``purpose``, working for ``ttl``; only its hash is kept."""
    token = secrets.token_urlsafe(32)
    with session(engine) as s:
        s.add(
            MailToken(
                digest=token_digest(token),
                purpose=purpose,
                user_id=user_id,
                address=address,
                created_at=now,
                expires_at=now + ttl,
            )
        )
        s.commit()
    return token


def token_works(engine: Engine, *, token: str, purpose: str, now: datetime) -> bool:
    """Whether ``token`` would be taken now (unused, unexpired), without using it."""
    with session(engine) as s:
        row = s.get(MailToken, token_digest(token))
        return row is not None and row.purpose == purpose and _live(row, now)


def confirm_address(
    engine: Engine, *, token: str, site_url: str | None, now: datetime
) -> MailAddress | None:
    """Use a confirmation token: the address it was mailed to, if still the account's, is
    confirmed (``site_url``: the site as the owner's browser reached it). None when the
    token does not work; :class:`MailError` ``address_taken`` when another account has
    confirmed that address meanwhile (the token is spent all the same)."""
    with session(engine) as s:
        spent = _spend(s, token, TOKEN_CONFIRM, now)
        if spent is None:
            return None
        row = s.get(MailAddress, spent.user_id)
        if row is None or row.address_key != address_key(spent.address):
            s.commit()
            return None
        taken = s.exec(
            select(MailAddress.user_id).where(
                MailAddress.address_key == row.address_key,
                col(MailAddress.confirmed_at).is_not(None),
                MailAddress.user_id != row.user_id,
            )
        ).first()
        if taken is not None:
            s.commit()
            raise MailError("address_taken", "Another account uses this address.")
        row.confirmed_at = now
        row.site_url = site_url[:200] if site_url else None
        s.add(row)
        s.commit()
        return row


@dataclass(frozen=True)
class ResetTarget:
    """The account a password-reset mail goes to."""

    user_id: str
    username: str
    address: str
    lang: str
    site_url: str | None


def reset_target(engine: Engine, *, address: str) -> ResetTarget | None:
    """The account whose confirmed address is ``address`` (any case), or None."""
    if not valid_address(address):
        return None
    with session(engine) as s:
        found = s.exec(
            select(MailAddress, User)
            .join(User, col(User.id) == MailAddress.user_id)
            .where(
                MailAddress.address_key == address_key(address),
                col(MailAddress.confirmed_at).is_not(None),
                User.kind == LOCAL,
            )
        ).first()
    if found is None:
        return None
    row, user = found
    return ResetTarget(user.id, user.username or user.name, row.address, row.lang, row.site_url)


def reset_password(engine: Engine, *, token: str, password_hash: str, now: datetime) -> str | None:
    """Use a reset token and set the account's password in one transaction; the account's
    id, or None when the token does not work. Every other reset link of the account stops
    working too."""
    with session(engine) as s:
        spent = _spend(s, token, TOKEN_RESET, now)
        if spent is None:
            return None
        user = s.get(User, spent.user_id)
        if user is None or user.kind != LOCAL:
            s.commit()
            return None
        user.password_hash = password_hash
        s.add(user)
        _spend_tokens(s, user.id, TOKEN_RESET, now)
        s.commit()
        return user.id


def turn_recipients(engine: Engine, *, user_ids: list[str]) -> list[MailAddress]:
    """Those of ``user_ids`` who chose a mail for each turn, at a confirmed address."""
    if not user_ids:
        return []
    with session(engine) as s:
        return list(
            s.exec(
                select(MailAddress)
                .join(User, col(User.id) == MailAddress.user_id)
                .where(
                    col(MailAddress.user_id).in_(user_ids),
                    MailAddress.turns == TURNS_EACH,
                    col(MailAddress.confirmed_at).is_not(None),
                    User.kind == LOCAL,
                )
            ).all()
        )


def digest_due(engine: Engine, *, now: datetime, every: timedelta) -> list[MailAddress]:
    """The confirmed addresses with the daily digest whose last one is ``every`` old."""
    with session(engine) as s:
        last = col(MailAddress.digest_at)
        return list(
            s.exec(
                select(MailAddress)
                .join(User, col(User.id) == MailAddress.user_id)
                .where(
                    MailAddress.turns == TURNS_DIGEST,
                    col(MailAddress.confirmed_at).is_not(None),
                    User.kind == LOCAL,
                    (last.is_(None)) | (last <= now - every),
                )
            ).all()
        )


def digest_done(engine: Engine, *, user_id: str, now: datetime) -> None:
    """The account's digest was looked at now (queued, or nothing was waiting)."""
    with session(engine) as s:
        s.exec(update(MailAddress).where(col(MailAddress.user_id) == user_id).values(digest_at=now))
        s.commit()


def enqueue(
    engine: Engine,
    *,
    dedupe: str,
    to: str,
    subject: str,
    text: str,
    now: datetime,
    html: str | None = None,
    headers: dict[str, str] | None = None,
) -> bool:
    """Queue a mail, due now; False when a mail of that ``dedupe`` key is queued already."""
    if not valid_address(to):
        raise MailError("bad_address", "This is not an e-mail address the site can use.")
    with session(engine) as s:
        s.add(
            OutboxMail(
                dedupe=dedupe[:200],
                to=to,
                subject=subject[:300],
                text=text,
                html=html,
                headers=headers or {},
                created_at=now,
                next_try_at=now,
            )
        )
        try:
            s.commit()
        except IntegrityError:
            return False
        return True


def claim_due(
    engine: Engine, *, now: datetime, limit: int = 20, lease: timedelta = CLAIM_FOR
) -> list[OutboxMail]:
    """Take up to ``limit`` due mails to send: each counts one more attempt and is not
    due again until ``lease`` has passed, so no other sender takes it meanwhile (on
    PostgreSQL the rows another process is claiming are skipped, not waited for)."""
    with session(engine) as s:
        due = s.exec(
            select(OutboxMail)
            .where(
                col(OutboxMail.sent_at).is_(None),
                col(OutboxMail.given_up_at).is_(None),
                OutboxMail.next_try_at <= now,
            )
            .order_by(col(OutboxMail.next_try_at), col(OutboxMail.id))
            .limit(limit)
            .with_for_update(skip_locked=True)
        ).all()
        for mail in due:
            mail.attempts += 1
            mail.next_try_at = now + lease
            s.add(mail)
        s.commit()
        return list(due)


def mark_sent(engine: Engine, *, mail_id: int, now: datetime) -> None:
    """The mail went out: its text (and the links in it) is forgotten."""
    with session(engine) as s:
        s.exec(
            update(OutboxMail)
            .where(col(OutboxMail.id) == mail_id)
            .values(sent_at=now, text="", html=None, last_error=None)
        )
        s.commit()


def retry_wait(attempts: int) -> timedelta:
    """The wait after the ``attempts``-th failed try: 1, 2, 4 ... minutes, at most 6 hours.

    >>> [int(retry_wait(n).total_seconds() // 60) for n in (1, 2, 3, 10)]
    [1, 2, 4, 360]
    """
    return min(RETRY_LONGEST, RETRY_FIRST * 2 ** min(attempts - 1, 20))


def mark_failed(engine: Engine, *, mail_id: int, error: str, now: datetime) -> bool:
    """A try failed: the mail is due again after :func:`retry_wait`, or given up after
    :data:`MAX_ATTEMPTS` tries (True)."""
    with session(engine) as s:
        mail = s.get(OutboxMail, mail_id)
        if mail is None or mail.sent_at is not None:
            return False
        mail.last_error = error[:500]
        given_up = mail.attempts >= MAX_ATTEMPTS
        if given_up:
            mail.given_up_at, mail.text, mail.html = now, "", None
        else:
            mail.next_try_at = now + retry_wait(mail.attempts)
        s.add(mail)
        s.commit()
        return given_up


def forget_old(engine: Engine, *, now: datetime, keep: timedelta = KEEP_FOR) -> None:
    """Forget mails sent or given up, and tokens spent or expired, longer ago than ``keep``."""
    before = now - keep
    with session(engine) as s:
        s.exec(
            delete(OutboxMail).where(
                (col(OutboxMail.sent_at) < before) | (col(OutboxMail.given_up_at) < before)
            )
        )
        s.exec(
            delete(MailToken).where(
                (col(MailToken.used_at) < before) | (col(MailToken.expires_at) < before)
            )
        )
        s.commit()


def _live(row: MailToken, now: datetime) -> bool:
    return row.used_at is None and row.expires_at > now


def _spend(s: Session, token: str, purpose: str, now: datetime) -> MailToken | None:
    """Mark the token used if it works (one conditional update: it works once)."""
    if not TOKEN.fullmatch(token):
        return None
    digest = token_digest(token)
    used = s.exec(
        update(MailToken)
        .where(
            and_(
                col(MailToken.digest) == digest,
                col(MailToken.purpose) == purpose,
                col(MailToken.used_at).is_(None),
                col(MailToken.expires_at) > now,
            )
        )
        .values(used_at=now)
    )
    if not used.rowcount:
        return None
    return s.get(MailToken, digest)


def _spend_tokens(s: Session, user_id: str, purpose: str | None, now: datetime) -> None:
    """Every unused token of the account (of ``purpose``, or all) stops working."""
    spend = update(MailToken).where(
        col(MailToken.user_id) == user_id, col(MailToken.used_at).is_(None)
    )
    if purpose is not None:
        spend = spend.where(col(MailToken.purpose) == purpose)
    s.exec(spend.values(used_at=now))
