"""The sign-in routes: plain HTTP form posts and provider redirects, so that each one can
replace the browser's session cookie. Every refusal goes back to the form with an
error code the page translates; nothing is changed by a refused request."""

from __future__ import annotations

import logging
import math
import re
from collections.abc import Awaitable
from typing import Any
from urllib.parse import urlencode

from authlib.integrations.base_client.errors import OAuthError
from fastapi import Request
from fastapi.responses import RedirectResponse
from nicegui import app, run
from sqlalchemy.exc import SQLAlchemyError

from storage import accounts
from storage.accounts import AccountError
from storage.models import GUEST, LOCAL
from ui.auth.limits import Attempt, LimitsUnavailable, SignInGate, SignInLimits
from ui.auth.oidc import Providers
from ui.auth.passwords import hash_password, valid_password, verify
from ui.auth.session import become, csrf_ok
from ui.auth.shared_limits import sign_in_gate
from ui.gateway import StorageUnavailable
from ui.site import Site

log = logging.getLogger(__name__)

FIELD = 256  # longest form value read
# The database did not answer, or refused: the visitor is sent back with "storage".
STORAGE_ERRORS = (StorageUnavailable, SQLAlchemyError)


# A path on this site, of characters that need no escaping anywhere (no quote, angle
# bracket, backslash, space, control character or colon): what the sign-in pages pass
# on is always one of this site's own addresses.
SAFE_NEXT = re.compile(r"/[A-Za-z0-9._~/?=&%+,#-]{0,199}")


def safe_next(target: object, default: str = "/history") -> str:
    """A path on this site to go to after signing in (never another site): one made
    only of safe characters, without ``//`` (which a browser reads as another host)."""
    if isinstance(target, str) and SAFE_NEXT.fullmatch(target) and "//" not in target:
        return target
    return default


def back(page: str, error: str, **params: Any) -> RedirectResponse:
    query = urlencode({"error": error, **{k: str(v)[:FIELD] for k, v in params.items()}})
    return RedirectResponse(f"{page}?{query}", status_code=303)


def go(target: str) -> RedirectResponse:
    return RedirectResponse(target, status_code=303)


def text(form: Any, name: str) -> str:
    value = form.get(name)
    return value[:FIELD] if isinstance(value, str) else ""


def client_address(request: Request) -> str:
    """The peer's address (a trusted proxy's X-Forwarded-For only: see ui.app)."""
    return request.client.host if request.client else "unknown"


def refused(page: str, attempt: Attempt, **params: Any) -> RedirectResponse:
    """Back to the form: "try again in N minutes" for the address's hard limits, "wait a
    moment" for the account's delay (at most a minute)."""
    if attempt.hard:
        minutes = math.ceil(attempt.wait / 60)
        return back(page, "rate_limited", **params, minutes=minutes)
    return back(page, "slow_down", **params)


async def after_the_fact(step: Awaitable[None]) -> None:
    """A change to the limits once the password has been checked (forgiving its attempt,
    remembering the address): when the shared limits cannot take it, the visitor is not
    held back for it; the attempt simply stays counted."""
    try:
        await step
    except LimitsUnavailable as err:
        log.warning("the sign-in limits could not be updated: %s", err)


def current_uid() -> str:
    uid = app.storage.user.get("uid")
    return uid if isinstance(uid, str) and len(uid) == 32 else ""


def register(site: Site, providers: Providers, limits: SignInLimits) -> None:
    """The sign-in routes, held to ``limits`` (or, with ``REDIS_URL`` set, to their policy
    kept in Redis for every process: :func:`ui.auth.shared_limits.sign_in_gate`)."""
    gateway = site.gateway
    gate: SignInGate = sign_in_gate(limits)

    async def attempt(
        page: str, key: str, address: str, **params: Any
    ) -> Attempt | RedirectResponse:
        """The attempt counted until its password proves right, or where to send the
        browser instead: back to the form when it must wait, or when the shared limits
        cannot say (they fail closed: docs/security.md)."""
        try:
            counted = await gate.attempt(key, address)
        except LimitsUnavailable as err:
            log.warning("sign-in refused: the limits cannot be asked: %s", err)
            return back(page, "storage", **params)
        return refused(page, counted, **params) if counted.wait else counted

    async def current_user() -> Any:
        uid = current_uid()
        return await gateway(accounts.get_user, user_id=uid) if uid else None

    async def current_account() -> Any:
        """The signed-in account, or None for a guest (or a deleted account)."""
        user = await current_user()
        return user if user is not None and user.kind == LOCAL else None

    @app.post("/auth/signup")
    async def signup(request: Request) -> RedirectResponse:
        form = await request.form()
        username, password = text(form, "username"), text(form, "password")
        if not csrf_ok(form.get("csrf")):
            return back("/signup", "csrf", username=username)
        if not accounts.valid_username(username):
            return back("/signup", "bad_username", username=username)
        if not valid_password(password):
            return back("/signup", "bad_password", username=username)
        if password != text(form, "confirm"):
            return back("/signup", "password_mismatch", username=username)
        try:
            user = await current_user()
            if user is not None and user.kind != GUEST:
                return back("/signup", "signed_in")
            uid = user.id if user is not None else current_uid() or None
            if uid is None:
                await become(request, None)
                uid = current_uid()
            hashed = await run.io_bound(hash_password, password)
            await gateway(
                accounts.create_account, user_id=uid, username=username, password_hash=hashed
            )
        except AccountError as err:
            return back("/signup", err.code, username=username)
        except STORAGE_ERRORS:
            log.exception("sign-up failed")
            return back("/signup", "storage", username=username)
        await after_the_fact(
            gate.succeeded(accounts.username_key(username), client_address(request))
        )
        await become(request, uid, name=username)
        return go(safe_next(form.get("next")))

    @app.post("/auth/signin")
    async def signin(request: Request) -> RedirectResponse:
        form = await request.form()
        username, password = text(form, "username"), text(form, "password")
        if not csrf_ok(form.get("csrf")):
            return back("/signin", "csrf", username=username)
        address = client_address(request)
        key = accounts.username_key(username)
        counted = await attempt("/signin", key, address, username=username)
        if isinstance(counted, RedirectResponse):
            return counted
        try:
            user = None
            if accounts.valid_username(username):
                user = await gateway(accounts.find_account, username=username)
        except STORAGE_ERRORS:
            await after_the_fact(gate.forgive(key, address, counted))
            log.exception("sign-in failed")
            return back("/signin", "storage", username=username)
        # Unknown users are checked against a dummy hash: the same answer in the same time.
        ok = await run.io_bound(verify, user.password_hash if user else None, password)
        if not ok or user is None:
            return back("/signin", "bad_credentials", username=username)
        await after_the_fact(gate.forgive(key, address, counted))
        await after_the_fact(gate.succeeded(key, address))
        await become(request, user.id, name=user.name)
        return go(safe_next(form.get("next")))

    @app.post("/auth/signout")
    async def signout(request: Request) -> RedirectResponse:
        form = await request.form()
        if not csrf_ok(form.get("csrf")):
            return back("/account", "csrf")
        await become(request, None)
        return go("/")

    @app.post("/auth/password")
    async def change_password(request: Request) -> RedirectResponse:
        form = await request.form()
        if not csrf_ok(form.get("csrf")):
            return back("/account", "csrf")
        try:
            user = await current_account()
        except STORAGE_ERRORS:
            return back("/account", "storage")
        if user is None:
            return back("/signin", "signin_first")
        new = text(form, "password")
        if not valid_password(new):
            return back("/account", "bad_password")
        if new != text(form, "confirm"):
            return back("/account", "password_mismatch")
        address = client_address(request)
        key = accounts.username_key(user.username or "")
        if user.password_hash is not None:
            counted = await attempt("/account", key, address)
            if isinstance(counted, RedirectResponse):
                return counted
            if not await run.io_bound(verify, user.password_hash, text(form, "current")):
                return back("/account", "bad_current")
            await after_the_fact(gate.forgive(key, address, counted))
        hashed = await run.io_bound(hash_password, new)
        if hashed is None:  # the site is shutting down: no hash, nothing stored
            return back("/account", "storage")
        try:
            await gateway(accounts.set_password, user_id=user.id, password_hash=hashed)
        except STORAGE_ERRORS:
            log.exception("password change failed")
            return back("/account", "storage")
        return back("/account", "none", done="password")

    @app.post("/auth/delete")
    async def delete(request: Request) -> RedirectResponse:
        form = await request.form()
        if not csrf_ok(form.get("csrf")):
            return back("/account", "csrf")
        try:
            user = await current_account()
        except STORAGE_ERRORS:
            return back("/account", "storage")
        if user is None:
            return back("/signin", "signin_first")
        if text(form, "confirm").casefold() != (user.username or "").casefold():
            return back("/account", "confirm_username")
        try:
            await gateway(accounts.delete_account, user_id=user.id)
        except STORAGE_ERRORS:
            log.exception("account deletion failed")
            return back("/account", "storage")
        await become(request, None)
        return go("/?deleted=1")

    @app.get("/auth/oidc/{pid}/login")
    async def oidc_login(pid: str, request: Request) -> Any:
        if providers.get(pid) is None:
            return back("/signin", "unknown_provider")
        redirect_uri = str(request.url_for("oidc_callback", pid=pid))
        try:
            return await providers.client(pid).authorize_redirect(request, redirect_uri)
        except Exception:
            log.exception("provider %s could not be reached", pid)
            return back("/signin", "oidc_failed")

    @app.get("/auth/oidc/{pid}/callback", name="oidc_callback")
    async def oidc_callback(pid: str, request: Request) -> RedirectResponse:
        if providers.get(pid) is None:
            return back("/signin", "unknown_provider")
        try:
            token = await providers.client(pid).authorize_access_token(request)
            claims = token.get("userinfo") or {}
        except (OAuthError, ValueError, KeyError) as err:
            log.warning("sign-in through %s refused: %s", pid, err)
            return back("/signin", "oidc_failed")
        except Exception:
            log.exception("sign-in through %s failed", pid)
            return back("/signin", "oidc_failed")
        subject = claims.get("sub")
        if not isinstance(subject, str) or not subject:
            return back("/signin", "oidc_failed")
        try:
            user = await gateway(accounts.user_for_identity, provider=pid, subject=subject)
            if user is None:
                user = await _account_for_new_identity(request, pid, subject, claims)
        except (AccountError, *STORAGE_ERRORS) as err:
            log.warning("could not link %s identity: %s", pid, err)
            return back("/signin", getattr(err, "code", "storage"))
        await become(request, user.id, name=user.name)
        return go("/history")

    async def _account_for_new_identity(
        request: Request, pid: str, subject: str, claims: dict[str, Any]
    ) -> Any:
        """Link the identity to the signed-in account, or make the guest an account."""
        user = await current_user()
        if user is None or user.kind != LOCAL:
            wanted = str(
                claims.get("preferred_username")
                or str(claims.get("email", "")).split("@")[0]
                or claims.get("name")
                or "player"
            )
            username = await gateway(accounts.free_username, wanted)
            uid = user.id if user is not None and user.kind == GUEST else current_uid()
            if not uid:
                await become(request, None)
                uid = current_uid()
            user = await gateway(
                accounts.create_account, user_id=uid, username=username, password_hash=None
            )
        await gateway(accounts.link_identity, provider=pid, subject=subject, user_id=user.id)
        return user
