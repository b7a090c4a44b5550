"""Taking a step back in Chromium: a Pueblo stone placed, then the Undo button."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from e2e.camping import PLY_AFTER, ply
from e2e.pueblo import READY, TARGETS, open_pueblo_table

pytestmark = pytest.mark.pueblo

PLY_IS = "n => Number(document.querySelector('[data-testid=board]').dataset.ply) === n"


def test_a_stone_placed_is_taken_back_and_the_turn_goes_on(page: Page, base_url: str) -> None:
    open_pueblo_table(page, base_url, players=2)
    page.wait_for_function(READY, timeout=60_000)  # the player's turn (the bot may start)
    before = ply(page)
    expect(page.get_by_test_id("undo")).to_have_count(0)
    page.locator(TARGETS).first.click()
    page.wait_for_function(PLY_AFTER, arg=before)
    undo = page.get_by_test_id("undo")
    expect(undo).to_be_visible()
    undo.click()
    page.wait_for_function(PLY_IS, arg=before)
    expect(undo).to_have_count(0)
    expect(page.locator(TARGETS).first).to_be_visible()  # the stone is to place again
