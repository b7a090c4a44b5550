"""Where a timed match keeps its clock (core/clock.py): the latest snapshot, stored with
the move or seat change that made it, and the next deadline, which an index finds when
it is due, whichever process (if any) holds the table."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from sqlalchemy import Engine
from sqlmodel import col, select

from core.clock import Clock, deadline
from storage.db import session
from storage.models import PLAYING, Match


def clock_columns(clock: Clock | None) -> dict[str, Any]:
    """A timed match's clock columns: the snapshot, and when its first seat on the clock
    runs out of time (what :func:`due_matches` looks for)."""
    if clock is None:
        return {"clock": None, "deadline": None}
    due = deadline(clock)
    return {
        "clock": clock.to_json(),
        "deadline": None if due is None else datetime.fromtimestamp(due, UTC),
    }


def put_clock(match: Match, clock: Clock | None) -> None:
    """Set ``match``'s clock columns (the caller stores the row)."""
    for name, value in clock_columns(clock).items():
        setattr(match, name, value)


def due_matches(engine: Engine, *, now: datetime, limit: int = 100) -> list[str]:
    """Playing matches where some seat's time ran out by ``now``, the longest overdue
    first: one indexed query (``matches.deadline``)."""
    with session(engine) as s:
        return list(
            s.exec(
                select(Match.id)
                .where(col(Match.deadline) <= now, Match.status == PLAYING)
                .order_by(col(Match.deadline))
                .limit(limit)
            )
        )


def stored_clock(match: Match) -> Clock | None:
    """The clock stored with ``match`` (None: untimed, or not started)."""
    return None if match.clock is None else Clock.from_json(match.clock, match.players)
