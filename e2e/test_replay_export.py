"""An account's finished match, found in its history after signing out and in again,
replayed, downloaded as JSON, and imported back."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from core.record import scores_by_ply
from e2e.accounts import sign_in, sign_out, sign_up
from e2e.caravan import open_new_table, play_to_end
from e2e.results import shown_final_scores, stored_record

pytestmark = pytest.mark.caravan


def replay_scores(page: Page) -> list[int]:
    return [int(page.get_by_test_id(f"replay-score-{seat}").inner_text()) for seat in (0, 1)]


def test_a_match_is_replayed_downloaded_and_imported_with_the_same_final_scores(
    page: Page, base_url: str, tmp_path: Path
) -> None:
    sign_up(page, base_url, "rita_e2e")
    open_new_table(page, base_url, hands=1, name="Rita")
    match_id = page.url.rsplit("/", 1)[-1]
    play_to_end(page)
    final = shown_final_scores(page)
    record = stored_record(base_url, match_id)
    total = len(record["actions"])
    race = scores_by_ply(record)
    sign_out(page, base_url)
    sign_in(page, base_url, "rita_e2e")
    page.wait_for_url("**/history")

    page.get_by_test_id("nav-history").click()
    page.get_by_test_id(f"match-{match_id}").get_by_test_id("replay").click()
    page.wait_for_url(f"**/replay/{match_id}")
    position = page.get_by_test_id("replay-ply")
    expect(position).to_have_text(f"Move {total} of {total}")
    assert replay_scores(page) == final
    expect(page.get_by_test_id("replay-chart").locator("canvas")).not_to_have_count(0)

    page.get_by_test_id("replay-first").click()
    expect(position).to_have_text(f"Move 0 of {total}")
    page.get_by_test_id("replay-forward").click()
    page.get_by_test_id("replay-forward").click()
    page.get_by_test_id("replay-back").click()
    expect(position).to_have_text(f"Move 1 of {total}")
    middle = total // 2
    page.get_by_test_id(f"replay-move-{middle}").click()
    expect(position).to_have_text(f"Move {middle} of {total}")
    expect(page.get_by_test_id("replay-score-0")).to_have_text(str(int(race[middle][0])))
    expect(page.get_by_test_id("replay-score-1")).to_have_text(str(int(race[middle][1])))

    with page.expect_download() as download_info:
        page.get_by_test_id("replay-download").click()
    download = download_info.value
    assert download.suggested_filename == f"caravanserai-caravan-{match_id}.json"
    saved = tmp_path / download.suggested_filename
    download.save_as(saved)
    assert json.loads(saved.read_text(encoding="utf-8")) == record

    page.goto(f"{base_url}/history")
    page.get_by_test_id("to-import").click()
    page.wait_for_url("**/import")
    page.get_by_test_id("import-upload").locator("input[type=file]").set_input_files(saved)
    expect(page.get_by_test_id("import-name")).to_contain_text(saved.name)
    expect(page.get_by_test_id("replay-ply")).to_have_text(f"Move {total} of {total}")
    assert replay_scores(page) == final
    expect(page.get_by_test_id("import-error")).to_have_text("")
