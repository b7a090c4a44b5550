"""A table catching up with what another process stored (core/table_follow.py)."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from core.record import replay
from core.table import BOT, GUEST, OPEN, Move, SeatChange, SeatInfo, Snapshot, Table
from tests.test_table import ANN, BOB, SEATS, first_action_record


def two_tables(plies: int) -> tuple[Table, Table, dict[str, Any]]:
    """The same match as two processes hold it: ``mine`` at ``plies`` moves, and the full
    record of 10 moves that storage holds."""
    full = first_action_record(10)
    mine = {**copy.deepcopy(full), "actions": copy.deepcopy(full["actions"][:plies])}
    return Table("t1", mine, list(SEATS), in_memory=True), Table("t1", full, list(SEATS)), full


def heard(table: Table) -> tuple[list[Move], list[SeatChange]]:
    moves: list[Move] = []
    seats: list[SeatChange] = []
    table.subscribe(lambda t, move: moves.append(move))
    table.subscribe_seats(lambda t, change: seats.append(change))
    return moves, seats


async def test_moves_stored_elsewhere_are_played_here_and_heard_in_order() -> None:
    mine, _, full = two_tables(4)
    moves, _ = heard(mine)
    at: list[tuple[int, dict[str, Any]]] = []  # what a listener sees as it hears each move
    mine.subscribe(lambda t, move: at.append((t.ply, t.view(None))))
    changed = await mine.follow(Snapshot(4, full["actions"][3:], list(SEATS)))
    assert changed
    assert mine.ply == 10
    assert mine.record["actions"] == full["actions"]
    assert mine.view(0) == replay(full).view(0)
    assert [(m.ply, m.undone) for m in moves] == [(p, False) for p in range(5, 11)]
    assert [[m.seat, m.action] for m in moves] == full["actions"][4:]
    assert at == [
        (p, replay({**full, "actions": full["actions"][:p]}).view(None)) for p in range(5, 11)
    ]


async def test_nothing_new_changes_nothing_and_tells_nobody() -> None:
    mine, _, full = two_tables(10)
    moves, seats = heard(mine)
    assert not await mine.follow(Snapshot(10, full["actions"][9:], list(SEATS)))
    assert (moves, seats) == ([], [])


async def test_a_move_taken_back_elsewhere_is_taken_back_here() -> None:
    mine, _, full = two_tables(6)
    moves, _ = heard(mine)
    await mine.follow(Snapshot(6, [], list(SEATS)))  # storage ends at ply 5
    assert mine.ply == 5
    assert mine.view(0) == replay({**full, "actions": full["actions"][:5]}).view(0)
    assert moves == [Move(6, *full["actions"][5], undone=True)]


async def test_a_move_replaced_elsewhere_is_undone_then_the_new_one_played() -> None:
    full = first_action_record(10)
    ply, seat, other = next(  # the first move with another choice
        (ply, seat, action)
        for ply in range(1, 10)
        for seat in [full["actions"][ply - 1][0]]
        for action in replay({**full, "actions": full["actions"][: ply - 1]}).legal_actions(seat)
        if [seat, action] != full["actions"][ply - 1]
    )
    mine, _, full = two_tables(ply)
    moves, _ = heard(mine)
    await mine.follow(Snapshot(ply, [[seat, other]], list(SEATS)))
    assert mine.record["actions"][-1] == [seat, other]
    assert [(m.ply, m.action, m.undone) for m in moves] == [
        (ply, full["actions"][ply - 1][1], True),
        (ply, other, False),
    ]


async def test_seats_and_a_resignation_stored_elsewhere_are_taken_and_heard() -> None:
    mine, _, full = two_tables(4)
    _, seats = heard(mine)
    note = {"seat": 1, "ply": 4, "by": "Bob", "bot": "bot:normal"}
    robot = SeatInfo(BOT, "bot:normal", "Robot for Bob")
    await mine.follow(Snapshot(4, full["actions"][3:4], [SEATS[0], robot], resigned=[note]))
    assert mine.seats == [SEATS[0], robot]
    assert mine.record["resigned"] == [note]
    assert mine.record["seats"] == ["Ann", "Robot for Bob"]
    assert seats == [SeatChange((1,), resigned=note)]


async def test_a_seat_taken_elsewhere_fills_the_waiting_table() -> None:
    record = first_action_record(0)
    mine = Table("t1", record, [SEATS[0], SeatInfo.empty(OPEN)], in_memory=True)
    assert mine.waiting
    await mine.follow(Snapshot(1, [], [SEATS[0], SeatInfo(GUEST, BOB, "Bob")]))
    assert not mine.waiting
    assert mine.seats_held_by(BOB) == [1]


async def test_the_end_of_the_game_stored_elsewhere_carries_its_result() -> None:
    full = first_action_record(400)
    assert replay(full).is_over()
    plies = len(full["actions"])
    mine = Table(
        "t1",
        {**copy.deepcopy(full), "actions": full["actions"][: plies - 1], "result": None},
        list(SEATS),
        in_memory=True,
    )
    moves, _ = heard(mine)
    await mine.follow(Snapshot(plies - 1, full["actions"][plies - 2 :], list(SEATS)))
    assert mine.state.is_over() and mine.ended
    assert moves[-1].result == mine.record["result"] == mine.final_result(mine.state)


async def test_a_gap_before_the_stored_moves_is_refused() -> None:
    mine, _, full = two_tables(2)
    with pytest.raises(ValueError, match="gap"):
        await mine.follow(Snapshot(5, full["actions"][4:], list(SEATS)))
    assert mine.ply == 2


async def test_a_stored_move_this_engine_refuses_leaves_the_table_as_it_was() -> None:
    mine, _, full = two_tables(4)
    before = copy.deepcopy(mine.record)
    with pytest.raises(Exception):  # noqa: B017 - whatever the engine raises
        await mine.follow(Snapshot(5, [[0, "nonsense"]], list(SEATS)))
    assert mine.record == before
    assert ANN in {seat.holder for seat in mine.seats}
