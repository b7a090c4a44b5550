"""Per-game ratings (openskill's Plackett-Luce model) and the public profile of an account.

Which matches are rated: a finished match in which every seat is held by a
distinct account (``User.kind == "local"``). A guest, a bot, a hot-seat table
(one person at several seats) or a deleted account at any seat leaves the whole
match unrated; bots have no ratings. A player who resigned still counts (their
seat keeps their account although a bot finished for them) and is ranked last,
after everyone who played on; several resigners share that last rank. A match closed as
abandoned (long without a move: storage/abandoned.py) is not rated: nobody won it.

The ranks are the stored result's ``ranking`` (the final state's
:meth:`core.engine.State.ranking`: 1 for the winner, ties share a rank), never
the raw scores, since for some games (Pueblo) fewer points are better. A *win*
is a first place, shared or not, by a player who did not resign.

:func:`rate_match` applies a match's ratings once: ``matches.rated_at`` is set
in the same transaction as the rating rows, under the match's row lock, so a
second call (or a concurrent one) changes nothing. An unrated match keeps
``rated_at`` empty.
"""

from __future__ import annotations

import logging
from itertools import chain, permutations, product
from typing import Any

from openskill.models import PlackettLuce
from sqlalchemy import Engine, false, func, or_, update
from sqlalchemy.exc import IntegrityError
from sqlmodel import col, select

from core.record import resigned_seats as record_resigned_seats
from core.record import standing
from core.table import BOT, HOTSEAT
from storage.db import session
from storage.models import FINISHED, LOCAL, Match, Rating, Seat, User, utcnow

log = logging.getLogger(__name__)

MODEL = PlackettLuce()  # mu 25, sigma 25/3: a new player's ordinal is 0
RECENT = 20  # matches a profile lists
ATTEMPTS = 3  # a first rating created at the same time by another match's rating retries


def ordinal(mu: float, sigma: float) -> float:
    """The rating shown to players: mu - 3 sigma (openskill's ``ordinal``)."""
    return float(MODEL.rating(mu=mu, sigma=sigma).ordinal())


def resigned_seats(notes: dict[str, Any] | None) -> set[int]:
    """The seats whose players resigned, from a match's notes (``{"resigned": [{seat...}]}``)."""
    return record_resigned_seats((notes or {}).get("resigned"))


def placements(ranking: list[int], resigned: set[int]) -> list[int]:
    """Each seat's rank for rating: the game's ranking among those who played on,
    then every resigner last, sharing one rank (:func:`core.record.standing`, which
    leaves a stored result that ranks them last already as it is).

    >>> placements([1, 2, 2, 4], {0})
    [4, 1, 1, 3]
    """
    return standing(ranking, resigned)


def updated(skills: list[tuple[float, float]], ranks: list[int]) -> list[tuple[float, float]]:
    """Each player's ``(mu, sigma)`` after a game in which they finished at ``ranks``.

    One player per team, Plackett-Luce. Players sharing a rank are rated as the
    mean of every strict order among them (at most 5! = 120 updates), because
    openskill's own tie formula can leave players sharing first place below the
    one they beat (openskill.py issues #155 and #201): ``ranks=[1, 1, 3, 4, 5]``
    gives the third more than the two winners.

    >>> [round(mu, 2) for mu, _ in updated([(25.0, 25 / 3)] * 2, [1, 1])]
    [25.0, 25.0]
    """
    groups = [[seat for seat, rank in enumerate(ranks) if rank == r] for r in sorted(set(ranks))]
    orders = list(product(*(permutations(group) for group in groups)))
    totals = [[0.0, 0.0] for _ in skills]
    for order in orders:
        strict = [0.0] * len(skills)
        for place, seat in enumerate(chain.from_iterable(order), start=1):
            strict[seat] = float(place)
        teams = [[MODEL.rating(mu=mu, sigma=sigma)] for mu, sigma in skills]
        for seat, (after,) in enumerate(MODEL.rate(teams, ranks=strict)):
            totals[seat][0] += after.mu
            totals[seat][1] += after.sigma
    return [(mu / len(orders), sigma / len(orders)) for mu, sigma in totals]


def _ranking(match: Match) -> list[int] | None:
    """The stored result's ranking, if it is one rank per seat."""
    ranking = (match.result or {}).get("ranking")
    if (
        isinstance(ranking, list)
        and len(ranking) == match.players
        and all(isinstance(rank, int) and not isinstance(rank, bool) for rank in ranking)
    ):
        return ranking
    return None


def _rated_accounts(seats: list[Seat], users: dict[str, User], resigned: set[int]) -> bool:
    """Whether every seat is held by a distinct live account (a resigner's seat included)."""
    ids = [seat.user_id for seat in seats]
    if any(uid is None for uid in ids) or len(set(ids)) != len(ids):
        return False
    for seat in seats:
        user = users.get(seat.user_id or "")
        if user is None or user.kind != LOCAL or seat.kind == HOTSEAT:
            return False
        if seat.kind == BOT and seat.seat not in resigned:
            return False
    return True


def rate_match(engine: Engine, *, match_id: str) -> bool:
    """Update the ratings of a finished, rated match's players once; return whether it did.

    False for an unknown, unfinished, already rated or unrated match (see the
    module's docstring). Everything happens in one transaction, the match row
    locked first, then the rating rows in user order.
    """
    for attempt in range(ATTEMPTS):
        try:
            return _rate_once(engine, match_id)
        except IntegrityError:  # another match created one of these first ratings meanwhile
            if attempt == ATTEMPTS - 1:
                raise
            log.info("rating match %s again after a concurrent first rating", match_id)
    return False  # not reached


def _rate_once(engine: Engine, match_id: str) -> bool:
    with session(engine) as s:
        match = s.exec(select(Match).where(Match.id == match_id).with_for_update()).one_or_none()
        if match is None or match.status != FINISHED or match.rated_at is not None:
            return False
        if (match.result or {}).get("ended") == "abandoned":  # closed for want of moves
            return False
        ranking = _ranking(match)
        if ranking is None:
            log.warning("match %s is finished without a ranking; not rated", match_id)
            return False
        seats = list(
            s.exec(select(Seat).where(Seat.match_id == match_id).order_by(col(Seat.seat))).all()
        )
        if len(seats) != match.players:
            return False
        ids = [seat.user_id for seat in seats if seat.user_id is not None]
        users = {user.id: user for user in s.exec(select(User).where(col(User.id).in_(ids)))}
        resigned = resigned_seats(match.notes)
        if not _rated_accounts(seats, users, resigned):
            return False
        # The claim: only one transaction turns rated_at from empty to set (on SQLite too,
        # where FOR UPDATE is not supported and this write takes the database's lock).
        now = utcnow()
        claimed = s.connection().execute(
            update(Match)
            .where(col(Match.id) == match_id, col(Match.rated_at).is_(None))
            .values(rated_at=now)
        )
        if claimed.rowcount != 1:
            s.rollback()
            return False
        ranks = placements(ranking, resigned)
        player_ids = [seat.user_id or "" for seat in seats]
        rows: dict[str, Rating] = {}
        for uid in sorted(player_ids):
            row = s.exec(
                select(Rating)
                .where(Rating.user_id == uid, Rating.game == match.game)
                .with_for_update()
            ).one_or_none()
            if row is None:
                fresh = MODEL.rating()
                row = Rating(user_id=uid, game=match.game, mu=fresh.mu, sigma=fresh.sigma)
            rows[uid] = row
        rated = updated([(rows[uid].mu, rows[uid].sigma) for uid in player_ids], ranks)
        for number, uid in enumerate(player_ids):
            row = rows[uid]
            row.mu, row.sigma = rated[number]
            row.matches += 1
            row.wins += 1 if ranks[number] == 1 and number not in resigned else 0
            row.updated_at = now
            s.add(row)
        s.commit()
        return True


def profile(engine: Engine, *, username: str, recent: int = RECENT) -> dict[str, Any] | None:
    """What anyone may see of the account ``username`` (any case); None if there is none.

    ``name`` and ``username``; ``ratings``: per game (sorted by game id) ``game``,
    ``mu``, ``sigma``, ``ordinal``, ``matches``, ``wins``; ``matches``: up to
    ``recent`` finished matches, newest first, each with ``id``, ``game``,
    ``finished_at``, ``players``, ``opponents`` (the other seats' names in seat
    order), ``place`` (as for rating: a resigner is last), ``tied``, ``resigned``
    and ``rated``. Only public tables at which the account held one seat are
    listed: private tables and hot-seat games stay off the profile. A deleted
    account has no profile.
    """
    if not isinstance(username, str) or not username:
        return None
    with session(engine) as s:
        user = s.exec(
            select(User).where(User.username_key == username.casefold(), User.kind == LOCAL)
        ).one_or_none()
        if user is None:
            return None
        ratings = s.exec(
            select(Rating).where(Rating.user_id == user.id).order_by(col(Rating.game))
        ).all()
        mine = select(Seat.match_id).where(Seat.user_id == user.id, Seat.kind != HOTSEAT)
        private = func.coalesce(col(Match.settings)["private"].as_boolean(), false())
        matches = s.exec(
            select(Match)
            .where(
                col(Match.id).in_(mine),
                Match.status == FINISHED,
                or_(col(Match.settings).is_(None), private == false()),
            )
            .order_by(col(Match.finished_at).desc(), col(Match.id))
            .limit(recent)
        ).all()
        ids = [match.id for match in matches]
        seats = s.exec(
            select(Seat).where(col(Seat.match_id).in_(ids)).order_by(col(Seat.seat))
        ).all()
    return {
        "name": user.name,
        "username": user.username or user.name,
        "ratings": [
            {
                "game": row.game,
                "mu": row.mu,
                "sigma": row.sigma,
                "ordinal": ordinal(row.mu, row.sigma),
                "matches": row.matches,
                "wins": row.wins,
            }
            for row in ratings
        ],
        "matches": [
            entry
            for match in matches
            if (
                entry := _summary(
                    match, [seat for seat in seats if seat.match_id == match.id], user
                )
            )
        ],
    }


def _summary(match: Match, seats: list[Seat], user: User) -> dict[str, Any] | None:
    """One finished match as the profile lists it; None if ``user`` held several seats."""
    held = [seat.seat for seat in seats if seat.user_id == user.id]
    ranking = _ranking(match)
    if len(held) != 1 or ranking is None:
        return None
    (mine,) = held
    resigned = resigned_seats(match.notes)
    places = placements(ranking, resigned)
    return {
        "id": match.id,
        "game": match.game,
        "finished_at": match.finished_at or match.created_at,
        "players": match.players,
        "opponents": [seat.name for seat in seats if seat.seat != mine],
        "place": places[mine],
        "tied": places.count(places[mine]) > 1,
        "resigned": mine in resigned,
        "rated": match.rated_at is not None,
    }
