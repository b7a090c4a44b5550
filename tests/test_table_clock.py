"""A timed live table: its clock starts with the game, follows every move and seat change,
is handed to the hooks to be stored, refuses a move made after the time ran out, and a
seat out of time is given to a bot (or, where the table says so, the game ends).

The table's time is a fake the tests move by hand: nothing sleeps."""

from __future__ import annotations

from typing import Any

import pytest

from core.clock import Tempo
from core.record import new_record
from core.table import BOT, GUEST, INVITED, Move, SeatChange, SeatInfo, Table, TableError
from core.table import TableSettings as Settings

ANN, BEA = "user:ann", "user:bea"
T0 = 1_800_000_000.0


class Time:
    def __init__(self) -> None:
        self.now = T0

    def __call__(self) -> float:
        return self.now


def table(tempo: Tempo, second: SeatInfo, *, time: Time, stored: list[Any] | None = None) -> Table:
    seats = [SeatInfo(GUEST, ANN, "Ann"), second]
    record = new_record("caravan", 2, 5, {"hands": 1}, [s.name for s in seats])
    kept = stored if stored is not None else []

    def persist(_table: Table, move: Move, _after: Any) -> None:
        kept.append(move)

    def persist_seats(_table: Table, change: SeatChange) -> None:
        kept.append(change)

    return Table(
        "t1",
        record,
        seats,
        persist=persist,
        persist_seats=persist_seats,
        settings=Settings(host=ANN, invite="tok", invited=(1,), tempo=tempo),
        now=time,
    )


def first_legal(t: Table) -> tuple[int, str]:
    seat = min(t.state.to_move())
    return seat, t.legal_actions(seat)[0]


async def test_the_clock_starts_when_the_last_seat_is_taken() -> None:
    time, stored = Time(), []
    t = table(Tempo.realtime(60, 2), SeatInfo.empty(INVITED), time=time, stored=stored)
    assert t.clock is None and t.time_left() is None
    time.now += 100  # waiting costs nobody anything
    await t.join(1, by=BEA, name="Bea", invite="tok")
    assert t.clock is not None and t.clock.at == T0 + 100
    assert t.time_left() == (60.0, 60.0)
    assert t.clock.running == tuple(sorted(t.state.to_move()))
    assert isinstance(stored[-1], SeatChange) and stored[-1].clock == t.clock


async def test_each_move_charges_its_player_adds_the_increment_and_is_stored_with_it() -> None:
    time, stored = Time(), []
    t = table(Tempo.realtime(60, 2), SeatInfo(GUEST, BEA, "Bea"), time=time, stored=stored)
    seat, action = first_legal(t)
    time.now += 10
    await t.submit(seat, action, by=(ANN, BEA)[seat])
    move = stored[-1]
    assert isinstance(move, Move) and move.clock == t.clock
    left = t.time_left()
    assert left is not None and left[seat] == 52.0  # 60 - 10 + 2
    assert t.clock is not None and t.clock.running == tuple(sorted(t.state.to_move()))


async def test_a_move_after_the_time_ran_out_is_refused_and_changes_nothing() -> None:
    time, stored = Time(), []
    t = table(Tempo.realtime(30), SeatInfo(GUEST, BEA, "Bea"), time=time, stored=stored)
    seat, action = first_legal(t)
    time.now += 30
    with pytest.raises(TableError) as refused:
        await t.submit(seat, action, by=(ANN, BEA)[seat])
    assert refused.value.code == "time_out"
    assert t.ply == 0 and stored == []
    assert t.out_of_time() == (seat,)


async def test_a_seat_out_of_time_is_given_to_a_bot_and_its_player_loses() -> None:
    time, stored = Time(), []
    t = table(Tempo.realtime(30), SeatInfo(GUEST, BEA, "Bea"), time=time, stored=stored)
    seat = min(t.state.to_move())
    with pytest.raises(TableError) as early:
        await t.time_out(seat, name="Robot")
    assert early.value.code == "time_left" and stored == []
    time.now += 31
    await t.time_out(seat, name="Robot")
    assert t.seats[seat].kind == BOT
    note = t.record["resigned"][-1]
    assert note["seat"] == seat and note["timed_out"] is True and note["ply"] == 0
    assert t.timed_out and t.resigned == {seat}
    assert t.clock is not None and seat not in t.clock.running, "a bot is never on the clock"
    assert t.out_of_time() == ()
    change = stored[-1]
    assert isinstance(change, SeatChange) and change.resigned == note and change.clock == t.clock
    with pytest.raises(TableError) as again:  # a second timer (or process) changes nothing
        await t.time_out(seat, name="Robot")
    assert again.value.code == "time_left" and len(stored) == 1
    assert not t.abandoned, "at a table where a bot plays on, the game goes on"


async def test_where_the_table_says_so_the_game_ends_when_a_time_runs_out() -> None:
    time = Time()
    tempo = Tempo.realtime(30, on_timeout="end")
    t = table(tempo, SeatInfo(GUEST, BEA, "Bea"), time=time)
    seat = min(t.state.to_move())
    time.now += 30
    await t.time_out(seat, name="Robot")
    assert t.abandoned, "the game ends there: the bot does not play it out"
    result = t.resignation_result()
    assert result["ended"] == "timed_out"
    assert result["ranking"][seat] == 2 and result["ranking"][1 - seat] == 1


async def test_a_bot_seat_is_never_on_the_clock() -> None:
    time = Time()
    t = table(Tempo.realtime(30), SeatInfo(BOT, "bot:easy", "Robot"), time=time)
    assert t.clock is not None
    if 1 in t.state.to_move():
        assert t.clock.running == ()
        time.now += 1000
        assert t.out_of_time() == ()


async def test_an_untimed_table_has_no_clock_at_all() -> None:
    time, stored = Time(), []
    t = table(Tempo.untimed(), SeatInfo(GUEST, BEA, "Bea"), time=time, stored=stored)
    seat, action = first_legal(t)
    time.now += 10**6
    await t.submit(seat, action, by=(ANN, BEA)[seat])
    assert t.clock is None and stored[-1].clock is None and t.out_of_time() == ()


async def test_a_table_rebuilt_from_its_stored_clock_keeps_each_seats_time() -> None:
    time, stored = Time(), []
    t = table(Tempo.realtime(60, 0), SeatInfo(GUEST, BEA, "Bea"), time=time, stored=stored)
    seat, action = first_legal(t)
    time.now += 15
    await t.submit(seat, action, by=(ANN, BEA)[seat])
    time.now += 20  # a restart, say, while the other seat thinks
    again = Table("t1", t.record, t.seats, settings=t.settings, clock=stored[-1].clock, now=time)
    assert again.time_left() == t.time_left()
    left = again.time_left()
    assert left is not None and left[seat] == 45.0 and sum(left) == 45.0 + 40.0


async def test_another_player_gives_the_seat_of_one_who_left_to_a_bot() -> None:
    time, stored = Time(), []
    t = table(Tempo.realtime(300, 5), SeatInfo(GUEST, BEA, "Bea"), time=time, stored=stored)
    seat = min(t.state.to_move())
    gone, staying = (ANN, BEA) if seat == 0 else (BEA, ANN)
    for by, target, code in (
        (gone, seat, "not_player"),  # one's own seat is resigned, not given away
        ("user:watcher", seat, "not_player"),  # a spectator has no say
        (staying, 1 - seat, "not_player"),
    ):
        with pytest.raises(TableError) as refused:
            await t.expel(target, by=by, name="Robot")
        assert refused.value.code == code and stored == []
    time.now += 10  # their clock ran on while they were away
    await t.expel(seat, by=staying, name="Robot")
    assert t.seats[seat].kind == BOT and t.resigned == {seat}
    note = t.record["resigned"][-1]
    assert note["left"] is True and note["seat"] == seat and "timed_out" not in note
    assert t.clock is not None and t.clock.left[seat] == 290.0
    assert seat not in t.clock.running, "a bot is never on the clock"
    assert isinstance(stored[-1], SeatChange) and stored[-1].resigned == note


async def test_only_a_real_time_game_s_seats_are_given_away() -> None:
    for tempo in (Tempo.untimed(), Tempo.turnbased(3600)):
        t = table(tempo, SeatInfo(GUEST, BEA, "Bea"), time=Time())
        seat = min(t.state.to_move())
        with pytest.raises(TableError) as refused:
            await t.expel(seat, by=(BEA, ANN)[seat], name="Robot")
        assert refused.value.code == "not_timed" and t.seats[seat].kind == GUEST
