"""Untimed games nobody moves in (ui/abandonment.py, storage/abandoned.py): after the
configured days without a move they are closed as abandoned, unrated, shown so in the
history; timed, hot-seat and recently played games are left alone, and a sweep closes
a game once, however many processes sweep."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from nicegui import core as nicegui_core
from sqlalchemy import Engine

from core.clock import Tempo
from core.table import HOTSEAT, SeatInfo, TableSettings
from storage import repo
from storage.abandoned import stale_matches
from storage.history import matches_for_user_page
from storage.ratings import rate_match
from tests.ui.sites import ANN, BEA, guests_engine, two_people
from ui import abandonment
from ui.site import Site

LATER = timedelta(days=31)


@pytest.fixture(autouse=True)
async def loop(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(nicegui_core, "loop", asyncio.get_running_loop())


def later() -> datetime:
    return datetime.now(UTC) + LATER


async def test_a_game_nobody_moved_in_for_a_month_is_closed_as_abandoned(tmp_path: Path) -> None:
    site = Site(guests_engine(tmp_path), bot_pause=0)
    table = await two_people(site)
    seat = min(table.state.to_move())
    await table.submit(seat, table.legal_actions(seat)[0], by=table.seats[seat].holder)
    heard: list[str] = []
    site.info(table.id).listen(heard.append)
    assert await abandonment.close_idle(site, now=datetime.now(UTC) + timedelta(days=29)) == 0
    assert await abandonment.close_idle(site, now=later()) == 1
    assert heard == ["ended"] and table.ended, "its pages are told; it takes no more moves"
    record = repo.load_record(site.db, match_id=table.id)
    assert record is not None and record["result"]["ended"] == "abandoned"
    assert record["result"]["ranking"] == [1, 1], "nobody won, nobody lost"
    assert not rate_match(site.db, match_id=table.id), "not rated"
    for person in (ANN, BEA):
        rows, _ = matches_for_user_page(site.db, user_id=person)
        assert [row.outcome for row in rows] == ["abandoned"]
    filtered, _ = matches_for_user_page(site.db, user_id=ANN, result="abandoned")
    assert [row.id for row in filtered] == [table.id]
    assert await abandonment.close_idle(site, now=later()) == 0, "closed once"


async def test_timed_hot_seat_and_lately_played_games_are_left_alone(tmp_path: Path) -> None:
    site = Site(guests_engine(tmp_path), bot_pause=0)
    await two_people(site, tempo=Tempo.turnbased(7 * 86400))  # its clock ends it
    seats = [SeatInfo(HOTSEAT, ANN, "Ann"), SeatInfo(HOTSEAT, ANN, "Bea")]
    await site.create_table(
        game="caravan",
        options={"hands": 1},
        seats=seats,
        user_ids=[ANN, ANN],
        settings=TableSettings(host=ANN),
    )
    assert await abandonment.close_idle(site, now=later()) == 0
    fresh = await two_people(site)
    assert stale_matches(site.db, before=later()) == [fresh.id]
    assert stale_matches(site.db, before=datetime.now(UTC) - timedelta(days=1)) == []


async def test_a_move_made_while_the_game_is_being_closed_keeps_it_open(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    site = Site(guests_engine(tmp_path), bot_pause=0)
    table = await two_people(site)
    found = stale_matches

    def then_a_move(engine: Engine, **kwargs: object) -> list[str]:
        ids = found(engine, **kwargs)  # type: ignore[arg-type]
        seat = min(table.state.to_move())
        repo.append_move(
            engine, match_id=table.id, ply=1, seat=seat, action=table.legal_actions(seat)[0]
        )
        return ids

    monkeypatch.setattr(abandonment, "stale_matches", then_a_move)
    # The move is stored "now", long after the idle mark the sweep closes before.
    assert await abandonment.close_idle(site, now=datetime.now(UTC), age=timedelta(0)) == 0
    stored = repo.load_table_info(site.db, match_id=table.id)
    assert stored is not None and stored["status"] == "playing"


@pytest.mark.postgres
async def test_two_sites_sweeping_together_close_a_game_once(shared_engine: Engine) -> None:
    first, second = Site(shared_engine, bot_pause=0), Site(shared_engine, bot_pause=0)
    await two_people(first)
    closed = await asyncio.gather(
        abandonment.close_idle(first, now=later()), abandonment.close_idle(second, now=later())
    )
    assert sorted(closed) == [0, 1]
