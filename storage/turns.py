"""Whose turn it is at each playing match, for the "your turn" page, its badge and mail.

A match stores the seats to move after its latest move or seat change (``to_move``) and
since when they have been to move (``turn_at``: the moment that set of seats last
changed, or the start). :func:`games_waiting` answers "which games wait for me?" with
one query over the person's own seats, whichever process holds each table.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import Engine
from sqlmodel import col, select

from core.table import HOTSEAT
from storage.db import session
from storage.models import PLAYING, Match, Seat, utcnow


@dataclass(frozen=True)
class WaitingGame:
    """A playing match where some seat a person holds is to move."""

    match_id: str
    game: str
    seats: tuple[int, ...]  # the person's seats to move there
    since: datetime  # since when they have been to move
    deadline: datetime | None  # a timed match: when its first seat on the clock runs out
    names: tuple[str, ...]  # every seat's name, seat 0 first


def put_turn(match: Match, to_move: Iterable[int] | None, *, at: datetime | None = None) -> None:
    """Set ``match``'s turn columns to the seats now to move (None: the game is over);
    ``turn_at`` moves only when that set changed (the caller stores the row)."""
    seats = None if to_move is None else sorted(to_move)
    if seats != match.to_move or match.turn_at is None:
        match.turn_at = at or utcnow()
    match.to_move = seats


def turn_columns(to_move: Iterable[int] | None) -> dict[str, Any]:
    """A new match's turn columns (no turn before every seat is filled)."""
    if to_move is None:
        return {"to_move": None, "turn_at": None}
    return {"to_move": sorted(to_move), "turn_at": utcnow()}


def games_waiting(engine: Engine, *, user_id: str, limit: int = 200) -> list[WaitingGame]:
    """The playing matches waiting for ``user_id`` to move, longest-waiting first.

    A seat counts while its person holds it (not once a bot took it over) and is to
    move; hot-seat games are left out: they are played around one screen, not waited on.
    """
    with session(engine) as s:
        rows = s.exec(
            select(Match, Seat)
            .join(Seat, col(Seat.match_id) == col(Match.id))
            .where(
                Match.status == PLAYING,
                Seat.holder == user_id,
                Seat.kind != HOTSEAT,
                col(Match.to_move).is_not(None),
            )
            .order_by(col(Match.turn_at), col(Match.id), col(Seat.seat))
            .limit(limit)
        ).all()
        found: dict[str, tuple[Match, list[int]]] = {}
        for match, seat in rows:
            if seat.seat in (match.to_move or ()):
                found.setdefault(match.id, (match, []))[1].append(seat.seat)
        names: dict[str, list[str]] = {}
        if found:
            for seat in s.exec(
                select(Seat).where(col(Seat.match_id).in_(list(found))).order_by(col(Seat.seat))
            ):
                names.setdefault(seat.match_id, []).append(seat.name)
    return [
        WaitingGame(
            match_id=match.id,
            game=match.game,
            seats=tuple(seats),
            since=match.turn_at or match.created_at,
            deadline=match.deadline,
            names=tuple(names.get(match.id, ())),
        )
        for match, seats in found.values()
    ]
