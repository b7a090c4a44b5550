"""A simultaneous step (Off Season's sealed bids): a choice stands while the others' land."""

from __future__ import annotations

import pytest

from core.record import new_record
from core.table import HUMAN, SeatInfo, Table, TableError

SEED = 2  # three players: round 1 is a standard sealed bid
PEOPLE = ["user:ann", "user:bea", "user:cid"]


def bidding_table() -> Table:
    record = new_record("offseason", 3, SEED, None, ["Ann", "Bea", "Cid"])
    seats = [SeatInfo(HUMAN, who, who) for who in PEOPLE]
    table = Table("t1", record, seats, in_memory=True)
    assert table.state.to_move() == {0, 1, 2}
    return table


async def test_a_bid_chosen_before_another_bidder_bid_still_counts() -> None:
    table = bidding_table()
    await table.submit(1, "bid 2", by=PEOPLE[1], expected_ply=0)
    await table.submit(2, "bid 1", by=PEOPLE[2], expected_ply=0)
    await table.submit(0, "bid 3", by=PEOPLE[0], expected_ply=0)
    assert table.record["actions"] == [[1, "bid 2"], [2, "bid 1"], [0, "bid 3"]]


async def test_a_choice_from_before_the_bids_were_revealed_is_stale() -> None:
    table = bidding_table()
    for seat, bid in ((0, 3), (1, 2), (2, 1)):
        await table.submit(seat, f"bid {bid}", by=PEOPLE[seat], expected_ply=table.ply)
    (winner,) = table.state.to_move()  # the market step: one seat, a new choice
    with pytest.raises(TableError) as refused:
        choice = table.legal_actions(winner)[0]
        await table.submit(winner, choice, by=PEOPLE[winner], expected_ply=2)
    assert refused.value.code == "stale"


async def test_a_position_the_seat_was_not_to_move_in_is_stale() -> None:
    table = bidding_table()
    await table.submit(0, "bid 3", by=PEOPLE[0], expected_ply=0)
    with pytest.raises(TableError) as refused:  # seat 0 bid at ply 0: a second click
        await table.submit(0, "bid 1", by=PEOPLE[0], expected_ply=0)
    assert refused.value.code == "stale"
    assert table.ply == 1


async def test_a_rebuilt_table_knows_only_the_position_it_was_rebuilt_at() -> None:
    table = bidding_table()
    await table.submit(1, "bid 2", by=PEOPLE[1], expected_ply=0)
    rebuilt = Table("t1", table.record, table.seats, in_memory=True)
    with pytest.raises(TableError) as refused:
        await rebuilt.submit(0, "bid 3", by=PEOPLE[0], expected_ply=0)
    assert refused.value.code == "stale"
    await rebuilt.submit(0, "bid 3", by=PEOPLE[0], expected_ply=1)


async def test_an_undo_still_needs_the_latest_position() -> None:
    table = bidding_table()
    await table.submit(1, "bid 2", by=PEOPLE[1], expected_ply=0)
    with pytest.raises(TableError) as refused:
        await table.undo(0, by=PEOPLE[0], expected_ply=0)
    assert refused.value.code == "stale"
