"""Accounts: a guest becomes an account, signs in by password or through a provider,
changes their password, and may delete their account (their games stay, anonymised).

Usernames are unique without regard to case (``username_key`` is the casefolded
form). Each function runs in its own transaction.
"""

from __future__ import annotations

import re

from sqlalchemy import Engine
from sqlalchemy.exc import IntegrityError
from sqlmodel import col, select, update

from storage.db import session
from storage.models import DELETED, GUEST, LOCAL, Identity, Seat, User, utcnow

USERNAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]{2,23}")
DELETED_NAME = "Deleted player"


class AccountError(ValueError):
    """A refused account change; ``code`` is stable (``username_taken``, ``not_guest``, ...)."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


def username_key(username: str) -> str:
    return username.casefold()


def valid_username(username: object) -> bool:
    """3 to 24 letters, digits, ``_ . -``, starting with a letter or digit."""
    return isinstance(username, str) and USERNAME.fullmatch(username) is not None


def get_user(engine: Engine, *, user_id: str) -> User | None:
    with session(engine) as s:
        return s.get(User, user_id)


def find_account(engine: Engine, *, username: str) -> User | None:
    """The live account called ``username`` (any case), or None."""
    with session(engine) as s:
        return s.exec(
            select(User).where(User.username_key == username_key(username), User.kind == LOCAL)
        ).one_or_none()


def create_account(
    engine: Engine, *, user_id: str, username: str, password_hash: str | None
) -> User:
    """Turn the guest ``user_id`` (created if unknown) into an account called ``username``.

    The guest's games become the account's: they are the same user. Raises
    :class:`AccountError` if the name is taken or ``user_id`` is already an account.
    """
    if not valid_username(username):
        raise AccountError("bad_username", "A username has 3 to 24 letters, digits, _ . or -.")
    with session(engine) as s:
        user = s.get(User, user_id)
        if user is None:
            user = User(id=user_id, name=username, kind=GUEST)
        if user.kind != GUEST:
            raise AccountError("not_guest", "This visitor already has an account.")
        user.kind, user.username, user.username_key = LOCAL, username, username_key(username)
        user.name, user.password_hash = username, password_hash
        s.add(user)
        try:
            s.commit()
        except IntegrityError as err:
            raise AccountError("username_taken", "This username is taken.") from err
        s.refresh(user)
        return user


def set_password(engine: Engine, *, user_id: str, password_hash: str) -> None:
    with session(engine) as s:
        user = s.get(User, user_id)
        if user is None or user.kind != LOCAL:
            raise AccountError("no_account", "There is no such account.")
        user.password_hash = password_hash
        s.add(user)
        s.commit()


def delete_account(engine: Engine, *, user_id: str) -> None:
    """Delete an account: no name, password or provider identity is kept, and the seats it
    held in stored games are renamed; the games themselves stay for the other players."""
    with session(engine) as s:
        user = s.get(User, user_id)
        if user is None or user.kind != LOCAL:
            raise AccountError("no_account", "There is no such account.")
        for identity in s.exec(select(Identity).where(Identity.user_id == user_id)):
            s.delete(identity)
        s.exec(update(Seat).where(col(Seat.user_id) == user_id).values(name=DELETED_NAME))
        user.kind, user.name, user.username, user.username_key = DELETED, DELETED_NAME, None, None
        user.password_hash, user.deleted_at = None, utcnow()
        s.add(user)
        s.commit()


def user_for_identity(engine: Engine, *, provider: str, subject: str) -> User | None:
    """The live account linked to ``subject`` at ``provider``, or None."""
    with session(engine) as s:
        identity = s.get(Identity, (provider, subject))
        if identity is None:
            return None
        user = s.get(User, identity.user_id)
        return user if user is not None and user.kind == LOCAL else None


def link_identity(engine: Engine, *, provider: str, subject: str, user_id: str) -> None:
    """Link a provider identity to an account; an identity already linked is refused."""
    with session(engine) as s:
        s.add(Identity(provider=provider, subject=subject, user_id=user_id))
        try:
            s.commit()
        except IntegrityError as err:
            raise AccountError(
                "identity_taken", "This sign-in is linked to another account."
            ) from err


def identities_of(engine: Engine, *, user_id: str) -> list[str]:
    """The providers an account can sign in with."""
    with session(engine) as s:
        return list(s.exec(select(Identity.provider).where(Identity.user_id == user_id)).all())


def free_username(engine: Engine, wanted: str) -> str:
    """``wanted`` made a valid username not yet taken (for accounts made by a provider)."""
    base = re.sub(r"[^A-Za-z0-9_.-]", "", wanted)[:20] or "player"
    if not base[0].isalnum():
        base = "p" + base
    base = (base + "000")[: max(3, len(base))]
    candidate, n = base, 1
    while find_any(engine, candidate):
        n += 1
        candidate = f"{base[:20]}{n}"
    return candidate


def find_any(engine: Engine, username: str) -> bool:
    with session(engine) as s:
        return (
            s.exec(select(User.id).where(User.username_key == username_key(username))).first()
            is not None
        )


def owners_among(engine: Engine, *, user_ids: list[str], batch: int = 500) -> set[str]:
    """Those of ``user_ids`` that own something: a user row (a guest who sat at a table,
    an account) or a seat at a match. A browser holding any other id can be forgotten."""
    owners: set[str] = set()
    with session(engine) as s:
        for start in range(0, len(user_ids), batch):
            chunk = user_ids[start : start + batch]
            owners.update(s.exec(select(User.id).where(col(User.id).in_(chunk))).all())
            owners.update(s.exec(select(Seat.holder).where(col(Seat.holder).in_(chunk))).all())
    return owners
