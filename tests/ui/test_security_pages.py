"""Pages against crafted input: a sign-in link cannot smuggle props (a prop whose name
starts with ":" is run as JavaScript by the browser), a second Resign click is told,
and an oversized move is refused without being echoed."""

from __future__ import annotations

import pytest
from nicegui import ui
from nicegui.testing import User
from nicegui.testing.user_interaction import UserInteraction

from core.table import MAX_ACTION, TableError
from tests.test_table import holder, mover, table_at
from tests.ui.test_move_box import box, hot_seat_caravan, press, stored_actions, text_of
from ui.auth.routes import safe_next

CRAFTED = '/signin?next=/x" :data-x="(window.__pwned=1)'


def test_only_a_path_of_safe_characters_is_followed_after_sign_in() -> None:
    for good in ("/", "/table/abc123", "/history?game=caravan&result=won&page=2", "/rules#x"):
        assert safe_next(good) == good
    for bad in (
        '/x" :data-x="(window.__pwned=1)',
        "/x'y",
        "/<script>",
        "/a\\b",
        "/a\nb",
        "/a\x00b",
        "/a b",
        "/a//b",
        "/javascript:alert(1)",
        "javascript:alert(1)",
        "x/y",
        "",
    ):
        assert safe_next(bad) == "/history", bad


def hidden_next(user: User) -> ui.element:
    assert user.client is not None
    (element,) = [
        e
        for e in user.client.elements.values()
        if e.tag == "input" and e.props.get("name") == "next"
    ]
    return element


async def test_a_crafted_sign_in_link_adds_no_prop_to_the_page(user: User) -> None:
    await user.open(CRAFTED)
    props = hidden_next(user).props
    assert [name for name in props if name.startswith(":")] == []
    assert set(props) == {"type", "name", "value"}
    assert props["value"] == "/history"  # the crafted target is refused, not trimmed


async def test_a_plain_next_path_survives_the_sign_in_form(user: User) -> None:
    await user.open("/signin?next=/table/abc123?x=1")
    assert hidden_next(user).props["value"] == "/table/abc123?x=1"


async def start_against_the_bot(user: User) -> None:
    await user.open("/new/caravan")
    user.find(marker="name").clear().type("Ann")
    user.find(marker="start").click()
    await user.should_see(marker="resign")


async def test_a_double_click_on_resign_resigns_once_and_is_no_error(user: User) -> None:
    """Each button is clicked twice, as a double click sends it (the server drops a click
    on a disabled button): one dialog, one resignation, and no refusal notified from a
    dialog already removed (it was a RuntimeError in a task)."""
    await start_against_the_bot(user)
    resign = user.find(marker="resign").elements.pop()
    UserInteraction(user, {resign}, None).click()
    UserInteraction(user, {resign}, None).click()
    for yes in list(user.find(marker="resign-yes").elements):
        UserInteraction(user, {yes}, None).click()
        UserInteraction(user, {yes}, None).click()
    await user.should_see("You are watching")
    assert user.notify.messages == []


async def test_keeping_playing_gives_the_resign_button_back(user: User) -> None:
    await start_against_the_bot(user)
    user.find(marker="resign").click()
    (resign,) = user.find(marker="resign").elements
    assert not resign.enabled
    user.find("Keep playing").click()
    assert resign.enabled


async def test_a_huge_move_is_refused_quoting_only_its_first_characters(user: User) -> None:
    await hot_seat_caravan(user)
    box(user).value = "9" * 100_000
    press(user, "Enter")
    await user.should_see("is too long")
    said = text_of(user, "move-error")
    assert len(said) < 200
    assert "…" in said
    assert await stored_actions(user) == []
    assert len(box(user).value) == 100_000  # kept, as every refused move is


async def test_a_long_garbled_move_is_quoted_by_its_start_only(user: User) -> None:
    await hot_seat_caravan(user)
    box(user).value = "z" * 90
    press(user, "Enter")
    await user.should_see("is not a play")
    said = text_of(user, "move-error")
    assert "z" * 41 not in said and "z" * 40 + "…" in said


async def test_the_table_refuses_an_oversized_action_before_the_engine_reads_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    table = table_at(0)
    seat = mover(table)
    read: list[str] = []
    monkeypatch.setattr(type(table.state), "apply", lambda self, s, a: read.append(a))
    with pytest.raises(TableError) as caught:
        await table.submit(seat, "9" * 100_000, by=holder(table, seat))
    assert caught.value.code == "bad_notation"
    assert caught.value.params["key"] == "action_too_long"
    assert len(caught.value.message) < 120 and "…" in caught.value.message
    assert read == []
    await table.submit(seat, "x" * MAX_ACTION, by=holder(table, seat))  # the stub accepts it
    assert read == ["x" * MAX_ACTION]
