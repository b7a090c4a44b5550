"""Camel Up Off Season's pages as a visitor uses them, without a browser.

Tables get a fixed seed (``secrets.randbelow`` is patched) whose first round is a
standard sealed auction, so every test starts with a bid.
"""

from __future__ import annotations

import secrets
from typing import Any

import httpx
import pytest
from nicegui import core, ui
from nicegui.testing import User

from core.games import GAMES
from tests.ui.patience import handled
from tests.ui.test_spectator_feed import stage
from ui.bot_runner import BotRunner

SEED = 2  # three players: round 1 is a standard sealed bid


@pytest.fixture(autouse=True)
def fixed_seed(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(secrets, "randbelow", lambda n: SEED)


@pytest.fixture
def idle_bots(monkeypatch: pytest.MonkeyPatch) -> None:
    """Bots never take their turn: the other seats' bids stay to come."""
    monkeypatch.setattr(BotRunner, "_schedule", lambda self, table: None)


def html_of(user: User, marker: str) -> str:
    (element,) = user.find(marker=marker).elements
    assert isinstance(element, ui.html)
    return element.content


def marked(user: User, prefix: str) -> set[str]:
    """Markers starting with ``prefix`` on visible elements of this visitor's page."""
    return {
        marker
        for element in user.client.elements.values()
        if element.visible and all(a.visible for a in element.ancestors())
        for marker in element._markers
        if marker.startswith(prefix)
    }


def board_ply(user: User) -> str:
    (box,) = [e for e in user.client.elements.values() if e.props.get("data-testid") == "board"]
    return str(box.props.get("data-ply"))


async def open_table(user: User, *, hot_seat: bool = False, open_coins: bool = False) -> None:
    await user.open("/new/offseason")
    user.find(marker="name").clear().type("Ann")
    (toggle,) = user.find(marker="players").elements
    toggle.value = 3
    if open_coins:
        (switch,) = user.find(kind=ui.switch).elements
        switch.value = True
    if hot_seat:
        (seat,) = user.find(marker="opponent").elements
        seat.value = "hotseat"
        user.find(marker="second-name").clear().type("Bea")
    user.find(marker="start").click()
    await user.should_see("Pass the device to Ann" if hot_seat else "Merchants")


async def test_a_three_player_table_offers_exactly_the_legal_bids(user: User) -> None:
    await open_table(user)
    await user.should_see("Ann (you)")
    await user.should_see("Bot (normal) 1")
    await user.should_see("Bot (normal) 2")
    await user.should_see("Sealed bid: make your bid.")
    legal = GAMES["offseason"].new_game(3, SEED).legal_actions(0)
    assert legal == [f"bid {n}" for n in range(6)]
    assert marked(user, "bid-") == {a.replace(" ", "-") for a in legal}
    assert "market" not in str(marked(user, "act-"))
    await user.should_see("Markets")
    await user.should_see("Your caravan")


async def test_the_log_is_drawn_while_its_list_is_open(user: User, idle_bots: None) -> None:
    await open_table(user)
    await user.should_see("Sealed bid: make your bid.")
    assert html_of(user, "log") == ""
    (log,) = user.find(marker="log-open").elements
    assert isinstance(log, ui.expansion)
    with user:
        log.set_value(True)
    assert html_of(user, "log").startswith('<ul class="os-log">')
    user.find(marker="bid-3").click()
    await user.should_see("You bid 3. Waiting for 2 players…")
    assert html_of(user, "log").startswith('<ul class="os-log">')  # drawn while open
    with user:
        log.set_value(False)
    assert html_of(user, "log") == ""


def coins_shown(user: User) -> list[str]:
    """The coin count each merchant's entry shows ('' for coins kept in the tent)."""
    merchants = html_of(user, "os-merchants")
    counts = []
    for seat in range(3):
        box = merchants.split(f'data-testid="coins-{seat}"', 1)[1]  # the box's first count
        counts.append(box.split('data-coins="', 1)[1].split('"', 1)[0])
    return counts


async def test_coins_stay_in_the_tent_unless_the_table_makes_them_public(
    user: User, idle_bots: None
) -> None:
    await open_table(user)
    await user.should_see("Sealed bid: make your bid.")
    assert coins_shown(user) == ["5", "", ""]
    await open_table(user, open_coins=True)
    await user.should_see("Sealed bid: make your bid.")
    assert coins_shown(user) == ["5", "5", "5"]


async def test_a_bid_waits_for_the_others_and_is_shown_to_nobody_else(
    user: User, idle_bots: None
) -> None:
    await open_table(user)
    await user.should_see("Sealed bid: make your bid.")
    user.find(marker="bid-3").click()
    await user.should_see("You bid 3. Waiting for 2 players…")
    assert marked(user, "bid-") == set()
    shown = html_of(user, "os-auction")
    assert 'data-testid="my-bid" data-bid="3"' in shown
    assert 'data-testid="has-bid-0" data-done="true"' in shown
    assert 'data-testid="has-bid-1" data-done="false"' in shown
    assert "revealed-bid" not in shown

    async with httpx.AsyncClient(
        transport=httpx.ASGITransport(core.app), base_url="http://test"
    ) as other_browser:
        watcher = User(other_browser)
        await watcher.open(user.back_history[-1])
        await watcher.should_see("You are watching")
        # A spectator is shown the frame all spectators share, drawn from view(None).
        frame = stage(watcher).frame
        assert "Sealed bids: waiting for 2 players…" in frame["said"]
        seen = frame["html"]
        assert 'data-testid="os-auction"' in seen
        assert 'data-testid="has-bid-0" data-done="true"' in seen
        assert "my-bid" not in seen and "data-bid" not in seen
        assert marked(watcher, "bid-") == set()


def table_view(user: User) -> Any:
    """The table page's view object behind this visitor's board (through its click handler)."""
    (markets,) = user.find(marker="os-markets").elements
    listener = next(iter(markets._event_listeners.values()))
    return listener.handler.__self__.on_action.__self__


async def test_a_bid_made_while_a_bot_was_bidding_still_counts(user: User, idle_bots: None) -> None:
    await open_table(user)
    await user.should_see("Sealed bid: make your bid.")
    page = table_view(user)
    table = page.table
    shown = page.ply, set(page.movers)
    await table.submit(1, "bid 2", by=table.seats[1].holder)
    page.ply, page.movers = shown  # Ann clicks before her page hears of that bid
    user.find(marker="bid-3").click()
    await user.should_see("You bid 3. Waiting for 1 player…")
    assert table.record["actions"] == [[1, "bid 2"], [0, "bid 3"]]
    assert not user.notify.contains("The game moved on while you were choosing")


async def test_clicks_the_board_does_not_offer_change_nothing(user: User, idle_bots: None) -> None:
    await open_table(user)
    await user.should_see("Sealed bid: make your bid.")
    sections = ("os-auction", "os-markets", "os-caravan")
    before = [html_of(user, s) for s in sections]
    ply = board_ply(user)
    forgeries = (
        "act:bid 6",
        "act:bid -1",
        "act:market 1",
        "act:sell D1",
        "act:load dates 3",
        "pick:3:0",
        "sel:3",
        "type:dates",
        "bid 2",
        "garbage",
        "",
    )
    targets = [user.find(marker=target) for target in ("os-markets", "os-caravan")]
    await handled(
        lambda: [target.trigger("click", forged) for target in targets for forged in forgeries]
    )
    assert [html_of(user, s) for s in sections] == before
    assert board_ply(user) == ply
    await user.should_see("Sealed bid: make your bid.")


async def test_a_hot_seat_table_hides_the_board_between_seats(user: User) -> None:
    await open_table(user, hot_seat=True)
    await user.should_see("Pass the device to Ann")
    for hidden in ("os-markets", "os-auction", "os-caravan", "bid-0", "turn"):
        await user.should_not_see(marker=hidden)
    user.find(marker="cover-show").click()
    await user.should_see("Sealed bid: make your bid.")
    await user.should_see(marker="os-markets")
    user.find(marker="bid-4").click()
    await user.should_see("Pass the device to Bea")
    for hidden in ("os-markets", "os-auction", "os-caravan", "bid-0", "turn"):
        await user.should_not_see(marker=hidden)
    user.find(marker="cover-show").click()
    await user.should_see("Sealed bid: make your bid.")
    await user.should_see("Bea (you)")
    shown = html_of(user, "os-auction")
    assert 'data-testid="has-bid-0" data-done="true"' in shown
    assert "my-bid" not in shown and "data-bid" not in shown


async def test_the_rules_help_of_camel_up_off_season_exists_in_both_languages(
    user: User,
) -> None:
    await user.open("/rules")
    await user.should_see("Camel Up Off Season")
    await user.open("/rules/offseason")
    await user.should_see("Playing on this site")
    await user.should_see("This site's own version.")
    user.http_client.headers["accept-language"] = "fr"
    await user.open("/rules/offseason")
    await user.should_see("Jouer sur ce site")
    await user.should_see("La version de ce site.")


async def test_the_form_starts_on_three_players_as_the_home_page_announces(user: User) -> None:
    await user.open("/new/offseason")
    (toggle,) = user.find(marker="players").elements
    assert toggle.value == 3
    assert list(toggle.options) == [2, 3, 4, 5]  # two players remain the variant
    await user.should_see(marker="opponent")
    await user.should_see(marker="opponent-3")
    await user.should_not_see(marker="opponent-4")
