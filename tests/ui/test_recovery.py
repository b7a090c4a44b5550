"""Start-up recovery: each match on its own, storage asked until it answers, tables served
only with their storage, and a commit whose reply was lost."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from nicegui.testing import User
from sqlalchemy import Engine
from sqlalchemy.exc import OperationalError

import ui.bot_runner
import ui.site
from core.record import new_record, replay
from core.table import GUEST, SeatInfo, TableError, TableSettings
from storage import repo
from storage.db import make_engine
from storage.models import new_match_id
from tests.ui.sites import ANN, BEA, guests_engine
from ui.site import Site

SEATS = [SeatInfo(GUEST, ANN, "Ann"), SeatInfo(GUEST, BEA, "Bea")]


@pytest.fixture
def engine(tmp_path: Path) -> Engine:
    return guests_engine(tmp_path)


def stored_match(engine: Engine, plies: int = 0, *, bad: bool = False) -> str:
    """A Caravan match between Ann and Bea, stored with ``plies`` moves (the last one an
    action its game does not know when ``bad``), as a previous run of the server left it."""
    record = new_record("caravan", 2, 7, {"hands": 1}, [s.name for s in SEATS])
    match_id = new_match_id()
    repo.create_match(engine, match_id=match_id, record=record, seats=SEATS, user_ids=[ANN, BEA])
    state = replay(record)
    for ply in range(1, plies + 1):
        seat = min(state.to_move())
        action = "no-such-card" if bad and ply == plies else state.legal_actions(seat)[0]
        if not (bad and ply == plies):
            state.apply(seat, action)
        repo.append_move(engine, match_id=match_id, ply=ply, seat=seat, action=action)
    return match_id


def stored_plies(engine: Engine, match_id: str) -> int:
    record = repo.load_record(engine, match_id=match_id)
    assert record is not None
    return len(record["actions"])


async def play_next(site: Site, match_id: str) -> None:
    table = await site.table(match_id)
    seat = min(table.state.to_move())
    holder = table.seats[seat].holder
    await table.submit(seat, table.legal_actions(seat)[0], by=holder, expected_ply=table.ply)


async def test_a_match_that_does_not_replay_is_kept_aside_and_the_others_recover(
    engine: Engine,
) -> None:
    bad, fine = stored_match(engine, 3, bad=True), stored_match(engine, 3)
    site = Site(engine, bot_pause=0)
    assert await site.recover() == 1
    assert site.recovered and fine in site.tables and bad not in site.tables
    assert bad in site.broken
    await play_next(site, fine)
    assert stored_plies(engine, fine) == 4
    with pytest.raises(TableError) as caught:
        await site.table(bad)
    assert caught.value.code == "broken" and caught.value.message


async def test_recovery_asks_again_until_the_database_answers(
    engine: Engine, monkeypatch: pytest.MonkeyPatch
) -> None:
    first, second = stored_match(engine, 2), stored_match(engine)
    load, calls = repo.load_tables, []

    def flaky(db: Engine, **kwargs: Any) -> list[repo.StoredTable]:
        calls.append(db)
        if len(calls) <= 3:
            raise OperationalError("SELECT", {}, Exception("database is locked"))
        return load(db, **kwargs)

    monkeypatch.setattr(repo, "load_tables", flaky)
    monkeypatch.setattr(ui.site, "RECOVERY_FIRST_WAIT", 0.0)
    site = Site(engine, bot_pause=0)
    assert await site.recover() == 2
    assert len(calls) == 4 and site.recovered
    assert {first, second} <= set(site.live)


async def test_an_unfinished_match_asked_for_before_recovery_is_served_with_its_storage(
    engine: Engine,
) -> None:
    match_id = stored_match(engine, 5)
    site = Site(engine, bot_pause=0)  # recovery has not reached it (or failed before it)
    await play_next(site, match_id)
    assert (await site.table(match_id)).ply == 6
    assert stored_plies(engine, match_id) == 6  # a reload shows what the player saw


async def test_a_move_committed_whose_reply_was_lost_is_announced_as_played(
    engine: Engine, monkeypatch: pytest.MonkeyPatch
) -> None:
    match_id = stored_match(engine, 2)
    append = repo.append_move

    def commit_then_lose_reply(db: Engine, **kwargs: Any) -> None:
        append(db, **kwargs)
        raise OperationalError("COMMIT", {}, Exception("server closed the connection"))

    site = Site(engine, bot_pause=0)
    await site.recover()
    monkeypatch.setattr(repo, "append_move", commit_then_lose_reply)
    await play_next(site, match_id)  # told it was played, not "nothing was changed"
    monkeypatch.setattr(repo, "append_move", append)
    await play_next(site, match_id)  # and the table is not wedged on the stored ply
    assert stored_plies(engine, match_id) == (await site.table(match_id)).ply == 4


async def test_the_table_page_of_a_match_that_does_not_replay_says_so(
    user: User, tmp_path: Path
) -> None:
    await user.open("/")  # the site is up (and has recovered an empty database)
    engine = make_engine(f"sqlite:///{tmp_path}/site.db")
    for uid, name in ((ANN, "Ann"), (BEA, "Bea")):
        repo.ensure_guest(engine, user_id=uid, name=name)
    bad = stored_match(engine, 2, bad=True)
    await user.open(f"/table/{bad}")
    await user.should_see("could not be restored")


async def test_a_bot_refused_by_storage_waits_longer_each_time_and_then_stops_logged(
    engine: Engine, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    site = Site(engine, bot_pause=0)
    table = await site.table(stored_match(engine, 2))
    waits: list[float] = []

    async def no_wait(seconds: float) -> None:
        waits.append(seconds)

    monkeypatch.setattr(ui.bot_runner.asyncio, "sleep", no_wait)
    tries = [await site.bots._storage_pause(table, 1, table.ply) for _ in range(12)]
    assert tries == [True] * 11 + [False]
    assert waits == [1, 2, 4, 8, 16, 32, 60, 60, 60, 60, 60]
    assert "stops after 12 failed saves" in caplog.text
    assert await site.bots._storage_pause(table, 1, table.ply + 1)  # a new position: afresh
    assert waits[-1] == 1


async def test_a_table_cancelled_while_recovery_runs_is_not_brought_back_by_it(
    engine: Engine, monkeypatch: pytest.MonkeyPatch
) -> None:
    site = Site(engine, bot_pause=0)
    waiting = await site.create_table(
        game="caravan",
        options={"hands": 1},
        seats=[SeatInfo(GUEST, ANN, "Ann"), SeatInfo.empty()],
        user_ids=[ANN, None],
        settings=TableSettings(host=ANN),
    )
    batch = repo.load_tables(engine)  # recovery's read, made before the host cancels
    monkeypatch.setattr(repo, "load_tables", lambda db, **kwargs: batch)
    await site.cancel(waiting, by=ANN)
    assert await site.recover() == 0
    assert waiting.id not in site.tables
