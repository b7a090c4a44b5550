"""Timed tables in two browsers: a real-time clock a player lets run out (a bot plays on for
them, the loss is stored and rated), and a turn-based deadline of seconds that ends the game.

Each clock ticks in the browser from what the server sent; the server alone decides that a
time is up (ui/timeouts.py), and the tests wait for what it decided, never for a time."""

from __future__ import annotations

import re
import secrets
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from e2e.accounts import sign_up
from e2e.caravan import play_to_end
from e2e.online import invite_link, table_id, take_seat, whose_turn
from e2e.results import stored_record
from e2e.server import Server

PROFILE_SHOWN = "() => !!document.querySelector('[data-testid=ratings], [data-testid=no-ratings]')"
CLOCK_TEXT = re.compile(r"^\d+:\d\d$")  # m:ss


def open_timed_table(page: Page, base_url: str, name: str, tempo: str, **clock: str) -> str:
    """Ann's one-hand Caravan table with an invited seat and the ``tempo`` chosen (its
    label), custom clock fields filled from ``clock``; its id once she waits for Bea."""
    page.goto(base_url + "/new/caravan")
    page.get_by_test_id("name").fill(name)
    page.get_by_test_id("opponent").get_by_text("invitation link", exact=False).click()
    page.get_by_test_id("option-hands").click()
    page.get_by_role("option", name="1 hand", exact=True).click()
    page.get_by_test_id("tempo").click()
    page.get_by_role("option", name=tempo, exact=True).click()
    for field, value in clock.items():
        page.get_by_test_id(f"tempo-{field}").fill(value)
    return _start(page)


def _start(page: Page) -> str:
    page.get_by_test_id("start").click()
    page.wait_for_url("**/table/*")
    expect(page.get_by_test_id("waiting-room")).to_be_visible()
    return table_id(page)


def join(page: Page, link: str, name: str) -> None:
    page.goto(link)
    take_seat(page, name)


def test_a_player_who_lets_the_clock_run_out_loses_and_a_bot_plays_on(
    two: tuple[Page, Page], base_url: str
) -> None:
    ann, bea = two
    suffix = secrets.token_hex(3)
    names = [f"ann{suffix}", f"bea{suffix}"]
    sign_up(ann, base_url, names[0])
    sign_up(bea, base_url, names[1])
    match_id = open_timed_table(
        ann,
        base_url,
        names[0],
        "Real time: my own clock",
        minutes="0",
        seconds="10",
        increment="60",
    )
    join(bea, invite_link(ann), names[1])
    ann.get_by_test_id("board").wait_for()
    for page in (ann, bea):  # each page shows both clocks, ticking from 0:10
        for seat in (0, 1):
            expect(page.get_by_test_id(f"clock-{seat}")).to_have_text(CLOCK_TEXT)
    late = whose_turn(ann)
    assert late is not None
    loser, winner = (ann, bea) if late == 0 else (bea, ann)  # the host, Ann, sits at seat 0
    # The clock of the seat to move runs down in the browser, by itself: from 0:10 to 0:05
    # takes five seconds, so the wait must be longer than Playwright's default of five.
    expect(loser.get_by_test_id(f"clock-{late}")).to_have_text(
        re.compile(r"^0:0[0-5]$"), timeout=20_000
    )
    # Nobody moves: the server times the seat out and a bot takes it.
    seat_chip = winner.get_by_test_id(f"seat-{late}")
    expect(seat_chip).to_have_attribute("data-kind", "bot", timeout=20_000)
    expect(loser.get_by_text("Your time ran out")).to_be_visible()
    expect(winner.get_by_text("ran out of time")).to_be_visible()
    # The winner plays the hand out against the bot (their own clock gets a minute a turn,
    # so a slow machine does not run it out).
    play_to_end(winner)
    record = stored_record(base_url, match_id)
    note = record["resigned"][0]
    assert note["seat"] == late and note["timed_out"] is True, note
    ranking = record["result"]["ranking"]
    assert ranking[late] == 2 and ranking[1 - late] == 1, ranking
    expect(winner.get_by_test_id("end-scores")).to_contain_text("(out of time)")
    # Found in both histories, and both players are rated at Caravan.
    for page, username in ((loser, names[late]), (winner, names[1 - late])):
        page.goto(base_url + "/history")
        expect(page.get_by_test_id(f"match-{match_id}")).to_be_visible()
        page.goto(f"{base_url}/players/{username}")
        for _ in range(40):  # rated in the background: each load is a fresh look
            page.wait_for_function(PROFILE_SHOWN)
            if page.get_by_test_id("rating-caravan").count():
                break
            page.reload()
        expect(page.get_by_test_id("rating-caravan")).to_be_visible()


@pytest.fixture(scope="module")
def fast_days(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A site of its own whose turn-based "day" lasts 4 seconds, and where a player who
    left a real-time game has 3 seconds to come back."""
    env = {"CARAVANSERAI_DAY_SECONDS": "4", "CARAVANSERAI_GRACE_SECONDS": "3"}
    server = Server(Path(tmp_path_factory.mktemp("days")), env=env).start()
    yield server.url
    server.stop()


def test_a_turn_based_deadline_that_passes_ends_the_game_where_the_table_says_so(
    two: tuple[Page, Page], fast_days: str
) -> None:
    ann, bea = two
    ann.goto(fast_days + "/new/caravan")
    ann.get_by_test_id("name").fill("Ann")
    ann.get_by_test_id("opponent").get_by_text("invitation link", exact=False).click()
    ann.get_by_test_id("tempo").click()
    ann.get_by_role("option", name="Turn-based: 1 day a turn", exact=True).click()
    ann.get_by_test_id("tempo-timeout").get_by_text("the game ends", exact=False).click()
    expect(ann.get_by_test_id("tempo-summary")).to_contain_text("for each turn")
    match_id = _start(ann)
    join(bea, invite_link(ann), "Bea")
    ann.get_by_test_id("board").wait_for()
    late = whose_turn(ann)
    assert late is not None
    for page in (ann, bea):  # the deadline passes: the game ends, the late player loses
        expect(page.get_by_test_id("end-headline")).to_be_visible(timeout=20_000)
    record = stored_record(fast_days, match_id)
    assert record["result"]["ended"] == "timed_out"
    assert record["result"]["ranking"][late] == 2
    assert record["resigned"][0]["timed_out"] is True


def test_a_player_who_leaves_a_real_time_game_may_be_replaced_after_the_grace(
    two: tuple[Page, Page], fast_days: str
) -> None:
    ann, bea = two
    match_id = open_timed_table(
        ann, fast_days, "Ann", "Real time: my own clock", minutes="5", seconds="0", increment="0"
    )
    join(bea, invite_link(ann), "Bea")
    ann.get_by_test_id("board").wait_for()
    expect(ann.get_by_test_id("grace-1")).to_have_count(0)
    bea.goto(fast_days + "/lobby")  # Bea's last page of the table goes
    notice = ann.get_by_test_id("grace-1")
    expect(notice).to_contain_text("Bea left —")
    expect(notice).to_contain_text("to come back")
    # Her grace over, Ann may give the seat to a bot; the game goes on against it.
    ann.get_by_test_id("grace-give-1").click()
    expect(ann.get_by_test_id("seat-1")).to_have_attribute("data-kind", "bot")
    expect(ann.get_by_test_id("grace-1")).to_have_count(0)
    bea.goto(f"{fast_days}/table/{match_id}")  # back too late: a bot plays for her
    expect(bea.get_by_test_id("seat-1")).to_have_attribute("data-kind", "bot")
    play_to_end(ann)  # against the bot; Bea, who left, is ranked last
    expect(ann.get_by_test_id("end-scores")).to_contain_text("Bea (left)")
    record = stored_record(fast_days, match_id)
    note = record["resigned"][0]
    assert note["seat"] == 1 and note["left"] is True, note
    assert record["result"]["ranking"] == [1, 2], record["result"]
