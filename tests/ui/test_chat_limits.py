"""The chat's limits: a huge line costs nothing, a visitor writes at a human pace, and a
new line adds one element to each page instead of redrawing the log."""

from __future__ import annotations

import unicodedata
from pathlib import Path
from typing import Any

import pytest
from nicegui import ui
from nicegui.testing import User

from core.table import TableError
from tests.ui.sites import ANN, BEA, new_site, two_people
from tests.ui.test_online_pages import invite_link, open_waiting_table, other_browser, take_seat
from ui import site_chat
from ui.i18n import Translator
from ui.pages.errors import refusal
from ui.site import Site
from ui.site_chat import CHAT_BURST, CHAT_WINDOW, MAX_CHAT, clean_chat

pytestmark = pytest.mark.filterwarnings("ignore:coroutine 'Site._forget_later' was never awaited")


@pytest.fixture
def site(tmp_path: Path) -> Site:
    return new_site(tmp_path)


class Clock:
    """A clock the test moves by hand."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def counted_categories(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every character whose Unicode category is looked up from now on."""
    looked: list[str] = []
    category = unicodedata.category

    def counting(char: str) -> str:
        looked.append(char)
        return category(char)

    monkeypatch.setattr(unicodedata, "category", counting)
    return looked


def test_clean_chat_refuses_a_huge_line_without_looking_at_its_characters(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    looked = counted_categories(monkeypatch)
    assert clean_chat("x" * 600_000) is None
    assert looked == []
    assert clean_chat("x" * (MAX_CHAT + 1)) is None
    assert looked == []
    assert clean_chat("hello") == "hello"
    assert len(looked) == 5


async def test_a_huge_line_is_refused_before_it_is_cleaned(
    site: Site, monkeypatch: pytest.MonkeyPatch
) -> None:
    table = await two_people(site)
    cleaned: list[Any] = []
    monkeypatch.setattr(site_chat, "clean_chat", lambda raw: cleaned.append(raw) or "x")
    looked = counted_categories(monkeypatch)
    with pytest.raises(TableError) as refused:
        await site.post_chat(table, by=ANN, text="x" * 600_000)
    assert refused.value.code == "bad_chat"
    assert cleaned == [] and looked == []
    assert site.chat(table) == []


async def test_a_visitor_writes_five_lines_in_ten_seconds_then_is_told_when_to_write_again(
    site: Site,
) -> None:
    table = await two_people(site)
    clock = Clock()
    site.chat_limits.clock = clock
    for n in range(CHAT_BURST):
        await site.post_chat(table, by=ANN, text=f"line {n}")
        clock.now += 1.0
    with pytest.raises(TableError) as refused:
        await site.post_chat(table, by=ANN, text="one too many")
    assert refused.value.code == "chat_pace"
    assert refused.value.params["seconds"] == 5  # the first line leaves the window at 10 s
    await site.post_chat(table, by=BEA, text="Bea is not held back")
    clock.now += 4.0
    with pytest.raises(TableError):
        await site.post_chat(table, by=ANN, text="still too soon")
    clock.now += 1.0
    await site.post_chat(table, by=ANN, text="and now again")
    texts = [line.text for line in site.chat(table)]
    assert texts == [f"line {n}" for n in range(CHAT_BURST)] + [
        "Bea is not held back",
        "and now again",
    ]
    assert CHAT_WINDOW == 10.0


def test_the_pace_message_says_when_to_write_again_in_both_languages() -> None:
    err = TableError("chat_pace", "fast", key="chat_pace", seconds=4)
    english = "You are writing fast: you may write again in 4\u00a0s."
    assert refusal(Translator("en"), err) == english
    assert refusal(Translator("fr"), err) == (
        "Vous écrivez vite\u202f: vous pourrez écrire de nouveau dans 4\u00a0s."
    )


def chat_lines(user: User) -> list[ui.label]:
    return [
        element
        for element in user.client.elements.values()
        if isinstance(element, ui.label) and element.props.get("data-testid") == "chat-line"
    ]


async def test_a_new_line_adds_one_element_to_each_page_instead_of_redrawing_the_log(
    user: User,
) -> None:
    await open_waiting_table(user)
    link = invite_link(user)
    async with other_browser() as bea:
        await take_seat(bea, link, "Bea")
        await bea.should_not_see("Waiting for players")
        for n in range(3):
            bea.find(marker="chat-input").type(f"line {n}").trigger("keydown.enter")
            await user.should_see(f"Bea: line {n}")
        before = chat_lines(user)
        assert [label.text for label in before] == [f"Bea: line {n}" for n in range(3)]
        bea.find(marker="chat-input").type("line 3").trigger("keydown.enter")
        await user.should_see("Bea: line 3")
        after = chat_lines(user)
        assert after[:3] == before, "the lines shown are the same elements, not redrawn"
        assert len(after) == 4
        (box,) = user.find(marker="chat-input").elements
        assert box.props["maxlength"] == MAX_CHAT
