"""A finished game's analysis in a real browser: asked for from its replay, its graph
drawn without a reload, its moves labelled, the bot's move a legal one of the position
before it and drawn on the board, and a click on the graph jumping to a move."""

from __future__ import annotations

import json
import re
import urllib.request
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from core.analysis import FORCED, check_analysis
from core.games import GAMES
from core.record import replay
from e2e.caravan import open_new_table, play_to_end
from e2e.results import stored_record

pytestmark = pytest.mark.caravan

WORDS = ("Best", "Good", "Inaccuracy", "Mistake", "Blunder", "Forced")


def stored_analysis(base_url: str, match_id: str) -> dict[str, Any]:
    url = f"{base_url}/api/matches/{match_id}?analysis=1"
    with urllib.request.urlopen(url, timeout=10) as response:
        return json.load(response)["analysis"]


def test_a_finished_game_is_analysed_from_its_replay(page: Page, base_url: str) -> None:
    open_new_table(page, base_url, hands=1, name="Ann")
    match_id = page.url.rsplit("/", 1)[-1]
    play_to_end(page)
    record = stored_record(base_url, match_id)
    total = len(record["actions"])

    page.goto(f"{base_url}/replay/{match_id}")
    expect(page.get_by_test_id("replay-ply")).to_have_text(f"Move {total} of {total}")
    page.get_by_test_id("analyse").click()
    chart = page.get_by_test_id("analysis-chart")
    expect(chart.locator("canvas")).not_to_have_count(0, timeout=90_000)
    expect(page.get_by_test_id("analyse")).to_be_hidden()
    expect(page.get_by_test_id("analysis-accuracy-0")).to_contain_text("Ann: accuracy ")
    expect(page.get_by_test_id("analysis-summary-text")).to_contain_text("Ann: accuracy ")

    analysis = check_analysis(record, stored_analysis(base_url, match_id))
    judged = [e for e in analysis["plies"] if e["label"] != FORCED and e["best"] != e["played"]]
    entry = judged[0] if judged else analysis["plies"][-1]
    ply = entry["ply"]
    page.get_by_test_id(f"replay-move-{ply}").click()
    expect(page.get_by_test_id("replay-ply")).to_have_text(f"Move {ply} of {total}")
    label = page.get_by_test_id(f"analysis-label-{ply}")
    expect(label).to_have_text(re.compile("^(" + "|".join(WORDS) + ")$"))
    better = page.get_by_test_id("analysis-better")
    if not judged:  # the bot agreed with every move: nothing else to show on the board
        expect(better).to_have_text(
            re.compile(r"The bot would have played this move too\.|Only one move")
        )
        return
    expect(better).to_contain_text("The bot would have played: ")
    action = better.get_attribute("data-action") or ""
    assert action in replay(record, upto=ply - 1).legal_actions(entry["seat"])
    expect(better).to_contain_text(f"[{GAMES['caravan'].notation.write(action, 'en')}]")
    expect(better).to_contain_text("percentage points).")

    show = page.get_by_test_id("analysis-show-better")
    show.click()
    expect(page.get_by_test_id("analysis-on-board")).to_have_text(
        f"The board shows the bot's move instead of move {ply}."
    )
    expect(show).to_have_attribute("aria-pressed", "true")
    show.click()
    expect(show).to_have_attribute("aria-pressed", "false")
    expect(page.get_by_test_id("analysis-on-board")).to_have_text("")

    # A click inside the graph's axes goes to the move under the pointer.
    box = chart.bounding_box()
    assert box is not None
    target = max(1, total // 3)
    left, right = 48, 24  # the grid's margins (ui/pages/analysis_chart.py)
    x = left + (box["width"] - left - right) * target / total
    chart.click(position={"x": x, "y": box["height"] / 2})
    expect(page.get_by_test_id("replay-ply")).to_have_text(f"Move {target} of {total}")
