"""What another process stored: a match read from a given ply on, and how far each match
has got (docs/cluster.md).

When several processes serve the site, a process that hears that a table changed reads the
change here, never from the message: storage is the one source of truth.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sqlalchemy import Engine, func
from sqlmodel import col, select

from core.table import SeatInfo, Snapshot, TableSettings
from storage.clocks import stored_clock
from storage.db import session
from storage.models import Match, Move, Seat


@dataclass(frozen=True)
class Changes:
    """A match as storage holds it now, its moves from a given ply on."""

    status: str
    snapshot: Snapshot
    settings: TableSettings
    rematch: str | None


def load_changes(engine: Engine, *, match_id: str, since: int) -> Changes | None:
    """The match ``match_id`` with its moves from ply ``since`` on (``since`` at least 1;
    a process passes its own last ply, so that a move taken back or replaced shows), or
    None when there is no such match. Three small queries in one transaction."""
    since = max(1, since)
    with session(engine) as s:
        match = s.get(Match, match_id)
        if match is None:
            return None
        seats = s.exec(select(Seat).where(Seat.match_id == match_id).order_by(col(Seat.seat)))
        rows = s.exec(
            select(Move.seat, Move.action)
            .where(Move.match_id == match_id, Move.ply >= since)
            .order_by(col(Move.ply))
        ).all()
        snapshot = Snapshot(
            first=since,
            actions=[[seat, action] for seat, action in rows],
            seats=[SeatInfo(kind=row.kind, holder=row.holder, name=row.name) for row in seats],
            resigned=list((match.notes or {}).get("resigned", [])),
            result=match.result,
            clock=stored_clock(match),
        )
        return Changes(
            status=match.status,
            snapshot=snapshot,
            settings=TableSettings.from_json(match.settings),
            rematch=match.rematch,
        )


def plies(engine: Engine, *, match_ids: list[str]) -> dict[str, int]:
    """How many moves storage holds for each of ``match_ids`` (0 for one without moves):
    one query, for the sweep that finds tables a lost message left behind."""
    if not match_ids:
        return {}
    with session(engine) as s:
        counts = s.exec(
            select(Move.match_id, func.count())
            .where(col(Move.match_id).in_(match_ids))
            .group_by(col(Move.match_id))
        ).all()
    found: dict[str, Any] = dict(counts)
    return {match_id: int(found.get(match_id, 0)) for match_id in match_ids}
