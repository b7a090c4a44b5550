"""A move whose commit went through but whose reply was lost, and the batch load of tables."""

from __future__ import annotations

from collections.abc import Callable

from sqlalchemy import Engine, text
from sqlalchemy.exc import OperationalError

from core.engine import State
from core.table import Move, Table
from storage.repo import (
    cancel_match,
    load_record,
    load_seats,
    load_tables,
    persist_move,
    stored_action,
)
from tests.storage.conftest import Play, StartMatch

NextMove = Callable[[State], tuple[int, str]]


def lost_reply_table(engine: Engine, match_id: str, lose: list[bool]) -> Table:
    """The stored match's table, whose writes commit and then, while ``lose[0]``, fail as a
    connection dropped before the reply does."""
    store = persist_move(engine)

    def persist(table: Table, move: Move, after: State) -> None:
        store(table, move, after)
        if lose[0]:
            raise OperationalError("COMMIT", {}, Exception("server closed the connection"))

    record = load_record(engine, match_id=match_id)
    assert record is not None
    return Table(
        match_id,
        record,
        load_seats(engine, match_id=match_id),
        persist=persist,
        reconcile=lambda table, ply: stored_action(engine, match_id=table.id, ply=ply),
    )


def test_the_stored_action_at_a_ply_is_read_back_and_an_unplayed_ply_is_none(
    engine: Engine, match_id: str, play: Play
) -> None:
    play(match_id, 2)
    record = load_record(engine, match_id=match_id)
    assert record is not None
    assert stored_action(engine, match_id=match_id, ply=2) == tuple(record["actions"][1])
    assert stored_action(engine, match_id=match_id, ply=3) is None
    assert stored_action(engine, match_id="nope", ply=1) is None


async def test_a_move_committed_whose_reply_was_lost_is_applied_and_play_goes_on(
    engine: Engine, match_id: str, next_move: NextMove
) -> None:
    lose = [True]
    table = lost_reply_table(engine, match_id, lose)
    heard: list[Move] = []
    table.subscribe(lambda table, move: heard.append(move))
    seat, action = next_move(table.state)
    move = await table.submit(seat, action, by=table.seats[seat].holder, expected_ply=0)
    assert heard == [move] and table.ply == 1
    lose[0] = False
    for _ in range(3):
        seat, action = next_move(table.state)
        await table.submit(seat, action, by=table.seats[seat].holder, expected_ply=table.ply)
    stored = load_record(engine, match_id=match_id)
    assert stored is not None and stored["actions"] == table.record["actions"]
    assert table.ply == 4


def test_tables_load_in_one_batch_as_each_would_alone(
    engine: Engine, start_match: StartMatch, play: Play, ann: str
) -> None:
    playing, fresh, cancelled = start_match(), start_match(seed=2), start_match(seed=3)
    play(playing, 3)
    cancel_waiting(engine, cancelled)
    loaded = {table.id: table for table in load_tables(engine)}
    assert set(loaded) == {playing, fresh}
    for match_id, table in loaded.items():
        assert table.record == load_record(engine, match_id=match_id)
        assert table.seats == load_seats(engine, match_id=match_id)
    (one,) = load_tables(engine, match_ids=[cancelled, "unknown"])
    assert (one.id, one.status) == (cancelled, "cancelled")


def cancel_waiting(engine: Engine, match_id: str) -> None:
    """Cancel a match as its host would (set to waiting first, as cancel_match asks)."""
    with engine.begin() as conn:
        conn.execute(text("UPDATE matches SET status = 'waiting' WHERE id = :id"), {"id": match_id})
    cancel_match(engine, match_id=match_id)
