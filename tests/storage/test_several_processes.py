"""Storage as the arbiter between processes that each hold the same table
(storage/changes.py, the ``Superseded`` refusals of storage/repo.py), on SQLite and on
PostgreSQL."""

from __future__ import annotations

import asyncio

import pytest
from sqlalchemy import Engine

from core.engine import State
from core.table import BOT, GUEST, OPEN, Move, SeatInfo, Superseded, Table, TableError
from storage import changes, repo
from storage.models import FINISHED
from tests.storage.conftest import Play, StartMatch


def live(engine: Engine, match_id: str) -> Table:
    """The match as one process holds it: a table whose hooks write from a thread, as the
    site's gateway does."""
    stored = repo.load_tables(engine, match_ids=[match_id])[0]
    store, seats = repo.persist_move(engine), repo.persist_seats(engine)

    async def persist(table: Table, move: Move, after: State) -> None:
        await asyncio.to_thread(store, table, move, after)

    async def persist_seats(table: Table, change: object) -> None:
        await asyncio.to_thread(seats, table, change)  # type: ignore[arg-type]

    async def reconcile(table: Table, ply: int) -> tuple[int, str] | None:
        return await asyncio.to_thread(repo.stored_action, engine, match_id=match_id, ply=ply)

    return Table(
        match_id,
        stored.record,
        stored.seats,
        persist=persist,
        persist_seats=persist_seats,
        reconcile=reconcile,
        settings=stored.settings,
    )


def test_changes_give_the_moves_from_a_ply_on_with_the_seats(
    engine: Engine, match_id: str, play: Play
) -> None:
    play(match_id, 4)
    found = changes.load_changes(engine, match_id=match_id, since=3)
    assert found is not None
    record = repo.load_record(engine, match_id=match_id)
    assert record is not None
    assert found.snapshot.first == 3
    assert found.snapshot.actions == record["actions"][2:]
    assert [seat.holder for seat in found.snapshot.seats] == ["a" * 32, "bot:random"]
    assert found.status == "playing" and found.rematch is None
    assert changes.load_changes(engine, match_id=match_id, since=0).snapshot.first == 1  # type: ignore[union-attr]
    assert changes.load_changes(engine, match_id="nothing", since=1) is None


def test_plies_counts_every_match_asked_for_in_one_query(
    engine: Engine, start_match: StartMatch, play: Play
) -> None:
    first, second = start_match(), start_match(seed=2)
    play(first, 3)
    assert changes.plies(engine, match_ids=[first, second]) == {first: 3, second: 0}
    assert changes.plies(engine, match_ids=[]) == {}


def test_a_ply_stored_by_another_process_is_superseded(
    engine: Engine, match_id: str, play: Play
) -> None:
    table = live(engine, match_id)
    play(match_id, 1)  # another process stores ply 1
    seat = min(table.state.to_move())
    action = table.state.legal_actions(seat)[0]
    after = table.state.clone()
    after.apply(seat, action)
    with pytest.raises(Superseded):
        repo.persist_move(engine)(table, Move(1, seat, action), after)


def test_a_seat_changed_by_another_process_is_superseded(
    engine: Engine, start_match: StartMatch
) -> None:
    match_id = start_match()
    bob = SeatInfo(GUEST, "b" * 32, "bob")
    repo.ensure_guest(engine, user_id="b" * 32, name="bob")
    with pytest.raises(Superseded):
        repo.update_seats(
            engine,
            match_id=match_id,
            seats={1: bob},
            expected={1: SeatInfo.empty(OPEN)},  # it holds a bot, not an open seat
        )
    robot = SeatInfo(BOT, "bot:random", "bot:random")
    assert repo.load_seats(engine, match_id=match_id)[1] == robot


async def test_two_processes_joining_one_open_seat_seat_one_person(
    engine: Engine, ann: str
) -> None:
    if engine.dialect.name == "sqlite":
        pytest.skip("a site on SQLite is one process: its one table serialises the joins")
    from core.record import new_record
    from storage.models import new_match_id

    record = new_record("caravan", 2, seed=3, options={"hands": 1}, seats=["ann", ""])
    match_id = new_match_id()
    seats = [SeatInfo(GUEST, ann, "ann"), SeatInfo.empty(OPEN)]
    repo.create_match(engine, match_id=match_id, record=record, seats=seats, user_ids=[ann, None])
    for who in ("b", "c"):
        repo.ensure_guest(engine, user_id=who * 32, name=who)
    one, two = live(engine, match_id), live(engine, match_id)
    outcomes = await asyncio.gather(
        one.join(1, by="b" * 32, name="b"), two.join(1, by="c" * 32, name="c"),
        return_exceptions=True,
    )  # fmt: skip
    refused = [o for o in outcomes if isinstance(o, TableError)]
    assert len(refused) == 1 and refused[0].code == "seat_taken", outcomes
    holder = repo.load_seats(engine, match_id=match_id)[1].holder
    winner = one if outcomes[0] is None else two
    assert winner.seats[1].holder == holder


async def _same_move_twice(engine: Engine, match_id: str) -> tuple[int, str]:
    """Two processes at the same position submit the same move at once; what each got."""
    one, two = live(engine, match_id), live(engine, match_id)
    seat = min(one.state.to_move())
    action = one.state.legal_actions(seat)[0]
    holder = one.seats[seat].holder
    ply = one.ply
    outcomes = await asyncio.gather(
        one.submit(seat, action, by=holder, expected_ply=ply),
        two.submit(seat, action, by=holder, expected_ply=ply),
        return_exceptions=True,
    )
    applied = [o for o in outcomes if isinstance(o, Move)]
    refused = [o for o in outcomes if isinstance(o, TableError)]
    assert len(applied) == 1 and len(refused) == 1, outcomes
    assert refused[0].code == "stale"
    loser = two if isinstance(outcomes[1], TableError) else one
    assert loser.ply == ply + 1  # the loser is shown the new position
    assert loser.record["actions"] == repo.load_record(engine, match_id=match_id)["actions"]  # type: ignore[index]
    return ply + 1, action


@pytest.mark.slow
async def test_the_same_move_sent_to_two_processes_at_once_is_applied_once(
    engine: Engine, start_match: StartMatch
) -> None:
    """200 times over: exactly one of the two is stored, the other told ``stale``."""
    rounds, seed = 0, 10
    match_id = start_match(("a" * 32, "a" * 32), seed=seed)
    while rounds < 200:
        status = repo.load_tables(engine, match_ids=[match_id])[0].status
        if status == FINISHED:
            seed += 1
            match_id = start_match(("a" * 32, "a" * 32), seed=seed)
        ply, _ = await _same_move_twice(engine, match_id)
        assert changes.plies(engine, match_ids=[match_id])[match_id] == ply
        rounds += 1
