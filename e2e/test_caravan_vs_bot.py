"""Whole Caravan matches against the bot, played by clicking, checked against the engine."""

from __future__ import annotations

import json
import urllib.request

import pytest
from playwright.sync_api import Page, expect

from core.record import replay
from e2e.caravan import open_new_table, play_to_end, shown_final_scores


def stored_record(base_url: str, match_id: str) -> dict:
    with urllib.request.urlopen(f"{base_url}/api/matches/{match_id}", timeout=10) as response:
        return json.load(response)


def finish_and_check(page: Page, base_url: str) -> str:
    """Play to the result, compare with the engine's replay, find it in history, replay it."""
    match_id = page.url.rsplit("/", 1)[-1]
    play_to_end(page)
    record = stored_record(base_url, match_id)
    engine_scores = [int(s) for s in replay(record).scores()]
    assert shown_final_scores(page) == engine_scores
    assert record["result"]["scores"] == engine_scores
    page.get_by_test_id("to-history").click()
    row = page.get_by_test_id(f"match-{match_id}")
    expect(row).to_be_visible()
    expect(row.get_by_test_id("outcome")).to_contain_text(" – ".join(map(str, engine_scores)))
    row.get_by_test_id("replay").click()
    total = len(record["actions"])
    expect(page.get_by_test_id("replay-ply")).to_have_text(f"Move {total} of {total}")
    page.get_by_test_id("replay-first").click()
    expect(page.get_by_test_id("replay-ply")).to_have_text(f"Move 0 of {total}")
    page.get_by_test_id("replay-forward").click()
    page.get_by_test_id("replay-forward").click()
    expect(page.get_by_test_id("replay-ply")).to_have_text(f"Move 2 of {total}")
    page.get_by_test_id("replay-back").click()
    expect(page.get_by_test_id("replay-ply")).to_have_text(f"Move 1 of {total}")
    page.get_by_test_id("replay-last").click()
    expect(page.get_by_test_id("replay-ply")).to_have_text(f"Move {total} of {total}")
    return match_id


def test_a_one_hand_match_against_the_bot_is_played_to_the_result(
    page: Page, base_url: str
) -> None:
    open_new_table(page, base_url, hands=1)
    expect(page.get_by_test_id("hand-no")).to_have_text("Hand 1 of 1")
    finish_and_check(page, base_url)


@pytest.mark.slow
def test_a_full_five_hand_match_against_the_bot_is_played_to_the_result(
    page: Page, base_url: str
) -> None:
    open_new_table(page, base_url, hands=5)
    finish_and_check(page, base_url)
