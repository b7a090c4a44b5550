"""The header's colour theme switch: the system's choice by default, then the visitor's,
remembered for this browser's next pages, and named for screen readers in both languages."""

from __future__ import annotations

from nicegui import ui
from nicegui.elements.dark_mode import DarkMode
from nicegui.testing import User


def dark_value(user: User) -> bool | None:
    """What the page's ``ui.dark_mode`` asks for: True, False, or None for the system's."""
    (element,) = [e for e in user.client.elements.values() if isinstance(e, DarkMode)]
    return element.value


def switch(user: User) -> ui.button:
    (button,) = user.find(marker="theme").elements
    assert isinstance(button, ui.button)
    return button


def checked(user: User) -> list[str]:
    return sorted(
        str(e.props.get("data-testid"))
        for e in user.client.elements.values()
        if e.props.get("role") == "menuitemradio"
        and e.props.get("aria-checked") == "true"
        and str(e.props.get("data-testid")).startswith("theme-")  # not the language items
    )


async def test_the_site_follows_the_system_until_the_visitor_chooses(user: User) -> None:
    await user.open("/")
    assert dark_value(user) is None
    assert switch(user).props["aria-label"] == "Colour theme: Follow the system"
    assert switch(user).props["icon"] == "brightness_auto"
    assert checked(user) == ["theme-auto"]

    user.find(marker="theme-dark").click()
    assert dark_value(user) is True
    assert switch(user).props["aria-label"] == "Colour theme: Dark"
    assert switch(user).props["icon"] == "dark_mode"
    assert checked(user) == ["theme-dark"]

    await user.open("/lobby")  # another page of the same browser
    assert dark_value(user) is True
    assert checked(user) == ["theme-dark"]

    user.find(marker="theme-light").click()
    await user.open("/rules")
    assert dark_value(user) is False
    assert switch(user).props["aria-label"] == "Colour theme: Light"

    user.find(marker="theme-auto").click()
    await user.open("/")
    assert dark_value(user) is None


async def test_the_switch_speaks_french(user: User) -> None:
    user.http_client.headers["accept-language"] = "fr"
    await user.open("/")
    assert switch(user).props["aria-label"] == "Thème de couleurs : Suivre le système"
    await user.should_see("Sombre")
    await user.should_see("Clair")
