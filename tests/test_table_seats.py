"""Seats at a live table: joining, leaving, starting early with bots, resigning.

Each change is guarded, stored through the seat hook before anyone hears of it,
and leaves the table exactly as it was when refused or when storing fails.
"""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest

from core.record import new_record
from core.table import (
    BOT,
    GUEST,
    INVITED,
    OPEN,
    SeatChange,
    SeatInfo,
    Table,
    TableError,
    TableSettings,
)

HOST, BEA, CID = "user:ann", "user:bea", "user:cid"
TOKEN = "secret-token"


def waiting_table(
    kinds: tuple[str, ...] = (INVITED,), *, persist_seats: Any = None, persist: Any = None
) -> Table:
    """Ann's table with the given empty seats after hers."""
    seats = [SeatInfo(GUEST, HOST, "Ann")] + [SeatInfo.empty(kind) for kind in kinds]
    record = new_record(
        "caravan" if len(seats) == 2 else "feurio", len(seats), 5, None, [s.name for s in seats]
    )
    invited = tuple(n for n, s in enumerate(seats) if s.kind == INVITED)
    settings = TableSettings(host=HOST, invite=TOKEN, invited=invited)
    return Table(
        "t1",
        record,
        seats,
        persist=persist,
        settings=settings,
        persist_seats=persist_seats,
        in_memory=True,
    )


def snapshot(table: Table) -> str:
    return json.dumps(
        {"seats": [vars(s) for s in table.seats], "record": table.record, "ply": table.ply},
        sort_keys=True,
    )


async def refused(call: Any) -> str:
    with pytest.raises(TableError) as caught:
        await call
    assert caught.value.message
    return caught.value.code


async def test_a_table_with_an_empty_seat_waits_and_takes_no_move() -> None:
    table = waiting_table()
    assert table.waiting
    seat = min(table.state.to_move())
    action = table.legal_actions(seat)[0]
    if seat == 0:
        assert await refused(table.submit(0, action, by=HOST)) == "not_started"
    assert table.ply == 0


async def test_an_invited_seat_is_taken_with_the_token_and_the_game_starts() -> None:
    changes: list[SeatChange] = []
    table = waiting_table()
    table.subscribe_seats(lambda t, change: changes.append(change))
    await table.join(1, by=BEA, name="Bea", invite=TOKEN)
    assert table.seats[1] == SeatInfo(GUEST, BEA, "Bea")
    assert table.record["seats"] == ["Ann", "Bea"]
    assert not table.waiting
    assert changes == [SeatChange((1,))]
    seat = min(table.state.to_move())
    await table.submit(seat, table.legal_actions(seat)[0], by=table.seats[seat].holder)
    assert table.ply == 1


@pytest.mark.parametrize("token", ["", "wrong", TOKEN.upper()])
async def test_an_invited_seat_refuses_a_missing_or_wrong_token(token: str) -> None:
    table = waiting_table()
    before = snapshot(table)
    assert await refused(table.join(1, by=BEA, name="Bea", invite=token)) == "bad_invite"
    assert snapshot(table) == before


async def test_an_open_seat_needs_no_token() -> None:
    table = waiting_table((OPEN,))
    await table.join(1, by=BEA, name="Bea")
    assert not table.waiting


async def test_a_taken_seat_is_refused_and_a_second_seat_for_one_person_too() -> None:
    table = waiting_table((OPEN, OPEN))
    await table.join(1, by=BEA, name="Bea")
    before = snapshot(table)
    assert await refused(table.join(1, by=CID, name="Cid")) == "seat_taken"
    assert await refused(table.join(2, by=BEA, name="Bea again")) == "already_seated"
    assert await refused(table.join(0, by=CID, name="Cid")) == "seat_taken"
    assert snapshot(table) == before


@pytest.mark.parametrize("seat", [-1, 3, 1.0, True, "1", None])
async def test_a_forged_seat_number_is_refused(seat: Any) -> None:
    table = waiting_table((OPEN, OPEN))
    before = snapshot(table)
    assert await refused(table.join(seat, by=BEA, name="Bea")) == "not_player"
    assert snapshot(table) == before


async def test_two_people_racing_for_the_last_seat_one_wins() -> None:
    async def slow_store(table: Table, change: SeatChange) -> None:
        await asyncio.sleep(0.01)

    table = waiting_table((OPEN,), persist_seats=slow_store)
    results = await asyncio.gather(
        table.join(1, by=BEA, name="Bea"),
        table.join(1, by=CID, name="Cid"),
        return_exceptions=True,
    )
    errors = [r for r in results if isinstance(r, TableError)]
    assert len(errors) == 1 and errors[0].code == "seat_taken"
    assert table.seats[1].holder in (BEA, CID)


async def test_joining_a_started_table_is_refused() -> None:
    table = waiting_table((OPEN,))
    await table.join(1, by=BEA, name="Bea")
    assert await refused(table.join(1, by=CID, name="Cid")) == "seat_taken"
    assert await refused(table.leave(by=BEA)) == "started"


async def test_leaving_empties_the_seat_again_as_it_was_offered() -> None:
    table = waiting_table((INVITED, OPEN))
    await table.join(1, by=BEA, name="Bea", invite=TOKEN)
    await table.join(2, by=CID, name="Cid")
    assert not table.waiting
    table = waiting_table((INVITED, OPEN))
    await table.join(1, by=BEA, name="Bea", invite=TOKEN)
    await table.leave(by=BEA)
    assert table.seats[1] == SeatInfo.empty(INVITED)
    await table.join(2, by=CID, name="Cid")
    await table.leave(by=CID)
    assert table.seats[2] == SeatInfo.empty(OPEN)


async def test_the_host_cannot_leave_and_a_stranger_has_nothing_to_leave() -> None:
    table = waiting_table()
    assert await refused(table.leave(by=HOST)) == "host"
    assert await refused(table.leave(by=CID)) == "not_player"
    assert await refused(table.leave(by="")) == "not_player"


async def test_the_host_fills_the_empty_seats_with_bots_and_the_game_starts() -> None:
    table = waiting_table((OPEN, INVITED))
    await table.join(1, by=BEA, name="Bea")
    before = snapshot(table)
    names = ["Bot (normal)"]
    assert await refused(table.fill_with_bots(by=BEA, bot="bot:normal", names=names)) == "host"
    assert snapshot(table) == before
    await table.fill_with_bots(by=HOST, bot="bot:normal", names=names)
    assert table.seats[2] == SeatInfo(BOT, "bot:normal", "Bot (normal)")
    assert not table.waiting
    assert await refused(table.fill_with_bots(by=HOST, bot="bot:normal", names=[])) == "started"


async def test_a_player_resigns_a_bot_plays_on_and_the_record_says_so() -> None:
    table = waiting_table((OPEN,))
    await table.join(1, by=BEA, name="Bea")
    seat = min(table.state.to_move())
    await table.submit(seat, table.legal_actions(seat)[0], by=table.seats[seat].holder)
    changes: list[SeatChange] = []
    table.subscribe_seats(lambda t, change: changes.append(change))
    await table.resign(1, by=BEA, name="Bot for Bea")
    note = {"seat": 1, "ply": 1, "by": "Bea", "bot": "bot:normal"}
    assert table.seats[1] == SeatInfo(BOT, "bot:normal", "Bot for Bea")
    assert table.record["resigned"] == [note]
    assert changes == [SeatChange((1,), resigned=note)]
    assert table.seats_held_by(BEA) == []


async def test_resigning_is_refused_for_a_seat_not_held_before_the_start_and_after_the_end() -> (
    None
):
    table = waiting_table((OPEN,))
    assert await refused(table.resign(0, by=HOST, name="x")) == "not_started"
    await table.join(1, by=BEA, name="Bea")
    assert await refused(table.resign(1, by=HOST, name="x")) == "not_player"
    assert await refused(table.resign(1, by="", name="x")) == "not_player"
    assert await refused(table.resign(5, by=BEA, name="x")) == "not_player"
    while not table.state.is_over():
        seat = min(table.state.to_move())
        await table.submit(seat, table.legal_actions(seat)[0], by=table.seats[seat].holder)
    assert await refused(table.resign(1, by=BEA, name="x")) == "game_over"


async def test_a_seat_change_is_stored_before_the_listeners_hear_of_it() -> None:
    events: list[str] = []

    def store(table: Table, change: SeatChange) -> None:
        events.append(f"stored {change.seats} by {table.seats[change.seats[0]].holder}")

    table = waiting_table((OPEN,), persist_seats=store)
    table.subscribe_seats(lambda t, change: events.append("told"))
    await table.join(1, by=BEA, name="Bea")
    assert events == [f"stored (1,) by {BEA}", "told"]


@pytest.mark.parametrize("operation", ["join", "leave", "fill", "resign"])
async def test_a_failing_store_refuses_the_change_and_leaves_the_table_as_it_was(
    operation: str,
) -> None:
    fail = {"on": False}

    def store(table: Table, change: SeatChange) -> None:
        if fail["on"]:
            raise OSError("disk full")

    told: list[SeatChange] = []
    table = waiting_table((OPEN, OPEN), persist_seats=store)
    if operation in ("leave", "resign"):
        await table.join(1, by=BEA, name="Bea")
    if operation == "resign":
        await table.join(2, by=CID, name="Cid")
    table.subscribe_seats(lambda t, change: told.append(change))
    before = snapshot(table)
    fail["on"] = True
    call = {
        "join": lambda: table.join(1, by=BEA, name="Bea"),
        "leave": lambda: table.leave(by=BEA),
        "fill": lambda: table.fill_with_bots(by=HOST, bot="bot:easy", names=["B1", "B2"]),
        "resign": lambda: table.resign(1, by=BEA, name="Bot for Bea"),
    }[operation]
    assert await refused(call()) == "storage"
    assert snapshot(table) == before
    assert told == []


def test_settings_survive_a_round_trip_through_json() -> None:
    settings = TableSettings(host=HOST, invite=TOKEN, private=True, chat=False, invited=(1, 2))
    assert TableSettings.from_json(json.loads(json.dumps(settings.to_json()))) == settings
    assert TableSettings.from_json(None) == TableSettings()


async def test_an_abandoned_game_ranks_the_players_who_stayed_by_the_games_own_order() -> None:
    """Pueblo's fewest penalty points lead: an abandoned game's result follows the
    engine's ranking, not the highest score."""
    seats = [
        SeatInfo(GUEST, uid, name) for uid, name in ((HOST, "Ann"), (BEA, "Bea"), (CID, "Cid"))
    ]
    record = new_record("pueblo", 3, 5, None, [s.name for s in seats])
    table = Table("t1", record, seats, in_memory=True)
    table.state.penalties = [5, 2, 9]  # type: ignore[attr-defined]
    assert table.resignation_result()["ranking"] == [2, 1, 3]
    await table.resign(1, by=BEA, name="Bot for Bea")
    assert table.resignation_result()["ranking"] == [1, 3, 2], "Bea resigned: she is last"
