"""Clock arithmetic (core/clock.py): every time is given, nothing sleeps or reads a clock."""

from __future__ import annotations

import pytest

from core.clock import (
    DAY,
    HOUR,
    Clock,
    Tempo,
    TempoError,
    after_move,
    deadline,
    expired,
    presets,
    remaining,
    start,
    timed_seats,
    with_running,
)
from core.games import GAMES

T0 = 1_800_000_000.0  # some instant, in POSIX seconds


def test_a_real_time_clock_runs_only_for_the_seat_to_move_and_adds_its_increment() -> None:
    tempo = Tempo.realtime(300, 5)
    clock = start(tempo, 2, running=(0,), at=T0)
    assert remaining(clock, T0 + 40) == (260.0, 300.0)
    clock = after_move(tempo, clock, mover=0, running=(1,), at=T0 + 40)
    assert clock.left == (265.0, 300.0) and clock.running == (1,)
    assert remaining(clock, T0 + 100) == (265.0, 240.0)
    assert deadline(clock) == T0 + 340


def test_the_increment_comes_when_the_turn_ends_not_after_each_step_of_it() -> None:
    tempo = Tempo.realtime(120, 10)
    clock = start(tempo, 2, running=(0,), at=T0)
    clock = after_move(tempo, clock, mover=0, running=(0,), at=T0 + 5)  # a first step
    assert clock.left == (115.0, 120.0) and clock.running == (0,)
    clock = after_move(tempo, clock, mover=0, running=(1,), at=T0 + 8)  # the turn ends
    assert clock.left == (122.0, 120.0)


def test_every_seat_of_a_simultaneous_step_runs_and_the_one_that_bid_stops() -> None:
    tempo = Tempo.realtime(60, 0)
    clock = start(tempo, 3, running=(0, 1, 2), at=T0)
    clock = after_move(tempo, clock, mover=1, running=(0, 2), at=T0 + 10)
    assert clock.left == (50.0, 50.0, 50.0) and clock.running == (0, 2)
    assert remaining(clock, T0 + 30) == (30.0, 50.0, 30.0)
    assert expired(clock, T0 + 59.9) == () and expired(clock, T0 + 60) == (0, 2)


def test_time_never_goes_below_zero_and_a_seat_out_of_time_has_expired() -> None:
    clock = start(Tempo.realtime(10), 2, running=(1,), at=T0)
    assert remaining(clock, T0 + 99) == (10.0, 0.0)
    assert expired(clock, T0 + 99) == (1,)
    assert remaining(clock, T0 - 5) == (10.0, 10.0), "a time before the snapshot charges nothing"


def test_a_turn_based_turn_uses_its_own_time_before_the_reserve() -> None:
    tempo = Tempo.turnbased(DAY, reserve=2 * DAY)
    clock = start(tempo, 2, running=(0,), at=T0)
    assert deadline(clock) == T0 + 3 * DAY  # the turn, then all of the reserve
    clock = after_move(tempo, clock, mover=0, running=(1,), at=T0 + 12 * HOUR)
    assert clock.reserve == (2 * DAY, 2 * DAY), "a turn within its day keeps the reserve"
    assert clock.left[0] == 3 * DAY
    clock = after_move(tempo, clock, mover=1, running=(0,), at=T0 + 12 * HOUR + 30 * HOUR)
    assert clock.reserve == (2 * DAY, 2 * DAY - 6 * HOUR), "six hours over the day"
    assert clock.left[1] == DAY + 2 * DAY - 6 * HOUR
    assert deadline(clock) == T0 + 42 * HOUR + 3 * DAY


def test_a_turn_based_seat_without_reserve_has_its_turn_and_no_more() -> None:
    tempo = Tempo.turnbased(12 * HOUR)
    clock = start(tempo, 2, running=(1,), at=T0)
    assert expired(clock, T0 + 12 * HOUR - 1) == ()
    assert expired(clock, T0 + 12 * HOUR) == (1,)


def test_a_seat_given_to_a_bot_stops_running_and_keeps_what_it_had() -> None:
    tempo = Tempo.realtime(100)
    clock = start(tempo, 2, running=(0, 1), at=T0)
    clock = with_running(clock, running=(1,), at=T0 + 30)
    assert clock.left == (70.0, 70.0) and clock.running == (1,)
    assert deadline(clock) == T0 + 100


def test_bots_are_never_on_the_clock() -> None:
    assert timed_seats(people={0, 2}, to_move={0, 1, 2}) == (0, 2)
    assert timed_seats(people={0}, to_move={1}) == ()


def test_an_untimed_table_has_no_clock_to_run() -> None:
    assert not Tempo.untimed().timed
    assert Tempo.from_json(None) == Tempo.untimed() == Tempo.from_json({"kind": "untimed"})


@pytest.mark.parametrize(
    "tempo",
    [Tempo.realtime(600, 5), Tempo.realtime(10, 0, "end"), Tempo.turnbased(DAY, 3 * DAY)],
)
def test_a_tempo_and_its_clock_read_back_as_they_were_stored(tempo: Tempo) -> None:
    assert Tempo.from_json(tempo.to_json()) == tempo
    clock = after_move(tempo, start(tempo, 3, running=(0,), at=T0), 0, (1, 2), T0 + 7)
    assert Clock.from_json(clock.to_json(), 3) == clock


@pytest.mark.parametrize(
    "data",
    [
        {"kind": "realtime", "base": 5},
        {"kind": "realtime", "base": 4 * HOUR},
        {"kind": "realtime", "base": 60, "increment": -1},
        {"kind": "realtime", "base": "600"},
        {"kind": "realtime", "base": True},
        {"kind": "realtime", "base": float("nan")},
        {"kind": "realtime", "base": 60, "on_timeout": "explode"},
        {"kind": "turnbased", "per_turn": 0},
        {"kind": "turnbased", "per_turn": DAY, "reserve": 15 * DAY},
        {"kind": "blitz"},
        ["realtime"],
    ],
)
def test_a_tempo_out_of_bounds_or_garbled_is_refused(data: object) -> None:
    with pytest.raises(TempoError):
        Tempo.from_json(data)


@pytest.mark.parametrize(
    "data",
    [
        {"at": T0, "left": [1.0]},
        {"at": T0, "left": [1.0, 2.0], "running": [2]},
        {"at": "then", "left": [1.0, 2.0]},
        {"left": [1.0, 2.0]},
        None,
    ],
)
def test_a_garbled_stored_clock_is_refused(data: object) -> None:
    with pytest.raises(TempoError):
        Clock.from_json(data, 2)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_games_presets_grow_with_its_length_and_fit_the_bounds(game: str) -> None:
    rules = GAMES[game]
    for players in range(rules.min_players, rules.max_players + 1):
        options = rules.default_options(players)
        turns = rules.turns_per_seat(players, options)
        assert 5 <= turns <= 100, (game, players, turns)
        quick, standard, relaxed = presets(turns).values()
        assert quick.base <= standard.base <= relaxed.base
        assert all(60 <= t.base <= 3 * HOUR for t in (quick, standard, relaxed))


def test_a_longer_caravan_match_gets_a_longer_clock() -> None:
    rules = GAMES["caravan"]
    short = presets(rules.turns_per_seat(2, rules.validate_options(2, {"hands": 1})))
    long = presets(rules.turns_per_seat(2, rules.validate_options(2, {"hands": 5})))
    assert long["standard"].base >= 4 * short["standard"].base
