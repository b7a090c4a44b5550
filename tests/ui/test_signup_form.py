"""The sign-up form: each rule under its own field, and the form checks itself in the
page before it is posted (the server still checks: tests/ui/test_auth.py)."""

from __future__ import annotations

import re

from nicegui import ui
from nicegui.testing import User

from storage.accounts import USERNAME
from ui.pages.account import SIGNUP_CHECK


def form_children(user: User) -> list[ui.element]:
    (form,) = [e for e in user.client.elements.values() if e.props.get("action") == "/auth/signup"]
    return list(form.default_slot.children)


async def test_the_password_rule_sits_under_the_password_not_under_its_confirmation(
    user: User,
) -> None:
    await user.open("/signup")
    order = [
        "rule"
        if getattr(child, "text", "") == "At least 8 characters."
        else child.props.get("name")
        for child in form_children(user)
    ]
    assert order.index("rule") == order.index("password") + 1  # under the password
    assert order.index("confirm") > order.index("rule")


async def test_the_form_checks_its_fields_in_the_page_in_the_site_s_language(user: User) -> None:
    user.http_client.headers["accept-language"] = "fr"
    await user.open("/signup")
    (form,) = [e for e in user.client.elements.values() if e.props.get("action") == "/auth/signup"]
    assert form.props["data-min-password"] == 8
    assert form.props["data-username-pattern"] == USERNAME.pattern
    assert form.props["data-bad-password"] == "Un mot de passe a au moins 8 caractères."
    assert form.props["data-mismatch"] == "Les deux mots de passe diffèrent."
    assert form.props["data-bad-username"].startswith("Un nom d’utilisateur a de 3 à 24")
    (listener,) = [lst for lst in form._event_listeners.values() if lst.type == "submit"]
    assert listener.js_handler == SIGNUP_CHECK
    assert "event.preventDefault()" in SIGNUP_CHECK
    await user.should_see(marker="signup-check")
    by_name = {child.props.get("name"): child for child in form_children(user)}
    assert by_name["password"].props["minlength"] == 8
    assert by_name["username"].props["required"] is True
    # The page's check mirrors the server's rule.
    assert re.fullmatch(USERNAME.pattern, "ann") and not re.fullmatch(USERNAME.pattern, "an")
