"""Two sites on one PostgreSQL database and one Redis, as two processes serve the site
(ui/site_sync.py, ui/site_presence.py): what one stores, the other's tables follow."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator

import pytest
from nicegui import core as nicegui_core
from sqlalchemy import Engine

from core.table import GUEST, Move, SeatInfo, Table
from storage import repo
from tests.ui.sites import ANN, BEA, two_people, until
from ui.bus import Event, RedisBus
from ui.presence import SharedPresence
from ui.site import Site

pytestmark = pytest.mark.postgres


@pytest.fixture
async def sites(
    shared_engine: Engine, redis_url: str, unique: str, monkeypatch: pytest.MonkeyPatch
) -> AsyncIterator[tuple[Site, Site]]:
    """Two processes' sites: their own gateways and buses, one channel, shared presence."""
    monkeypatch.setattr(nicegui_core, "loop", asyncio.get_running_loop())
    made = []
    for name in ("one", "two"):
        bus = RedisBus(redis_url, name=f"{name}-{unique}", channel=f"test:{unique}")
        site = Site(shared_engine, bot_pause=0, bus=bus)
        site.shared_presence = SharedPresence(redis_url, f"{name}-{unique}")
        await bus.start(site.on_event, site.catch_up_all)
        made.append(site)
    yield made[0], made[1]
    for site in made:
        await site.bus.close()
        assert site.shared_presence is not None
        await site.shared_presence.close()
        site.gateway.close()


async def on_both(one: Site, two: Site, *, open_seat: bool = False) -> tuple[Table, Table]:
    """Ann's table opened on ``one`` (against Bea, or an open seat), and the same table as
    ``two`` hosts it once it has heard of it."""
    table = await two_people(one, open_seat=open_seat)
    await until(lambda: table.id in two.tables)
    return table, two.tables.get(table.id)


async def play(table: Table) -> Move:
    seat = min(table.state.to_move())
    action = table.state.legal_actions(seat)[0]
    return await table.submit(seat, action, by=table.seats[seat].holder, expected_ply=table.ply)


async def test_a_table_opened_on_one_process_shows_in_the_others_lobby(
    sites: tuple[Site, Site],
) -> None:
    one, two = sites
    table, _ = await on_both(one, two, open_seat=True)
    waiting, _ = two.lobby()
    assert table.id in {t.id for t in waiting}


async def test_a_seat_taken_on_one_process_starts_the_game_on_the_other(
    sites: tuple[Site, Site],
) -> None:
    one, two = sites
    table, there = await on_both(one, two, open_seat=True)
    await there.join(1, by=BEA, name="Bea")
    await until(lambda: not table.waiting)
    assert table.seats[1] == SeatInfo(GUEST, BEA, "Bea")
    assert not there.waiting


async def test_moves_stored_by_one_process_reach_the_others_pages_in_order(
    sites: tuple[Site, Site],
) -> None:
    one, two = sites
    table, there = await on_both(one, two)
    heard: list[int] = []
    there.subscribe(lambda t, move: heard.append(move.ply))
    for _ in range(6):
        await play(table)
    await until(lambda: there.ply == 6)
    assert heard == [1, 2, 3, 4, 5, 6]
    assert there.record["actions"] == table.record["actions"]
    assert there.view(0) == table.view(0) and there.view(None) == table.view(None)


async def test_both_processes_play_one_table_turn_about(sites: tuple[Site, Site]) -> None:
    """Ann plays from one process, Bea from the other, to the end of the game."""
    one, two = sites
    table, there = await on_both(one, two)
    while True:
        await until(lambda: table.ply == there.ply)
        if table.state.is_over():
            break
        seat = min(table.state.to_move())
        await play(table if table.seats[seat].holder == ANN else there)
    assert there.state.is_over()
    stored = repo.load_record(one.db, match_id=table.id)
    assert stored is not None and stored["actions"] == there.record["actions"]
    assert stored["result"] == there.record["result"] == table.record["result"]


async def test_both_players_asking_for_the_rematch_at_once_on_two_processes_get_one_table(
    sites: tuple[Site, Site],
) -> None:
    one, two = sites
    table, there = await on_both(one, two)
    while not table.state.is_over():
        await play(table)
    await until(lambda: there.state.is_over())
    asked = await asyncio.gather(one.rematch(table, by=ANN), two.rematch(there, by=BEA))
    assert asked[0] == asked[1]
    follow = asked[0]
    assert follow in one.tables and follow in two.tables
    stored = repo.load_tables(one.db, match_ids=[follow])
    assert len(stored) == 1 and [s.holder for s in stored[0].seats] == [ANN, BEA]
    info = repo.load_table_info(one.db, match_id=table.id)
    assert info is not None and info["rematch"] == follow


async def test_a_move_sent_to_both_processes_at_once_is_played_once(
    sites: tuple[Site, Site],
) -> None:
    one, two = sites
    table, there = await on_both(one, two)
    seat = min(table.state.to_move())
    action = table.state.legal_actions(seat)[0]
    holder = table.seats[seat].holder
    outcomes = await asyncio.gather(
        table.submit(seat, action, by=holder, expected_ply=0),
        there.submit(seat, action, by=holder, expected_ply=0),
        return_exceptions=True,
    )
    assert sorted(type(o).__name__ for o in outcomes) == ["Move", "TableError"], outcomes
    assert table.ply == there.ply == 1
    stored = repo.load_record(one.db, match_id=table.id)
    assert stored is not None and stored["actions"] == [[seat, action]]


async def test_chat_undo_and_cancel_travel_too(sites: tuple[Site, Site]) -> None:
    one, two = sites
    table, there = await on_both(one, two)
    await two.load_chat(there)
    events: list[str] = []
    two.info(table.id).listen(events.append)
    await one.post_chat(table, by=ANN, text="hello from one")
    await until(lambda: "chat" in events)
    assert [line.text for line in two.chat(there)] == ["hello from one"]

    waiting, _ = await on_both(one, two, open_seat=True)
    heard: list[str] = []
    two.info(waiting.id).listen(heard.append)
    await one.cancel(waiting, by=ANN)
    await until(lambda: "cancelled" in heard)
    assert waiting.id not in two.tables


async def test_a_person_present_on_one_process_is_present_on_the_other(
    sites: tuple[Site, Site],
) -> None:
    one, two = sites
    table, _ = await on_both(one, two)
    events: list[str] = []
    two.info(table.id).listen(events.append)
    one.arrive(table.id, BEA, "client-1")
    await until(lambda: two.info(table.id).is_present(BEA))
    assert "presence" in events
    one.depart(table.id, BEA, "client-1")
    await until(lambda: not two.info(table.id).is_present(BEA))


async def test_after_a_lost_message_the_sweep_or_a_reconnection_catches_up(
    sites: tuple[Site, Site],
) -> None:
    """A move whose message never came (published nowhere) is found by catching up."""
    one, two = sites
    table, there = await on_both(one, two)
    one.bus.publish = _nowhere  # type: ignore[method-assign]
    await play(table)
    await play(table)
    assert there.ply == 0
    await two.catch_up_all()  # what a reconnection does
    assert there.ply == 2
    await play(table)
    await two.on_event(Event(table.id, "move"))  # what the sweep does for a table behind
    await until(lambda: there.ply == 3)


async def _nowhere(table: str, kind: str, ply: int | None = None) -> None:
    return None
