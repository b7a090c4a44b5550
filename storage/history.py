"""One person's matches for the history page: filtered, counted and cut into pages.

Only matches being played or finished count (a waiting or cancelled table is not a
game yet). A match belongs to a user when one of its seats is theirs: several at a
hot-seat table, and a seat a bot took over after they resigned stays theirs.

The user's *outcome* of a match is read from the stored ``result`` (see
:func:`core.record.result_of`) and the seats they held (:func:`outcome`): ``won``
when one of their seats ranked first alone, ``drawn`` when one of their seats
shares first place (with anyone, even with another of their own seats), ``lost``
when none of their seats ranked first, ``ongoing`` while the match is played,
``abandoned`` when it was closed after a long time without a move (nobody won). A
player who resigned is ranked last (:func:`core.record.standing`, from the match's
notes, so that results stored before the ranking said so read the same): their
match is lost even when the bot that took their seat won it, or when everyone
resigned.
The game, the status and the opponent's name are filtered in SQL; won, lost and
drawn are told apart in Python from the rankings of the user's finished matches
(SQLite and PostgreSQL index JSON arrays differently), then counted and paged.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import Engine, func, or_
from sqlmodel import Session, col, select

from core.record import resigned_seats, standing
from storage.db import session
from storage.models import FINISHED, PLAYING, Match, Move, Seat

WON, LOST, DRAWN, ONGOING = "won", "lost", "drawn", "ongoing"
ABANDONED = "abandoned"  # closed after a long time without a move (storage/abandoned.py)
OUTCOMES = (WON, LOST, DRAWN, ONGOING, ABANDONED)
MAX_PER_PAGE = 100


@dataclass(frozen=True)
class HistoryRow:
    """One match as the history page lists it."""

    id: str
    game: str
    status: str
    created_at: datetime
    finished_at: datetime | None
    result: dict[str, Any] | None
    seats: list[str]  # names, by seat
    user_seats: list[int]  # the seats the user held
    moves: int
    outcome: str | None  # one of OUTCOMES; None for a finished match with no readable result
    resigned: frozenset[int] = frozenset()  # the seats whose players resigned


def outcome(
    status: str,
    result: Mapping[str, Any] | None,
    user_seats: Sequence[int],
    resigned: Collection[int] = (),
) -> str | None:
    """The user's outcome of a match, from the seats they held (and those in ``resigned``,
    whose players gave up: ranked last).

    >>> outcome("finished", {"ranking": [2, 1]}, [1])
    'won'
    >>> outcome("finished", {"ranking": [1, 1, 3]}, [0])
    'drawn'
    >>> outcome("finished", {"ranking": [1, 2, 3]}, [1, 2])
    'lost'
    >>> outcome("finished", {"ranking": [2, 1]}, [0, 1])  # hot seat: one of theirs won alone
    'won'
    >>> outcome("finished", {"ranking": [2, 1]}, [1], resigned={1})  # a bot won for them
    'lost'
    >>> outcome("finished", {"ranking": [1, 1]}, [0], resigned={0, 1})  # both gave up
    'lost'
    >>> outcome("playing", None, [0])
    'ongoing'
    >>> outcome("finished", {"ranking": [1, 2], "ended": "abandoned"}, [0])
    'abandoned'
    """
    if status != FINISHED:
        return ONGOING
    if (result or {}).get("ended") == ABANDONED:
        return ABANDONED
    ranking = (result or {}).get("ranking")
    if not isinstance(ranking, list) or not all(0 <= s < len(ranking) for s in user_seats):
        return None
    ranking = standing(ranking, resigned)
    played_on = [s for s in user_seats if s not in resigned]
    if not played_on or all(ranking[s] != 1 for s in played_on):
        return LOST
    return WON if ranking.count(1) == 1 else DRAWN


def matches_for_user_page(
    engine: Engine,
    *,
    user_id: str,
    game: str | None = None,
    result: str | None = None,
    opponent: str | None = None,
    page: int = 1,
    per_page: int = 20,
) -> tuple[list[HistoryRow], int]:
    """One page of the user's matches, newest first, and how many match the filters.

    ``game`` is a game id, ``result`` one of :data:`OUTCOMES`, ``opponent`` a piece
    of another seat's name (any case; SQLite folds only ASCII letters). A page past
    the last one is empty; ``total`` still counts every match that fits.
    """
    if result is not None and result not in OUTCOMES:
        raise ValueError(f"Unknown result {result!r}; expected one of {', '.join(OUTCOMES)}.")
    if page < 1 or not 1 <= per_page <= MAX_PER_PAGE:
        raise ValueError(f"Pages count from 1 and hold 1 to {MAX_PER_PAGE} matches.")
    statuses = {None: (PLAYING, FINISHED), ONGOING: (PLAYING,)}.get(result, (FINISHED,))
    query = select(Match.id, Match.status, Match.result, Match.notes).where(
        col(Match.id).in_(select(Seat.match_id).where(Seat.user_id == user_id)),
        col(Match.status).in_(statuses),
    )
    if game is not None:
        query = query.where(Match.game == game)
    if opponent:
        query = query.where(col(Match.id).in_(_named(user_id, opponent)))
    query = query.order_by(col(Match.created_at).desc(), col(Match.id).desc())
    first = (page - 1) * per_page
    with session(engine) as s:
        if result in (WON, LOST, DRAWN):
            held = _seats_held(s, user_id)
            ids = [
                match_id
                for match_id, status, stored, notes in s.exec(query).all()
                if outcome(status, stored, held.get(match_id, []), _resigned(notes)) == result
            ]
            total, ids = len(ids), ids[first : first + per_page]
        else:
            counted = select(func.count()).select_from(query.order_by(None).subquery())
            total = s.exec(counted).one()
            ids = [row[0] for row in s.exec(query.offset(first).limit(per_page)).all()]
        return _rows(s, user_id, ids), total


def _named(user_id: str, opponent: str) -> Any:
    """Matches with a seat not held by the user whose name contains ``opponent``."""
    return select(Seat.match_id).where(
        or_(col(Seat.user_id).is_(None), col(Seat.user_id) != user_id),
        func.lower(Seat.name).contains(opponent.lower(), autoescape=True),
    )


def _resigned(notes: Mapping[str, Any] | None) -> frozenset[int]:
    return frozenset(resigned_seats((notes or {}).get("resigned")))


def _seats_held(s: Session, user_id: str) -> dict[str, list[int]]:
    held: dict[str, list[int]] = {}
    for match_id, seat in s.exec(select(Seat.match_id, Seat.seat).where(Seat.user_id == user_id)):
        held.setdefault(match_id, []).append(seat)
    return held


def _rows(s: Session, user_id: str, ids: list[str]) -> list[HistoryRow]:
    """The history rows of these matches, in this order."""
    if not ids:
        return []
    matches = {m.id: m for m in s.exec(select(Match).where(col(Match.id).in_(ids)))}
    seats = s.exec(select(Seat).where(col(Seat.match_id).in_(ids)).order_by(col(Seat.seat))).all()
    moves = dict(
        s.exec(
            select(Move.match_id, func.count())
            .where(col(Move.match_id).in_(ids))
            .group_by(col(Move.match_id))
        ).all()
    )
    rows = []
    for match_id in ids:
        match = matches[match_id]
        mine = [
            seat.seat for seat in seats if seat.match_id == match_id and seat.user_id == user_id
        ]
        resigned = _resigned(match.notes)
        rows.append(
            HistoryRow(
                id=match.id,
                game=match.game,
                status=match.status,
                created_at=match.created_at,
                finished_at=match.finished_at,
                result=match.result,
                seats=[seat.name for seat in seats if seat.match_id == match_id],
                user_seats=mine,
                moves=moves.get(match_id, 0),
                outcome=outcome(match.status, match.result, mine, resigned),
                resigned=resigned,
            )
        )
    return rows
