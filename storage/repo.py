"""Repository functions: the only code that reads or writes the tables.

Every function takes the engine first and its other arguments by keyword, and
runs in its own transaction. :func:`append_move` is the one write path that
adds moves; :func:`persist_move` adapts it to :class:`core.table.Table`'s
persistence hook, so a move is committed before any listener hears of it.
:func:`delete_move` takes the last move back (an undo), through the table's
undo hook :func:`persist_undo`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import Engine, func
from sqlalchemy.exc import IntegrityError
from sqlmodel import col, select

from core.clock import Clock
from core.engine import State
from core.record import FORMAT
from core.table import Move as PlayedMove
from core.table import SeatChange, SeatInfo, Superseded, Table, TableSettings
from storage.clocks import clock_columns, put_clock, stored_clock
from storage.db import session
from storage.models import (
    CANCELLED,
    FINISHED,
    GUEST,
    PLAYING,
    WAITING,
    Match,
    Move,
    Seat,
    User,
    utcnow,
)
from storage.turns import put_turn, turn_columns

SEED_RANGE = range(-(2**63), 2**63)


def ensure_guest(engine: Engine, *, user_id: str, name: str) -> User:
    """The user ``user_id``, created as a guest called ``name`` if unknown (never renamed)."""
    with session(engine) as s:
        user = s.get(User, user_id)
        if user is not None:
            return user
        s.add(User(id=user_id, name=name, kind=GUEST))
        try:
            s.commit()
        except IntegrityError:  # created meanwhile by another request
            s.rollback()
        return s.get_one(User, user_id)


def create_match(
    engine: Engine,
    *,
    match_id: str,
    record: dict[str, Any],
    seats: list[SeatInfo],
    user_ids: list[str | None],
    settings: TableSettings | None = None,
    clock: Clock | None = None,
    to_move: list[int] | None = None,
) -> None:
    """Store a new match from a record with no actions yet, and who sits where (with
    ``clock``, a timed match's clock from its start; ``to_move``, the seats to move
    first once every seat is filled).

    ``user_ids[i]`` is the account behind seat ``i`` (None for bots and empty
    seats); the record's ``seats`` are the seat names, as in ``seats[i].name``.
    A match with an open or invited seat is stored as waiting.
    """
    players = record["players"]
    if not len(seats) == len(user_ids) == players:
        raise ValueError(f"A {players}-player match needs {players} seats and user ids.")
    if record["seats"] != [seat.name for seat in seats]:
        raise ValueError("The record's seat names differ from the seats.")
    if record["actions"] or record.get("result") is not None:
        raise ValueError("A new match has no moves yet; moves are stored by append_move.")
    if record["seed"] not in SEED_RANGE:
        raise ValueError("The seed does not fit in a signed 64-bit integer.")
    with session(engine) as s:
        s.add(
            Match(
                id=match_id,
                game=record["game"],
                players=players,
                seed=record["seed"],
                options=record["options"],
                rules_version=record["rules_version"],
                status=WAITING if any(seat.is_empty for seat in seats) else PLAYING,
                settings=settings.to_json() if settings else None,
                **clock_columns(clock),
                **turn_columns(None if any(seat.is_empty for seat in seats) else to_move),
            )
        )
        s.flush()  # the match row first: seats refer to it
        for number, (seat, user_id) in enumerate(zip(seats, user_ids, strict=True)):
            s.add(
                Seat(
                    match_id=match_id,
                    seat=number,
                    kind=seat.kind,
                    holder=seat.holder,
                    user_id=user_id,
                    name=seat.name,
                )
            )
        s.commit()


def append_move(
    engine: Engine,
    *,
    match_id: str,
    ply: int,
    seat: int,
    action: str,
    result: dict[str, Any] | None = None,
    clock: Clock | None = None,
    to_move: list[int] | None = None,
) -> None:
    """Store move ``ply`` of a playing match; with ``result``, finish it in the same
    transaction, and with ``clock`` (a timed match's clock after the move) store it and
    its next deadline there too; ``to_move``, the seats to move after it.

    A ply already stored raises :class:`sqlalchemy.exc.IntegrityError` (the
    ``UNIQUE(match, ply)`` version check) and changes nothing. A gap in the
    plies, a finished or an unknown match raise :class:`ValueError`.
    """
    with session(engine) as s:
        match = s.exec(select(Match).where(Match.id == match_id).with_for_update()).one_or_none()
        if match is None:
            raise ValueError(f"There is no match {match_id!r}.")
        last = s.exec(select(func.max(Move.ply)).where(Move.match_id == match_id)).one() or 0
        # A ply already stored is refused by the unique key below, even when that move
        # ended the match: a writer that lost the race hears that it was second.
        if match.status != PLAYING and ply > last:
            raise ValueError(f"Match {match_id!r} is over; it takes no more moves.")
        if ply > last + 1:
            raise ValueError(f"Move {ply} of match {match_id!r} would follow move {last}.")
        s.add(Move(match_id=match_id, ply=ply, seat=seat, action=action))
        if clock is not None:
            put_clock(match, clock)
        if to_move is not None:
            put_turn(match, to_move)
        if result is not None:
            match.status, match.finished_at, match.result = FINISHED, utcnow(), result
            match.deadline = None
            put_turn(match, None)
        s.add(match)
        s.commit()


def persist_move(engine: Engine) -> Callable[[Table, PlayedMove, State], None]:
    """A :class:`core.table.Table` persistence hook that stores each move with :func:`append_move`.

    It is synchronous; the site runs it in a worker thread. A cancelled caller
    cannot leave the table behind its stored moves: ``Table.submit`` shields a
    submission, so a committed write is always followed by the table's update.
    """

    def hook(table: Table, move: PlayedMove, after: State) -> None:
        try:
            append_move(
                engine,
                match_id=table.id,
                ply=move.ply,
                seat=move.seat,
                action=move.action,
                result=move.result,  # set by the table on the move that ends the game
                clock=move.clock,  # a timed table's clock after the move
                to_move=sorted(after.to_move()),
            )
        except IntegrityError as err:  # another process stored this ply first
            raise Superseded(f"ply {move.ply} of {table.id} is taken") from err

    return hook


def delete_move(engine: Engine, *, match_id: str, ply: int, seat: int, action: str) -> None:
    """Take back move ``ply`` of a playing match: the one write that removes a move.

    Only the last stored move goes, and only when it is the one named (``seat`` and
    ``action``); anything else -- an unknown or finished match, another last ply, a
    different move -- raises :class:`ValueError` and changes nothing.
    """
    with session(engine) as s:
        match = s.exec(select(Match).where(Match.id == match_id).with_for_update()).one_or_none()
        if match is None:
            raise ValueError(f"There is no match {match_id!r}.")
        if match.status != PLAYING:
            raise ValueError(f"Match {match_id!r} is not being played; its moves are settled.")
        last = s.exec(
            select(Move).where(Move.match_id == match_id).order_by(col(Move.ply).desc()).limit(1)
        ).one_or_none()
        if last is None or last.ply != ply:
            found = 0 if last is None else last.ply
            raise ValueError(f"Move {ply} is not the last move of match {match_id!r} ({found}).")
        if (last.seat, last.action) != (seat, action):
            raise ValueError(
                f"Move {ply} of match {match_id!r} is {last.action!r} by seat {last.seat}."
            )
        s.delete(last)
        s.commit()


def persist_undo(engine: Engine) -> Callable[[Table, PlayedMove], None]:
    """A :class:`core.table.Table` undo hook that removes the move with :func:`delete_move`."""

    def hook(table: Table, move: PlayedMove) -> None:
        delete_move(engine, match_id=table.id, ply=move.ply, seat=move.seat, action=move.action)

    return hook


def update_seats(
    engine: Engine,
    *,
    match_id: str,
    seats: dict[int, SeatInfo],
    resigned: dict[str, Any] | None = None,
    expected: dict[int, SeatInfo] | None = None,
    clock: Clock | None = None,
    to_move: list[int] | None = None,
) -> None:
    """Store who now sits at the given seats of a waiting or playing match (and a timed
    match's ``clock`` as the change left it: started, or a seat off it).

    With ``expected`` (who sat there as the caller saw it), a seat stored otherwise
    raises :class:`core.table.Superseded` and nothing changes: another process changed it
    first.

    The match starts (waiting -> playing) once no seat is empty. A seat a
    person takes records their account; a bot taking over a resigned seat keeps
    the resigner's, so the match stays in their history; an emptied seat has
    none. ``resigned`` is added to the match's notes.
    """
    with session(engine) as s:
        match = s.exec(select(Match).where(Match.id == match_id).with_for_update()).one_or_none()
        if match is None:
            raise ValueError(f"There is no match {match_id!r}.")
        if match.status not in (WAITING, PLAYING):
            raise ValueError(f"Match {match_id!r} is {match.status}; its seats are settled.")
        rows = {row.seat: row for row in s.exec(select(Seat).where(Seat.match_id == match_id))}
        for number, info in (expected or {}).items():
            if SeatInfo(rows[number].kind, rows[number].holder, rows[number].name) != info:
                raise Superseded(f"seat {number} of {match_id} was changed")
        for number, info in seats.items():
            row = rows[number]
            row.kind, row.holder, row.name = info.kind, info.holder, info.name
            if not info.is_bot:
                row.user_id = info.user_id
            s.add(row)
        if resigned is not None:
            notes = dict(match.notes or {})
            notes["resigned"] = [*notes.get("resigned", []), resigned]
            match.notes = notes
        if not any(SeatInfo(row.kind, row.holder, row.name).is_empty for row in rows.values()):
            match.status = PLAYING
            if to_move is not None:
                put_turn(match, to_move)
        if clock is not None:
            put_clock(match, clock)
        s.add(match)
        s.commit()


def persist_seats(engine: Engine) -> Callable[[Table, SeatChange], None]:
    """A :class:`core.table.Table` seat hook that stores each change with :func:`update_seats`."""

    def hook(table: Table, change: SeatChange) -> None:
        update_seats(
            engine,
            match_id=table.id,
            seats={seat: table.seats[seat] for seat in change.seats},
            resigned=change.resigned,
            clock=change.clock,
            to_move=sorted(table.state.to_move()),
            expected=None
            if change.before is None
            else dict(zip(change.seats, change.before, strict=True)),
        )

    return hook


def cancel_match(engine: Engine, *, match_id: str) -> None:
    """Cancel a match still waiting for players (its host closed it)."""
    with session(engine) as s:
        match = s.exec(select(Match).where(Match.id == match_id).with_for_update()).one_or_none()
        if match is None or match.status != WAITING:
            raise ValueError(f"Match {match_id!r} is not waiting for players.")
        match.status = CANCELLED
        s.add(match)
        s.commit()


def end_match(engine: Engine, *, match_id: str, result: dict[str, Any]) -> None:
    """Finish a match that is still playing with ``result`` and no further move (every
    person resigned: see ``core.table.Table.abandoned``); a match not playing raises
    :class:`ValueError`."""
    with session(engine) as s:
        match = s.exec(select(Match).where(Match.id == match_id).with_for_update()).one_or_none()
        if match is None or match.status != PLAYING:
            raise ValueError(f"Match {match_id!r} is not being played.")
        match.status, match.finished_at, match.result = FINISHED, utcnow(), result
        match.deadline = None
        put_turn(match, None)
        s.add(match)
        s.commit()


def load_table_info(engine: Engine, *, match_id: str) -> dict[str, Any] | None:
    """A match's status, settings (:class:`TableSettings`) and rematch id; None if unknown."""
    with session(engine) as s:
        match = s.get(Match, match_id)
        if match is None:
            return None
        return {
            "status": match.status,
            "settings": TableSettings.from_json(match.settings),
            "rematch": match.rematch,
        }


def load_record(engine: Engine, *, match_id: str) -> dict[str, Any] | None:
    """The match's record (see :mod:`core.record`), actions in ply order; None if unknown."""
    with session(engine) as s:
        match = s.get(Match, match_id)
        if match is None:
            return None
        names = s.exec(
            select(Seat.name).where(Seat.match_id == match_id).order_by(col(Seat.seat))
        ).all()
        moves = s.exec(
            select(Move.seat, Move.action).where(Move.match_id == match_id).order_by(col(Move.ply))
        ).all()
    return _record(match, list(names), [[seat, action] for seat, action in moves])


def _record(match: Match, names: list[str], actions: list[list[Any]]) -> dict[str, Any]:
    resigned = (match.notes or {}).get("resigned")
    return {
        "format": FORMAT,
        "game": match.game,
        "rules_version": match.rules_version,
        "players": match.players,
        "seed": match.seed,
        "options": match.options,
        "seats": names,
        "actions": actions,
        "result": match.result,
        **({"resigned": resigned} if resigned else {}),
    }


def stored_action(engine: Engine, *, match_id: str, ply: int) -> tuple[int, str] | None:
    """The (seat, action) stored as move ``ply`` of the match, or None: what a table reads
    back after a write whose reply it did not get (:class:`core.table.Table`'s reconcile)."""
    with session(engine) as s:
        row = s.exec(
            select(Move.seat, Move.action).where(Move.match_id == match_id, Move.ply == ply)
        ).one_or_none()
    return None if row is None else (row[0], row[1])


@dataclass(frozen=True)
class StoredTable:
    """What a table is rebuilt from: its record, seats, status, settings and rematch."""

    id: str
    record: dict[str, Any]
    seats: list[SeatInfo]
    status: str
    settings: TableSettings
    rematch: str | None
    created_at: datetime | None = None  # when the match was opened
    clock: Clock | None = None  # a timed match's clock as last stored


def load_tables(engine: Engine, *, match_ids: list[str] | None = None) -> list[StoredTable]:
    """The matches ``match_ids`` (unknown ids are left out), or every waiting or playing one
    oldest first when None: three queries in all, however many matches."""
    with session(engine) as s:
        chosen = (
            select(Match.id).where(col(Match.status).in_((WAITING, PLAYING)))
            if match_ids is None
            else select(Match.id).where(col(Match.id).in_(match_ids))
        )
        matches = s.exec(
            select(Match).where(col(Match.id).in_(chosen)).order_by(col(Match.created_at))
        ).all()
        seats: dict[str, list[Seat]] = {}
        for row in s.exec(
            select(Seat).where(col(Seat.match_id).in_(chosen)).order_by(col(Seat.seat))
        ):
            seats.setdefault(row.match_id, []).append(row)
        actions: dict[str, list[list[Any]]] = {}
        for match_id, seat, action in s.exec(
            select(Move.match_id, Move.seat, Move.action)
            .where(col(Move.match_id).in_(chosen))
            .order_by(col(Move.match_id), col(Move.ply))
        ):
            actions.setdefault(match_id, []).append([seat, action])
    return [_stored_table(m, seats.get(m.id, []), actions.get(m.id, [])) for m in matches]


def _stored_table(match: Match, seats: list[Seat], actions: list[list[Any]]) -> StoredTable:
    return StoredTable(
        id=match.id,
        record=_record(match, [row.name for row in seats], actions),
        seats=[SeatInfo(kind=row.kind, holder=row.holder, name=row.name) for row in seats],
        status=match.status,
        settings=TableSettings.from_json(match.settings),
        rematch=match.rematch,
        created_at=match.created_at,
        clock=stored_clock(match),
    )


def load_seats(engine: Engine, *, match_id: str) -> list[SeatInfo]:
    """Who sits where, seat 0 first (empty for an unknown match)."""
    with session(engine) as s:
        rows = s.exec(select(Seat).where(Seat.match_id == match_id).order_by(col(Seat.seat)))
        return [SeatInfo(kind=row.kind, holder=row.holder, name=row.name) for row in rows]


def seat_user_ids(engine: Engine, *, match_id: str) -> list[str | None]:
    """The account behind each seat (kept for a seat whose player resigned), seat 0 first."""
    with session(engine) as s:
        rows = s.exec(
            select(Seat.user_id).where(Seat.match_id == match_id).order_by(col(Seat.seat))
        )
        return list(rows.all())


def unfinished_matches(engine: Engine) -> list[str]:
    """Ids of the matches waiting or being played, oldest first: the tables to rebuild."""
    with session(engine) as s:
        query = (
            select(Match.id)
            .where(col(Match.status).in_((WAITING, PLAYING)))
            .order_by(col(Match.created_at))
        )
        return list(s.exec(query).all())


def matches_for_user(engine: Engine, *, user_id: str, limit: int = 100) -> list[dict[str, Any]]:
    """The user's matches, newest first, as summaries for a history page.

    Each has ``id``, ``game``, ``status``, ``created_at``, ``finished_at``,
    ``result``, ``seats`` (names by seat), ``user_seats`` (the seats the user
    held: several at a hot-seat table) and ``moves`` (how many were played).
    """
    with session(engine) as s:
        mine = select(Seat.match_id).where(Seat.user_id == user_id)
        matches = s.exec(
            select(Match)
            .where(col(Match.id).in_(mine), col(Match.status).in_((PLAYING, FINISHED)))
            .order_by(col(Match.created_at).desc())
            .limit(limit)
        ).all()
        ids = [match.id for match in matches]
        seats = s.exec(
            select(Seat).where(col(Seat.match_id).in_(ids)).order_by(col(Seat.seat))
        ).all()
        counts = dict(
            s.exec(
                select(Move.match_id, func.count())
                .where(col(Move.match_id).in_(ids))
                .group_by(col(Move.match_id))
            ).all()
        )
    return [
        {
            "id": match.id,
            "game": match.game,
            "status": match.status,
            "created_at": match.created_at,
            "finished_at": match.finished_at,
            "result": match.result,
            "seats": [seat.name for seat in seats if seat.match_id == match.id],
            "user_seats": [
                seat.seat for seat in seats if seat.match_id == match.id and seat.user_id == user_id
            ],
            "moves": counts.get(match.id, 0),
        }
        for match in matches
    ]
