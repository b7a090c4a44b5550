"""Whose turn it is at the site (ui/site_turns.py) and where **Next game** goes
(ui/pages/turns.py): the listeners hear each stored change, and the button goes round."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime
from pathlib import Path

import pytest
from nicegui import core as nicegui_core

from core.table import Table
from storage.turns import WaitingGame
from tests.ui.sites import ANN, BEA, new_site, two_people
from ui.pages.turns import next_after
from ui.site_turns import people_to_move, turn_began


@pytest.fixture(autouse=True)
async def loop(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(nicegui_core, "loop", asyncio.get_running_loop())


def game(match_id: str) -> WaitingGame:
    return WaitingGame(match_id, "caravan", (0,), datetime(2026, 1, 1, tzinfo=UTC), None, ())


def test_next_game_goes_round_the_waiting_games_in_order() -> None:
    games = [game("a"), game("b"), game("c")]
    following = [next_after(games, here) for here in "abc"]
    assert [g.match_id if g else None for g in following] == ["b", "c", "a"]
    assert next_after(games, "elsewhere") == games[0], "from a game not waiting: the first"
    assert next_after([game("a")], "a") is None, "no other game waits"
    assert next_after([], "a") is None


async def test_each_stored_move_tells_who_is_to_move_and_both_players_pages(
    tmp_path: Path,
) -> None:
    site = new_site(tmp_path)
    heard: list[list[str]] = []
    pages = {ANN: 0, BEA: 0}
    site.on_turn(lambda table, people: heard.append(people))
    for person in pages:
        site.watch_turns(person, lambda person=person: pages.__setitem__(person, pages[person] + 1))
    table: Table = await two_people(site)
    seat = min(table.state.to_move())
    assert people_to_move(table) == [table.seats[seat].holder]
    assert heard == [people_to_move(table)], "a game begun full: its first turn is told"
    pages.update({ANN: 0, BEA: 0})
    await table.submit(seat, table.legal_actions(seat)[0], by=table.seats[seat].holder)
    movers = sorted(table.state.to_move())
    assert heard[-1] == [table.seats[n].holder for n in movers]
    assert pages == {ANN: 1, BEA: 1}, "the one who moved and the one now to move"
    assert turn_began(table, table.seats[movers[0]].holder) == table.ply
    waiting = await site.games_waiting(table.seats[movers[0]].holder)
    assert [g.match_id for g in waiting] == [table.id]
    if seat not in movers:  # the one who moved waits for nothing now
        assert await site.games_waiting(table.seats[seat].holder) == []
