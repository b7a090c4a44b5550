"""Password hashing with argon2id, and checks that take as long for unknown users."""

from __future__ import annotations

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError

MIN_PASSWORD, MAX_PASSWORD = 8, 256

_hasher = PasswordHasher()  # argon2id with the library's recommended costs
_DUMMY = _hasher.hash("not a password anybody has")


def hash_password(password: str) -> str:
    return _hasher.hash(password)


def valid_password(password: object) -> bool:
    return isinstance(password, str) and MIN_PASSWORD <= len(password) <= MAX_PASSWORD


def verify(password_hash: str | None, password: str) -> bool:
    """Whether ``password`` matches; with no hash (unknown user, provider-only account)
    a dummy hash is checked anyway, so the answer takes as long either way."""
    try:
        return _hasher.verify(password_hash or _DUMMY, password) and password_hash is not None
    except (VerificationError, InvalidHashError):
        return False
