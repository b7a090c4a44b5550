"""After a game: the stored record, the scores the page shows, history and replay."""

from __future__ import annotations

import json
import re
import urllib.request
from collections.abc import Callable
from typing import Any

from playwright.sync_api import Locator, Page, expect

from core.record import replay
from ui.i18n import Translator
from ui.seat_names import seat_name


def stored_record(base_url: str, match_id: str) -> dict[str, Any]:
    with urllib.request.urlopen(f"{base_url}/api/matches/{match_id}", timeout=10) as response:
        return json.load(response)


def shown_final_scores(page: Page, players: int = 2) -> list[int]:
    return [int(page.get_by_test_id(f"final-score-{seat}").inner_text()) for seat in range(players)]


def expect_scores_named(outcome: Locator, names: list[str], scores: list[int]) -> None:
    """A history row's outcome says whose score is whose: each seat's score follows "You"
    (the visitor's one seat) or the seat's name ("Won · You 22 · Bot (easy) 5")."""
    english = Translator("en")
    for name, score in zip(names, scores, strict=True):
        shown = seat_name(english, name)  # a bot's stored seat ("bot:easy") as it reads
        who = rf"(You|{re.escape(shown)})"
        expect(outcome).to_contain_text(re.compile(rf"· {who} {score}( ·|$)"))


def finish_and_check(page: Page, base_url: str, play_to_end: Callable[[Page], None]) -> str:
    """Play to the result, compare with the engine's replay, find it in history, replay it."""
    match_id = page.url.rsplit("/", 1)[-1]
    play_to_end(page)
    record = stored_record(base_url, match_id)
    engine_scores = [int(s) for s in replay(record).scores()]
    assert shown_final_scores(page, record["players"]) == engine_scores
    assert record["result"]["scores"] == engine_scores
    page.get_by_test_id("to-history").click()
    row = page.get_by_test_id(f"match-{match_id}")
    expect(row).to_be_visible()
    expect_scores_named(row.get_by_test_id("outcome"), record["seats"], engine_scores)
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
