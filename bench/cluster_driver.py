"""Tables and moves made from outside the site's processes, as a bot worker makes them.

:mod:`bench.cluster` opens its tables in the cluster's database and, for the fan-out
measurements, plays the moves itself: a move is stored through the same table code and
storage hook as any process's (``Table.submit`` with ``repo.persist_move``: committed as
the next ply or refused), then announced on the bus, exactly what a bot worker does
(:mod:`jobs.worker`). Every app process then hears of it and reads it from the database,
so each viewer gets it the way a move made on another process reaches it, wherever the
viewers are. Its time is taken when ``submit`` returns (the move is committed): no hook in
the site is needed, and the driver paces the moves, so that they start once every viewer
is in and come at an even rate.
"""

from __future__ import annotations

import random
import time
from datetime import datetime

from sqlalchemy import Engine, text

from core.record import new_record
from core.table import BOT, GUEST, SeatInfo, Table, TableSettings
from jobs.worker import stored_table
from storage import repo
from storage.models import PLAYING, new_match_id
from ui.bus import RedisBus

ANN, BEN = "a" * 32, "b" * 32  # the two people of the driver's tables


def guest_table(engine: Engine, *, hands: int, seed: int) -> str:
    """A Caravan table of two guests (the driver moves for both), its id."""
    for user, name in ((ANN, "Ann"), (BEN, "Ben")):
        repo.ensure_guest(engine, user_id=user, name=name)
    seats = [SeatInfo(GUEST, ANN, "Ann"), SeatInfo(GUEST, BEN, "Ben")]
    return _create(engine, seats, [ANN, BEN], hands=hands, seed=seed)


def bot_table(engine: Engine, bot: str, *, hands: int, seed: int) -> str:
    """A Caravan table of two ``bot`` seats, nobody watching, its id."""
    seats = [SeatInfo(BOT, bot, "Bot 1"), SeatInfo(BOT, bot, "Bot 2")]
    return _create(engine, seats, [None, None], hands=hands, seed=seed)


def person_table(engine: Engine, bot: str, *, hands: int, seed: int) -> str:
    """A Caravan table of Ann (a guest) against ``bot``, its id."""
    repo.ensure_guest(engine, user_id=ANN, name="Ann")
    seats = [SeatInfo(GUEST, ANN, "Ann"), SeatInfo(BOT, bot, "Bot")]
    return _create(engine, seats, [ANN, None], hands=hands, seed=seed)


def _create(
    engine: Engine, seats: list[SeatInfo], users: list[str | None], *, hands: int, seed: int
) -> str:
    match_id = new_match_id()
    record = new_record("caravan", 2, seed, {"hands": hands}, [s.name for s in seats])
    repo.create_match(
        engine,
        match_id=match_id,
        record=record,
        seats=seats,
        user_ids=users,
        settings=TableSettings(host=users[0] or ""),
    )
    return match_id


async def load(engine: Engine, table_id: str) -> Table | None:
    """The stored match as a table that stores its moves, as a bot worker loads it (None
    once it is not played)."""
    return await stored_table(engine, table_id)


async def random_move(table: Table, bus: RedisBus, rng: random.Random) -> tuple[int, float]:
    """One random legal move by a seat to move, stored and then announced: its ply and the
    ``time.time()`` at which it was committed."""
    seat = sorted(table.state.to_move())[0]
    action = rng.choice(table.legal_actions(seat))
    await table.submit(seat, action, by=table.seats[seat].holder, expected_ply=table.ply)
    stored = time.time()
    await bus.publish(table.id, "move", table.ply)
    return table.ply, stored


def stored_times(engine: Engine, table_id: str, since: int = 0) -> dict[int, datetime]:
    """When each move of ``table_id`` after ply ``since`` was stored (``moves.created_at``)."""
    with engine.connect() as conn:
        rows = conn.execute(
            text("SELECT ply, created_at FROM moves WHERE match_id = :m AND ply > :p"),
            {"m": table_id, "p": since},
        ).all()
    return {int(ply): created for ply, created in rows}


def moves_between(engine: Engine, start: datetime, end: datetime) -> int:
    """Moves stored in ``[start, end)``, at every table of the database."""
    with engine.connect() as conn:
        found = conn.execute(
            text("SELECT count(*) FROM moves WHERE created_at >= :a AND created_at < :b"),
            {"a": start, "b": end},
        ).scalar_one()
    return int(found)


def playing(engine: Engine, table_ids: list[str]) -> set[str]:
    """Those of ``table_ids`` still being played."""
    with engine.connect() as conn:
        rows = conn.execute(
            text("SELECT id FROM matches WHERE status = :s AND id = ANY(:ids)"),
            {"s": PLAYING, "ids": table_ids},
        ).all()
    return {str(row[0]) for row in rows}
