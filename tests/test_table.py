"""Live tables: ordered guards, persistence before notification, one move at a time."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Awaitable, Callable
from typing import Any

import pytest

from core.engine import State
from core.record import new_record, replay
from core.table import BOT, HOTSEAT, HUMAN, Move, SeatInfo, Table, TableError, Tables

ANN, BOB = "user:ann", "user:bob"
SEATS = [SeatInfo(HUMAN, ANN, "Ann"), SeatInfo(HUMAN, BOB, "Bob")]


def first_action_record(plies: int, *, hands: int = 5, seed: int = 11) -> dict[str, Any]:
    """A caravan record of ``plies`` actions, each the first legal action of the seat to move."""
    record = new_record("caravan", 2, seed, {"hands": hands}, [ANN, BOB])
    state = replay(record)
    while len(record["actions"]) < plies and not state.is_over():
        seat = min(state.to_move())
        action = state.legal_actions(seat)[0]
        state.apply(seat, action)
        record["actions"].append([seat, action])
    return record


def table_at(plies: int = 0, *, persist: Any = None, seats: list[SeatInfo] = SEATS) -> Table:
    return Table("t1", first_action_record(plies), seats, persist=persist, in_memory=True)


def finished_table(persist: Any = None) -> Table:
    table = Table(
        "t1", first_action_record(10_000, hands=1), SEATS, persist=persist, in_memory=True
    )
    assert table.state.is_over()
    return table


def mover(table: Table) -> int:
    return min(table.state.to_move())


def holder(table: Table, seat: int) -> str:
    return table.seats[seat].holder


def snapshot(table: Table) -> str:
    """Everything a refused or failed submission must leave as it was."""
    return json.dumps(
        {
            "ply": table.ply,
            "record": table.record,
            "views": [table.view(seat) for seat in (None, 0, 1)],
            "legal": [table.legal_actions(seat) for seat in (0, 1)],
        },
        sort_keys=True,
    )


async def refused_code(table: Table, seat: Any, action: Any, **kwargs: Any) -> str:
    with pytest.raises(TableError) as caught:
        await table.submit(seat, action, **kwargs)
    assert caught.value.message, "a refusal says why"
    return caught.value.code


async def play_first_action(table: Table) -> Move:
    seat = mover(table)
    action = table.legal_actions(seat)[0]
    return await table.submit(seat, action, by=holder(table, seat), expected_ply=table.ply)


def card_of_the_other_seat(table: Table, seat: int) -> str:
    """A number card (a caravan by itself) that ``seat`` does not hold."""
    hand = table.view(1 - seat)["hand"]
    return next(code for code in hand if code[0] in "23456789")


# ------------------------------------------------------------------------ guards


async def test_someone_who_does_not_hold_the_seat_is_refused_as_not_a_player() -> None:
    table = table_at(3)
    seat = mover(table)
    action = table.legal_actions(seat)[0]
    assert await refused_code(table, seat, action, by="user:mallory") == "not_player"
    assert await refused_code(table, seat, action, by=holder(table, 1 - seat)) == "not_player"


@pytest.mark.parametrize("seat", [-1, 2, 99, "0", None, 0.0])
async def test_a_seat_that_does_not_exist_is_refused_as_not_a_player(seat: Any) -> None:
    table = table_at(3)
    action = table.legal_actions(mover(table))[0]
    assert await refused_code(table, seat, action, by=ANN) == "not_player"


async def test_a_finished_game_refuses_every_submission_as_game_over() -> None:
    table = finished_table()
    for seat in (0, 1):
        for action in ("pass", table.record["actions"][-1][1], "zz"):
            code = await refused_code(table, seat, action, by=holder(table, seat))
            assert code == "game_over"


@pytest.mark.parametrize("offset", [-1, 1, -3])
async def test_a_stale_expected_ply_is_refused_as_stale(offset: int) -> None:
    table = table_at(3)
    seat = mover(table)
    action = table.legal_actions(seat)[0]
    code = await refused_code(table, seat, action, by=holder(table, seat), expected_ply=3 + offset)
    assert code == "stale"


async def test_a_seat_that_is_not_to_move_is_refused_as_not_your_turn() -> None:
    table = table_at(3)
    seat = 1 - mover(table)
    action = table.legal_actions(mover(table))[0]
    code = await refused_code(table, seat, action, by=holder(table, seat), expected_ply=3)
    assert code == "not_your_turn"


@pytest.mark.parametrize("action", ["zz", "", "+", "@", "2MK+", "🙂", "x" * 10_000, None])
async def test_garbled_notation_is_refused_as_bad_notation(action: Any) -> None:
    table = table_at(0)
    seat = mover(table)
    assert await refused_code(table, seat, action, by=holder(table, seat)) == "bad_notation"


async def test_a_card_held_by_the_other_seat_is_refused_as_illegal() -> None:
    table = table_at(0)
    seat = mover(table)
    card = card_of_the_other_seat(table, seat)
    with pytest.raises(TableError) as caught:
        await table.submit(seat, card, by=holder(table, seat), expected_ply=0)
    assert caught.value.code == "illegal"
    assert caught.value.message == f"You do not hold {card}."
    assert caught.value.params == {"key": "not_in_hand", "cards": [card]}


async def test_passing_when_leading_is_refused_as_illegal() -> None:
    table = table_at(0)
    seat = mover(table)
    assert "pass" not in table.legal_actions(seat)
    assert await refused_code(table, seat, "pass", by=holder(table, seat)) == "illegal"


# ------------------------------------------------------------------ guard order


async def test_a_stale_ply_is_refused_before_the_turn_is_checked() -> None:
    table = table_at(3)
    seat = 1 - mover(table)
    code = await refused_code(table, seat, "zz", by=holder(table, seat), expected_ply=1)
    assert code == "stale"


async def test_a_non_player_is_refused_before_the_game_is_found_over() -> None:
    table = finished_table()
    assert await refused_code(table, 0, "pass", by="user:mallory", expected_ply=0) == "not_player"
    assert await refused_code(table, 7, "pass", by=ANN) == "not_player"


async def test_a_finished_game_is_reported_before_a_stale_ply() -> None:
    table = finished_table()
    assert await refused_code(table, 0, "pass", by=ANN, expected_ply=0) == "game_over"


async def test_the_turn_is_checked_before_the_notation() -> None:
    table = table_at(3)
    seat = 1 - mover(table)
    assert await refused_code(table, seat, "zz", by=holder(table, seat)) == "not_your_turn"


async def test_an_unknown_expected_ply_is_not_checked_at_all() -> None:
    table = table_at(3)
    seat = mover(table)
    move = await table.submit(seat, table.legal_actions(seat)[0], by=holder(table, seat))
    assert move.ply == 4


# ------------------------------------------------------- refusals change nothing


async def _not_player(table: Table) -> None:
    await table.submit(mover(table), "pass", by="user:mallory", expected_ply=table.ply)


async def _stale(table: Table) -> None:
    seat = mover(table)
    await table.submit(seat, table.legal_actions(seat)[0], by=holder(table, seat), expected_ply=0)


async def _not_your_turn(table: Table) -> None:
    seat = 1 - mover(table)
    action = table.legal_actions(mover(table))[0]
    await table.submit(seat, action, by=holder(table, seat), expected_ply=table.ply)


async def _bad_notation(table: Table) -> None:
    seat = mover(table)
    await table.submit(seat, "2MK+zz", by=holder(table, seat), expected_ply=table.ply)


async def _illegal(table: Table) -> None:
    seat = mover(table)
    card = card_of_the_other_seat(table, seat)
    await table.submit(seat, card, by=holder(table, seat), expected_ply=table.ply)


@pytest.mark.parametrize(
    "submission", [_not_player, _stale, _not_your_turn, _bad_notation, _illegal]
)
async def test_a_refused_submission_changes_nothing_and_tells_nobody(
    submission: Callable[[Table], Awaitable[None]],
) -> None:
    calls: list[str] = []
    table = table_at(4, persist=lambda *_: calls.append("persist"))
    table.subscribe(lambda *_: calls.append("listener"))
    before = snapshot(table)
    with pytest.raises(TableError):
        await submission(table)
    assert snapshot(table) == before
    assert calls == []


# ---------------------------------------------------- persistence and listeners


async def test_the_move_is_stored_before_the_listeners_hear_of_it() -> None:
    calls: list[tuple[Any, ...]] = []

    def persist(table: Table, move: Move, after: State) -> None:
        calls.append(("persist", table, move, after.view(None), table.ply))

    def listener(table: Table, move: Move) -> None:
        calls.append(("listener", table, move, table.view(None), table.ply))

    table = table_at(4, persist=persist)
    table.subscribe(listener)
    seat = mover(table)
    action = table.legal_actions(seat)[0]
    move = await table.submit(seat, action, by=holder(table, seat), expected_ply=4)

    assert move == Move(5, seat, action)
    assert [call[0] for call in calls] == ["persist", "listener"]
    (_, stored_table, stored_move, stored_view, ply_while_storing) = calls[0]
    assert stored_table is table and stored_move == move
    assert ply_while_storing == 4, "the table moves on only once the move is stored"
    assert stored_view == table.view(None) == replay(table.record).view(None)
    (_, heard_table, heard_move, heard_view, ply_when_heard) = calls[1]
    assert heard_table is table and heard_move == move
    assert ply_when_heard == 5 and heard_view == table.view(None)
    assert table.record["actions"][-1] == [seat, action]


async def test_an_async_store_is_awaited_before_the_listeners_hear_of_it() -> None:
    calls: list[str] = []

    async def persist(table: Table, move: Move, after: State) -> None:
        calls.append("store begins")
        await asyncio.sleep(0.01)
        calls.append("store ends")

    table = table_at(2, persist=persist)
    table.subscribe(lambda *_: calls.append("listener"))
    await play_first_action(table)
    assert calls == ["store begins", "store ends", "listener"]


def _failing_store(table: Table, move: Move, after: State) -> None:
    raise OSError("disk full")


async def _failing_async_store(table: Table, move: Move, after: State) -> None:
    await asyncio.sleep(0)
    raise OSError("connection lost")


@pytest.mark.parametrize("persist", [_failing_store, _failing_async_store])
async def test_a_store_that_fails_refuses_the_move_as_storage_and_changes_nothing(
    persist: Any,
) -> None:
    heard: list[Move] = []
    table = table_at(4, persist=persist)
    table.subscribe(lambda _, move: heard.append(move))
    before = snapshot(table)
    with pytest.raises(TableError) as caught:
        await play_first_action(table)
    assert caught.value.code == "storage"
    assert caught.value.message
    assert snapshot(table) == before
    assert heard == []


async def test_a_move_refused_by_a_failing_store_can_be_submitted_again() -> None:
    failures = [OSError("once")]

    def persist(table: Table, move: Move, after: State) -> None:
        if failures:
            raise failures.pop()

    table = table_at(4, persist=persist)
    with pytest.raises(TableError):
        await play_first_action(table)
    move = await play_first_action(table)
    assert move.ply == 5 and table.ply == 5


async def test_async_listeners_are_awaited_in_order() -> None:
    calls: list[str] = []

    async def slow(table: Table, move: Move) -> None:
        await asyncio.sleep(0.01)
        calls.append("slow")

    table = table_at(2)
    table.subscribe(slow)
    table.subscribe(lambda *_: calls.append("quick"))
    await play_first_action(table)
    assert calls == ["slow", "quick"]


def _failing_listener(table: Table, move: Move) -> None:
    raise RuntimeError("page closed")


async def _failing_async_listener(table: Table, move: Move) -> None:
    await asyncio.sleep(0)
    raise RuntimeError("socket closed")


@pytest.mark.parametrize("broken", [_failing_listener, _failing_async_listener])
async def test_a_failing_listener_breaks_neither_the_move_nor_the_other_listeners(
    broken: Any,
) -> None:
    heard: list[int] = []
    table = table_at(2)
    table.subscribe(lambda _, move: heard.append(move.ply))
    table.subscribe(broken)
    table.subscribe(lambda _, move: heard.append(move.ply))
    move = await play_first_action(table)
    assert move.ply == 3 and table.ply == 3
    assert heard == [3, 3]


async def test_an_unsubscribed_listener_hears_nothing_more() -> None:
    heard: list[int] = []
    table = table_at(2)
    unsubscribe = table.subscribe(lambda _, move: heard.append(move.ply))
    await play_first_action(table)
    unsubscribe()
    unsubscribe()
    await play_first_action(table)
    assert heard == [3]


# ---------------------------------------------------------------- concurrency


async def test_two_identical_concurrent_submissions_apply_once_and_the_other_is_stale() -> None:
    stored: list[int] = []

    async def persist(table: Table, move: Move, after: State) -> None:
        await asyncio.sleep(0.01)  # a real store yields: the second click arrives meanwhile
        stored.append(move.ply)

    table = table_at(4, persist=persist)
    seat = mover(table)
    action = table.legal_actions(seat)[0]
    outcomes = await asyncio.gather(
        table.submit(seat, action, by=holder(table, seat), expected_ply=4),
        table.submit(seat, action, by=holder(table, seat), expected_ply=4),
        return_exceptions=True,
    )
    moves = [o for o in outcomes if isinstance(o, Move)]
    errors = [o for o in outcomes if isinstance(o, TableError)]
    assert moves == [Move(5, seat, action)]
    assert [error.code for error in errors] == ["stale"]
    assert stored == [5]
    assert table.ply == 5 and table.record["actions"][4:] == [[seat, action]]


# --------------------------------------------------------------- game and tables


async def test_the_record_result_is_filled_when_the_game_ends() -> None:
    record = new_record("caravan", 2, 5, {"hands": 1}, [ANN, BOB])
    table = Table("t1", record, SEATS, in_memory=True)
    while not table.state.is_over():
        assert table.record["result"] is None
        await play_first_action(table)
    state = table.state
    assert table.record["result"] == {"scores": state.scores(), "ranking": state.ranking()}
    assert table.record is record


async def test_the_result_is_computed_once_and_handed_to_the_store_with_the_last_move(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    stored: list[Move] = []
    record = new_record("caravan", 2, 5, {"hands": 1}, [ANN, BOB])
    table = Table("t1", record, SEATS, persist=lambda _t, move, _s: stored.append(move))
    computed: list[int] = []
    final_result = Table.final_result

    def counted(self: Table, state: State) -> dict[str, Any]:
        computed.append(self.ply)
        return final_result(self, state)

    monkeypatch.setattr(Table, "final_result", counted)
    while not table.state.is_over():
        await play_first_action(table)
    assert len(computed) == 1
    assert [move.result for move in stored[:-1]] == [None] * (len(stored) - 1)
    assert stored[-1].result is not None
    assert stored[-1].result is table.record["result"]


async def test_a_table_resumes_from_its_record_at_the_last_ply() -> None:
    record = first_action_record(9)
    table = Table("t1", record, SEATS, in_memory=True)
    assert table.ply == 9
    assert table.game == "caravan"
    assert table.view(None) == replay(record).view(None)
    move = await play_first_action(table)
    assert move.ply == 10


async def test_one_identity_holding_both_hotseat_seats_may_play_both() -> None:
    seats = [SeatInfo(HOTSEAT, ANN, "Ann"), SeatInfo(HOTSEAT, ANN, "Ann's friend")]
    table = table_at(0, seats=seats)
    assert table.seats_held_by(ANN) == [0, 1]
    first = await play_first_action(table)
    second = await play_first_action(table)
    assert first.seat != second.seat


def test_a_bot_seat_names_its_bot() -> None:
    seat = SeatInfo(BOT, "bot:heuristic", "Heuristic bot")
    assert seat.is_bot and seat.bot_name == "heuristic"
    assert not SEATS[0].is_bot


def test_a_table_needs_one_seat_per_player() -> None:
    with pytest.raises(ValueError):
        Table("t1", first_action_record(0), SEATS[:1])


def test_an_unknown_table_id_is_refused_as_not_found() -> None:
    tables = Tables()
    table = tables.add(table_at(0))
    assert tables.get("t1") is table
    assert "t1" in tables and len(tables) == 1
    with pytest.raises(TableError) as caught:
        tables.get("t2")
    assert caught.value.code == "not_found"
    assert "t2" not in tables


async def test_a_submission_whose_caller_is_cancelled_is_still_stored_and_applied() -> None:
    stored: list[int] = []
    writing, heard = asyncio.Event(), asyncio.Event()

    async def slow_persist(table: Table, move: Move, after: object) -> None:
        writing.set()
        await asyncio.sleep(0.05)
        stored.append(move.ply)

    table = _cancel_table(slow_persist)
    table.subscribe(lambda *_: heard.set())
    seat = next(iter(table.state.to_move()))
    action = table.legal_actions(seat)[0]
    task = asyncio.create_task(table.submit(seat, action, by=table.seats[seat].holder))
    await writing.wait()  # the caller goes away while the move is being stored
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
    await asyncio.wait_for(heard.wait(), 10)  # applied and announced all the same
    assert stored == [1]
    assert table.ply == 1
    assert table.record["actions"] == [[seat, action]]


def _cancel_table(persist: object) -> Table:
    record = new_record("caravan", 2, seed=3, options={"hands": 1}, seats=["ann", "bob"])
    seats = [SeatInfo("guest", "ann", "Ann"), SeatInfo("guest", "bob", "Bob")]
    return Table("cancel", record, seats, persist=persist)  # type: ignore[arg-type]


def test_a_removed_table_is_no_longer_found_and_unknown_ids_are_ignored() -> None:
    tables = Tables()
    table = tables.add(_cancel_table(None))
    assert "cancel" in tables and len(tables) == 1
    tables.remove(table.id)
    tables.remove("never-there")
    assert "cancel" not in tables and len(tables) == 0
    with pytest.raises(TableError) as refused:
        tables.get(table.id)
    assert refused.value.code == "not_found"


async def test_views_are_made_once_per_position_and_seat_and_follow_the_moves() -> None:
    table = table_at(2)
    spectator, ann = table.view(None), table.view(0)
    assert table.view(None) is spectator and table.view(0) is ann
    assert spectator == table.state.view(None) and ann == table.state.view(0)
    assert spectator["hand"] is None and ann["hand"] is not None
    seat = mover(table)
    await table.submit(seat, table.legal_actions(seat)[0], by=holder(table, seat))
    assert table.view(None) is not spectator
    assert table.view(None) == table.state.view(None)
    assert table.view(0) == table.state.view(0)


async def test_legal_actions_are_listed_once_per_position_and_seat() -> None:
    """Every page of a seat shares one list of its legal actions (Pueblo's placements run
    to hundreds); a move lists them anew."""
    table = table_at(2)
    seat = mover(table)
    legal = table.legal_actions(seat)
    assert table.legal_actions(seat) is legal and legal == table.state.legal_actions(seat)
    await table.submit(seat, legal[0], by=holder(table, seat))
    other = mover(table)
    assert table.legal_actions(other) == table.state.legal_actions(other)
    assert table.legal_actions(seat) == table.state.legal_actions(seat)
    assert table.legal_actions(seat) is not legal


async def test_a_refused_move_keeps_the_views_of_the_position() -> None:
    table = table_at(2)
    before = table.view(None)
    with pytest.raises(TableError):
        await table.submit(mover(table), "garbled!", by=holder(table, mover(table)))
    assert table.view(None) is before
