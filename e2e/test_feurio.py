"""Whole games of Feurio! in Chromium, played by clicking, checked against the engine."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from e2e.feurio import open_feurio_table, play_to_end
from e2e.results import finish_and_check, stored_record

pytestmark = pytest.mark.feurio


def test_a_two_player_game_with_two_colours_each_is_played_to_the_result(
    page: Page, base_url: str
) -> None:
    open_feurio_table(page, base_url, players=2)
    for colour in range(4):
        expect(page.get_by_test_id(f"colour-{colour}")).to_contain_text(
            "Ann" if colour % 2 == 0 else "Bot"
        )
    match_id = finish_and_check(page, base_url, play_to_end)
    assert stored_record(base_url, match_id)["players"] == 2


def test_a_four_player_game_with_three_bots_is_played_to_the_result(
    page: Page, base_url: str
) -> None:
    open_feurio_table(page, base_url, players=4)
    match_id = finish_and_check(page, base_url, lambda p: play_to_end(p, seed=4))
    record = stored_record(base_url, match_id)
    assert record["players"] == 4
    assert [seat.startswith("bot:") for seat in record["seats"]] == [False, True, True, True]
