"""Resigning an online match: the board stays in front of the person who resigned, and the
game counts as their loss whatever the bot that took their seat does."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from e2e.caravan import play_to_end
from e2e.online import invite_link, my_seat, open_table, take_seat
from e2e.results import stored_record


def test_the_invited_player_who_resigns_watches_at_once_and_loses(
    two: tuple[Page, Page], base_url: str
) -> None:
    expect.set_options(timeout=20_000)
    ann, bea = two
    match_id = open_table(ann, base_url, name="Ann", seat="invited")
    bea.goto(invite_link(ann))
    take_seat(bea, "Bea")
    assert (my_seat(ann), my_seat(bea)) == (0, 1)
    bea.evaluate("() => { window.e2eKept = true; }")  # to show the page is never reloaded

    bea.get_by_test_id("resign").click()
    bea.get_by_test_id("resign-yes").click()
    expect(bea.get_by_test_id("watching")).to_be_visible()
    board = bea.get_by_test_id("board")
    expect(board).to_have_count(1)
    expect(board).to_be_visible()
    expect(board.get_by_test_id("season")).to_be_visible()  # the spectators' board, drawn
    expect(bea.get_by_test_id("seat-1")).to_contain_text("Bot for Bea")
    assert bea.evaluate("() => window.e2eKept === true"), "the page was reloaded"

    play_to_end(ann)  # Ann against the bot that took Bea's seat
    for page in (ann, bea):  # whatever the bot scored, Bea resigned: Ann wins
        expect(page.get_by_test_id("result")).to_be_visible()
        expect(page.get_by_test_id("end-headline")).to_have_text(
            re.compile("^(You win!|Ann wins)$")
        )
    record = stored_record(base_url, match_id)
    assert record["result"]["ranking"] == [1, 2], "the person who resigned is ranked last"
    bot, ann_score = int(record["result"]["scores"][1]), int(record["result"]["scores"][0])

    bea.goto(base_url + "/history")
    outcome = bea.get_by_test_id(f"match-{match_id}").get_by_test_id("outcome")
    expect(outcome).to_have_text(f"Lost · You {bot} · Ann {ann_score}")
    ann.goto(base_url + "/history")
    outcome = ann.get_by_test_id(f"match-{match_id}").get_by_test_id("outcome")
    expect(outcome).to_have_text(f"Won · You {ann_score} · Bot for Bea {bot}")
