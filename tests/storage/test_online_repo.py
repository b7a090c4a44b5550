"""Storing online tables: waiting seats, joins and resignations, cancel, rematch, chat.

On SQLite and PostgreSQL, like the rest of ``tests/storage``.
"""

from __future__ import annotations

import pytest
from sqlalchemy import Engine
from sqlmodel import Session

from core.record import new_record
from core.table import BOT, GUEST, INVITED, OPEN, SeatInfo, TableSettings
from storage.chat_lines import add_chat, load_chat
from storage.models import CANCELLED, PLAYING, WAITING, Match, new_match_id
from storage.rematches import claim_rematch, release_rematch
from storage.repo import (
    append_move,
    cancel_match,
    create_match,
    ensure_guest,
    load_record,
    load_seats,
    load_table_info,
    matches_for_user,
    unfinished_matches,
    update_seats,
)

ANN, BEA = "a" * 32, "b" * 32
SETTINGS = TableSettings(host=ANN, invite="tok", private=True, chat=False, invited=(1,))


@pytest.fixture
def new_id() -> str:
    return new_match_id()


def status(engine: Engine, match_id: str) -> str:
    with Session(engine) as s:
        return s.get_one(Match, match_id).status


def waiting_match(engine: Engine, match_id: str, *kinds: str) -> None:
    ensure_guest(engine, user_id=ANN, name="Ann")
    ensure_guest(engine, user_id=BEA, name="Bea")
    seats = [SeatInfo(GUEST, ANN, "Ann")] + [SeatInfo.empty(kind) for kind in kinds]
    game, options = ("caravan", {"hands": 1}) if len(seats) == 2 else ("feurio", None)
    record = new_record(game, len(seats), 3, options, [s.name for s in seats])
    create_match(
        engine,
        match_id=match_id,
        record=record,
        seats=seats,
        user_ids=[s.user_id for s in seats],
        settings=SETTINGS,
    )


def test_a_match_with_an_empty_seat_is_stored_waiting_with_its_settings(
    engine: Engine, new_id: str
) -> None:
    waiting_match(engine, new_id, INVITED)
    assert status(engine, new_id) == WAITING
    info = load_table_info(engine, match_id=new_id)
    assert info == {"status": WAITING, "settings": SETTINGS, "rematch": None}
    assert load_seats(engine, match_id=new_id)[1] == SeatInfo.empty(INVITED)
    assert unfinished_matches(engine) == [new_id]  # rebuilt after a restart
    assert matches_for_user(engine, user_id=ANN) == []  # not a game of the history yet
    with pytest.raises(ValueError, match="over"):
        append_move(engine, match_id=new_id, ply=1, seat=0, action="pass")


def test_the_last_seat_taken_starts_the_match_and_the_player_finds_it(
    engine: Engine, new_id: str
) -> None:
    waiting_match(engine, new_id, INVITED)
    update_seats(engine, match_id=new_id, seats={1: SeatInfo(GUEST, BEA, "Bea")})
    assert status(engine, new_id) == PLAYING
    record = load_record(engine, match_id=new_id)
    assert record is not None and record["seats"] == ["Ann", "Bea"]
    assert [m["id"] for m in matches_for_user(engine, user_id=BEA)] == [new_id]


def test_a_seat_given_up_before_the_start_is_empty_again(engine: Engine, new_id: str) -> None:
    waiting_match(engine, new_id, OPEN, OPEN)
    update_seats(engine, match_id=new_id, seats={1: SeatInfo(GUEST, BEA, "Bea")})
    update_seats(engine, match_id=new_id, seats={1: SeatInfo.empty(OPEN)})
    assert load_seats(engine, match_id=new_id)[1] == SeatInfo.empty(OPEN)
    assert status(engine, new_id) == WAITING
    assert matches_for_user(engine, user_id=BEA) == []


def test_a_resigned_seat_keeps_its_player_and_the_record_notes_it(
    engine: Engine, new_id: str
) -> None:
    waiting_match(engine, new_id, OPEN)
    update_seats(engine, match_id=new_id, seats={1: SeatInfo(GUEST, BEA, "Bea")})
    note = {"seat": 1, "ply": 0, "by": "Bea", "bot": "bot:normal"}
    update_seats(
        engine,
        match_id=new_id,
        seats={1: SeatInfo(BOT, "bot:normal", "Bot for Bea")},
        resigned=note,
    )
    record = load_record(engine, match_id=new_id)
    assert record is not None and record["resigned"] == [note]
    assert record["seats"] == ["Ann", "Bot for Bea"]
    assert [m["id"] for m in matches_for_user(engine, user_id=BEA)] == [new_id]


def test_a_waiting_match_can_be_cancelled_once_and_then_takes_no_seat(
    engine: Engine, new_id: str
) -> None:
    waiting_match(engine, new_id, OPEN)
    cancel_match(engine, match_id=new_id)
    assert status(engine, new_id) == CANCELLED
    assert unfinished_matches(engine) == []
    with pytest.raises(ValueError):
        cancel_match(engine, match_id=new_id)
    with pytest.raises(ValueError):
        update_seats(engine, match_id=new_id, seats={1: SeatInfo(GUEST, BEA, "Bea")})


def test_a_started_match_cannot_be_cancelled(engine: Engine, new_id: str) -> None:
    waiting_match(engine, new_id, OPEN)
    update_seats(engine, match_id=new_id, seats={1: SeatInfo(GUEST, BEA, "Bea")})
    with pytest.raises(ValueError):
        cancel_match(engine, match_id=new_id)


def test_a_rematch_is_remembered_once_named(engine: Engine, new_id: str) -> None:
    waiting_match(engine, new_id, OPEN)
    assert claim_rematch(engine, match_id=new_id, rematch="next") == "next"
    assert claim_rematch(engine, match_id=new_id, rematch="other") == "next"  # asked second
    info = load_table_info(engine, match_id=new_id)
    assert info is not None and info["rematch"] == "next"
    assert load_table_info(engine, match_id="nope") is None
    release_rematch(engine, match_id=new_id, rematch="other")  # not the one named: kept
    assert claim_rematch(engine, match_id=new_id, rematch="third") == "next"
    release_rematch(engine, match_id=new_id, rematch="next")
    assert claim_rematch(engine, match_id=new_id, rematch="third") == "third"


def test_chat_lines_come_back_in_order_and_only_the_last_ones(engine: Engine, new_id: str) -> None:
    waiting_match(engine, new_id, OPEN)
    for n in range(5):
        add_chat(engine, match_id=new_id, seat=0, name="Ann", text=f"line {n} <b>é</b>")
    lines = load_chat(engine, match_id=new_id, limit=3)
    assert [line.text for line in lines] == [f"line {n} <b>é</b>" for n in (2, 3, 4)]
    assert all(line.created_at.tzinfo is not None for line in lines)
