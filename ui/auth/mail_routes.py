"""The mail routes (only with ``SMTP_URL``): an account's address and its choice of turn
mails, posted from the account page, and the password reset: the "forgot your password"
form and the new password from a mailed link. Like every route of :mod:`ui.auth.routes`,
each is a plain form post checked for the page's token and answered with a redirect; a
refused request changes nothing.

Asking for a reset link gets one answer, at once, whether or not the address belongs to an
account: the lookup and the mail are done in the background (:meth:`Mail.ask_reset`), and
the limits count known and unknown addresses alike.
"""

from __future__ import annotations

import logging
import math
from typing import Any

from fastapi import Request
from fastapi.responses import RedirectResponse
from nicegui import app, run

from storage import accounts
from storage.mail import MAX_ADDRESS, TURN_CHOICES, MailError, valid_address
from storage.models import LOCAL
from ui.auth.passwords import hash_password, valid_password
from ui.auth.routes import STORAGE_ERRORS, back, client_address, current_uid, go, text
from ui.auth.session import become, csrf_ok
from ui.i18n import LANGUAGES, best_language
from ui.mail.service import Mail
from ui.site import Site

log = logging.getLogger(__name__)


def language(request: Request) -> str:
    """The language the visitor reads the site in: their choice, else their browser's."""
    chosen = app.storage.user.get("lang")
    if isinstance(chosen, str) and chosen in LANGUAGES:
        return chosen
    return best_language(request.headers.get("accept-language"))


def form_address(form: Any) -> str | None:
    """The form's ``address`` field, trimmed, if it is a valid address of a sane length."""
    address = form.get("address")
    if not isinstance(address, str) or len(address) > MAX_ADDRESS:
        return None
    address = address.strip()
    return address if valid_address(address) else None


def register(site: Site, mail: Mail) -> None:
    gateway = site.gateway

    async def account() -> object | None:
        uid = current_uid()
        user = await gateway(accounts.get_user, user_id=uid) if uid else None
        return user if user is not None and user.kind == LOCAL else None

    @app.post("/auth/mail/address")
    async def set_address(request: Request) -> RedirectResponse:
        form = await request.form()
        if not csrf_ok(form.get("csrf")):
            return back("/account", "csrf")
        address = form_address(form)
        if address is None:
            return back("/account", "bad_address")
        try:
            user = await account()
            if user is None:
                return back("/signin", "signin_first")
            name = getattr(user, "username", None) or ""
            ok = await mail.add(current_uid(), name, address, language(request))
        except MailError as err:
            return back("/account", err.code)
        except STORAGE_ERRORS:
            log.exception("the address could not be stored")
            return back("/account", "storage")
        return back("/account", "none", done="mail_sent") if ok else _too_often()

    @app.post("/auth/mail/resend")
    async def resend(request: Request) -> RedirectResponse:
        form = await request.form()
        if not csrf_ok(form.get("csrf")):
            return back("/account", "csrf")
        try:
            user = await account()
            if user is None:
                return back("/signin", "signin_first")
            name = getattr(user, "username", None) or ""
            ok = await mail.resend(current_uid(), name)
        except STORAGE_ERRORS:
            log.exception("the confirmation could not be queued")
            return back("/account", "storage")
        return back("/account", "none", done="mail_sent") if ok else _too_often()

    @app.post("/auth/mail/remove")
    async def remove(request: Request) -> RedirectResponse:
        form = await request.form()
        if not csrf_ok(form.get("csrf")):
            return back("/account", "csrf")
        try:
            if await account() is None:
                return back("/signin", "signin_first")
            await mail.remove(current_uid())
        except STORAGE_ERRORS:
            log.exception("the address could not be removed")
            return back("/account", "storage")
        return back("/account", "none", done="mail_removed")

    @app.post("/auth/mail/turns")
    async def choose(request: Request) -> RedirectResponse:
        form = await request.form()
        if not csrf_ok(form.get("csrf")):
            return back("/account", "csrf")
        turns = text(form, "turns")
        if turns not in TURN_CHOICES:
            return back("/account", "bad_choice")
        try:
            if await account() is None:
                return back("/signin", "signin_first")
            await mail.choose(current_uid(), turns, language(request))
        except MailError as err:
            return back("/account", err.code)
        except STORAGE_ERRORS:
            log.exception("the choice of mails could not be stored")
            return back("/account", "storage")
        return back("/account", "none", done="mail_turns")

    @app.post("/auth/forgot")
    async def forgot(request: Request) -> RedirectResponse:
        form = await request.form()
        if not csrf_ok(form.get("csrf")):
            return back("/forgot", "csrf")
        address = form_address(form)
        if address is None:
            return back("/forgot", "bad_address")
        try:
            wait = await mail.may_ask_reset(address, client_address(request))
        except Exception as err:  # the shared limits cannot be asked: fail closed
            log.warning("reset refused: the limits cannot be asked: %s", err)
            return back("/forgot", "storage")
        if wait:
            return back("/forgot", "rate_limited", minutes=math.ceil(wait / 60))
        mail.ask_reset(address)
        return back("/forgot", "none", done="reset_sent")

    @app.post("/auth/reset")
    async def reset(request: Request) -> RedirectResponse:
        form = await request.form()
        token = text(form, "token")
        page = f"/reset/{token}" if mail.reset_token_shape(token) else "/forgot"
        if not csrf_ok(form.get("csrf")):
            return back(page, "csrf")
        password = text(form, "password")
        if not valid_password(password):
            return back(page, "bad_password")
        if password != text(form, "confirm"):
            return back(page, "password_mismatch")
        if not mail.reset_token_shape(token):
            return back("/forgot", "reset_link")
        hashed = await run.io_bound(hash_password, password)
        if hashed is None:  # the site is shutting down: nothing stored
            return back(page, "storage")
        try:
            user_id = await mail.reset(token, hashed)
        except STORAGE_ERRORS:
            log.exception("the password could not be reset")
            return back(page, "storage")
        if user_id is None:
            return back("/forgot", "reset_link")
        # Whoever held this browser before is signed out; the owner signs in anew.
        await become(request, None)
        return go("/signin?error=none&done=password_reset")


def _too_often() -> RedirectResponse:
    return back("/account", "mail_too_often")
