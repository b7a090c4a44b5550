"""Whole games of Deluxe Camping in Chromium, played by clicking, checked against the engine."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from e2e.camping import open_camping_table, play_to_end
from e2e.results import finish_and_check, stored_record

pytestmark = pytest.mark.camping


def test_a_two_player_game_against_the_bot_is_played_to_the_result(
    page: Page, base_url: str
) -> None:
    open_camping_table(page, base_url, players=2)
    expect(page.get_by_test_id("turn")).to_contain_text("bungalow")
    finish_and_check(page, base_url, play_to_end)


def test_a_three_player_game_with_two_bots_is_played_to_the_result(
    page: Page, base_url: str
) -> None:
    open_camping_table(page, base_url, players=3, others=("easy", "normal"))
    expect(page.get_by_test_id("name-2")).to_be_visible()
    match_id = finish_and_check(page, base_url, lambda p: play_to_end(p, seed=3))
    record = stored_record(base_url, match_id)
    assert record["players"] == 3
    assert record["options"]["size"] == 9
    assert [seat.startswith("bot:") for seat in record["seats"]] == [False, True, True]
