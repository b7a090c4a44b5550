"""Replay analysis: the queue of analyses, their progress and their documents, and an
account's choice of automatic analysis (docs/analysis.md).

A finished match is analysed once per rules version of today's engine: one row of
:class:`~storage.models.Analysis` per (match, rules version), asked for by a person
(:func:`request`) or automatically for a player who chose so (:func:`request_auto`). The
row is the queue: a runner (``ui/analysis_runner.py``, on the site's process or on a
worker) claims the next one (:func:`claim`: people's requests before automatic ones,
oldest first), stores the entries of each chunk of plies as they come
(:func:`save_progress`), and finishes it with its document (:func:`finish`) or fails it
with the reason (:func:`fail`).

A claim is a compare-and-set on the row (its state and the previous claim's token), and on
PostgreSQL the candidate rows another process is claiming are skipped (``FOR UPDATE SKIP
LOCKED``), so two processes never run the same analysis. It lasts a lease the runner renews
(:func:`renew`, and each save): a running analysis whose lease has lapsed belonged to a
process that died, and is claimed again, resuming from its stored plies. An analysis claimed
:data:`MAX_STARTS` times without storing any progress is failed instead of crashing its
runners for ever. Every write after the claim names the claim's token, so a runner that
lost its claim changes nothing. Each function runs in its own transaction; times are given
(``now``), so tests move them.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import Engine, and_, func, or_
from sqlalchemy import select as select_columns
from sqlalchemy.exc import IntegrityError
from sqlmodel import Session, col, select, update

from core.games import GAMES
from storage.db import session
from storage.models import (
    DONE,
    FAILED,
    FINISHED,
    LOCAL,
    QUEUED,
    RUNNING,
    Analysis,
    Match,
    Move,
    Seat,
    User,
)

LEASE = timedelta(seconds=30)  # a claim not renewed for this long is another's to take
MAX_STARTS = 3  # claims without progress after which an analysis is failed
MAX_ERROR = 500


class AnalysisRefused(ValueError):
    """A request storage refuses; ``str(err)`` is its stable code (``unknown``: no such
    match; ``not_finished``: the match is not over; ``not_an_account``: automatic analysis
    is for accounts), ``message`` says it in English."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(code)
        self.code = code
        self.message = message


@dataclass(frozen=True)
class Progress:
    """What a page shows of an analysis (its entries so far are left out)."""

    state: str
    done: int
    total: int
    result: dict[str, Any] | None
    auto: bool
    error: str | None


@dataclass(frozen=True)
class Claimed:
    """An analysis a runner has claimed: ``runner`` is its claim's token, ``plies`` the
    entries stored before (resumed from)."""

    id: int
    match_id: str
    rules_version: int
    runner: str
    total: int
    auto: bool
    plies: list[dict[str, Any]]


def rules_version(game: str) -> int:
    """The rules version of today's engine for ``game`` (what an analysis is made by)."""
    rules = GAMES.get(game)
    if rules is None:
        raise AnalysisRefused("unknown", f"The site has no game {game!r}.")
    return rules.version


def _progress(row: Analysis) -> Progress:
    return Progress(row.state, row.done, row.total, row.result, row.auto, row.error)


def _current(s: Session, match: Match) -> Analysis | None:
    return s.exec(
        select(Analysis).where(
            Analysis.match_id == match.id,
            Analysis.rules_version == rules_version(match.game),
        )
    ).one_or_none()


def request(
    engine: Engine, *, match_id: str, by: str | None, auto: bool, now: datetime
) -> tuple[Progress, bool]:
    """Ask for the analysis of a finished match by today's rules version; the analysis and
    whether it was queued by this call. Asking again gives the one there is (a person's
    request moves an automatic one still queued ahead as theirs); a failed one is queued
    again, resuming from its stored plies, when a person asks. :class:`AnalysisRefused` for
    an unknown match or one that is not finished; nothing is written then."""
    with session(engine) as s:
        match = s.get(Match, match_id)
        if match is None:
            raise AnalysisRefused("unknown", "There is no such game.")
        if match.status != FINISHED:
            raise AnalysisRefused("not_finished", "Only a finished game can be analysed.")
        row = _current(s, match)
        if row is None:
            total = s.exec(select(func.count()).where(Move.match_id == match_id)).one()
            row = Analysis(
                match_id=match_id,
                rules_version=rules_version(match.game),
                total=int(total),
                auto=auto,
                requested_by=by[:32] if by else None,
                requested_at=now,
            )
            s.add(row)
            try:
                s.commit()
            except IntegrityError:  # another process asked for it at the same moment
                s.rollback()
                again = _current(s, match)
                assert again is not None
                return _progress(again), False
            return _progress(row), True
        if auto:
            return _progress(row), False
        if row.state == FAILED:
            row.state, row.error, row.finished_at, row.starts = QUEUED, None, None, 0
            row.auto, row.requested_by, row.requested_at = False, by and by[:32], now
        elif row.state == QUEUED and row.auto:
            row.auto, row.requested_by, row.requested_at = False, by and by[:32], now
        else:
            return _progress(row), False
        s.add(row)
        s.commit()
        return _progress(row), True


def request_auto(engine: Engine, *, match_id: str, now: datetime) -> bool:
    """Queue the automatic analysis of a finished match when an account seated at it chose
    automatic analysis; whether one was queued by this call."""
    with session(engine) as s:
        wanted = s.exec(
            select(func.count())
            .select_from(Seat)
            .join(User, col(User.id) == col(Seat.user_id))
            .where(Seat.match_id == match_id, User.kind == LOCAL, col(User.auto_analysis).is_(True))
        ).one()
    if not wanted:
        return False
    return request(engine, match_id=match_id, by=None, auto=True, now=now)[1]


def status(engine: Engine, *, match_id: str) -> Progress | None:
    """The analysis of the match by today's rules version, or None (none asked for, or no
    such match)."""
    with session(engine) as s:
        match = s.get(Match, match_id)
        if match is None or match.game not in GAMES:
            return None
        found = s.execute(
            select_columns(
                col(Analysis.state),
                col(Analysis.done),
                col(Analysis.total),
                col(Analysis.result),
                col(Analysis.auto),
                col(Analysis.error),
            ).where(
                col(Analysis.match_id) == match_id,
                col(Analysis.rules_version) == rules_version(match.game),
            )
        ).one_or_none()
    return None if found is None else Progress(*found)


def claim(
    engine: Engine, *, now: datetime, name: str, lease: timedelta = LEASE, auto: bool = True
) -> Claimed | None:
    """Take the next analysis to run, for ``lease``: a queued one (people's requests
    first, automatic ones only with ``auto``, the oldest request first), or a running one
    whose lease has lapsed. None when there is none. ``name`` (the process) starts the
    claim's token."""
    while True:
        with session(engine) as s:
            claimable = or_(
                col(Analysis.state) == QUEUED,
                and_(col(Analysis.state) == RUNNING, col(Analysis.lease_until) < now),
            )
            query = select(Analysis).where(claimable)
            if not auto:
                query = query.where(col(Analysis.auto).is_(False))
            row = s.exec(
                query.order_by(col(Analysis.auto), col(Analysis.requested_at), col(Analysis.id))
                .limit(1)
                .with_for_update(skip_locked=True)
            ).one_or_none()
            if row is None:
                return None
            token = f"{name}:{secrets.token_hex(4)}"[-100:]
            taken = _compare_and_set(s, row, now, token, lease)
            s.commit()
            if taken:
                return Claimed(
                    row.id or 0,
                    row.match_id,
                    row.rules_version,
                    token,
                    row.total,
                    row.auto,
                    list(row.plies),
                )


def _compare_and_set(
    s: Session, row: Analysis, now: datetime, token: str, lease: timedelta
) -> bool:
    """Claim ``row`` as seen (its state and claim unchanged since), or fail it once it has
    been started :data:`MAX_STARTS` times without progress; whether it is claimed."""
    seen = and_(
        col(Analysis.id) == row.id,
        col(Analysis.state) == row.state,
        col(Analysis.runner).is_not_distinct_from(row.runner),
    )
    if row.starts >= MAX_STARTS:
        error = f"given up after {row.starts} starts without progress"
        s.exec(update(Analysis).where(seen).values(state=FAILED, error=error, finished_at=now))
        return False
    claimed = s.exec(
        update(Analysis)
        .where(seen)
        .values(
            state=RUNNING,
            runner=token,
            lease_until=now + lease,
            starts=row.starts + 1,
            started_at=row.started_at or now,
        )
    )
    return bool(claimed.rowcount)


def _mine(analysis_id: int, runner: str) -> Any:
    return and_(
        col(Analysis.id) == analysis_id,
        col(Analysis.state) == RUNNING,
        col(Analysis.runner) == runner,
    )


def _update(engine: Engine, analysis_id: int, token: str, /, **values: Any) -> bool:
    with session(engine) as s:
        changed = s.exec(update(Analysis).where(_mine(analysis_id, token)).values(**values))
        s.commit()
        return bool(changed.rowcount)


def renew(
    engine: Engine, *, analysis_id: int, runner: str, now: datetime, lease: timedelta = LEASE
) -> bool:
    """The runner is still at it: its lease runs from now; False when the claim is lost."""
    return _update(engine, analysis_id, runner, lease_until=now + lease)


def save_progress(
    engine: Engine,
    *,
    analysis_id: int,
    runner: str,
    entries: list[dict[str, Any]],
    now: datetime,
    lease: timedelta = LEASE,
) -> bool:
    """Append the entries of the plies just analysed, renewing the lease; False (nothing
    stored) when the claim is lost."""
    with session(engine) as s:
        row = s.exec(
            select(Analysis).where(_mine(analysis_id, runner)).with_for_update()
        ).one_or_none()
        if row is None:
            return False
        plies = [*row.plies, *entries]
        row.plies, row.done, row.starts, row.lease_until = plies, len(plies), 0, now + lease
        s.add(row)
        s.commit()
        return True


def finish(
    engine: Engine, *, analysis_id: int, runner: str, result: dict[str, Any], now: datetime
) -> bool:
    """The analysis is done with its document; False when the claim is lost."""
    return _update(
        engine,
        analysis_id,
        runner,
        state=DONE,
        result=result,
        finished_at=now,
        runner=None,
        lease_until=None,
    )


def fail(engine: Engine, *, analysis_id: int, runner: str, error: str, now: datetime) -> bool:
    """The analysis failed (``error`` says why; its stored plies are kept for a later
    request to resume from); False when the claim is lost."""
    return _update(
        engine,
        analysis_id,
        runner,
        state=FAILED,
        error=error[:MAX_ERROR],
        finished_at=now,
        runner=None,
        lease_until=None,
    )


def release(engine: Engine, *, analysis_id: int, runner: str) -> bool:
    """The runner stops (its process is stopping, or a person's request waits): the
    analysis is queued again, to resume from its stored plies."""
    return _update(
        engine, analysis_id, runner, state=QUEUED, runner=None, lease_until=None, starts=0
    )


def people_waiting(engine: Engine) -> bool:
    """Whether a person's request is queued (an automatic analysis then makes way)."""
    with session(engine) as s:
        found = s.exec(
            select(Analysis.id)
            .where(col(Analysis.state) == QUEUED, col(Analysis.auto).is_(False))
            .limit(1)
        ).first()
    return found is not None


def auto_analysis(engine: Engine, *, user_id: str) -> bool:
    """Whether the account chose automatic analysis of its finished games (False for
    anyone else)."""
    with session(engine) as s:
        user = s.get(User, user_id)
    return user is not None and user.kind == LOCAL and user.auto_analysis


def set_auto_analysis(engine: Engine, *, user_id: str, on: bool) -> None:
    """Choose automatic analysis of the account's finished games, or not;
    :class:`AnalysisRefused` (``not_an_account``) for a guest or a deleted account."""
    with session(engine) as s:
        user = s.get(User, user_id)
        if user is None or user.kind != LOCAL:
            raise AnalysisRefused("not_an_account", "Automatic analysis is for accounts.")
        user.auto_analysis = bool(on)
        s.add(user)
        s.commit()
