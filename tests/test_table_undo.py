"""Taking a step back at a live table: the undo guards, storing before telling, restarts.

Pueblo serves as the game: placing a stone is a reversible step (the same player then
moves the chief), moving the chief ends the turn. Feurio! shows a turn of several
reversible steps (lay, then men) walked back one by one.
"""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import pytest

from core.record import new_record, replay
from core.table import GUEST, HOTSEAT, HUMAN, OPEN, Move, SeatInfo, Table, TableError
from storage.db import make_engine, migrate
from storage.repo import (
    create_match,
    ensure_guest,
    load_record,
    load_seats,
    persist_move,
    persist_undo,
)

ANN, BOB = "user:ann", "user:bob"
SEATS = [SeatInfo(HUMAN, ANN, "Ann"), SeatInfo(HUMAN, BOB, "Bob")]


def pueblo_table(*, persist_undo: Any = None, seats: list[SeatInfo] = SEATS) -> Table:
    record = new_record("pueblo", 2, 5, None, [seat.name for seat in seats])
    return Table("t1", record, seats, persist_undo=persist_undo, in_memory=True)


def mover(table: Table) -> int:
    (seat,) = table.state.to_move()
    return seat


def holder(table: Table, seat: int) -> str:
    return table.seats[seat].holder


def snapshot(table: Table) -> str:
    """Everything a refused or failed undo must leave as it was."""
    seats = range(len(table.seats))
    return json.dumps(
        {
            "ply": table.ply,
            "record": table.record,
            "views": [table.view(seat) for seat in (None, *seats)],
            "legal": [table.legal_actions(seat) for seat in seats],
        },
        sort_keys=True,
    )


async def play(table: Table, action: str | None = None) -> Move:
    """The seat to move plays ``action`` (its first legal action when None)."""
    seat = mover(table)
    action = action or table.legal_actions(seat)[0]
    return await table.submit(seat, action, by=holder(table, seat), expected_ply=table.ply)


async def place(table: Table) -> Move:
    """The seat to move places its stone: a reversible step."""
    assert table.state.view(None)["phase"] == "place"
    return await play(table)


async def whole_turn(table: Table) -> None:
    await place(table)
    await play(table, "chief 1")


async def end_the_turn(table: Table) -> int:
    """The seat to move ends its turn as soon as it can (pass when allowed); returns it."""
    seat = mover(table)
    while not table.state.is_over() and mover(table) == seat:
        legal = table.legal_actions(seat)
        await play(table, "pass" if "pass" in legal else legal[0])
    return seat


async def feurio_turn_of_reversible_steps() -> tuple[Table, int, int, str]:
    """A two-player Feurio! table in its second turn after as many reversible steps (up
    to three) as its player could take: the table, the seat, the steps, and a snapshot of
    the turn's start."""
    table = Table("t1", new_record("feurio", 2, 6, None, ["Ann", "Bob"]), SEATS, in_memory=True)
    await end_the_turn(table)
    seat, start, steps = mover(table), snapshot(table), 0
    while steps < 3:
        legal = [a for a in table.legal_actions(seat) if table.state.reversible(seat, a)]
        if not legal:
            break
        await play(table, legal[0])
        steps += 1
    return table, seat, steps, start


async def refused(table: Table, seat: Any, *, by: str, expected_ply: int | None = None) -> str:
    """Ask for an undo that must be refused; check it changed nothing; return its code."""
    before = snapshot(table)
    with pytest.raises(TableError) as caught:
        await table.undo(seat, by=by, expected_ply=expected_ply)
    assert caught.value.message.endswith("."), "a refusal says why, in a sentence"
    assert snapshot(table) == before
    return caught.value.code


# ------------------------------------------------------------------ success


async def test_a_stone_placed_is_taken_back_and_the_position_is_as_before() -> None:
    table = pueblo_table()
    seat = mover(table)
    start = snapshot(table)
    heard: list[Move] = []
    table.subscribe(lambda table, move: heard.append(move))
    placed = await place(table)
    assert table.can_undo(seat, by=holder(table, seat))
    taken = await table.undo(seat, by=holder(table, seat), expected_ply=1)
    assert taken == Move(1, seat, placed.action, undone=True)
    assert heard == [placed, taken]
    assert snapshot(table) == start
    assert not table.can_undo(seat, by=holder(table, seat))


async def test_after_an_undo_the_same_player_may_play_another_step() -> None:
    table = pueblo_table()
    seat = mover(table)
    first = table.legal_actions(seat)[0]
    other = table.legal_actions(seat)[-1]
    await play(table, first)
    await table.undo(seat, by=holder(table, seat), expected_ply=1)
    await play(table, other)
    assert table.record["actions"] == [[seat, other]]
    assert table.view(None) == replay(table.record).view(None)


async def test_undo_walks_back_every_step_of_the_turn_and_stops_at_its_start() -> None:
    table, seat, steps, start = await feurio_turn_of_reversible_steps()
    assert steps >= 2, "a lay and a man, or two men"
    for _ in range(steps):
        assert table.can_undo(seat, by=holder(table, seat))
        await table.undo(seat, by=holder(table, seat), expected_ply=table.ply)
    assert snapshot(table) == start
    assert await refused(table, seat, by=holder(table, seat)) == "not_your_step"


async def test_at_a_hot_seat_table_the_seat_to_move_takes_back_its_own_step_only() -> None:
    both = [SeatInfo(HOTSEAT, ANN, "Ann"), SeatInfo(HOTSEAT, ANN, "Bea")]
    table = pueblo_table(seats=both)
    await whole_turn(table)
    seat = mover(table)
    await place(table)
    assert not table.can_undo(1 - seat, by=ANN)
    assert await refused(table, 1 - seat, by=ANN) == "not_your_step"
    await table.undo(seat, by=ANN)
    assert table.ply == 2


# ------------------------------------------------------------------ refusals


@pytest.mark.parametrize("seat", [-1, 2, "0", None, True, 0.0])
async def test_a_seat_that_does_not_exist_is_refused_as_not_a_player(seat: Any) -> None:
    table = pueblo_table()
    await place(table)
    assert await refused(table, seat, by=ANN) == "not_player"


async def test_someone_who_does_not_hold_the_seat_is_refused_as_not_a_player() -> None:
    table = pueblo_table()
    seat = mover(table)
    await place(table)
    assert await refused(table, seat, by="user:mallory") == "not_player"
    assert await refused(table, seat, by=holder(table, 1 - seat)) == "not_player"
    assert await refused(table, seat, by="") == "not_player"
    assert not table.can_undo(seat, by="user:mallory")


async def test_a_table_waiting_for_players_is_refused_as_not_started() -> None:
    table = pueblo_table(seats=[SeatInfo(GUEST, ANN, "Ann"), SeatInfo.empty(OPEN)])
    assert await refused(table, 0, by=ANN) == "not_started"


async def test_a_finished_game_is_refused_as_game_over() -> None:
    table = pueblo_table()
    while not table.state.is_over():
        await play(table)
    for seat in (0, 1):
        assert await refused(table, seat, by=holder(table, seat)) == "game_over"


@pytest.mark.parametrize("expected", [0, 2, 5])
async def test_a_stale_expected_ply_is_refused_as_stale(expected: int) -> None:
    table = pueblo_table()
    seat = mover(table)
    await place(table)
    assert await refused(table, seat, by=holder(table, seat), expected_ply=expected) == "stale"


async def test_a_double_click_takes_back_one_step_and_the_second_is_stale() -> None:
    table, seat, steps, _ = await feurio_turn_of_reversible_steps()
    by, ply = holder(table, seat), table.ply
    outcomes = await asyncio.gather(
        table.undo(seat, by=by, expected_ply=ply),
        table.undo(seat, by=by, expected_ply=ply),
        return_exceptions=True,
    )
    assert [type(o) for o in outcomes] == [Move, TableError]
    assert isinstance(outcomes[1], TableError) and outcomes[1].code == "stale"
    assert table.ply == ply - 1 and steps >= 2
    assert table.can_undo(seat, by=by), "the earlier step may still be taken back"


async def test_no_move_yet_is_refused_as_nothing_to_undo() -> None:
    table = pueblo_table()
    seat = mover(table)
    assert await refused(table, seat, by=holder(table, seat), expected_ply=0) == "nothing_to_undo"


async def test_the_other_seats_last_move_is_refused_as_not_your_step() -> None:
    table = pueblo_table()
    first = mover(table)
    await whole_turn(table)
    assert mover(table) == 1 - first
    assert await refused(table, 1 - first, by=holder(table, 1 - first)) == "not_your_step"


async def test_a_step_followed_by_another_seat_resigning_is_refused_as_not_your_step() -> None:
    table = pueblo_table()
    seat = mover(table)
    await place(table)
    await table.resign(1 - seat, by=holder(table, 1 - seat), name="Bot")
    assert await refused(table, seat, by=holder(table, seat)) == "not_your_step"


async def test_a_step_after_another_seat_resigned_may_still_be_taken_back() -> None:
    table = pueblo_table()
    seat = mover(table)
    await table.resign(1 - seat, by=holder(table, 1 - seat), name="Bot")
    await place(table)
    await table.undo(seat, by=holder(table, seat))
    assert table.ply == 0


async def test_a_move_that_ended_the_turn_is_refused_as_irreversible() -> None:
    table = pueblo_table()
    seat = mover(table)
    await whole_turn(table)  # the chief moved: the turn is over
    assert await refused(table, seat, by=holder(table, seat)) == "irreversible"
    assert not table.can_undo(seat, by=holder(table, seat))


async def test_a_tile_drawn_at_the_start_of_the_next_turn_is_refused_as_irreversible() -> None:
    """Feurio! with two players: ``pass`` ends the turn and the next turn draws a tile."""
    record = new_record("feurio", 2, 3, None, ["Ann", "Bob"])
    table = Table(
        "t1",
        record,
        [SeatInfo(HOTSEAT, ANN, "Ann"), SeatInfo(HOTSEAT, ANN, "Bea")],
        in_memory=True,
    )
    seat = await end_the_turn(table)
    assert table.record["actions"][-1][0] == seat
    assert await refused(table, seat, by=ANN) == "irreversible"


async def test_the_guards_run_in_order() -> None:
    table = pueblo_table()
    seat = mover(table)
    await whole_turn(table)
    by = holder(table, seat)
    assert await refused(table, seat, by="user:mallory", expected_ply=0) == "not_player"
    assert await refused(table, seat, by=by, expected_ply=0) == "stale"
    assert await refused(table, 1 - seat, by=holder(table, 1 - seat)) == "not_your_step"
    while not table.state.is_over():
        await play(table)
    assert await refused(table, seat, by=by, expected_ply=0) == "game_over"


# ------------------------------------------------------------------ storing first


async def test_the_removal_is_stored_before_the_position_changes_and_listeners_hear() -> None:
    seen: list[tuple[str, int, int]] = []

    def store(table: Table, move: Move) -> None:
        seen.append(("stored", move.ply, table.ply))

    table = pueblo_table(persist_undo=store)
    table.subscribe(lambda table, move: seen.append(("heard", move.ply, table.ply)))
    seat = mover(table)
    await place(table)
    await table.undo(seat, by=holder(table, seat))
    assert seen == [("heard", 1, 1), ("stored", 1, 1), ("heard", 1, 0)]


async def test_an_async_store_is_awaited_before_the_listeners_hear() -> None:
    stored: list[int] = []

    async def store(table: Table, move: Move) -> None:
        await asyncio.sleep(0)
        stored.append(move.ply)

    table = pueblo_table(persist_undo=store)
    heard: list[list[int]] = []
    table.subscribe(lambda table, move: heard.append(list(stored)) if move.undone else None)
    seat = mover(table)
    await place(table)
    await table.undo(seat, by=holder(table, seat))
    assert heard == [[1]]


async def test_a_store_that_fails_refuses_as_storage_and_changes_nothing() -> None:
    def broken(table: Table, move: Move) -> None:
        raise OSError("disk full")

    table = pueblo_table(persist_undo=broken)
    seat = mover(table)
    await place(table)
    heard: list[Move] = []
    table.subscribe(lambda table, move: heard.append(move))
    assert await refused(table, seat, by=holder(table, seat), expected_ply=1) == "storage"
    assert heard == []
    assert table.can_undo(seat, by=holder(table, seat)), "it may be tried again"


async def test_a_caller_cancelled_mid_undo_still_gets_it_applied_and_announced() -> None:
    gate = asyncio.Event()

    async def slow(table: Table, move: Move) -> None:
        await gate.wait()

    table = pueblo_table(persist_undo=slow)
    seat = mover(table)
    await place(table)
    heard: list[Move] = []
    table.subscribe(lambda table, move: heard.append(move))
    task = asyncio.create_task(table.undo(seat, by=holder(table, seat)))
    await asyncio.sleep(0)
    task.cancel()
    gate.set()
    for _ in range(100):
        if heard:
            break
        await asyncio.sleep(0)
    assert table.ply == 0 and [m.undone for m in heard] == [True]


# ------------------------------------------------------------------ restarts


async def test_a_table_rebuilt_from_its_record_may_take_back_the_last_step() -> None:
    """The flag is not stored: after a restart it is found again by replaying the record."""
    table = pueblo_table()
    seat = mover(table)
    await whole_turn(table)
    await place(table)
    again = Table("t1", json.loads(json.dumps(table.record)), SEATS, in_memory=True)
    assert again.can_undo(mover(again), by=holder(again, mover(again)))
    assert not again.can_undo(seat, by=holder(again, seat))
    await again.undo(mover(again), by=holder(again, mover(again)), expected_ply=3)
    assert again.view(None) == replay(table.record, upto=2).view(None)


async def test_an_undo_stored_in_sqlite_survives_a_restart(tmp_path: Path) -> None:
    engine = make_engine(f"sqlite:///{tmp_path / 'undo.db'}")
    migrate(engine)
    ann = ensure_guest(engine, user_id="a" * 32, name="ann").id
    bob = ensure_guest(engine, user_id="b" * 32, name="bob").id
    seats = [SeatInfo(GUEST, ann, "ann"), SeatInfo(GUEST, bob, "bob")]
    record = new_record("pueblo", 2, 5, None, ["ann", "bob"])
    create_match(engine, match_id="m1", record=record, seats=seats, user_ids=[ann, bob])

    def stored_table() -> Table:
        stored = load_record(engine, match_id="m1")
        assert stored is not None
        return Table(
            "m1",
            stored,
            load_seats(engine, match_id="m1"),
            persist=persist_move(engine),
            persist_undo=persist_undo(engine),
        )

    table = stored_table()
    await whole_turn(table)
    seat = mover(table)
    await place(table)
    restarted = stored_table()  # a restart between the step and its undo
    await restarted.undo(seat, by=holder(restarted, seat), expected_ply=3)
    after_undo = snapshot(restarted)
    assert snapshot(stored_table()) == after_undo  # and a restart after it
    await place(restarted)
    assert load_record(engine, match_id="m1") == restarted.record
    engine.dispose()
