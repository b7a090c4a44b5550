"""The repository functions, on SQLite and PostgreSQL."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from sqlalchemy import Engine, func
from sqlalchemy.exc import IntegrityError
from sqlmodel import Session, select

from core.engine import State
from core.record import new_record, replay
from core.table import BOT, GUEST, HOTSEAT, SeatInfo
from storage.models import FINISHED, PLAYING, Match, Move, User
from storage.repo import (
    append_move,
    create_match,
    ensure_guest,
    load_record,
    load_seats,
    matches_for_user,
    unfinished_matches,
)

Play = Callable[..., State]
StartMatch = Callable[..., str]


def stored_moves(engine: Engine, match_id: str) -> int:
    with Session(engine) as s:
        return s.exec(select(func.count()).where(Move.match_id == match_id)).one()


def stored_match(engine: Engine, match_id: str) -> Match:
    with Session(engine) as s:
        return s.get_one(Match, match_id)


def test_a_guest_is_created_once(engine: Engine) -> None:
    first = ensure_guest(engine, user_id="c" * 32, name="cyd")
    again = ensure_guest(engine, user_id="c" * 32, name="cyd renamed")
    assert (again.id, again.name, again.kind) == (first.id, "cyd", "guest")
    assert again.created_at == first.created_at and again.created_at.tzinfo is not None
    with Session(engine) as s:
        assert s.exec(select(func.count()).select_from(User)).one() == 1


def test_a_match_round_trips_through_its_record(engine: Engine, match_id: str, play: Play) -> None:
    live = play(match_id, 10)
    record = load_record(engine, match_id=match_id)
    assert record is not None
    assert record["format"] == 1 and record["game"] == "caravan"
    assert record["seats"] == ["p0", "bot:random"]
    assert record["options"] == {"hands": 1, "wild_ranks": "2-9"}
    assert len(record["actions"]) == 10 and record["result"] is None
    stored = replay(record)
    for seat in (None, 0, 1):
        assert stored.view(seat) == live.view(seat)


def test_the_record_lists_actions_in_ply_order(engine: Engine, match_id: str, play: Play) -> None:
    play(match_id, 6)
    record = load_record(engine, match_id=match_id)
    assert record is not None
    expected = new_record("caravan", 2, 1, {"hands": 1}, ["p0", "bot:random"])
    for seat, action in record["actions"]:
        state = replay(expected)
        assert action in state.legal_actions(seat)
        expected["actions"].append([seat, action])
    assert record == expected


def test_seats_round_trip_in_seat_order(engine: Engine, ann: str, match_id: str) -> None:
    assert load_seats(engine, match_id=match_id) == [
        SeatInfo(GUEST, ann, "p0"),
        SeatInfo(BOT, "bot:random", "bot:random"),
    ]


def test_an_unknown_match_has_no_record_and_no_seats(engine: Engine) -> None:
    assert load_record(engine, match_id="nosuchmatc") is None
    assert load_seats(engine, match_id="nosuchmatc") == []


def test_the_largest_signed_64_bit_seed_round_trips(
    engine: Engine, start_match: StartMatch
) -> None:
    match_id = start_match(seed=2**63 - 1)
    record = load_record(engine, match_id=match_id)
    assert record is not None and record["seed"] == 2**63 - 1


def test_a_seed_beyond_64_bits_is_refused(engine: Engine, start_match: StartMatch) -> None:
    with pytest.raises(ValueError, match="64-bit"):
        start_match(seed=2**63)


def test_a_new_match_must_not_carry_moves(engine: Engine, ann: str) -> None:
    record = new_record("caravan", 2, 1, {"hands": 1}, ["ann", "bot"])
    state = replay(record)
    record["actions"].append([0, state.legal_actions(0)[0]])
    seats = [SeatInfo(GUEST, ann, "ann"), SeatInfo(BOT, "bot:random", "bot")]
    with pytest.raises(ValueError, match="append_move"):
        create_match(
            engine, match_id="withmoves1", record=record, seats=seats, user_ids=[ann, None]
        )


def test_a_seat_naming_an_unknown_user_is_refused(engine: Engine) -> None:
    record = new_record("caravan", 2, 1, {"hands": 1}, ["zed", "bot"])
    seats = [SeatInfo(GUEST, "z" * 32, "zed"), SeatInfo(BOT, "bot:random", "bot")]
    with pytest.raises(IntegrityError):
        create_match(
            engine, match_id="nouser0001", record=record, seats=seats, user_ids=["z" * 32, None]
        )
    assert load_record(engine, match_id="nouser0001") is None


def test_a_duplicate_ply_is_refused_and_changes_nothing(
    engine: Engine, match_id: str, play: Play
) -> None:
    play(match_id, 3)
    before = load_record(engine, match_id=match_id)
    with pytest.raises(IntegrityError):
        append_move(engine, match_id=match_id, ply=3, seat=0, action="anything")
    assert load_record(engine, match_id=match_id) == before
    assert stored_moves(engine, match_id) == 3


def test_a_gap_in_the_plies_is_refused(engine: Engine, match_id: str, play: Play) -> None:
    play(match_id, 2)
    with pytest.raises(ValueError, match="would follow move 2"):
        append_move(engine, match_id=match_id, ply=4, seat=0, action="anything")
    assert stored_moves(engine, match_id) == 2


def test_a_move_of_an_unknown_match_is_refused(engine: Engine) -> None:
    with pytest.raises(ValueError, match="no match"):
        append_move(engine, match_id="nosuchmatc", ply=1, seat=0, action="anything")


def test_the_last_move_finishes_the_match_with_its_result(
    engine: Engine, match_id: str, play: Play
) -> None:
    final = play(match_id, 1000)
    assert final.is_over()
    match = stored_match(engine, match_id)
    assert match.status == FINISHED
    assert match.finished_at is not None and match.finished_at >= match.created_at
    assert match.result == {"scores": final.scores(), "ranking": final.ranking()}
    record = load_record(engine, match_id=match_id)
    assert record is not None and record["result"] == match.result


def test_a_refused_last_move_leaves_the_match_playing(
    engine: Engine, match_id: str, play: Play
) -> None:
    play(match_id, 5)
    with pytest.raises(IntegrityError):
        append_move(
            engine,
            match_id=match_id,
            ply=5,
            seat=0,
            action="anything",
            result={"scores": [1, 0], "ranking": [1, 2]},
        )
    match = stored_match(engine, match_id)
    assert (match.status, match.result, match.finished_at) == (PLAYING, None, None)


def test_a_finished_match_takes_no_more_moves(engine: Engine, match_id: str, play: Play) -> None:
    play(match_id, 1000)
    plies = stored_moves(engine, match_id)
    with pytest.raises(ValueError, match="is over"):
        append_move(engine, match_id=match_id, ply=plies + 1, seat=0, action="anything")
    assert stored_moves(engine, match_id) == plies


def test_unfinished_matches_lists_only_the_ones_being_played(
    engine: Engine, start_match: StartMatch, play: Play
) -> None:
    fresh, started, done = start_match(), start_match(), start_match()
    play(started, 4)
    play(done, 1000)
    assert unfinished_matches(engine) == [fresh, started]


def test_matches_for_user_lists_newest_first_with_a_summary(
    engine: Engine, ann: str, start_match: StartMatch, play: Play
) -> None:
    bea = ensure_guest(engine, user_id="b" * 32, name="bea").id
    first = start_match()
    second = start_match(holders=("bot:random", ann))
    start_match(holders=(bea, "bot:random"))
    play(first, 1000)
    play(second, 3)
    summaries = matches_for_user(engine, user_id=ann)
    assert [m["id"] for m in summaries] == [second, first]
    newest, oldest = summaries
    assert newest["created_at"] > oldest["created_at"]
    assert {k: newest[k] for k in ("game", "status", "seats", "user_seats", "moves")} == {
        "game": "caravan",
        "status": PLAYING,
        "seats": ["bot:random", "p1"],
        "user_seats": [1],
        "moves": 3,
    }
    assert newest["result"] is None and newest["finished_at"] is None
    assert oldest["status"] == FINISHED and oldest["user_seats"] == [0]
    assert oldest["result"] == stored_match(engine, first).result
    assert oldest["moves"] == stored_moves(engine, first)
    assert [m["id"] for m in matches_for_user(engine, user_id=ann, limit=1)] == [second]
    assert matches_for_user(engine, user_id="nobody") == []


def test_a_hot_seat_match_is_listed_once_with_both_seats(engine: Engine, ann: str) -> None:
    record = new_record("caravan", 2, 1, {"hands": 1}, ["ann", "ann too"])
    seats = [SeatInfo(HOTSEAT, ann, "ann"), SeatInfo(HOTSEAT, ann, "ann too")]
    create_match(engine, match_id="hotseat001", record=record, seats=seats, user_ids=[ann, ann])
    [summary] = matches_for_user(engine, user_id=ann)
    assert summary["id"] == "hotseat001" and summary["user_seats"] == [0, 1]
    assert summary["moves"] == 0
