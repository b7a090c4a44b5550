"""Fixtures: every storage test runs on a fresh SQLite file and on a fresh PostgreSQL schema
(the database of ``postgres_engine``, tests/conftest.py). When no server answers, the
PostgreSQL half of the suite is skipped with the reason.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from sqlalchemy import Engine, text

from core.engine import State
from core.record import new_record, replay
from core.table import BOT, GUEST, SeatInfo
from storage.db import make_engine, migrate
from storage.models import new_match_id
from storage.repo import append_move, create_match, ensure_guest, load_record


@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def blank_engine(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Engine]:
    """An engine on an empty database: no tables yet."""
    if request.param == "postgres":
        engine = request.getfixturevalue("postgres_engine")
        with engine.begin() as conn:
            conn.execute(text("DROP SCHEMA public CASCADE"))
            conn.execute(text("CREATE SCHEMA public"))
        yield engine
        return
    engine = make_engine(f"sqlite:///{tmp_path / 'test.db'}")
    yield engine
    engine.dispose()


@pytest.fixture
def engine(blank_engine: Engine) -> Engine:
    """An engine on a freshly migrated, empty database."""
    migrate(blank_engine)
    return blank_engine


@pytest.fixture
def ann(engine: Engine) -> str:
    """The user id of ann, a guest."""
    return ensure_guest(engine, user_id="a" * 32, name="ann").id


StartMatch = Callable[..., str]


@pytest.fixture
def start_match(engine: Engine, ann: str) -> StartMatch:
    """Store a new one-hand Caravan match with no moves and return its id.

    By default ann (a guest) plays seat 0 against a bot; ``holders`` lists the
    user id (or ``bot:<name>``) at each seat. Seats are named ``p<seat>``, bots
    by their holder.
    """

    def start(holders: tuple[str, str] | None = None, seed: int = 1) -> str:
        holders = holders or (ann, "bot:random")
        seats = [
            SeatInfo(BOT, holder, holder)
            if holder.startswith("bot:")
            else SeatInfo(GUEST, holder, f"p{i}")
            for i, holder in enumerate(holders)
        ]
        record = new_record(
            "caravan", 2, seed=seed, options={"hands": 1}, seats=[seat.name for seat in seats]
        )
        match_id = new_match_id()
        user_ids = [None if seat.is_bot else seat.holder for seat in seats]
        create_match(engine, match_id=match_id, record=record, seats=seats, user_ids=user_ids)
        return match_id

    return start


@pytest.fixture
def match_id(start_match: StartMatch) -> str:
    """A stored Caravan match, ann against a bot, with no moves yet."""
    return start_match()


def first_move(state: State) -> tuple[int, str]:
    """The first legal action of the lowest seat to move."""
    seat = min(state.to_move())
    return seat, state.legal_actions(seat)[0]


Play = Callable[..., State]


@pytest.fixture
def play(engine: Engine) -> Play:
    """Append ``plies`` moves to a stored match through append_move; return the live state.

    Stops early at the end of the game, storing the result with the last move.
    """

    def play_on(match_id: str, plies: int) -> State:
        record = load_record(engine, match_id=match_id)
        assert record is not None
        state = replay(record)
        for _ in range(plies):
            if state.is_over():
                break
            seat, action = first_move(state)
            state.apply(seat, action)
            result = {"scores": state.scores(), "ranking": state.ranking()}
            append_move(
                engine,
                match_id=match_id,
                ply=len(record["actions"]) + 1,
                seat=seat,
                action=action,
                result=result if state.is_over() else None,
            )
            record["actions"].append([seat, action])
        return state

    return play_on


@pytest.fixture
def next_move() -> Callable[[State], tuple[int, str]]:
    return first_move
