"""Disconnect grace at a real-time table (ui/grace.py): a player whose last page goes has a
minute to come back; after that another player may give the seat to a bot, a loss for the
one who left, stored with the game. The site's time is a fake moved by hand."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from nicegui import core as nicegui_core

from core.clock import Tempo
from core.table import BOT, GUEST, TableError
from storage import repo
from tests.ui.sites import ANN, BEA, Time, guests_engine, two_people
from ui import grace
from ui.grace import away, give_to_bot
from ui.site import Site


@pytest.fixture(autouse=True)
async def loop(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(nicegui_core, "loop", asyncio.get_running_loop())


async def test_a_player_who_left_has_a_minute_then_the_other_gives_the_seat_away(
    tmp_path: Path,
) -> None:
    time = Time()
    site = Site(guests_engine(tmp_path), bot_pause=0, now=time)
    table = await two_people(site, tempo=Tempo.realtime(300, 5))
    info = site.info(table.id)
    site.arrive(table.id, ANN, "ann-page")
    site.arrive(table.id, BEA, "bea-page")
    assert away(table, info, time.now) == {}
    site.depart(table.id, BEA, "bea-page")  # Bea's last page goes
    assert away(table, info, time.now) == {1: grace.GRACE}
    time.now += 30
    assert away(table, info, time.now) == {1: 30.0}
    with pytest.raises(TableError) as early:
        await give_to_bot(table, info, 1, by=ANN, now=time.now)
    assert early.value.code == "still_here" and table.seats[1].kind == GUEST
    time.now += 31
    with pytest.raises(TableError) as stranger:  # only another player may do it
        await give_to_bot(table, info, 1, by="c" * 32, now=time.now)
    assert stranger.value.code == "not_player"
    await give_to_bot(table, info, 1, by=ANN, now=time.now)
    assert table.seats[1].kind == BOT
    assert away(table, info, time.now) == {}, "a bot's seat waits for nobody"
    stored = repo.load_record(site.db, match_id=table.id)
    assert stored is not None and stored["resigned"][-1]["left"] is True


async def test_coming_back_in_time_keeps_the_seat(tmp_path: Path) -> None:
    time = Time()
    site = Site(guests_engine(tmp_path), bot_pause=0, now=time)
    table = await two_people(site, tempo=Tempo.realtime(300, 5))
    info = site.info(table.id)
    site.arrive(table.id, ANN, "ann-page")
    site.arrive(table.id, BEA, "bea-page")
    site.depart(table.id, BEA, "bea-page")
    time.now += 50
    site.arrive(table.id, BEA, "bea-again")  # a reload, or back from a tunnel
    time.now += 60
    assert away(table, info, time.now) == {}
    with pytest.raises(TableError) as refused:
        await give_to_bot(table, info, 1, by=ANN, now=time.now)
    assert refused.value.code == "still_here" and table.seats[1].kind == GUEST


async def test_a_player_who_never_came_counts_as_gone_from_the_first_arrival(
    tmp_path: Path,
) -> None:
    time = Time()
    site = Site(guests_engine(tmp_path), bot_pause=0, now=time)
    table = await two_people(site, tempo=Tempo.realtime(300, 5))
    site.arrive(table.id, ANN, "ann-page")
    assert away(table, site.info(table.id), time.now) == {1: grace.GRACE}


async def test_untimed_and_turn_based_tables_have_no_grace(tmp_path: Path) -> None:
    time = Time()
    site = Site(guests_engine(tmp_path), bot_pause=0, now=time)
    for tempo in (Tempo.untimed(), Tempo.turnbased(3600)):
        table = await two_people(site, tempo=tempo)
        site.arrive(table.id, ANN, "ann-page")
        time.now += 3600
        assert away(table, site.info(table.id), time.now) == {}
