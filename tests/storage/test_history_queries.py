"""The history page's query: whose matches, newest first, filtered, counted and paged."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime, timedelta

import pytest
from sqlalchemy import Engine

from core.record import new_record
from core.table import BOT, GUEST, HOTSEAT, SeatInfo
from storage.db import session
from storage.history import matches_for_user_page
from storage.models import Match, new_match_id
from storage.repo import append_move, cancel_match, create_match, ensure_guest

START = datetime(2026, 1, 1, tzinfo=UTC)

Store = Callable[..., str]


@pytest.fixture
def bea(engine: Engine) -> str:
    return ensure_guest(engine, user_id="b" * 32, name="bea").id


@pytest.fixture
def store(engine: Engine) -> Store:
    """Store a match started ``minute`` minutes after START; seats are (holder, name) pairs.

    A holder ``bot:<name>`` is a bot, ``hotseat:<user>`` a hot-seat seat of that user,
    ``""`` an open seat, anything else a guest. With ``ranking`` the match is finished
    by one move carrying that result; with ``moves`` it is played on that many plies.
    """

    def store_match(
        seats: list[tuple[str, str]],
        *,
        minute: int,
        game: str = "caravan",
        ranking: list[int] | None = None,
        moves: int = 0,
    ) -> str:
        infos = [_seat(holder, name) for holder, name in seats]
        record = new_record(game, len(seats), 1, None, [info.name for info in infos])
        match_id = new_match_id()
        user_ids = [info.user_id for info in infos]
        create_match(engine, match_id=match_id, record=record, seats=infos, user_ids=user_ids)
        with session(engine) as s:
            match = s.get_one(Match, match_id)
            match.created_at = START + timedelta(minutes=minute)
            s.add(match)
            s.commit()
        for ply in range(1, moves + 1):
            append_move(engine, match_id=match_id, ply=ply, seat=0, action=f"m{ply}")
        if ranking is not None:
            scores = [float(-rank) for rank in ranking]
            result = {"scores": scores, "ranking": ranking}
            ply = moves + 1
            append_move(engine, match_id=match_id, ply=ply, seat=0, action="end", result=result)
        return match_id

    return store_match


def _seat(holder: str, name: str) -> SeatInfo:
    if not holder:
        return SeatInfo.empty()
    if holder.startswith("bot:"):
        return SeatInfo(BOT, holder, name)
    if holder.startswith("hotseat:"):
        return SeatInfo(HOTSEAT, holder.removeprefix("hotseat:"), name)
    return SeatInfo(GUEST, holder, name)


def ids(engine: Engine, user_id: str, **filters: object) -> list[str]:
    rows, _ = matches_for_user_page(engine, user_id=user_id, per_page=100, **filters)  # type: ignore[arg-type]
    return [row.id for row in rows]


def test_only_matches_being_played_or_finished_are_listed_newest_first(
    engine: Engine, ann: str, bea: str, store: Store
) -> None:
    oldest = store([(ann, "Ann"), ("bot:easy", "Bot")], minute=1, ranking=[1, 2])
    store([(ann, "Ann"), ("", "")], minute=2)  # waiting for a player
    cancelled = store([(ann, "Ann"), ("", "")], minute=3)
    cancel_match(engine, match_id=cancelled)
    store([(bea, "Bea"), ("bot:easy", "Bot")], minute=4)  # someone else's
    newest = store([(ann, "Ann"), (bea, "Bea")], minute=5, moves=3)

    rows, total = matches_for_user_page(engine, user_id=ann)

    assert [row.id for row in rows] == [newest, oldest]
    assert total == 2
    assert rows[0].status == "playing" and rows[0].moves == 3 and rows[0].outcome == "ongoing"
    assert rows[0].seats == ["Ann", "Bea"] and rows[0].user_seats == [0]
    assert rows[1].outcome == "won" and rows[1].result == {
        "scores": [-1.0, -2.0],
        "ranking": [1, 2],
    }


def test_pages_cut_the_list_in_order_and_the_total_counts_every_match(
    engine: Engine, ann: str, store: Store
) -> None:
    made = [store([(ann, "Ann"), ("bot:easy", "Bot")], minute=m) for m in range(5)]
    newest_first = made[::-1]

    pages = [matches_for_user_page(engine, user_id=ann, page=p, per_page=2) for p in (1, 2, 3, 4)]

    assert [[row.id for row in rows] for rows, _ in pages] == [
        newest_first[0:2],
        newest_first[2:4],
        newest_first[4:],
        [],
    ]
    assert {total for _, total in pages} == {5}


def test_the_game_filter_keeps_only_that_game(engine: Engine, ann: str, store: Store) -> None:
    caravan = store([(ann, "Ann"), ("bot:easy", "Bot")], minute=1)
    camping = store([(ann, "Ann"), ("bot:easy", "Bot")], minute=2, game="camping")

    assert ids(engine, ann, game="camping") == [camping]
    assert ids(engine, ann, game="caravan") == [caravan]
    assert ids(engine, ann, game="pueblo") == []


def test_results_are_read_from_the_ranking_of_the_users_seat(
    engine: Engine, ann: str, bea: str, store: Store
) -> None:
    won = store([(ann, "Ann"), (bea, "Bea")], minute=1, ranking=[1, 2])
    lost = store([(bea, "Bea"), (ann, "Ann")], minute=2, ranking=[1, 2])
    drawn = store([(ann, "Ann"), (bea, "Bea")], minute=3, ranking=[1, 1])
    ongoing = store([(ann, "Ann"), (bea, "Bea")], minute=4, moves=1)

    assert ids(engine, ann, result="won") == [won]
    assert ids(engine, ann, result="lost") == [lost]
    assert ids(engine, ann, result="drawn") == [drawn]
    assert ids(engine, ann, result="ongoing") == [ongoing]
    assert ids(engine, bea, result="won") == [lost]
    assert ids(engine, bea, result="lost") == [won]


def test_at_a_hot_seat_table_one_of_the_users_seats_first_alone_is_a_win(
    engine: Engine, ann: str, store: Store
) -> None:
    both = [(f"hotseat:{ann}", "Ann"), (f"hotseat:{ann}", "Bea")]
    one_of_two_won = store(both, minute=1, ranking=[2, 1])
    both_tied = store(both, minute=2, ranking=[1, 1])
    three = [(f"hotseat:{ann}", "Ann"), (f"hotseat:{ann}", "Bea"), ("bot:easy", "Bot")]
    bot_won = store(three, minute=3, game="camping", ranking=[2, 3, 1])
    shared_with_bot = store(three, minute=4, game="camping", ranking=[1, 3, 1])
    one_of_three_won = store(three, minute=5, game="camping", ranking=[3, 1, 2])

    assert ids(engine, ann, result="won") == [one_of_three_won, one_of_two_won]
    assert ids(engine, ann, result="drawn") == [shared_with_bot, both_tied]
    assert ids(engine, ann, result="lost") == [bot_won]


def test_a_result_filter_is_counted_and_paged_like_the_rest(
    engine: Engine, ann: str, store: Store
) -> None:
    wins = [
        store([(ann, "Ann"), ("bot:easy", "Bot")], minute=m, ranking=[1, 2] if m % 2 else [2, 1])
        for m in range(7)
    ]
    wins = [match for m, match in enumerate(wins) if m % 2][::-1]

    first, total = matches_for_user_page(engine, user_id=ann, result="won", per_page=2)
    second, _ = matches_for_user_page(engine, user_id=ann, result="won", page=2, per_page=2)

    assert total == 3
    assert [row.id for row in first + second] == wins


def test_the_opponent_filter_finds_part_of_another_seats_name_in_any_case(
    engine: Engine, ann: str, bea: str, store: Store
) -> None:
    against_beatrix = store([(ann, "Ann"), (bea, "Beatrix")], minute=1)
    against_bot = store([(ann, "Ann"), ("bot:easy", "Bot (easy)")], minute=2)
    percent = store([(ann, "Ann"), ("bot:easy", "100% bot")], minute=3)

    assert ids(engine, ann, opponent="TRIX") == [against_beatrix]
    assert ids(engine, ann, opponent="bot") == [percent, against_bot]
    assert ids(engine, ann, opponent="ann") == []  # the user's own seat is not an opponent
    assert ids(engine, ann, opponent="%") == [percent]  # wildcards are taken literally
    assert ids(engine, ann, opponent="_") == []


def test_an_own_hot_seat_is_no_opponent(engine: Engine, ann: str, store: Store) -> None:
    store([(f"hotseat:{ann}", "Ann"), (f"hotseat:{ann}", "Bea")], minute=1)

    assert ids(engine, ann, opponent="bea") == []


def test_filters_combine(engine: Engine, ann: str, bea: str, store: Store) -> None:
    store([(ann, "Ann"), (bea, "Bea")], minute=1, ranking=[2, 1])
    wanted = store([(ann, "Ann"), (bea, "Bea")], minute=2, ranking=[1, 2])
    store([(ann, "Ann"), ("bot:easy", "Bot")], minute=3, ranking=[1, 2])
    store([(ann, "Ann"), (bea, "Bea")], minute=4, game="camping", ranking=[1, 2])

    rows, total = matches_for_user_page(
        engine, user_id=ann, game="caravan", result="won", opponent="be"
    )

    assert [row.id for row in rows] == [wanted] and total == 1


@pytest.mark.parametrize(
    "bad", [{"result": "victory"}, {"page": 0}, {"per_page": 0}, {"per_page": 1000}]
)
def test_arguments_outside_their_range_are_refused(engine: Engine, ann: str, bad: dict) -> None:
    with pytest.raises(ValueError):
        matches_for_user_page(engine, user_id=ann, **bad)
