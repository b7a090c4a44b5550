"""Sign in, sign up, and the account page (password, providers, sign out, delete).

The forms are real HTML forms posted to the routes of :mod:`ui.auth.routes`, which
answer with a redirect back here (``?error=<code>``) or onwards.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from contextlib import contextmanager

from fastapi import Request
from nicegui import app, events, ui
from sqlalchemy.exc import SQLAlchemyError

from ui.attrs import attrs
from ui.auth.oidc import Providers
from ui.auth.passwords import MIN_PASSWORD
from ui.auth.routes import FIELD, safe_next
from ui.auth.session import csrf_token, signed_in_as
from ui.gateway import StorageUnavailable
from ui.i18n import Translator
from ui.layout import frame, heading, translator, visitor_id
from ui.mail.service import MAX_ADDRESS, TURN_CHOICES, Mail, MailAddress
from ui.pages.errors import page_timeout, unavailable
from ui.site import Site
from ui.site_storage import LOCAL, USERNAME


@contextmanager
def post_form(action: str, testid: str) -> Iterator[ui.element]:
    """A form the browser posts itself (so the answer may set a new session cookie)."""
    form = ui.element("form").classes("w-full column gap-3")
    with attrs(form, {"method": "post", "action": action, "data-testid": testid}):
        hidden("csrf", csrf_token())
        yield form


def hidden(name: str, value: str) -> ui.element:
    """A hidden form field; its value is set as data, whatever characters it holds."""
    return attrs(ui.element("input"), {"type": "hidden", "name": name, "value": value})


def field(label: str, name: str, *, password: bool = False, value: str = "") -> ui.input:
    box = ui.input(label, value=value, password=password).classes("w-full")
    auto = {"username": "username", "password": "current-password", "current": "current-password"}
    complete = auto.get(name, "new-password")
    if name == "password" and not password:
        complete = "off"
    attrs(box, {"name": name, "maxlength": FIELD, "autocomplete": complete, "data-testid": name})
    return box.mark(name)


def submit(label: str, testid: str, *, danger: bool = False) -> None:
    button = ui.button(label).props("type=submit no-caps")
    button.props("color=negative" if danger else "color=primary")
    attrs(button, {"data-testid": testid}).mark(testid)


def message(t: Translator, request: Request) -> None:
    """The outcome the route reported in the query string."""
    error = request.query_params.get("error", "")
    done = request.query_params.get("done", "")
    if done and t.has(f"account.done.{done}"):
        ui.label(t(f"account.done.{done}")).classes("text-positive").props(
            'role="status" data-testid="account-done"'
        )
    if error and error != "none":
        known = t.has(f"account.error.{error}") or t.has(f"account.error.{error}.one")
        key = f"account.error.{error}" if known else "account.error.x"
        minutes = request.query_params.get("minutes", "15")[:3]
        count = int(minutes) if minutes.isdigit() else 15
        text = (
            t.plural(key, count, minutes=minutes, n=MIN_PASSWORD)
            if t.has(f"{key}.one")
            else t(key, minutes=minutes, n=MIN_PASSWORD)
        )
        ui.label(text).classes("text-negative").props('role="alert" data-testid="account-error"')


# Run by the browser when the sign-up form is sent: the server's own checks (which it
# still makes), in the same order, so that a mistake is said at once and nothing typed
# is lost. The rules and the sentences come from the form's data attributes.
SIGNUP_CHECK = """(event) => {
  const form = event.currentTarget;
  const input = (name) => form.querySelector(`input[name="${name}"]`);
  const [user, pass, again] = [input('username'), input('password'), input('confirm')];
  const pattern = new RegExp('^(?:' + form.dataset.usernamePattern + ')$');
  let problem = null;
  if (!pattern.test(user.value)) problem = [user, form.dataset.badUsername];
  else if (pass.value.length < Number(form.dataset.minPassword))
    problem = [pass, form.dataset.badPassword];
  else if (again.value !== pass.value) problem = [again, form.dataset.mismatch];
  const note = form.querySelector('[data-testid="signup-check"]');
  note.textContent = problem ? problem[1] : '';
  if (problem) {
    event.preventDefault();
    problem[0].focus();
  }
}"""


def checked_in_page(t: Translator, form: ui.element) -> None:
    """The sign-up form checks its fields in the page before it is posted."""
    attrs(
        form,
        {
            "novalidate": True,  # the page's own check speaks the site's language
            "data-username-pattern": USERNAME.pattern,
            "data-min-password": MIN_PASSWORD,
            "data-bad-username": t("account.error.bad_username"),
            "data-bad-password": t("account.error.bad_password", n=MIN_PASSWORD),
            "data-mismatch": t("account.error.password_mismatch"),
        },
    )
    form.on("submit", js_handler=SIGNUP_CHECK)


def address_input(t: Translator, value: str = "") -> None:
    box = ui.input(t("mail.address"), value=value).classes("w-full").props("type=email")
    attrs(
        box,
        {
            "name": "address",
            "maxlength": MAX_ADDRESS,
            "autocomplete": "email",
            "data-testid": "mail-address",
        },
    )


def account_card(t: Translator, row: MailAddress | None) -> None:
    """The account page's e-mail card: the address and whether it is confirmed, forms to
    change, confirm again or remove it, and the choice of "your turn" mails."""
    with ui.card().classes("w-full max-w-md gap-2").mark("mail-card"):
        ui.label(t("mail.title")).classes("text-lg font-semibold")
        if row is None:
            ui.label(t("mail.none")).classes("text-sm")
            with post_form("/auth/mail/address", "mail-form"):
                address_input(t)
                submit(t("mail.add"), "mail-submit")
            return
        state = t("mail.confirmed") if row.confirmed_at else t("mail.unconfirmed")
        shown = ui.label(t("labelled", label=row.address, text=state)).classes("text-sm")
        attrs(shown, {"data-testid": "mail-state"})
        if row.confirmed_at is None:
            with post_form("/auth/mail/resend", "mail-resend-form"):
                submit(t("mail.resend"), "mail-resend")
        with post_form("/auth/mail/address", "mail-form"):
            address_input(t, row.address)
            submit(t("mail.change"), "mail-submit")
        with post_form("/auth/mail/remove", "mail-remove-form"):
            submit(t("mail.remove"), "mail-remove", danger=True)
        ui.label(t("mail.turns")).classes("text-base font-semibold")
        with post_form("/auth/mail/turns", "mail-turns-form"):
            group = ui.element("fieldset").classes("column gap-1")
            with attrs(group, {"aria-label": t("mail.turns")}):
                for choice in TURN_CHOICES:
                    with ui.element("label").classes("row items-center gap-2"):
                        radio = ui.element("input")
                        attrs(
                            radio,
                            {
                                "type": "radio",
                                "name": "turns",
                                "value": choice,
                                "data-testid": f"turns-{choice}",
                            },
                        )
                        if row.turns == choice:
                            radio.props["checked"] = True
                        ui.label(t(f"mail.turns.{choice}"))
            if row.confirmed_at is None:
                ui.label(t("mail.turns_later")).classes("text-xs opacity-70")
            submit(t("mail.save"), "mail-turns-submit")


def auto_analysis_card(t: Translator, site: Site, uid: str, on: bool) -> None:
    """The switch for analysing this account's finished games as they end. A change is
    stored at once; one the database refused is undone and said."""
    with ui.card().classes("w-full max-w-md gap-2"):
        ui.label(t("account.analysis")).classes("text-lg font-semibold")
        stored = [on]
        switch = ui.switch(t("account.auto_analysis"), value=on)
        attrs(switch, {"data-testid": "auto-analysis"}).mark("auto-analysis")
        ui.label(t("account.auto_analysis_explain")).classes("text-xs opacity-70")
        problem = ui.label().classes("text-sm text-negative")
        attrs(problem, {"role": "alert", "data-testid": "auto-analysis-error"})

        async def changed(e: events.ValueChangeEventArguments) -> None:
            wanted = bool(e.value)
            if wanted == stored[0]:  # the switch put back after a refusal
                return
            try:
                await site.set_auto_analysis(uid, wanted)
            except StorageUnavailable as err:
                problem.set_text(t(f"error.{err.code}"))
                switch.set_value(stored[0])
                return
            stored[0] = wanted
            problem.set_text("")

        switch.on_value_change(changed)


def register(site: Site, providers: Providers, mail: Mail | None = None) -> None:
    """The account pages; with ``mail`` (``SMTP_URL`` set) also the e-mail card and the
    "forgot your password?" link."""

    @ui.page("/signin")
    def signin_page(request: Request) -> None:
        t = translator(request)
        visitor_id()
        with frame(t, t("account.signin")), ui.card().classes("w-full max-w-md gap-3"):
            heading(t("account.signin"))
            message(t, request)
            if signed_in_as():
                ui.label(t("account.already", name=signed_in_as() or "")).classes("text-sm")
            with post_form("/auth/signin", "signin-form"):
                username = request.query_params.get("username", "")[:FIELD]
                field(t("account.username"), "username", value=username)
                field(t("account.password"), "password", password=True)
                next_page = safe_next(request.query_params.get("next"))
                hidden("next", next_page)
                submit(t("account.signin"), "signin-submit")
            if mail is not None:
                ui.link(t("mail.forgot.link"), "/forgot").props('data-testid="to-forgot"')
            for provider in providers.all:
                button = ui.button(
                    t("account.with", name=provider.name),
                    on_click=lambda p=provider.id: ui.navigate.to(f"/auth/oidc/{p}/login"),
                ).props("outline no-caps")
                attrs(button, {"data-testid": f"oidc-{provider.id}"}).mark(f"oidc-{provider.id}")
            with ui.row().classes("items-center gap-2"):
                ui.label(t("account.no_account")).classes("text-sm")
                ui.link(t("account.signup"), "/signup").props('data-testid="to-signup"')

    @ui.page("/signup")
    def signup_page(request: Request) -> None:
        t = translator(request)
        visitor_id()
        with frame(t, t("account.signup")), ui.card().classes("w-full max-w-md gap-3"):
            heading(t("account.signup"))
            ui.label(t("account.signup_keeps")).classes("text-sm")
            message(t, request)
            with post_form("/auth/signup", "signup-form") as form:
                username = request.query_params.get("username", "")[:FIELD]
                name = field(t("account.username"), "username", value=username)
                attrs(name, {"required": True, "minlength": 3, "maxlength": 24})
                ui.label(t("account.username_rule")).classes("text-xs opacity-70")
                password = field(t("account.new_password"), "new_password", password=True)
                password.props('name="password"')
                attrs(password, {"required": True, "minlength": MIN_PASSWORD})
                ui.label(t("account.password_rule", n=MIN_PASSWORD)).classes(
                    "text-xs opacity-70"
                ).mark("password-rule")
                attrs(field(t("account.confirm"), "confirm", password=True), {"required": True})
                check = ui.label().classes("text-negative").mark("signup-check")
                attrs(check, {"role": "alert", "data-testid": "signup-check"})
                submit(t("account.signup"), "signup-submit")
            checked_in_page(t, form)
            with ui.row().classes("items-center gap-2"):
                ui.label(t("account.have_account")).classes("text-sm")
                ui.link(t("account.signin"), "/signin")

    @ui.page("/account", response_timeout=page_timeout(site.gateway))
    async def account_page(request: Request) -> None:
        t = translator(request)
        uid = visitor_id()
        with frame(t, t("account.title")):
            try:
                user = await site.user(uid)
                linked, auto = await asyncio.gather(site.identities(uid), site.auto_analysis(uid))
                address = await mail.address(uid) if mail is not None and user else None
            except StorageUnavailable as err:
                unavailable(t, err)
                return
            except SQLAlchemyError:
                ui.label(t("error.storage_read")).props('role="alert"')
                return
            if user is None or user.kind != LOCAL:
                app.storage.user.pop("account", None)
                ui.label(t("account.guest")).classes("text-lg").props('data-testid="guest"')
                with ui.row():
                    ui.button(t("account.signin"), on_click=lambda: ui.navigate.to("/signin"))
                    ui.button(t("account.signup"), on_click=lambda: ui.navigate.to("/signup"))
                return
            heading(t("account.title"))
            message(t, request)
            ui.label(t("account.signed_in_as", name=user.username or "")).props(
                'data-testid="signed-in-as"'
            )
            ui.link(t("account.profile"), f"/players/{user.username}")
            if linked:
                names = ", ".join(
                    (p.name if (p := providers.get(pid)) else pid) for pid in sorted(linked)
                )
                ui.label(t("account.linked", names=names)).classes("text-sm")
            for provider in providers.all:
                if provider.id not in linked:
                    button = ui.button(
                        t("account.link", name=provider.name),
                        on_click=lambda p=provider.id: ui.navigate.to(f"/auth/oidc/{p}/login"),
                    ).props("outline no-caps")
                    attrs(button, {"data-testid": f"link-{provider.id}"})
            with post_form("/auth/signout", "signout-form"):
                submit(t("account.signout"), "signout")
            if mail is not None:
                account_card(t, address)
            auto_analysis_card(t, site, uid, auto)
            with ui.card().classes("w-full max-w-md gap-2"):
                ui.label(t("account.change_password")).classes("text-lg font-semibold")
                with post_form("/auth/password", "password-form"):
                    if user.password_hash is not None:
                        field(t("account.current"), "current", password=True)
                    field(t("account.new_password"), "new_password", password=True).props(
                        'name="password"'
                    )
                    field(t("account.confirm"), "confirm", password=True)
                    submit(t("account.change_password"), "password-submit")
            with ui.card().classes("w-full max-w-md gap-2"):
                ui.label(t("account.delete")).classes("text-lg font-semibold")
                ui.label(t("account.delete_explain")).classes("text-sm")
                with post_form("/auth/delete", "delete-form"):
                    field(t("account.delete_confirm"), "delete_confirm").props('name="confirm"')
                    submit(t("account.delete"), "delete-submit", danger=True)
