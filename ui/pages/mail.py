"""The mail pages (only with ``SMTP_URL``; without it these addresses answer 404): the
account page's e-mail card, the confirmation and unsubscribe links mailed to people, and
the password reset ("forgot your password?" and the new password from the mailed link).

The links work without signing in: a confirmation or unsubscribe link opened in another
browser than the account's still does its one thing, and says so.
"""

from __future__ import annotations

from fastapi import Request
from fastapi.responses import PlainTextResponse
from nicegui import app, ui

from ui.attrs import attrs
from ui.auth.passwords import MIN_PASSWORD
from ui.gateway import StorageUnavailable
from ui.layout import frame, heading, translator, visitor_id
from ui.mail.service import Mail, MailError
from ui.pages.account import address_input, field, hidden, message, post_form, submit
from ui.pages.errors import page_timeout, unavailable


def register(mail: Mail) -> None:
    timeout = page_timeout(mail.gateway)

    @ui.page("/mail/confirm/{token}", response_timeout=timeout)
    async def confirm_page(request: Request, token: str) -> None:
        t = translator(request)
        with frame(t, t("mail.confirm.title")):
            heading(t("mail.confirm.title"))
            try:
                row = await mail.confirm(token[:100])
            except MailError:
                say(t("mail.confirm.taken"), "mail-taken", alert=True)
                return
            except StorageUnavailable as err:
                unavailable(t, err)
                return
            if row is None:
                say(t("mail.confirm.bad"), "mail-bad-link", alert=True)
            else:
                say(t("mail.confirm.done", address=row.address), "mail-confirmed")
            ui.link(t("mail.to_account"), "/account").props('data-testid="to-account"')

    @ui.page("/mail/unsubscribe/{token}", response_timeout=timeout)
    async def unsubscribe_page(request: Request, token: str) -> None:
        t = translator(request)
        with frame(t, t("mail.unsubscribe.title")):
            heading(t("mail.unsubscribe.title"))
            try:
                done = await mail.unsubscribe(token[:100])
            except StorageUnavailable as err:
                unavailable(t, err)
                return
            if not done:
                say(t("mail.unsubscribe.bad"), "mail-bad-link", alert=True)
                return
            say(t("mail.unsubscribe.done"), "mail-unsubscribed")
            ui.label(t("mail.unsubscribe.again")).classes("text-sm")
            ui.link(t("mail.to_account"), "/account").props('data-testid="to-account"')

    @app.post("/mail/unsubscribe/{token}")
    async def unsubscribe_one_click(token: str) -> PlainTextResponse:
        """RFC 8058: a mail program's "unsubscribe" button posts to the link itself."""
        done = await mail.unsubscribe(token[:100])
        return PlainTextResponse("ok" if done else "unknown link", status_code=200 if done else 404)

    @ui.page("/forgot")
    def forgot_page(request: Request) -> None:
        t = translator(request)
        visitor_id()
        with frame(t, t("mail.forgot.title")), ui.card().classes("w-full max-w-md gap-3"):
            heading(t("mail.forgot.title"))
            ui.label(t("mail.forgot.explain")).classes("text-sm")
            message(t, request)
            with post_form("/auth/forgot", "forgot-form"):
                address_input(t)
                submit(t("mail.forgot.send"), "forgot-submit")
            ui.link(t("account.signin"), "/signin")

    @ui.page("/reset/{token}", response_timeout=timeout)
    async def reset_page(request: Request, token: str) -> None:
        t = translator(request)
        visitor_id()
        with frame(t, t("mail.reset.title")), ui.card().classes("w-full max-w-md gap-3"):
            heading(t("mail.reset.title"))
            try:
                works = await mail.reset_works(token)
            except StorageUnavailable as err:
                unavailable(t, err)
                return
            if not works:
                say(t("account.error.reset_link"), "mail-bad-link", alert=True)
                ui.link(t("mail.forgot.again"), "/forgot").props('data-testid="to-forgot"')
                return
            message(t, request)
            with post_form("/auth/reset", "reset-form"):
                hidden("token", token)
                password = field(t("account.new_password"), "new_password", password=True)
                password.props('name="password"')
                attrs(password, {"required": True, "minlength": MIN_PASSWORD})
                ui.label(t("account.password_rule", n=MIN_PASSWORD)).classes("text-xs opacity-70")
                attrs(field(t("account.confirm"), "confirm", password=True), {"required": True})
                submit(t("mail.reset.submit"), "reset-submit")


def say(text: str, testid: str, *, alert: bool = False) -> None:
    label = ui.label(text).classes("text-base")
    attrs(label, {"role": "alert" if alert else "status", "data-testid": testid})
