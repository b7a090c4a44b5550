"""A server killed in the middle of a real-time game comes back with each seat's time.

The clocks are stored with every move (``matches.clock``, docs/clocks.md), and downtime
counts: the clocks go on while the site is down, so the seat to move comes back with what
it had less the time that passed, and the other seat with what it had. The pages show it
once reloaded, and the game goes on from there.
"""

from __future__ import annotations

import json
import re
import sqlite3
import time
from contextlib import closing
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from core.clock import Clock, remaining
from e2e.online import Match, expect_ply, invite_link
from e2e.server import Server
from e2e.test_clocks import join, open_timed_table
from e2e.test_restart import reopen

pytestmark = pytest.mark.caravan

BASE_MINUTES, INCREMENT = 3, 2
# The pages show whole seconds (rounded up), each from what the server sent a moment
# before it ticked: two readings of one clock may differ by a second or two from the
# time that passed between them.
ROUNDING = 2.0
# How long the site stays down at least: longer than the rounding, so that a clock that
# stood still meanwhile could not pass for one that ran.
DOWN = 5
CLOCK_TEXT = re.compile(r"^(\d+):(\d\d)$")

# Both seats' clocks as the page shows them, and the instant it shows them (POSIX seconds).
READ_CLOCKS = """() => [
  [0, 1].map((s) => document.querySelector(`[data-testid=clock-${s}]`).textContent),
  Date.now() / 1000,
]"""
# A clock showing at most ``limit`` seconds (m:ss).
AT_MOST = """([seat, limit]) => {
  const m = /^(\\d+):(\\d\\d)$/.exec(
    document.querySelector(`[data-testid=clock-${seat}]`)?.textContent || '');
  return !!m && Number(m[1]) * 60 + Number(m[2]) <= limit;
}"""


def seconds(text: str) -> int:
    found = CLOCK_TEXT.match(text)
    assert found, f"not a clock of minutes and seconds: {text!r}"
    return int(found[1]) * 60 + int(found[2])


def shown_clocks(page: Page) -> tuple[list[int], float]:
    """Each seat's seconds left as ``page`` shows them, and when it showed them."""
    texts, at = page.evaluate(READ_CLOCKS)
    return [seconds(text) for text in texts], float(at)


def settle(page: Page, mover: int) -> None:
    """Wait until the page's clocks run for ``mover`` alone."""
    for seat in (0, 1):
        clock = page.get_by_test_id(f"clock-{seat}")
        expect(clock).to_have_text(CLOCK_TEXT)
        expect(clock).to_have_attribute("data-running", str(seat == mover).lower())


def stored_clock(workdir: Path, match_id: str) -> Clock:
    """The match's clock as the site's SQLite database holds it (storage/clocks.py)."""
    (path,) = workdir.glob("data/*.db")
    with closing(sqlite3.connect(f"file:{path}?mode=ro", uri=True)) as db:
        row = db.execute("SELECT clock FROM matches WHERE id = ?", (match_id,)).fetchone()
    assert row is not None and row[0] is not None, f"no clock stored for {match_id}"
    return Clock.from_json(json.loads(row[0]), 2)


def test_a_server_restarted_mid_clock_keeps_each_seats_remaining_time(
    two: tuple[Page, Page], tmp_path: Path
) -> None:
    ann, bea = two
    server = Server(tmp_path / "site").start()
    try:
        match_id = open_timed_table(
            ann,
            server.url,
            "Ann",
            "Real time: my own clock",
            minutes=str(BASE_MINUTES),
            seconds="0",
            increment=str(INCREMENT),
        )
        join(bea, invite_link(ann), "Bea")
        ann.get_by_test_id("board").wait_for()
        pages = {0: ann, 1: bea}  # the host, Ann, sits at seat 0
        match = Match(pages)
        # Both seats move (each clock runs, then stops with its increment), then one more.
        while len({seat for seat, _ in match.moves}) < 2 or len(match.moves) < 3:
            mover = match.next_mover()
            assert mover is not None, "a hand of Caravan lasts more than three moves"
            match.play(mover)
        mover = match.next_mover()
        assert mover is not None
        waiting = 1 - mover
        for page in pages.values():
            expect_ply(page, len(match.moves))
            settle(page, mover)
        stored = stored_clock(server.workdir, match_id)
        assert stored.running == (mover,), stored
        for seat in (0, 1):  # both clocks have run: less than the base and increments
            turns = sum(1 for moved, _ in match.moves if moved == seat)
            assert stored.left[seat] < BASE_MINUTES * 60 + INCREMENT * turns, stored
        before = {seat: shown_clocks(page) for seat, page in pages.items()}
        waiting_before = before[waiting][0][waiting]  # each as its own player's page shows it
        mover_before, read_before = before[mover][0][mover], before[mover][1]
        for shown, _ in before.values():  # both pages show the same times
            assert shown[waiting] == waiting_before, before
            assert abs(shown[mover] - mover_before) <= ROUNDING, before

        server.kill()
        killed = time.time()
        # The site stays down while the mover's clock, ticking on in the browser, runs DOWN
        # seconds more.
        pages[mover].wait_for_function(AT_MOST, arg=[mover, mover_before - DOWN], timeout=30_000)
        server.start()
        down = time.time() - killed
        for page in pages.values():
            reopen(page)
            expect_ply(page, len(match.moves))
            settle(page, mover)
        after = {seat: shown_clocks(page) for seat, page in pages.items()}
        read_after = after[mover][1]
        across = read_after - read_before  # the wall time across the restart
        assert across >= down >= DOWN, (across, down)

        for shown, _ in after.values():
            # The seat not to move has what it had: its clock stood still.
            assert abs(shown[waiting] - waiting_before) <= ROUNDING, (before, after)
            # The seat to move had its clock running all along, the downtime included:
            # at most what it had, at least that less the time that passed.
            assert shown[mover] <= mover_before, (before, after)
            assert shown[mover] >= mover_before - across - ROUNDING, (before, after, across)
            assert shown[mover] <= mover_before - down + ROUNDING, (before, after, down)
        # In storage too: the clock read at any one instant is the one stored before the
        # kill, nothing paused and nothing lost.
        restored = stored_clock(server.workdir, match_id)
        now = time.time()
        assert remaining(restored, now) == pytest.approx(remaining(stored, now), abs=0.01)
        for shown, at in after.values():
            left = remaining(stored, at)
            assert abs(shown[mover] - left[mover]) <= ROUNDING, (shown, left)
            assert abs(shown[waiting] - left[waiting]) <= ROUNDING, (shown, left)

        # The game goes on: the player to move plays, and the other's clock starts running.
        match.play(mover)
        for page in pages.values():
            expect_ply(page, len(match.moves))
            settle(page, waiting)
            page.wait_for_function(AT_MOST, arg=[waiting, waiting_before - 1])
        moved = stored_clock(server.workdir, match_id)
        assert moved.running == (waiting,), moved
        # The mover was charged up to its move, the downtime included, then given its increment.
        charged = remaining(stored, moved.at)[mover] + INCREMENT
        assert moved.left[mover] == pytest.approx(charged, abs=0.01), (stored, moved)
        assert moved.left[waiting] == pytest.approx(stored.left[waiting], abs=0.01), (stored, moved)
    finally:
        server.stop()
