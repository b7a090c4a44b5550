"""A live core.table.Table that stores its moves through the persistence hook."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from sqlalchemy import Engine

from core.engine import State
from core.table import Move, Table, TableError
from storage.db import make_engine
from storage.models import FINISHED
from storage.repo import (
    load_record,
    load_seats,
    matches_for_user,
    persist_move,
    unfinished_matches,
)

NextMove = Callable[[State], tuple[int, str]]


def stored_table(engine: Engine, match_id: str, persist_to: Engine | None = None) -> Table:
    """The table of a stored match, as the server rebuilds it on start-up."""
    record = load_record(engine, match_id=match_id)
    assert record is not None
    seats = load_seats(engine, match_id=match_id)
    return Table(match_id, record, seats, persist=persist_move(persist_to or engine))


async def play_on(table: Table, next_move: NextMove, plies: int) -> None:
    for _ in range(plies):
        if table.state.is_over():
            return
        seat, action = next_move(table.state)
        await table.submit(seat, action, by=table.seats[seat].holder, expected_ply=table.ply)


def views(table: Table) -> list[dict[str, object]]:
    return [table.view(seat) for seat in (None, *range(len(table.seats)))]


async def test_each_move_is_stored_before_listeners_are_told(
    engine: Engine, match_id: str, next_move: NextMove
) -> None:
    table = stored_table(engine, match_id)
    heard: list[tuple[int, int, bool]] = []

    def listener(table: Table, move: Move) -> None:
        record = load_record(engine, match_id=table.id)
        assert record is not None
        heard.append((move.ply, len(record["actions"]), record["result"] is not None))

    table.subscribe(listener)
    await play_on(table, next_move, 1000)
    assert table.state.is_over()
    last = table.ply
    assert heard == [(ply, ply, False) for ply in range(1, last)] + [(last, last, True)]
    assert load_record(engine, match_id=match_id) == table.record
    [summary] = matches_for_user(engine, user_id=table.seats[0].holder)
    assert (summary["status"], summary["moves"]) == (FINISHED, last)


async def test_an_unreachable_database_refuses_the_move_and_leaves_the_table_unchanged(
    engine: Engine, match_id: str, next_move: NextMove
) -> None:
    unreachable = make_engine("postgresql+psycopg://postgres@127.0.0.1:1/x")
    table = stored_table(engine, match_id, persist_to=unreachable)
    before = views(table)
    heard: list[Move] = []
    table.subscribe(lambda table, move: heard.append(move))
    seat, action = next_move(table.state)
    with pytest.raises(TableError) as refused:
        await table.submit(seat, action, by=table.seats[seat].holder)
    assert refused.value.code == "storage"
    assert (table.ply, views(table), heard) == (0, before, [])
    unreachable.dispose()


async def test_a_move_another_process_stored_first_is_refused_as_stale_and_changes_nothing(
    engine: Engine, match_id: str, next_move: NextMove
) -> None:
    """Without a reconcile hook the table cannot read the winner's move: it stays where it
    was (the site's tables read it: tests/storage/test_several_processes.py)."""
    here, elsewhere = stored_table(engine, match_id), stored_table(engine, match_id)
    await play_on(elsewhere, next_move, 1)
    before = views(here)
    seat, action = next_move(here.state)
    with pytest.raises(TableError) as refused:
        await here.submit(seat, action, by=here.seats[seat].holder)
    assert refused.value.code == "stale"
    assert (here.ply, views(here)) == (0, before)
    assert load_record(engine, match_id=match_id) == elsewhere.record


async def test_a_table_rebuilt_after_a_restart_is_at_the_same_position(
    engine: Engine, match_id: str, next_move: NextMove
) -> None:
    table = stored_table(engine, match_id)
    await play_on(table, next_move, 9)
    before, seats, to_move = views(table), table.seats, table.state.to_move()
    del table  # the process stops; only the database remains
    (rebuilt_id,) = unfinished_matches(engine)
    rebuilt = stored_table(engine, rebuilt_id)
    assert (rebuilt.ply, rebuilt.seats, views(rebuilt)) == (9, seats, before)
    assert rebuilt.state.to_move() == to_move
    await play_on(rebuilt, next_move, 1000)
    assert rebuilt.state.is_over() and unfinished_matches(engine) == []
    assert load_record(engine, match_id=match_id) == rebuilt.record
