"""Who the browser is: its visitor id in NiceGUI's user storage, replaced at sign-in."""

from __future__ import annotations

import secrets
import uuid

from fastapi import Request
from nicegui import app

KEPT = ("lang",)  # preferences that follow the browser across a sign-in or sign-out


def csrf_token() -> str:
    """This browser's token for the sign-in forms (checked by every auth route)."""
    token = app.storage.user.get("csrf")
    if not isinstance(token, str) or len(token) < 16:
        token = secrets.token_urlsafe(24)
        app.storage.user["csrf"] = token
    return token


def csrf_ok(sent: object) -> bool:
    token = app.storage.user.get("csrf")
    return isinstance(sent, str) and isinstance(token, str) and secrets.compare_digest(sent, token)


async def become(request: Request, uid: str | None, name: str | None = None) -> None:
    """Give the browser a new session id holding ``uid`` (a fresh guest when None); with
    ``name``, ``uid`` is an account signed in under that name.

    The old session's storage is emptied, so a cookie copied before this moment
    identifies nobody afterwards (no session fixation).
    """
    old = app.storage.user
    kept = {key: old[key] for key in KEPT if key in old}
    old.clear()
    new_id = str(uuid.uuid4())
    request.session["id"] = new_id
    # NiceGUI creates a session's storage when its first request arrives; this one is
    # new in the middle of a request, so it is created here.
    await app.storage._create_user_storage(new_id)  # noqa: SLF001
    new = app.storage.user
    new.update(kept)
    new["uid"] = uid or uuid.uuid4().hex
    if name:
        new["name"] = name
        new["account"] = name


def signed_in_as() -> str | None:
    """The account name this browser is signed in under, or None for a guest."""
    name = app.storage.user.get("account")
    return name if isinstance(name, str) and name else None
