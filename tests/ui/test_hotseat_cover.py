"""The hot-seat cover of Camel Up Off Season at mixed tables: two seats on this screen
and a bot (or a person in another browser). The cover offers and reveals only a seat
this visitor holds, and a seat revealed is covered again once it has moved.

Tables get a fixed seed (``secrets.randbelow`` is patched) whose first round is a
standard sealed auction: every seat bids at once, and equal bids start the bid again.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable
from typing import Any

import httpx
import pytest
from nicegui import core, ui
from nicegui.testing import User

from tests.ui import patience
from ui.bot_runner import BotRunner

SEED = 2  # three players: round 1 is a standard sealed bid


@pytest.fixture(autouse=True)
def fixed_seed(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(secrets, "randbelow", lambda n: SEED)


@pytest.fixture(autouse=True)
def idle_bots(monkeypatch: pytest.MonkeyPatch) -> None:
    """Bots never take their turn: the test plays the bot's seat itself, when it chooses."""
    monkeypatch.setattr(BotRunner, "_schedule", lambda self, table: None)


async def open_mixed_table(user: User, third: str = "bot:normal") -> None:
    """Ann and Bea on this screen, the third seat ``third`` (a bot, or an open seat)."""
    await user.open("/new/offseason")
    user.find(marker="name").clear().type("Ann")
    (toggle,) = user.find(marker="players").elements
    toggle.value = 3
    (seat,) = user.find(marker="opponent").elements
    seat.value = "hotseat"
    user.find(marker="second-name").clear().type("Bea")
    (other,) = user.find(marker="opponent-3").elements
    other.value = third
    user.find(marker="start").click()


def table_view(user: User) -> Any:
    """The table page's view object behind this visitor's board (through its click handler),
    found whether or not the board is covered."""
    (markets,) = [e for e in user.client.elements.values() if "os-markets" in e._markers]
    listener = next(iter(markets._event_listeners.values()))
    return listener.handler.__self__.on_action.__self__


async def until(condition: Callable[[], bool]) -> None:
    """Wait until ``condition`` holds: the page hears of a move asynchronously."""
    assert await patience.until(condition), "the condition never held"


def visible(user: User, marker: str) -> bool:
    return any(
        element.visible and all(a.visible for a in element.ancestors())
        for element in user.client.elements.values()
        if marker in element._markers
    )


def cover_texts(user: User) -> list[str]:
    """What the visible hand-over screen says (empty when none is shown)."""
    return [
        element.text
        for element in user.client.elements.values()
        if isinstance(element, ui.label)
        and element.props.get("data-testid") == "cover-text"
        and element.visible
        and all(a.visible for a in element.ancestors())
    ]


async def reveal_and_bid(user: User, name: str, bid: int) -> None:
    await user.should_see(f"Pass the device to {name}")
    user.find(marker="cover-show").click()
    await user.should_see(f"{name} (you)")
    await user.should_see(marker=f"bid-{bid}")
    user.find(marker=f"bid-{bid}").click()


async def test_the_cover_never_offers_the_bots_seat_when_only_the_bot_is_to_move(
    user: User,
) -> None:
    await open_mixed_table(user)
    await reveal_and_bid(user, "Ann", 2)
    await reveal_and_bid(user, "Bea", 2)
    page = table_view(user)
    await until(lambda: page.table.state.to_move() == {2} and page.ply == page.table.ply)
    assert cover_texts(user) == []
    await user.should_see("Sealed bids: waiting for 1 player…")
    assert not visible(user, "cover-show")
    assert not any(marker.startswith("bid-") for marker in _markers(user))
    page._reveal(2)  # as a forged click would: the bot's seat is not this visitor's
    assert page._viewing() is None
    assert page.revealed is None
    await user.should_not_see("Bot (normal) (you)")


async def test_the_cover_never_offers_a_seat_held_in_another_browser(user: User) -> None:
    await open_mixed_table(user, third="open")
    await user.should_see("Waiting for players")
    table_url = user.back_history[-1]
    async with httpx.AsyncClient(
        transport=httpx.ASGITransport(core.app), base_url="http://test"
    ) as other_browser:
        cid = User(other_browser)
        await cid.open(table_url)
        cid.find(marker="join-name").clear().type("Cid")
        cid.find(marker="take-seat").click()
        await cid.should_see("Cid (you)")
        await reveal_and_bid(user, "Ann", 2)
        await reveal_and_bid(user, "Bea", 2)
        page = table_view(user)
        await until(lambda: page.table.state.to_move() == {2} and page.ply == page.table.ply)
        assert cover_texts(user) == []
        await user.should_see("Sealed bids: waiting for 1 player…")
        assert not visible(user, "cover-show")
        page._reveal(2)
        assert page._viewing() is None
        await user.should_not_see("Cid (you)")


def _markers(user: User) -> set[str]:
    return {
        marker
        for element in user.client.elements.values()
        if element.visible and all(a.visible for a in element.ancestors())
        for marker in element._markers
    }


async def test_a_seat_that_bid_is_covered_again_when_a_tie_makes_it_bid_again(
    user: User,
) -> None:
    await open_mixed_table(user)
    await reveal_and_bid(user, "Ann", 2)
    await reveal_and_bid(user, "Bea", 2)
    page = table_view(user)
    await until(lambda: page.table.state.to_move() == {2} and page.ply == page.table.ply)
    table = page.table
    await table.submit(2, "bid 2", by=table.seats[2].holder)  # three equal bids: bid again
    assert table.state.to_move() == {0, 1, 2}
    await user.should_see("Pass the device to Ann")
    assert page._viewing() is None
    assert not any(marker.startswith("bid-") for marker in _markers(user))
    await reveal_and_bid(user, "Ann", 3)
    await user.should_see("Pass the device to Bea")


async def test_a_seat_cannot_be_revealed_while_it_is_not_to_move(user: User) -> None:
    await open_mixed_table(user)
    await reveal_and_bid(user, "Ann", 2)
    await user.should_see("Pass the device to Bea")
    page = table_view(user)
    page._reveal(0)  # Ann has bid: her hand stays covered until she is to move again
    assert page._viewing() is None
    assert page.revealed is None
    await user.should_see("Pass the device to Bea")
