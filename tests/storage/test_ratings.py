"""Ratings: which matches are rated, in which direction, exactly once; and the public profile."""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest
from sqlalchemy import Engine
from sqlmodel import select

from core.engine import State
from core.games import GAMES
from core.record import new_record, result_of
from core.table import BOT, GUEST, HOTSEAT, HUMAN, TAKEOVER_BOT, SeatInfo, TableSettings
from storage.db import session
from storage.models import DELETED, LOCAL, Match, Rating, User, new_match_id
from storage.ratings import MODEL, placements, profile, rate_match, updated
from storage.repo import append_move, create_match, ensure_guest, update_seats

Play = Callable[..., State]
StartMatch = Callable[..., str]
START_MU, START_SIGMA = MODEL.mu, MODEL.sigma


def account(engine: Engine, username: str, name: str | None = None) -> str:
    """A live account called ``username``; returns its id."""
    user = User(
        name=name or username, kind=LOCAL, username=username, username_key=username.casefold()
    )
    with session(engine) as s:
        s.add(user)
        s.commit()
    return user.id


def start(
    engine: Engine,
    game: str,
    holders: list[str],
    *,
    kinds: list[str] | None = None,
    settings: TableSettings | None = None,
) -> str:
    """Store a playing match; ``holders`` are user ids or ``bot:<name>``; seats named p<i>."""
    kinds = kinds or [BOT if h.startswith("bot:") else HUMAN for h in holders]
    seats = [
        SeatInfo(kind, holder, f"p{i}")
        for i, (kind, holder) in enumerate(zip(kinds, holders, strict=True))
    ]
    record = new_record(game, len(seats), 3, None, [seat.name for seat in seats])
    match_id = new_match_id()
    create_match(
        engine,
        match_id=match_id,
        record=record,
        seats=seats,
        user_ids=[seat.user_id for seat in seats],
        settings=settings,
    )
    return match_id


def finish(engine: Engine, match_id: str, ranking: list[int], scores: Any = None) -> None:
    """End the match through the real write path, with this result."""
    result = {"scores": scores or [0.0] * len(ranking), "ranking": ranking}
    append_move(engine, match_id=match_id, ply=1, seat=0, action="x", result=result)


def played(engine: Engine, game: str, ranking: list[int], *, names: str = "abcde") -> list[str]:
    """Accounts for each seat of a finished, rated ``game``; returns their ids."""
    ids = [account(engine, f"{names[i]}{new_match_id()[:6]}") for i in range(len(ranking))]
    match_id = start(engine, game, ids)
    finish(engine, match_id, ranking)
    assert rate_match(engine, match_id=match_id)
    return ids


def rating(engine: Engine, user_id: str, game: str) -> Rating | None:
    with session(engine) as s:
        return s.get(Rating, (user_id, game))


def mus(engine: Engine, ids: list[str], game: str) -> list[float]:
    rows = [rating(engine, uid, game) for uid in ids]
    assert all(row is not None for row in rows)
    return [row.mu for row in rows if row is not None]


def stored(engine: Engine, match_id: str) -> Match:
    with session(engine) as s:
        return s.get_one(Match, match_id)


def all_ratings(engine: Engine) -> list[Rating]:
    with session(engine) as s:
        return list(s.exec(select(Rating)).all())


def test_the_winner_of_two_gains_and_the_loser_loses(engine: Engine) -> None:
    ann, bea = played(engine, "caravan", [2, 1])
    a, b = rating(engine, ann, "caravan"), rating(engine, bea, "caravan")
    assert a is not None and b is not None
    assert a.mu < START_MU < b.mu
    assert a.sigma < START_SIGMA and b.sigma < START_SIGMA
    assert (a.matches, a.wins, b.matches, b.wins) == (1, 0, 1, 1)


def test_three_players_move_in_the_order_of_the_ranking(engine: Engine) -> None:
    ids = played(engine, "feurio", [3, 1, 2])
    last, first, second = mus(engine, ids, "feurio")
    assert last < second < first
    assert last < START_MU < first


def test_five_players_are_rated_from_first_to_last(engine: Engine) -> None:
    ids = played(engine, "offseason", [5, 4, 3, 2, 1])
    values = mus(engine, ids, "offseason")
    assert values == sorted(values) and len(set(values)) == 5
    assert values[0] < START_MU < values[-1]
    wins = [row.wins for row in (rating(engine, uid, "offseason") for uid in ids) if row]
    assert wins == [0, 0, 0, 0, 1]


def test_a_draw_of_two_leaves_both_equal_and_counts_a_win_for_each(engine: Engine) -> None:
    ann, bea = played(engine, "caravan", [1, 1])
    a, b = rating(engine, ann, "caravan"), rating(engine, bea, "caravan")
    assert a is not None and b is not None
    assert a.mu == pytest.approx(START_MU) and b.mu == pytest.approx(START_MU)
    assert (a.wins, b.wins) == (1, 1)


def test_players_sharing_a_rank_move_alike(engine: Engine) -> None:
    ids = played(engine, "camping", [1, 1, 3, 4])
    first, also_first, third, fourth = mus(engine, ids, "camping")
    assert first == pytest.approx(also_first)
    assert fourth < third < START_MU < first
    wins = [row.wins for row in (rating(engine, uid, "camping") for uid in ids) if row]
    assert wins == [1, 1, 0, 0]


def test_a_shared_first_place_stays_above_the_players_it_beat(engine: Engine) -> None:
    ids = played(engine, "offseason", [1, 1, 3, 4, 5])
    first, also_first, third, fourth, fifth = mus(engine, ids, "offseason")
    assert first == pytest.approx(also_first)
    assert fifth < fourth < third < first
    everyone = updated([(START_MU, START_SIGMA)] * 5, [1] * 5)  # all tied: nobody moves
    assert all(mu == pytest.approx(START_MU) and sigma < START_SIGMA for mu, sigma in everyone)


def test_pueblo_rates_by_its_ranking_where_fewer_points_win(engine: Engine) -> None:
    state = GAMES["pueblo"].new_game(3, 1)
    state.penalties = [12, 30, 5]  # type: ignore[attr-defined]
    result = result_of(state)
    assert result["ranking"] == [2, 3, 1]
    ids = [account(engine, name) for name in ("ann", "bea", "cid")]
    match_id = start(engine, "pueblo", ids)
    finish(engine, match_id, result["ranking"], result["scores"])
    assert rate_match(engine, match_id=match_id)
    ann, bea, cid = mus(engine, ids, "pueblo")
    assert bea < ann < cid  # the most penalty points lose, the fewest win
    cid_row = rating(engine, ids[2], "pueblo")
    assert cid_row is not None and cid_row.wins == 1


def resign(engine: Engine, match_id: str, seat: int, by: str) -> None:
    update_seats(
        engine,
        match_id=match_id,
        seats={seat: SeatInfo(BOT, TAKEOVER_BOT, f"p{seat}")},
        resigned={"seat": seat, "ply": 0, "by": by, "bot": TAKEOVER_BOT},
    )


def test_a_player_who_resigned_is_ranked_last_even_if_the_bot_won(engine: Engine) -> None:
    ids = [account(engine, name) for name in ("ann", "bea", "cid")]
    match_id = start(engine, "feurio", ids)
    resign(engine, match_id, 0, ids[0])
    finish(engine, match_id, [1, 2, 3])  # the bot that took over seat 0 came first
    assert rate_match(engine, match_id=match_id)
    ann, bea, cid = mus(engine, ids, "feurio")
    assert ann < cid < bea
    wins = [row.wins for row in (rating(engine, uid, "feurio") for uid in ids) if row]
    assert wins == [0, 1, 0]


def test_several_resigners_share_the_last_rank(engine: Engine) -> None:
    assert placements([1, 2, 3, 4], {0, 1}) == [3, 3, 1, 2]
    ids = [account(engine, name) for name in ("ann", "bea", "cid", "dan")]
    match_id = start(engine, "camping", ids)
    resign(engine, match_id, 0, ids[0])
    resign(engine, match_id, 1, ids[1])
    finish(engine, match_id, [1, 2, 3, 4])
    assert rate_match(engine, match_id=match_id)
    ann, bea, cid, dan = mus(engine, ids, "camping")
    assert ann == pytest.approx(bea)
    assert ann < dan < cid


def delete(engine: Engine, user_id: str) -> None:
    with session(engine) as s:
        user = s.get_one(User, user_id)
        user.kind, user.username, user.username_key = DELETED, None, None
        s.add(user)
        s.commit()


@pytest.mark.parametrize("case", ["bot", "guest", "hotseat", "deleted", "resigned_twice"])
def test_matches_with_anyone_but_distinct_accounts_are_not_rated(engine: Engine, case: str) -> None:
    ann, bea = account(engine, "ann"), account(engine, "bea")
    kinds = None
    if case == "bot":
        holders = [ann, "bot:normal"]
    elif case == "guest":
        holders = [ann, ensure_guest(engine, user_id="g" * 32, name="Guest").id]
        kinds = [HUMAN, GUEST]
    elif case == "hotseat":
        holders, kinds = [ann, ann], [HOTSEAT, HOTSEAT]
    else:
        holders = [ann, bea]
    match_id = start(engine, "caravan", holders, kinds=kinds)
    if case == "deleted":
        delete(engine, bea)
    if case == "resigned_twice":  # a bot seat whose account is not a resigner's
        update_seats(engine, match_id=match_id, seats={1: SeatInfo(BOT, "bot:easy", "p1")})
    finish(engine, match_id, [1, 2])
    assert rate_match(engine, match_id=match_id) is False
    assert all_ratings(engine) == []
    assert stored(engine, match_id).rated_at is None


def test_a_bot_seat_that_never_had_an_account_is_not_rated(engine: Engine) -> None:
    ann, bea, cid = (account(engine, name) for name in ("ann", "bea", "cid"))
    match_id = start(engine, "feurio", [ann, bea, "bot:hard"])
    finish(engine, match_id, [3, 2, 1])
    assert rate_match(engine, match_id=match_id) is False
    assert rating(engine, ann, "feurio") is None and rating(engine, cid, "feurio") is None


def test_a_match_is_rated_once_however_often_it_is_asked(engine: Engine) -> None:
    ann, bea = account(engine, "ann"), account(engine, "bea")
    match_id = start(engine, "caravan", [ann, bea])
    finish(engine, match_id, [1, 2])
    assert rate_match(engine, match_id=match_id) is True
    first = rating(engine, ann, "caravan")
    assert rate_match(engine, match_id=match_id) is False
    again = rating(engine, ann, "caravan")
    assert first is not None and again is not None
    assert (again.mu, again.sigma, again.matches, again.wins) == (
        first.mu,
        first.sigma,
        1,
        1,
    )
    assert stored(engine, match_id).rated_at is not None


def test_two_calls_at_the_same_time_rate_once(engine: Engine) -> None:
    ann, bea = account(engine, "ann"), account(engine, "bea")
    match_id = start(engine, "caravan", [ann, bea])
    finish(engine, match_id, [2, 1])
    with ThreadPoolExecutor(max_workers=2) as pool:
        done = list(pool.map(lambda _: rate_match(engine, match_id=match_id), range(2)))
    assert sorted(done) == [False, True]
    row = rating(engine, bea, "caravan")
    assert row is not None and (row.matches, row.wins) == (1, 1)


def test_a_second_match_builds_on_the_first_rating(engine: Engine) -> None:
    ann, bea = account(engine, "ann"), account(engine, "bea")
    for _ in range(2):
        match_id = start(engine, "caravan", [ann, bea])
        finish(engine, match_id, [1, 2])
        assert rate_match(engine, match_id=match_id)
    a = rating(engine, ann, "caravan")
    assert a is not None and (a.matches, a.wins) == (2, 2)
    assert rating(engine, ann, "feurio") is None  # ratings are per game


def test_unfinished_and_unknown_matches_are_not_rated(engine: Engine) -> None:
    ann, bea = account(engine, "ann"), account(engine, "bea")
    match_id = start(engine, "caravan", [ann, bea])
    assert rate_match(engine, match_id=match_id) is False
    assert rate_match(engine, match_id="nosuchmatc") is False
    assert all_ratings(engine) == []
    assert stored(engine, match_id).rated_at is None


def test_a_game_played_to_its_end_rates_its_accounts_by_the_final_ranking(
    engine: Engine, start_match: StartMatch, play: Play
) -> None:
    ann, bea = account(engine, "ann"), account(engine, "bea")
    match_id = start_match((ann, bea))  # guest seats of two users who made accounts
    final = play(match_id, 1000)
    assert final.is_over()
    assert rate_match(engine, match_id=match_id)
    a, b = mus(engine, [ann, bea], "caravan")
    ranking = final.ranking()
    if ranking[0] == ranking[1]:
        assert a == pytest.approx(b)
    else:
        assert (a > b) == (ranking[0] < ranking[1])


# ---------------------------------------------------------------------- profile


def test_a_profile_shows_ratings_and_recent_matches_newest_first(engine: Engine) -> None:
    ann, bea, cid = account(engine, "Ann"), account(engine, "bea"), account(engine, "cid")
    older = start(engine, "caravan", [ann, bea])
    finish(engine, older, [1, 2])
    rate_match(engine, match_id=older)
    newer = start(engine, "feurio", [cid, ann, "bot:easy"])
    finish(engine, newer, [1, 1, 3])
    found = profile(engine, username="aNN")
    assert found is not None
    assert (found["name"], found["username"]) == ("Ann", "Ann")
    (caravan,) = found["ratings"]
    assert caravan["game"] == "caravan" and (caravan["matches"], caravan["wins"]) == (1, 1)
    assert caravan["ordinal"] == pytest.approx(caravan["mu"] - 3 * caravan["sigma"])
    assert [m["id"] for m in found["matches"]] == [newer, older]
    first, second = found["matches"]
    assert first["opponents"] == ["p0", "p2"] and second["opponents"] == ["p1"]
    assert (first["place"], first["tied"], first["rated"], first["players"]) == (1, True, False, 3)
    assert (second["place"], second["tied"], second["rated"]) == (1, False, True)
    assert first["game"] == "feurio" and first["finished_at"] >= second["finished_at"]


def test_private_tables_and_hot_seat_games_stay_off_the_profile(engine: Engine) -> None:
    ann, bea = account(engine, "ann"), account(engine, "bea")
    private = start(engine, "caravan", [ann, bea], settings=TableSettings(private=True))
    finish(engine, private, [1, 2])
    hot = start(engine, "caravan", [ann, ann], kinds=[HOTSEAT, HOTSEAT])
    finish(engine, hot, [1, 2])
    public = start(engine, "caravan", [ann, bea], settings=TableSettings(private=False))
    finish(engine, public, [2, 1])
    playing = start(engine, "caravan", [ann, bea])
    found = profile(engine, username="ann")
    assert found is not None
    assert [m["id"] for m in found["matches"]] == [public]
    assert playing not in [m["id"] for m in found["matches"]]


def test_a_resigned_match_is_listed_with_its_player_last(engine: Engine) -> None:
    ann, bea = account(engine, "ann"), account(engine, "bea")
    match_id = start(engine, "caravan", [ann, bea])
    resign(engine, match_id, 0, ann)
    finish(engine, match_id, [1, 2])
    found = profile(engine, username="ann")
    assert found is not None
    (entry,) = found["matches"]
    assert (entry["place"], entry["resigned"]) == (2, True)


def test_unknown_and_deleted_accounts_have_no_profile(engine: Engine) -> None:
    ann = account(engine, "ann")
    ensure_guest(engine, user_id="g" * 32, name="guest")
    assert profile(engine, username="nobody") is None
    assert profile(engine, username="guest") is None
    assert profile(engine, username="") is None
    assert profile(engine, username="ANN") is not None
    delete(engine, ann)
    assert profile(engine, username="ann") is None
