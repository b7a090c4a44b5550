"""Tables that cannot store, and tables whose storage answered badly: the reconcile path."""

from __future__ import annotations

from typing import Any

import pytest

from core.engine import State
from core.record import new_record
from core.table import GUEST, HUMAN, OPEN, Move, SeatInfo, Table, TableError, TableSettings
from tests.test_table import ANN, BOB, SEATS, first_action_record

Stored = dict[int, tuple[int, str]]


class Storage:
    """A pretend database: ``lose_reply`` commits a move and then fails as a lost reply does;
    ``down`` makes every read fail."""

    def __init__(self, record: dict[str, Any]) -> None:
        self.moves: Stored = {i + 1: (s, a) for i, (s, a) in enumerate(record["actions"])}
        self.lose_reply = False
        self.refuse = False
        self.down = False

    def persist(self, table: Table, move: Move, after: State) -> None:
        if self.refuse:
            raise OSError("connection refused")
        if move.ply in self.moves:
            raise ValueError("UNIQUE constraint failed: moves.match_id, moves.ply")
        self.moves[move.ply] = (move.seat, move.action)
        if self.lose_reply:
            raise OSError("server closed the connection unexpectedly")

    def undo(self, table: Table, move: Move) -> None:
        del self.moves[move.ply]
        if self.lose_reply:
            raise OSError("server closed the connection unexpectedly")

    async def reconcile(self, table: Table, ply: int) -> tuple[int, str] | None:
        if self.down:
            raise OSError("could not connect to server")
        return self.moves.get(ply)


def stored_table(plies: int = 5) -> tuple[Table, Storage]:
    record = first_action_record(plies)
    storage = Storage(record)
    table = Table(
        "t1",
        record,
        SEATS,
        persist=storage.persist,
        persist_undo=storage.undo,
        reconcile=storage.reconcile,
    )
    return table, storage


def next_move(table: Table) -> tuple[int, str]:
    seat = min(table.state.to_move())
    return seat, table.legal_actions(seat)[0]


async def refusal(call: Any) -> TableError:
    with pytest.raises(TableError) as caught:
        await call
    assert caught.value.message
    return caught.value


# ---------------------------------------------------------------- a table that cannot store


async def test_a_move_on_a_table_that_cannot_store_is_refused_and_the_position_stays() -> None:
    table = Table("t1", first_action_record(5), SEATS)  # no persistence hook
    heard: list[Move] = []
    table.subscribe(lambda table, move: heard.append(move))
    seat, action = next_move(table)
    err = await refusal(table.submit(seat, action, by=table.seats[seat].holder, expected_ply=5))
    assert err.code == "read_only"
    assert table.ply == 5 and len(table.record["actions"]) == 5
    assert heard == []


async def test_a_table_that_cannot_store_refuses_an_undo_and_seat_changes() -> None:
    table = Table("t1", first_action_record(5), SEATS)
    seat = min(table.state.to_move())
    holder = table.seats[seat].holder
    assert (await refusal(table.undo(seat, by=holder))).code == "read_only"
    assert (await refusal(table.resign(seat, by=holder, name="Bot"))).code == "read_only"
    waiting = Table(
        "t2",
        new_record("caravan", 2, 5, None, ["Ann", ""]),
        [SeatInfo(GUEST, ANN, "Ann"), SeatInfo.empty(OPEN)],
        settings=TableSettings(host=ANN),
    )
    assert (await refusal(waiting.join(1, by=BOB, name="Bob"))).code == "read_only"
    assert waiting.seats[1].is_empty


async def test_a_table_kept_in_memory_on_purpose_takes_moves_without_storage() -> None:
    table = Table("t1", first_action_record(5), SEATS, in_memory=True)
    seat, action = next_move(table)
    await table.submit(seat, action, by=table.seats[seat].holder)
    assert table.ply == 6 and not table.read_only


# ---------------------------------------------------------------- a lost commit reply


async def test_a_move_stored_but_whose_reply_was_lost_is_applied_and_announced() -> None:
    table, storage = stored_table()
    heard: list[Move] = []
    table.subscribe(lambda table, move: heard.append(move))
    seat, action = next_move(table)
    storage.lose_reply = True
    move = await table.submit(seat, action, by=table.seats[seat].holder, expected_ply=5)
    assert move == Move(6, seat, action)
    assert table.ply == 6 and table.record["actions"][-1] == [seat, action]
    assert heard == [move]
    storage.lose_reply = False
    seat, action = next_move(table)  # and play goes on: no unique (match, ply) wedge
    await table.submit(seat, action, by=table.seats[seat].holder, expected_ply=6)
    assert table.ply == 7 and storage.moves[7] == (seat, action)


async def test_another_move_stored_at_that_ply_is_followed_and_the_mover_told_stale() -> None:
    table, storage = stored_table(4)
    seat = min(table.state.to_move())
    theirs, mine = table.legal_actions(seat)[:2]
    storage.moves[5] = (seat, theirs)  # written meanwhile by someone else
    heard: list[Move] = []
    table.subscribe(lambda table, move: heard.append(move))
    err = await refusal(table.submit(seat, mine, by=table.seats[seat].holder, expected_ply=4))
    assert err.code == "stale"
    assert table.ply == 5 and table.record["actions"][-1] == [seat, theirs]
    assert heard == [Move(5, seat, theirs)]


async def test_a_write_that_stored_nothing_says_nothing_was_changed() -> None:
    table, storage = stored_table()
    storage.refuse = True
    seat, action = next_move(table)
    err = await refusal(table.submit(seat, action, by=table.seats[seat].holder, expected_ply=5))
    assert err.code == "storage" and "nothing was changed" in err.message
    assert table.ply == 5 and 6 not in storage.moves
    storage.refuse = False
    await table.submit(seat, action, by=table.seats[seat].holder, expected_ply=5)
    assert table.ply == 6


async def test_when_storage_cannot_be_read_the_move_may_not_be_saved_and_play_waits() -> None:
    table, storage = stored_table()
    seat, action = next_move(table)
    holder = table.seats[seat].holder
    storage.lose_reply = storage.down = True
    err = await refusal(table.submit(seat, action, by=holder, expected_ply=5))
    assert err.code == "storage_unknown" and "may not have been saved" in err.message
    assert table.ply == 5
    again = await refusal(table.submit(seat, action, by=holder, expected_ply=5))
    assert again.code == "storage_unknown"  # refused until storage answers
    storage.lose_reply = storage.down = False
    late = await refusal(table.submit(seat, action, by=holder, expected_ply=5))
    assert late.code == "stale"  # reconciled first: the move was stored after all
    assert table.ply == 6 and table.record["actions"][-1] == [seat, action]


async def test_an_undo_whose_reply_was_lost_is_taken_back_as_stored() -> None:
    record = new_record("pueblo", 2, 5, None, ["Ann", "Bob"])
    storage = Storage(record)
    seats = [SeatInfo(HUMAN, ANN, "Ann"), SeatInfo(HUMAN, BOB, "Bob")]
    table = Table(
        "t1",
        record,
        seats,
        persist=storage.persist,
        persist_undo=storage.undo,
        reconcile=storage.reconcile,
    )
    while True:  # a step that may be taken back: a placement within a turn
        seat, action = next_move(table)
        await table.submit(seat, action, by=table.seats[seat].holder)
        if table.can_undo(seat, by=table.seats[seat].holder):
            break
    ply = table.ply
    storage.lose_reply = True
    move = await table.undo(seat, by=table.seats[seat].holder, expected_ply=ply)
    assert move.undone and table.ply == ply - 1 and ply not in storage.moves


async def test_a_stored_move_the_table_cannot_replay_leaves_it_waiting_and_unchanged() -> None:
    table, storage = stored_table()
    seat, action = next_move(table)
    storage.moves[6] = (seat, "no-such-card")
    err = await refusal(table.submit(seat, action, by=table.seats[seat].holder, expected_ply=5))
    assert err.code == "storage_unknown"
    assert table.ply == 5 and len(table.record["actions"]) == 5
