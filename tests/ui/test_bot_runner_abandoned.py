"""A game with no person left at it ends: its bots do not play it out."""

from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest
from nicegui import core as nicegui_core

from core.table import BOT, GUEST, HOTSEAT, SeatInfo, Table, TableSettings
from storage import repo
from tests.ui.sites import ANN, guests_engine, until
from ui.bot_pool import BotPool
from ui.site import Site


class Counting:
    """A stand-in for ``choose_action`` that plays the first legal action and counts."""

    def __init__(self) -> None:
        self.calls = 0

    def __call__(self, bot: str, state: Any, seat: int, rng: Any) -> str:
        self.calls += 1
        return str(state.legal_actions(seat)[0])


@pytest.fixture
def choose() -> Counting:
    return Counting()


@pytest.fixture
async def site(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, choose: Counting) -> Site:
    monkeypatch.setattr(nicegui_core, "loop", asyncio.get_running_loop())
    site = Site(guests_engine(tmp_path), bot_pause=0)
    site.bots.pool = BotPool(workers=1, executor=ThreadPoolExecutor(1))
    site.bots.choose = choose
    return site


def status(site: Site, table: Table) -> str:
    info = repo.load_table_info(site.db, match_id=table.id)
    assert info is not None
    return str(info["status"])


async def ann_to_move(site: Site, seats: list[SeatInfo], game: str = "caravan") -> Table:
    table = await site.create_table(
        game=game,
        options=None,
        seats=seats,
        user_ids=[s.user_id for s in seats],
        settings=TableSettings(host=ANN),
    )
    while True:  # Ann's friends on this screen and the bots play until it is Ann's turn
        await until(lambda: any(not table.seats[s].is_bot for s in table.state.to_move()))
        if 0 in table.state.to_move():
            return table
        seat = min(table.state.to_move())
        await table.submit(seat, table.legal_actions(seat)[0], by=ANN)


async def test_when_the_last_person_resigns_the_game_ends_with_them_last(
    site: Site, choose: Counting
) -> None:
    table = await ann_to_move(site, [SeatInfo(GUEST, ANN, "Ann"), SeatInfo(BOT, "bot:easy", "E")])
    await table.submit(0, table.legal_actions(0)[0], by=ANN)
    await until(lambda: 0 in table.state.to_move())
    ply, calls = table.ply, choose.calls
    await table.resign(0, by=ANN, name="Normal")
    await until(lambda: status(site, table) == "finished")
    stored = repo.load_record(site.db, match_id=table.id)
    assert stored is not None and stored["result"]["ranking"] == [2, 1]
    assert stored["result"]["ended"] == "resigned"
    assert table.abandoned and table.ply == ply and choose.calls == calls
    assert table not in site.lobby()[1]


async def test_a_game_goes_on_while_one_person_still_holds_a_seat(site: Site) -> None:
    seats = [
        SeatInfo(HOTSEAT, ANN, "Ann"),
        SeatInfo(HOTSEAT, ANN, "Bea"),
        SeatInfo(BOT, "bot:easy", "E"),
    ]
    table = await ann_to_move(site, seats, "pueblo")
    await table.resign(0, by=ANN, name="Normal")
    await until(lambda: 1 in table.state.to_move() and not site.bots.thinking(table.id))
    assert status(site, table) == "playing" and not table.abandoned
    await table.resign(1, by=ANN, name="Normal 2")
    await until(lambda: status(site, table) == "finished")
    stored = repo.load_record(site.db, match_id=table.id)
    assert stored is not None and stored["result"]["ranking"] == [2, 2, 1]


async def test_an_abandoned_game_left_unended_by_a_restart_is_ended_at_recovery(
    site: Site, monkeypatch: pytest.MonkeyPatch
) -> None:
    table = await ann_to_move(site, [SeatInfo(GUEST, ANN, "Ann"), SeatInfo(BOT, "bot:easy", "E")])

    async def crash(table: Table) -> None:  # the server died before the game was ended
        return None

    monkeypatch.setattr(site, "_end_abandoned", crash)
    await table.resign(0, by=ANN, name="Normal")
    assert status(site, table) == "playing"
    restarted = Site(site.db, bot_pause=0)
    restarted.bots.pool, restarted.bots.choose = site.bots.pool, site.bots.choose
    await restarted.recover()
    await until(lambda: status(site, table) == "finished")
    assert (await restarted.table(table.id)).abandoned
