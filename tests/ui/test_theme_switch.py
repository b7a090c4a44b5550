"""The header's colour theme switch: the system's choice by default, then the visitor's,
remembered for this browser's next pages, and named for screen readers in both languages.

The header is one element drawn in the browser (``ui/site_header.js``); these tests read its
props and send it the events its menu sends (the browser tests click the menu itself)."""

from __future__ import annotations

from nicegui.elements.dark_mode import DarkMode
from nicegui.testing import User

from ui.header import SiteHeader


def dark_value(user: User) -> bool | None:
    """What the page's ``ui.dark_mode`` asks for: True, False, or None for the system's."""
    (element,) = [e for e in user.client.elements.values() if isinstance(e, DarkMode)]
    return element.value


def header(user: User) -> SiteHeader:
    (element,) = [e for e in user.client.elements.values() if isinstance(e, SiteHeader)]
    return element


def said(user: User) -> str:
    """What a screen reader is told of the switch: the theme now in force."""
    props = header(user).props
    return str(props["words"]["themes"][props["theme"]]["said"])


def choose(user: User, theme: object) -> None:
    user.find(SiteHeader).trigger("theme", theme)


async def test_the_site_follows_the_system_until_the_visitor_chooses(user: User) -> None:
    await user.open("/")
    assert dark_value(user) is None
    assert said(user) == "Colour theme: Follow the system"
    assert header(user).props["theme"] == "auto"
    assert header(user).props["icons"]["auto"] == "brightness_auto"

    choose(user, "dark")
    assert dark_value(user) is True
    assert said(user) == "Colour theme: Dark"
    assert header(user).props["theme"] == "dark"

    await user.open("/lobby")  # another page of the same browser
    assert dark_value(user) is True
    assert header(user).props["theme"] == "dark"

    choose(user, "light")
    await user.open("/rules")
    assert dark_value(user) is False
    assert said(user) == "Colour theme: Light"

    choose(user, "auto")
    await user.open("/")
    assert dark_value(user) is None


async def test_a_forged_theme_changes_nothing(user: User) -> None:
    await user.open("/")
    for forged in ("purple", None, ["dark"], {"theme": "dark"}, "dark" * 1000):
        choose(user, forged)
        assert header(user).props["theme"] == "auto"
        assert dark_value(user) is None
    await user.open("/")
    assert header(user).props["theme"] == "auto"


async def test_the_switch_speaks_french(user: User) -> None:
    user.http_client.headers["accept-language"] = "fr"
    await user.open("/")
    assert said(user) == "Thème de couleurs\u202f: Suivre le système"
    names = {key: theme["name"] for key, theme in header(user).props["words"]["themes"].items()}
    assert names == {"light": "Clair", "dark": "Sombre", "auto": "Suivre le système"}
