"""Every stored table, in one place.

A match is stored as its record's header (:class:`Match`), who sat where
(:class:`Seat`) and its actions as append-only :class:`Move` rows, one per ply;
replaying the moves rebuilds any position. Stored ids never change meaning.
Schema changes go through a migration in ``storage/migrations/versions``.
"""

from __future__ import annotations

import secrets
import string
import uuid
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import JSON, BigInteger, DateTime, Dialect, UniqueConstraint
from sqlalchemy.types import TypeDecorator
from sqlmodel import Field, SQLModel

# Explicit constraint names, so later migrations can address them on every backend.
SQLModel.metadata.naming_convention = {
    "ix": "ix_%(table_name)s_%(column_0_N_name)s",
    "uq": "uq_%(table_name)s_%(column_0_N_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}

GUEST, LOCAL, DELETED = "guest", "local", "deleted"
WAITING, PLAYING, FINISHED, CANCELLED = "waiting", "playing", "finished", "cancelled"

MATCH_ID_ALPHABET = string.ascii_letters + string.digits
MATCH_ID_LENGTH = 10


def utcnow() -> datetime:
    return datetime.now(UTC)


def new_user_id() -> str:
    return uuid.uuid4().hex


def new_match_id() -> str:
    """A short random id that reads well in a URL, e.g. ``"q3ZkT0bA9x"``."""
    return "".join(secrets.choice(MATCH_ID_ALPHABET) for _ in range(MATCH_ID_LENGTH))


class UTCDateTime(TypeDecorator[datetime]):
    """A timestamp stored in UTC and always read back timezone-aware (SQLite keeps no zone)."""

    impl = DateTime(timezone=True)
    cache_ok = True

    def process_bind_param(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        if value is None:
            return None
        if value.tzinfo is None:
            raise ValueError("Timestamps must be timezone-aware.")
        return value.astimezone(UTC)

    def process_result_value(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        if value is not None and value.tzinfo is None:
            return value.replace(tzinfo=UTC)
        return value


class User(SQLModel, table=True):
    """Someone who plays: a guest (a browser's cookie) or a local account."""

    __tablename__ = "users"

    id: str = Field(default_factory=new_user_id, primary_key=True, max_length=32)
    name: str
    kind: str = Field(max_length=16)  # GUEST, LOCAL (an account) or DELETED
    password_hash: str | None = None  # argon2id; None for guests and provider-only accounts
    created_at: datetime = Field(default_factory=utcnow, sa_type=UTCDateTime)
    username: str | None = Field(default=None, max_length=32)  # as typed; accounts only
    username_key: str | None = Field(default=None, max_length=32, unique=True)  # casefolded
    deleted_at: datetime | None = Field(default=None, sa_type=UTCDateTime)
    auto_analysis: bool = False  # an account's finished games are analysed by themselves


class Identity(SQLModel, table=True):
    """An account's identity at an OpenID Connect provider (its ``sub`` there)."""

    __tablename__ = "identities"

    provider: str = Field(primary_key=True, max_length=64)
    subject: str = Field(primary_key=True, max_length=255)
    user_id: str = Field(foreign_key="users.id", max_length=32, index=True)
    created_at: datetime = Field(default_factory=utcnow, sa_type=UTCDateTime)


class Rating(SQLModel, table=True):
    """A player's openskill rating at one game, with their rated matches and wins."""

    __tablename__ = "ratings"

    user_id: str = Field(foreign_key="users.id", primary_key=True, max_length=32)
    game: str = Field(primary_key=True, max_length=32)
    mu: float
    sigma: float
    matches: int = 0
    wins: int = 0
    updated_at: datetime = Field(default_factory=utcnow, sa_type=UTCDateTime)


class Match(SQLModel, table=True):
    """The header of a game's record, its status and, once over, its result."""

    __tablename__ = "matches"

    id: str = Field(default_factory=new_match_id, primary_key=True, max_length=16)
    game: str = Field(max_length=32)
    players: int
    seed: int = Field(sa_type=BigInteger)
    options: dict[str, Any] = Field(default_factory=dict, sa_type=JSON)
    rules_version: int
    # WAITING (seats to fill), PLAYING, FINISHED or CANCELLED (by its host, before the start)
    status: str = Field(default=PLAYING, max_length=16, index=True)
    created_at: datetime = Field(default_factory=utcnow, sa_type=UTCDateTime)
    finished_at: datetime | None = Field(default=None, sa_type=UTCDateTime)
    result: dict[str, Any] | None = Field(default=None, sa_type=JSON)
    settings: dict[str, Any] | None = Field(default=None, sa_type=JSON)  # core.table.TableSettings
    notes: dict[str, Any] | None = Field(default=None, sa_type=JSON)  # {"resigned": [...]}
    rematch: str | None = Field(default=None, max_length=16)  # the match that followed this one
    rated_at: datetime | None = Field(default=None, sa_type=UTCDateTime)  # ratings updated
    # A timed match (core/clock.py): its clock as of its latest move or seat change, and
    # when the first seat on it runs out of time (None: untimed, nobody on the clock, over).
    clock: dict[str, Any] | None = Field(default=None, sa_type=JSON)
    deadline: datetime | None = Field(default=None, sa_type=UTCDateTime, index=True)
    # Whose turn it is (storage/turns.py): the seats to move after the latest move or seat
    # change, and since when that set of seats has been to move (None: not started, or over).
    to_move: list[int] | None = Field(default=None, sa_type=JSON)
    turn_at: datetime | None = Field(default=None, sa_type=UTCDateTime)


class Seat(SQLModel, table=True):
    """Who sits at one seat of a match; ``holder`` is the identity allowed to act for it."""

    __tablename__ = "seats"

    match_id: str = Field(foreign_key="matches.id", primary_key=True, max_length=16)
    seat: int = Field(primary_key=True)
    kind: str = Field(max_length=16)  # core.table: human, guest, bot or hotseat
    holder: str = Field(max_length=64)  # a user id, or "bot:<name>"
    user_id: str | None = Field(default=None, foreign_key="users.id", max_length=32, index=True)
    name: str


class ChatMessage(SQLModel, table=True):
    """One line of a table's chat, as its sender wrote it (shown as plain text)."""

    __tablename__ = "chat_messages"

    id: int | None = Field(default=None, primary_key=True)
    match_id: str = Field(foreign_key="matches.id", max_length=16, index=True)
    seat: int
    name: str
    text: str = Field(max_length=500)
    created_at: datetime = Field(default_factory=utcnow, sa_type=UTCDateTime)


class Move(SQLModel, table=True):
    """One applied action; ``ply`` counts from 1 and is unique per match. Moves are
    appended one at a time, and only the last one may be taken back (an undo)."""

    __tablename__ = "moves"
    __table_args__ = (UniqueConstraint("match_id", "ply"),)

    id: int | None = Field(default=None, primary_key=True)
    match_id: str = Field(foreign_key="matches.id", max_length=16)
    ply: int
    seat: int
    action: str
    created_at: datetime = Field(default_factory=utcnow, sa_type=UTCDateTime)


# Mail (storage/mail.py, docs/mail.md): an account's address, its "your turn" choice, the
# single-use links mailed to it and the outbox every mail waits in until it is sent.
TURNS_OFF, TURNS_EACH, TURNS_DIGEST = "off", "each", "digest"
TOKEN_CONFIRM, TOKEN_RESET = "confirm", "reset"


class MailAddress(SQLModel, table=True):
    """An account's e-mail address: confirmed once its owner opened the mailed link."""

    __tablename__ = "mail_addresses"

    user_id: str = Field(foreign_key="users.id", primary_key=True, max_length=32)
    address: str = Field(max_length=254)  # as typed (RFC 5321's longest path)
    address_key: str = Field(max_length=254, index=True)  # casefolded, to find it again
    added_at: datetime = Field(default_factory=utcnow, sa_type=UTCDateTime)
    confirmed_at: datetime | None = Field(default=None, sa_type=UTCDateTime)
    turns: str = Field(default=TURNS_OFF, max_length=16)  # TURNS_OFF, TURNS_EACH, TURNS_DIGEST
    lang: str = Field(default="en", max_length=8)  # the language its mails are written in
    # The site's address as the owner's browser reached it when confirming: the links of
    # mails to this address, unless the site's public address is configured.
    site_url: str | None = Field(default=None, max_length=200)
    digest_at: datetime | None = Field(default=None, sa_type=UTCDateTime)  # last digest


class MailToken(SQLModel, table=True):
    """A link mailed to confirm an address or reset a password, kept only as its hash."""

    __tablename__ = "mail_tokens"

    digest: str = Field(primary_key=True, max_length=64)  # sha256 of the token, hex
    purpose: str = Field(max_length=16)  # TOKEN_CONFIRM or TOKEN_RESET
    user_id: str = Field(foreign_key="users.id", max_length=32, index=True)
    address: str = Field(max_length=254)  # the address it was mailed to
    created_at: datetime = Field(default_factory=utcnow, sa_type=UTCDateTime)
    expires_at: datetime = Field(sa_type=UTCDateTime)
    used_at: datetime | None = Field(default=None, sa_type=UTCDateTime)


class OutboxMail(SQLModel, table=True):
    """One mail to send, tried again later until it is sent or given up; ``dedupe`` is
    unique, so a mail that several processes mean to send is queued once."""

    __tablename__ = "mail_outbox"

    id: int | None = Field(default=None, primary_key=True)
    dedupe: str = Field(max_length=200, unique=True)
    to: str = Field(max_length=254)
    subject: str = Field(max_length=300)
    text: str  # emptied once sent: the links it held are not kept
    html: str | None = None
    headers: dict[str, str] = Field(default_factory=dict, sa_type=JSON)
    created_at: datetime = Field(default_factory=utcnow, sa_type=UTCDateTime)
    attempts: int = 0
    # When it is due; while one process sends it, the end of that process's claim.
    next_try_at: datetime = Field(default_factory=utcnow, sa_type=UTCDateTime, index=True)
    sent_at: datetime | None = Field(default=None, sa_type=UTCDateTime)
    given_up_at: datetime | None = Field(default=None, sa_type=UTCDateTime)
    last_error: str | None = Field(default=None, max_length=500)


# Replay analysis (storage/analyses.py, docs/analysis.md): one analysis of a finished match
# per rules version of the engine, queued, run in chunks of plies that are stored as they
# come (so a restart resumes where it stopped), then done with its document, or failed.
QUEUED, RUNNING, DONE, FAILED = "queued", "running", "done", "failed"


class Analysis(SQLModel, table=True):
    """The analysis of one finished match by one rules version, and how far it has come."""

    __tablename__ = "analyses"
    __table_args__ = (UniqueConstraint("match_id", "rules_version"),)

    id: int | None = Field(default=None, primary_key=True)
    match_id: str = Field(foreign_key="matches.id", max_length=16)
    rules_version: int
    state: str = Field(default=QUEUED, max_length=16, index=True)  # QUEUED ... FAILED
    done: int = 0  # plies analysed so far: len(plies)
    total: int = 0  # plies in the game
    plies: list[dict[str, Any]] = Field(default_factory=list, sa_type=JSON)  # entries so far
    result: dict[str, Any] | None = Field(default=None, sa_type=JSON)  # the document, once done
    auto: bool = False  # asked for automatically (a player's preference), not by a person
    requested_by: str | None = Field(default=None, max_length=32)  # who asked (a user id)
    requested_at: datetime = Field(default_factory=utcnow, sa_type=UTCDateTime)
    started_at: datetime | None = Field(default=None, sa_type=UTCDateTime)
    finished_at: datetime | None = Field(default=None, sa_type=UTCDateTime)
    error: str | None = Field(default=None, max_length=500)
    # The claim of the process running it: a token of its own, renewed until ``lease_until``;
    # a running analysis whose lease has lapsed (its process died) is taken over.
    runner: str | None = Field(default=None, max_length=100)
    lease_until: datetime | None = Field(default=None, sa_type=UTCDateTime)
    starts: int = 0  # claims since its last stored progress: a crashing one is given up
