"""Whole games of Camel Up Off Season in Chromium, played by clicking, checked against the
engine; and a sealed bid that never reaches another browser before the reveal."""

from __future__ import annotations

import random
import re
from collections.abc import Callable

import pytest
from playwright.sync_api import Browser, Page, Response, WebSocket, expect

from e2e.offseason import act, offered, open_offseason_table, play_to_end
from e2e.results import finish_and_check, stored_record

pytestmark = pytest.mark.offseason


def test_a_three_player_game_with_two_bots_is_played_to_the_result(
    page: Page, base_url: str
) -> None:
    open_offseason_table(page, base_url, players=3, others=("easy", "normal"))
    expect(page.get_by_test_id("name-2")).to_be_visible()
    expect(page.get_by_test_id("os-markets").locator(".os-market")).to_have_count(4)
    match_id = finish_and_check(page, base_url, lambda p: play_to_end(p, seed=3))
    record = stored_record(base_url, match_id)
    assert record["players"] == 3
    assert [seat.startswith("bot:") for seat in record["seats"]] == [False, True, True]
    expect(page.get_by_test_id("replay-move")).to_be_visible()


def test_a_five_player_game_with_four_bots_is_played_to_the_result(
    page: Page, base_url: str
) -> None:
    open_offseason_table(page, base_url, players=5)
    expect(page.get_by_test_id("os-markets").locator(".os-market")).to_have_count(6)
    match_id = finish_and_check(page, base_url, lambda p: play_to_end(p, seed=5))
    record = stored_record(base_url, match_id)
    assert record["players"] == 5
    assert [seat.startswith("bot:") for seat in record["seats"]] == [False] + [True] * 4


def _recorder(received: list[str]) -> tuple[Callable[..., None], Callable[..., None]]:
    def on_socket(socket: WebSocket) -> None:
        socket.on("framereceived", lambda frame: received.append(str(frame)))

    def on_response(response: Response) -> None:
        if response.request.resource_type == "document":
            received.append(response.text())

    return on_socket, on_response


def _until_sealed_bid_of_seat_0(page: Page, rng: random.Random) -> None:
    """Play (both hot seats, by clicks) until Ann is shown a first-attempt sealed bid that
    Bea has not made yet."""
    for _ in range(800):
        now = offered(page)
        if (
            not now.get("cover")
            and "(you)" in page.get_by_test_id("name-0").inner_text()
            and page.get_by_test_id("bid-0").count()
            and page.get_by_test_id("has-bid-0").count()
            # Bea has not bid yet (the random play may have bid for her first), so that
            # Ann's bid leaves the auction open and hands the screen to her
            and page.get_by_test_id("has-bid-1").get_attribute("data-done") == "false"
            and page.locator("[data-testid^=reveal-]").count() == 0
        ):
            return
        act(page, rng, now)
    raise AssertionError("no sealed bid came")


def test_a_pending_sealed_bid_never_reaches_another_browser(
    page: Page, base_url: str, browser: Browser
) -> None:
    open_offseason_table(page, base_url, players=3, friends={2: "Bea"})
    _until_sealed_bid_of_seat_0(page, random.Random(7))
    amounts = page.eval_on_selector_all(
        "[data-testid^=bid-]", "els => els.map(e => Number(e.dataset.testid.slice(4)))"
    )
    amount = max(amounts)

    # Another browser watches the table from now on and records all it receives.
    watcher_context = browser.new_context(viewport={"width": 1280, "height": 900})
    try:
        watcher = watcher_context.new_page()
        received: list[str] = []
        on_socket, on_response = _recorder(received)
        watcher.on("websocket", on_socket)
        watcher.on("response", on_response)
        watcher.goto(page.url)
        expect(watcher.get_by_test_id("watching")).to_be_visible()
        expect(watcher.get_by_test_id("has-bid-0")).to_have_attribute("data-done", "false")

        page.get_by_test_id(f"bid-{amount}").click()
        expect(page.get_by_test_id("cover-text")).to_contain_text("Bea", timeout=30_000)
        expect(watcher.get_by_test_id("has-bid-0")).to_have_attribute("data-done", "true")
        expect(watcher.get_by_test_id("has-bid-2")).to_have_attribute("data-done", "true")
        watcher.reload()  # a fresh page while the bid is pending
        expect(watcher.get_by_test_id("has-bid-0")).to_have_attribute("data-done", "true")
        shown = watcher.content()
        assert "my-bid" not in shown and "data-bid" not in shown
        assert f"You bid {amount}" not in shown
        # Nor does the shared screen show it to Bea, covered or not.
        assert page.locator("[data-bid], [data-testid=my-bid]").count() == 0
        page.get_by_test_id("cover-show").click()
        expect(page.get_by_test_id("name-1")).to_contain_text("(you)")
        assert page.locator("[data-bid], [data-testid=my-bid]").count() == 0

        # Bea bids: now every bid is revealed to everybody, in the same markup the
        # checks above looked for.
        page.get_by_test_id("bid-0").click()
        expect(watcher.get_by_test_id("revealed-bid-0")).to_have_attribute("data-bid", str(amount))
        # All the watcher received before the reveal (the reveal shows it has all come):
        # the bid nowhere in it.
        cut = next(n for n, item in enumerate(received) if "revealed-bid" in item)
        pending = "\n".join(received[:cut])
        assert "has-bid-0" in pending, "frames were captured"
        assert "my-bid" not in pending and "data-bid" not in pending
        assert f"You bid {amount}" not in pending
        revealed = "\n".join(received)
        assert "my-bid" not in revealed, "a watcher has no bid of its own"
        assert re.search(rf'revealed-bid-0\\*" data-bid=\\*"{amount}\\*"', revealed)
    finally:
        watcher_context.close()
