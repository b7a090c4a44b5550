"""Whole Caravan matches against the bot, played by clicking, checked against the engine."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from e2e.caravan import open_new_table, play_to_end
from e2e.results import finish_and_check

pytestmark = pytest.mark.caravan


def test_a_one_hand_match_against_the_bot_is_played_to_the_result(
    page: Page, base_url: str
) -> None:
    open_new_table(page, base_url, hands=1)
    expect(page.get_by_test_id("hand-no")).to_have_text("Hand 1 of 1")
    finish_and_check(page, base_url, play_to_end)


@pytest.mark.slow
def test_a_full_five_hand_match_against_the_bot_is_played_to_the_result(
    page: Page, base_url: str
) -> None:
    open_new_table(page, base_url, hands=5)
    finish_and_check(page, base_url, play_to_end)
