"""A resignation is a loss for the person who resigned, whatever the bot that took their seat
does afterwards: in the stored result, in the history and in the ratings; a game that every
person left ends as a loss for each of them."""

from __future__ import annotations

from sqlalchemy import Engine

from core.record import new_record, replay
from core.table import HUMAN, SeatInfo, Table
from storage import repo
from storage.db import session
from storage.history import matches_for_user_page
from storage.models import Match, new_match_id
from storage.ratings import rate_match
from tests.storage.test_ratings import START_MU, account, rating, stored

SEED = 6  # seat 1 wins this one-hand game when each seat plays its first legal action


async def table_of_two(engine: Engine) -> tuple[Table, list[str]]:
    """Ann and Bea, two accounts, at a stored one-hand Caravan table with the site's hooks."""
    ids = [account(engine, f"ann{new_match_id()[:6]}"), account(engine, f"bea{new_match_id()[:6]}")]
    seats = [SeatInfo(HUMAN, ids[0], "Ann"), SeatInfo(HUMAN, ids[1], "Bea")]
    record = new_record("caravan", 2, SEED, {"hands": 1}, ["Ann", "Bea"])
    match_id = new_match_id()
    repo.create_match(engine, match_id=match_id, record=record, seats=seats, user_ids=ids)
    table = Table(
        match_id,
        record,
        seats,
        persist=repo.persist_move(engine),
        persist_seats=repo.persist_seats(engine),
    )
    return table, ids


async def play_out(table: Table) -> None:
    """Every seat plays its first legal action until the end (the bot as any seat)."""
    while not table.state.is_over():
        seat = min(table.state.to_move())
        action = table.legal_actions(seat)[0]
        await table.submit(seat, action, by=table.seats[seat].holder)


def outcome_of(engine: Engine, user_id: str, match_id: str) -> str | None:
    rows, _ = matches_for_user_page(engine, user_id=user_id)
    (row,) = [row for row in rows if row.id == match_id]
    return row.outcome


async def test_the_player_who_resigned_loses_though_the_bot_in_their_seat_won(
    engine: Engine,
) -> None:
    table, (ann, bea) = await table_of_two(engine)
    await table.resign(1, by=bea, name="Bot for Bea")
    await play_out(table)
    assert replay(table.record).ranking() == [2, 1]  # on the board, the bot won

    result = stored(engine, table.id).result
    assert result is not None
    assert result["ranking"] == [1, 2], "Bea resigned: she is last"
    assert result["board_ranking"] == [2, 1]
    assert result["scores"] == replay(table.record).scores()
    assert table.record["result"] == result  # the live table says the same

    assert outcome_of(engine, bea, table.id) == "lost"
    assert outcome_of(engine, ann, table.id) == "won"
    assert rate_match(engine, match_id=table.id)
    mine, hers = rating(engine, ann, "caravan"), rating(engine, bea, "caravan")
    assert mine is not None and hers is not None
    assert hers.mu < START_MU < mine.mu
    assert (mine.wins, hers.wins, mine.matches, hers.matches) == (1, 0, 1, 1)


async def test_a_result_stored_before_resigners_were_ranked_last_reads_as_a_loss(
    engine: Engine,
) -> None:
    table, (ann, bea) = await table_of_two(engine)
    await table.resign(1, by=bea, name="Bot for Bea")
    await play_out(table)
    with session(engine) as s:  # as stored before: the engine's ranking alone
        match = s.get_one(Match, table.id)
        match.result = {"scores": match.result["scores"], "ranking": [2, 1]}
        s.add(match)
        s.commit()
    assert outcome_of(engine, bea, table.id) == "lost"
    assert outcome_of(engine, ann, table.id) == "won"


async def test_a_game_every_person_resigned_is_lost_by_each_of_them(engine: Engine) -> None:
    table, (ann, bea) = await table_of_two(engine)
    await table.resign(1, by=bea, name="Bot for Bea")
    await table.resign(0, by=ann, name="Bot for Ann")
    assert table.abandoned
    repo.end_match(engine, match_id=table.id, result=table.resignation_result())
    assert outcome_of(engine, ann, table.id) == "lost"
    assert outcome_of(engine, bea, table.id) == "lost"
    assert rate_match(engine, match_id=table.id)
    rows = [rating(engine, uid, "caravan") for uid in (ann, bea)]
    assert [row.wins for row in rows if row] == [0, 0]
