"""Sign in, sign up, and the account page (password, providers, sign out, delete).

The forms are real HTML forms posted to the routes of :mod:`ui.auth.routes`, which
answer with a redirect back here (``?error=<code>``) or onwards.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from fastapi import Request
from nicegui import app, ui
from sqlalchemy.exc import SQLAlchemyError

from ui.attrs import attrs
from ui.auth.oidc import Providers
from ui.auth.passwords import MIN_PASSWORD
from ui.auth.routes import FIELD, safe_next
from ui.auth.session import csrf_token, signed_in_as
from ui.gateway import StorageUnavailable
from ui.i18n import Translator
from ui.layout import frame, heading, translator, visitor_id
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


def register(site: Site, providers: Providers) -> None:
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
                linked = await site.identities(uid)
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
