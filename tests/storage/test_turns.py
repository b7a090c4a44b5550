"""Whose turn it is, as storage keeps it: the games waiting for a person (storage/turns.py)."""

from __future__ import annotations

from datetime import timedelta

from sqlalchemy import Engine
from sqlmodel import col, update

from core.record import new_record
from core.table import GUEST, HOTSEAT, OPEN, SeatInfo, Table
from storage.db import session
from storage.models import Match, new_match_id
from storage.repo import (
    create_match,
    ensure_guest,
    load_record,
    load_seats,
    persist_move,
    persist_seats,
    update_seats,
)
from storage.turns import games_waiting

ANN, BEA = "a" * 32, "b" * 32


def new_match(engine: Engine, seats: list[SeatInfo]) -> str:
    for seat in seats:
        if seat.user_id:
            ensure_guest(engine, user_id=seat.user_id, name=seat.name)
    record = new_record("caravan", 2, seed=7, options={"hands": 1}, seats=[s.name for s in seats])
    match_id = new_match_id()
    table = Table(match_id, record, seats, in_memory=True)
    create_match(
        engine,
        match_id=match_id,
        record=record,
        seats=seats,
        user_ids=[seat.user_id for seat in seats],
        to_move=sorted(table.state.to_move()),
    )
    return match_id


def live(engine: Engine, match_id: str) -> Table:
    record = load_record(engine, match_id=match_id)
    assert record is not None
    return Table(
        match_id,
        record,
        load_seats(engine, match_id=match_id),
        persist=persist_move(engine),
        persist_seats=persist_seats(engine),
    )


def people(engine: Engine) -> list[SeatInfo]:
    return [SeatInfo(GUEST, ANN, "ann"), SeatInfo(GUEST, BEA, "bea")]


def waiting_ids(engine: Engine, user_id: str) -> list[str]:
    return [game.match_id for game in games_waiting(engine, user_id=user_id)]


async def test_a_game_waits_for_whoever_is_to_move_after_each_move(engine: Engine) -> None:
    match_id = new_match(engine, people(engine))
    table = live(engine, match_id)
    for _ in range(12):
        if table.state.is_over():
            break
        movers = table.state.to_move()
        for seat, user in enumerate((ANN, BEA)):
            assert (match_id in waiting_ids(engine, user)) == (seat in movers)
        seat = min(movers)
        await table.submit(seat, table.legal_actions(seat)[0], by=table.seats[seat].holder)
    waiting = games_waiting(engine, user_id=ANN) + games_waiting(engine, user_id=BEA)
    assert [game.names for game in waiting] == [("ann", "bea")]
    assert waiting[0].game == "caravan" and waiting[0].deadline is None


async def test_a_finished_game_waits_for_nobody(engine: Engine) -> None:
    table = live(engine, new_match(engine, people(engine)))
    while not table.state.is_over():
        seat = min(table.state.to_move())
        await table.submit(seat, table.legal_actions(seat)[0], by=table.seats[seat].holder)
    assert waiting_ids(engine, ANN) == waiting_ids(engine, BEA) == []


async def test_longest_waiting_first(engine: Engine) -> None:
    first, second = new_match(engine, people(engine)), new_match(engine, people(engine))
    mover = {0: ANN, 1: BEA}[min(live(engine, first).state.to_move())]
    with session(engine) as s:  # the second game's turn began a day earlier
        began = s.get_one(Match, first).turn_at
        assert began is not None
        s.exec(update(Match).where(col(Match.id) == second).values(turn_at=began - timedelta(1)))
        s.commit()
    assert waiting_ids(engine, mover) == [second, first]


async def test_a_seat_a_bot_took_over_waits_for_nobody(engine: Engine) -> None:
    match_id = new_match(engine, people(engine))
    table = live(engine, match_id)
    seat = min(table.state.to_move())
    user = table.seats[seat].holder
    await table.resign(seat, by=user, name="bot")
    assert match_id not in waiting_ids(engine, user)


def test_hot_seat_games_are_not_waited_on(engine: Engine) -> None:
    new_match(engine, [SeatInfo(HOTSEAT, ANN, "ann"), SeatInfo(HOTSEAT, ANN, "bea")])
    assert waiting_ids(engine, ANN) == []


def test_a_game_waits_once_its_last_seat_is_taken(engine: Engine) -> None:
    match_id = new_match(engine, [SeatInfo(GUEST, ANN, "ann"), SeatInfo.empty(OPEN)])
    assert waiting_ids(engine, ANN) == []
    ensure_guest(engine, user_id=BEA, name="bea")
    table = live(engine, match_id)
    update_seats(
        engine,
        match_id=match_id,
        seats={1: SeatInfo(GUEST, BEA, "bea")},
        to_move=sorted(table.state.to_move()),
    )
    mover = (ANN, BEA)[min(table.state.to_move())]
    assert waiting_ids(engine, mover) == [match_id]
