"""Untimed games nobody plays any more: found by how long ago their last move (or their
start) was, and closed as abandoned, unrated (ui/abandonment.py, docs/clocks.md).

A timed game cannot stall: its clock ends it. An untimed one can wait forever for a player
who is gone; after :func:`ui.abandonment.max_age` without a move it is closed where it
stands. The closing write checks again, in its own transaction, that no move came since.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import Engine, func
from sqlmodel import col, select

from core.clock import UNTIMED
from core.table import HOTSEAT, TableSettings
from storage.db import session
from storage.models import FINISHED, PLAYING, Match, Move, Seat, utcnow
from storage.turns import put_turn

ABANDONED = "abandoned"  # a result's "ended": closed for want of moves, not rated


def last_activity(engine: Engine, *, match_ids: list[str]) -> dict[str, datetime]:
    """When each match last moved (its last move, else its start)."""
    with session(engine) as s:
        return _last_activity(s, match_ids)


def _last_activity(s: Any, match_ids: list[str]) -> dict[str, datetime]:
    if not match_ids:
        return {}
    started = dict(
        s.exec(select(Match.id, Match.created_at).where(col(Match.id).in_(match_ids))).all()
    )
    moved = dict(
        s.exec(
            select(Move.match_id, func.max(Move.created_at))
            .where(col(Move.match_id).in_(match_ids))
            .group_by(col(Move.match_id))
        ).all()
    )
    found = {}
    for match_id, at in started.items():
        last = moved.get(match_id)
        if isinstance(last, str):  # SQLite gives an aggregate back as text
            last = datetime.fromisoformat(last)
        if last is not None and last.tzinfo is None:
            last = last.replace(tzinfo=at.tzinfo)
        found[match_id] = max(at, last) if last is not None else at
    return found


def stale_matches(engine: Engine, *, before: datetime, limit: int = 100) -> list[str]:
    """Untimed playing matches with a person at them (not around one screen) whose last
    move, or start, was before ``before``; the longest idle first."""
    with session(engine) as s:
        rows = s.exec(select(Match.id, Match.settings).where(Match.status == PLAYING)).all()
        untimed = [
            match_id
            for match_id, settings in rows
            if TableSettings.from_json(dict(settings or {})).tempo.kind == UNTIMED
        ]
        if not untimed:
            return []
        people = {
            match_id
            for match_id, kind in s.exec(
                select(Seat.match_id, Seat.kind).where(
                    col(Seat.match_id).in_(untimed), col(Seat.user_id).is_not(None)
                )
            ).all()
            if kind != HOTSEAT
        }
        idle = _last_activity(s, sorted(people))
    stale = sorted((at, match_id) for match_id, at in idle.items() if at < before)
    return [match_id for _, match_id in stale[:limit]]


def close_abandoned(
    engine: Engine, *, match_id: str, result: dict[str, Any], before: datetime
) -> None:
    """Finish an idle match with ``result`` (its ``ended`` is :data:`ABANDONED`); a match
    no longer playing, or that moved since ``before``, raises :class:`ValueError` and
    changes nothing (a move came in meanwhile, or another process closed it)."""
    if result.get("ended") != ABANDONED:
        raise ValueError("An abandoned match's result says so.")
    with session(engine) as s:
        match = s.exec(select(Match).where(Match.id == match_id).with_for_update()).one_or_none()
        if match is None or match.status != PLAYING:
            raise ValueError(f"Match {match_id!r} is not being played.")
        if _last_activity(s, [match_id])[match_id] >= before:
            raise ValueError(f"Match {match_id!r} moved since; it is not abandoned.")
        match.status, match.finished_at, match.result = FINISHED, utcnow(), result
        match.deadline = None
        put_turn(match, None)
        s.add(match)
        s.commit()
