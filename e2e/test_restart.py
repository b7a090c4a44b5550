"""A server killed mid-game comes back with every game where it was."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Page, expect

from e2e.caravan import READY, dismiss_interlude, hand_cards, open_new_table, ply, take_turn
from e2e.server import Server

pytestmark = pytest.mark.caravan


def reopen(page: Page) -> None:
    """Load the table again; the page may be reloading itself as it finds the server back."""
    url = page.url
    for _ in range(5):
        try:
            page.goto(url)
            page.get_by_test_id("board").wait_for()
            return
        except PlaywrightError:  # a navigation of its own came first: let it finish
            page.wait_for_load_state()
    raise AssertionError("the table page did not come back")


def test_a_match_continues_from_the_same_position_after_sigkill(page: Page, tmp_path: Path) -> None:
    server = Server(tmp_path / "site", bot_pause=0.05).start()
    try:
        open_new_table(page, server.url, hands=3)
        for _ in range(3):
            page.wait_for_function(READY)
            if not dismiss_interlude(page):
                take_turn(page)
        page.wait_for_function(READY)
        before_ply, before_hand = ply(page), hand_cards(page)
        before_scores = page.get_by_test_id("match-scores").inner_text()

        server.kill()
        server.start()
        reopen(page)

        page.wait_for_function(READY)
        assert ply(page) == before_ply
        assert hand_cards(page) == before_hand
        expect(page.get_by_test_id("match-scores")).to_have_text(before_scores)
        take_turn(page)
        assert ply(page) > before_ply
    finally:
        server.stop()
