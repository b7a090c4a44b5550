"""Taking the last move back in storage (``delete_move``), on SQLite and PostgreSQL."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from sqlalchemy import Engine

from core.engine import State
from core.record import new_record
from core.table import GUEST, SeatInfo, Table
from storage.models import new_match_id
from storage.repo import (
    create_match,
    delete_move,
    ensure_guest,
    load_record,
    load_seats,
    matches_for_user,
    persist_move,
    persist_undo,
    unfinished_matches,
)

Play = Callable[..., State]


def test_the_last_move_is_deleted_and_the_match_plays_on(
    engine: Engine, match_id: str, play: Play
) -> None:
    play(match_id, 3)
    record = load_record(engine, match_id=match_id)
    assert record is not None
    seat, action = record["actions"][-1]
    delete_move(engine, match_id=match_id, ply=3, seat=seat, action=action)
    again = load_record(engine, match_id=match_id)
    assert again is not None and again["actions"] == record["actions"][:2]
    assert match_id in unfinished_matches(engine)
    play(match_id, 1)  # ply 3 may be stored again
    played = load_record(engine, match_id=match_id)
    assert played is not None and len(played["actions"]) == 3


@pytest.mark.parametrize(
    ("ply", "change"),
    [(2, None), (4, None), (3, "seat"), (3, "action")],
    ids=["not-the-last", "not-stored", "other-seat", "other-action"],
)
def test_anything_but_the_last_move_as_stored_is_refused_and_kept(
    engine: Engine, match_id: str, play: Play, ply: int, change: str | None
) -> None:
    play(match_id, 3)
    record = load_record(engine, match_id=match_id)
    assert record is not None
    seat, action = record["actions"][min(ply, 3) - 1]
    if change == "seat":
        seat = 1 - seat
    if change == "action":
        action += "x"
    with pytest.raises(ValueError):
        delete_move(engine, match_id=match_id, ply=ply, seat=seat, action=action)
    assert load_record(engine, match_id=match_id) == record


def test_an_unknown_match_a_match_without_moves_or_a_finished_one_is_refused(
    engine: Engine, match_id: str, play: Play
) -> None:
    with pytest.raises(ValueError):
        delete_move(engine, match_id="nope", ply=1, seat=0, action="pass")
    with pytest.raises(ValueError):
        delete_move(engine, match_id=match_id, ply=1, seat=0, action="pass")
    play(match_id, 10_000)
    record = load_record(engine, match_id=match_id)
    assert record is not None and record["result"] is not None
    seat, action = record["actions"][-1]
    with pytest.raises(ValueError):
        delete_move(engine, match_id=match_id, ply=len(record["actions"]), seat=seat, action=action)
    assert load_record(engine, match_id=match_id) == record


async def test_a_step_taken_back_at_a_table_is_gone_after_a_restart(
    engine: Engine, ann: str
) -> None:
    bob = ensure_guest(engine, user_id="b" * 32, name="bob").id
    seats = [SeatInfo(GUEST, ann, "ann"), SeatInfo(GUEST, bob, "bob")]
    match_id = new_match_id()
    record = new_record("pueblo", 2, 5, None, ["ann", "bob"])
    create_match(engine, match_id=match_id, record=record, seats=seats, user_ids=[ann, bob])

    def restart() -> Table:
        stored = load_record(engine, match_id=match_id)
        assert stored is not None
        return Table(
            match_id,
            stored,
            load_seats(engine, match_id=match_id),
            persist=persist_move(engine),
            persist_undo=persist_undo(engine),
        )

    table = restart()
    (seat,) = table.state.to_move()
    by = table.seats[seat].holder
    start = [table.view(s) for s in (None, 0, 1)]
    await table.submit(seat, table.legal_actions(seat)[0], by=by, expected_ply=0)
    table = restart()  # the server restarts between the step and its undo
    await table.undo(seat, by=by, expected_ply=1)
    table = restart()
    assert table.ply == 0 and [table.view(s) for s in (None, 0, 1)] == start
    assert [m["moves"] for m in matches_for_user(engine, user_id=ann)] == [0]
