"""Deadlines at the site (ui/timeouts.py): stored with the game, kept across a restart,
found in storage when no process holds the table, and fired once when two sites (two
processes on one database) find the same seat out of time together.

The sites' time is a fake the tests move by hand: nothing sleeps."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime
from pathlib import Path

import pytest
from nicegui import core as nicegui_core
from sqlalchemy import Engine

from core.clock import Tempo
from core.table import BOT, Table
from storage import repo
from storage.clocks import due_matches
from tests.ui.sites import T0, Time, guests_engine, two_people, until
from ui import timeouts
from ui.site import Site


@pytest.fixture(autouse=True)
async def loop(monkeypatch: pytest.MonkeyPatch) -> None:
    """NiceGUI's background tasks (ending a game, rating it) run on the test's loop."""
    monkeypatch.setattr(nicegui_core, "loop", asyncio.get_running_loop())


async def timed_table(site: Site, tempo: Tempo) -> Table:
    return await two_people(site, tempo=tempo)


def holder(table: Table, seat: int) -> str:
    return table.seats[seat].holder


async def test_a_restarted_site_keeps_each_seats_time(tmp_path: Path) -> None:
    time = Time()
    db = guests_engine(tmp_path)
    first = Site(db, bot_pause=0, now=time)
    table = await timed_table(first, Tempo.realtime(120, 3))
    seat = min(table.state.to_move())
    time.now += 20
    await table.submit(seat, table.legal_actions(seat)[0], by=holder(table, seat))
    time.now += 7  # the site stops while the other seat thinks, and starts again
    again = Site(db, bot_pause=0, now=time)
    assert await again.recover() == 1
    rebuilt = again.tables.get(table.id)
    assert rebuilt.time_left() == table.time_left()
    left = rebuilt.time_left()
    assert left is not None and left[seat] == 103.0 and left[1 - seat] == 113.0


async def test_storage_knows_when_a_game_is_due_and_the_site_times_it_out(
    tmp_path: Path,
) -> None:
    time = Time()
    db = guests_engine(tmp_path)
    opened = Site(db, bot_pause=0, now=time)
    table = await timed_table(opened, Tempo.turnbased(3600))
    seat = min(table.state.to_move())
    assert due_matches(db, now=_at(T0 + 3599)) == []
    assert due_matches(db, now=_at(T0 + 3600)) == [table.id]
    # A site that does not hold the table (another process, or one started since) finds
    # it through storage and times the seat out.
    time.now += 3600
    other = Site(db, bot_pause=0, now=time)
    other.recovered = True
    assert await timeouts.check(other, ask_storage=True) == 1
    stored = repo.load_tables(db, match_ids=[table.id])[0]
    assert stored.seats[seat].kind == BOT
    assert stored.record["resigned"][0]["timed_out"] is True
    assert due_matches(db, now=_at(T0 + 10**6)) == [], "nobody else is on the clock"


@pytest.mark.postgres
async def test_two_sites_finding_one_seat_out_of_time_time_it_out_once(
    shared_engine: Engine,
) -> None:
    """Two processes on PostgreSQL (several processes need it: SQLite serves one)."""
    time = Time()
    db = shared_engine
    first = Site(db, bot_pause=0, now=time)
    table = await timed_table(first, Tempo.realtime(30))
    second = Site(db, bot_pause=0, now=time)
    mirror = await second.table(table.id)  # the same game, held by a second process
    seat = min(table.state.to_move())
    time.now += 31
    done = await asyncio.gather(
        timeouts.check(first, ask_storage=False), timeouts.check(second, ask_storage=False)
    )
    assert sorted(done) == [0, 1], "one site stored the timeout, the other was refused"
    stored = repo.load_tables(db, match_ids=[table.id])[0]
    assert len(stored.record["resigned"]) == 1
    assert stored.seats[seat].kind == BOT
    for held in (table, mirror):
        assert await timeouts.check(first if held is table else second, ask_storage=True) == 0
    assert len(repo.load_tables(db, match_ids=[table.id])[0].record["resigned"]) == 1


async def test_at_a_table_that_ends_on_a_timeout_the_game_is_stored_as_ended(
    tmp_path: Path,
) -> None:
    time = Time()
    db = guests_engine(tmp_path)
    site = Site(db, bot_pause=0, now=time)
    table = await timed_table(site, Tempo.realtime(30, on_timeout="end"))
    seat = min(table.state.to_move())
    time.now += 30
    assert await timeouts.check(site, ask_storage=False) == 1
    await until(lambda: repo.load_tables(db, match_ids=[table.id])[0].status == "finished")
    stored = repo.load_tables(db, match_ids=[table.id])[0]
    assert stored.status == "finished"
    result = stored.record["result"]
    assert result["ended"] == "timed_out" and result["ranking"][seat] == 2


def _at(seconds: float) -> datetime:
    return datetime.fromtimestamp(seconds, UTC)
