"""The analyses' queue (storage/analyses.py): requests, claims, progress, the end, and an
account's choice of automatic analysis, on SQLite and PostgreSQL."""

from __future__ import annotations

import threading
from datetime import UTC, datetime, timedelta

import pytest
from sqlalchemy import Engine
from sqlmodel import select

from core.games import GAMES
from storage import analyses
from storage.accounts import create_account
from storage.analyses import LEASE, MAX_STARTS, AnalysisRefused
from storage.db import session
from storage.models import Analysis, User
from storage.repo import load_record
from tests.storage.conftest import Play, StartMatch

T0 = datetime(2026, 12, 5, 12, 0, tzinfo=UTC)


@pytest.fixture
def finished(match_id: str, play: Play) -> str:
    """Ann's Caravan match against a bot, played to its end."""
    state = play(match_id, 500)
    assert state.is_over()
    return match_id


def moves_of(engine: Engine, match_id: str) -> int:
    record = load_record(engine, match_id=match_id)
    assert record is not None
    return len(record["actions"])


def row(engine: Engine, match_id: str) -> Analysis:
    with session(engine) as s:
        return s.exec(select(Analysis).where(Analysis.match_id == match_id)).one()


def test_a_request_queues_one_analysis_of_the_game_by_todays_rules(
    engine: Engine, finished: str, ann: str
) -> None:
    progress, new = analyses.request(engine, match_id=finished, by=ann, auto=False, now=T0)
    assert new and progress.state == "queued" and progress.done == 0
    assert progress.total == moves_of(engine, finished) and progress.result is None
    again, new_again = analyses.request(engine, match_id=finished, by=None, auto=False, now=T0)
    assert not new_again and again == progress, "asking twice gives the one analysis"
    stored = row(engine, finished)
    assert stored.rules_version == GAMES["caravan"].version and stored.requested_by == ann
    assert analyses.status(engine, match_id=finished) == progress


def test_only_a_finished_game_may_be_analysed(
    engine: Engine, match_id: str, play: Play, ann: str
) -> None:
    play(match_id, 3)
    for unknown, code in ((match_id, "not_finished"), ("nosuchgame", "unknown")):
        with pytest.raises(AnalysisRefused) as refused:
            analyses.request(engine, match_id=unknown, by=ann, auto=False, now=T0)
        assert str(refused.value) == code and isinstance(refused.value, ValueError)
    assert analyses.status(engine, match_id=match_id) is None, "nothing was written"
    assert analyses.status(engine, match_id="nosuchgame") is None


def test_claims_take_peoples_requests_before_automatic_ones_oldest_first(
    engine: Engine, start_match: StartMatch, play: Play, ann: str
) -> None:
    games = [start_match(seed=seed) for seed in (1, 2, 3)]
    for game in games:
        play(game, 500)
    analyses.request(engine, match_id=games[0], by=None, auto=True, now=T0)
    analyses.request(engine, match_id=games[1], by=ann, auto=False, now=T0 + timedelta(1))
    analyses.request(engine, match_id=games[2], by=ann, auto=False, now=T0 + timedelta(2))
    assert analyses.people_waiting(engine)
    first = analyses.claim(engine, now=T0, name="p1", auto=False)
    second = analyses.claim(engine, now=T0, name="p1", auto=False)
    assert first is not None and second is not None
    assert (first.match_id, second.match_id) == (games[1], games[2])
    assert analyses.claim(engine, now=T0, name="p1", auto=False) is None, "no spare capacity"
    assert not analyses.people_waiting(engine)
    third = analyses.claim(engine, now=T0, name="p1")
    assert third is not None and third.match_id == games[0] and third.auto
    assert analyses.status(engine, match_id=games[0]).state == "running"  # type: ignore[union-attr]


def test_a_person_asking_for_a_queued_automatic_analysis_makes_it_theirs(
    engine: Engine, finished: str, ann: str
) -> None:
    _, new = analyses.request(engine, match_id=finished, by=None, auto=True, now=T0)
    assert new
    progress, moved = analyses.request(engine, match_id=finished, by=ann, auto=False, now=T0)
    assert moved and not progress.auto and row(engine, finished).requested_by == ann


def test_progress_is_appended_and_the_document_stored_at_the_end(
    engine: Engine, finished: str, ann: str
) -> None:
    analyses.request(engine, match_id=finished, by=ann, auto=False, now=T0)
    job = analyses.claim(engine, now=T0, name="p1")
    assert job is not None and job.plies == [] and job.total == moves_of(engine, finished)
    for start in (0, 4):
        entries = [{"ply": ply} for ply in range(start + 1, start + 5)]
        assert analyses.save_progress(
            engine, analysis_id=job.id, runner=job.runner, entries=entries, now=T0
        )
    assert analyses.status(engine, match_id=finished).done == 8  # type: ignore[union-attr]
    assert [p["ply"] for p in row(engine, finished).plies] == list(range(1, 9))
    assert analyses.finish(
        engine, analysis_id=job.id, runner=job.runner, result={"format": 1}, now=T0
    )
    done = analyses.status(engine, match_id=finished)
    assert done is not None and done.state == "done" and done.result == {"format": 1}
    assert analyses.claim(engine, now=T0 + LEASE * 2, name="p2") is None
    _, new = analyses.request(engine, match_id=finished, by=ann, auto=False, now=T0)
    assert not new, "a game is analysed once per rules version"


def test_a_running_analysis_whose_lease_lapsed_is_resumed_by_another_process(
    engine: Engine, finished: str, ann: str
) -> None:
    analyses.request(engine, match_id=finished, by=ann, auto=False, now=T0)
    dead = analyses.claim(engine, now=T0, name="dead")
    assert dead is not None
    entries = [{"ply": 1}, {"ply": 2}]
    analyses.save_progress(engine, analysis_id=dead.id, runner=dead.runner, entries=entries, now=T0)
    assert analyses.claim(engine, now=T0 + LEASE / 2, name="other") is None, "still leased"
    later = T0 + LEASE * 2
    taken = analyses.claim(engine, now=later, name="other")
    assert taken is not None and taken.plies == entries, "resumed from the stored plies"
    lost = [{"ply": 3}]
    assert not analyses.save_progress(
        engine, analysis_id=dead.id, runner=dead.runner, entries=lost, now=later
    ), "the dead process's claim is gone: its writes change nothing"
    assert not analyses.finish(
        engine, analysis_id=dead.id, runner=dead.runner, result={}, now=later
    )
    assert analyses.renew(engine, analysis_id=taken.id, runner=taken.runner, now=later)
    assert row(engine, finished).done == 2


def test_an_analysis_that_keeps_dying_without_progress_is_failed(
    engine: Engine, finished: str, ann: str
) -> None:
    analyses.request(engine, match_id=finished, by=ann, auto=False, now=T0)
    when = T0
    for _ in range(MAX_STARTS):
        assert analyses.claim(engine, now=when, name="crashing") is not None
        when += LEASE * 2
    assert analyses.claim(engine, now=when, name="crashing") is None
    failed = analyses.status(engine, match_id=finished)
    assert (
        failed is not None
        and failed.state == "failed"
        and "without progress" in (failed.error or "")
    )


def test_a_failed_analysis_may_be_asked_again_and_resumes_from_its_plies(
    engine: Engine, finished: str, ann: str
) -> None:
    analyses.request(engine, match_id=finished, by=ann, auto=False, now=T0)
    job = analyses.claim(engine, now=T0, name="p1")
    assert job is not None
    analyses.save_progress(engine, analysis_id=job.id, runner=job.runner, entries=[{}], now=T0)
    assert analyses.fail(engine, analysis_id=job.id, runner=job.runner, error="boom", now=T0)
    failed = analyses.status(engine, match_id=finished)
    assert failed is not None and failed.state == "failed" and failed.error == "boom"
    _, auto_again = analyses.request(engine, match_id=finished, by=None, auto=True, now=T0)
    assert not auto_again, "a failure is not asked again automatically"
    progress, again = analyses.request(engine, match_id=finished, by=ann, auto=False, now=T0)
    assert again and progress.state == "queued" and progress.error is None
    resumed = analyses.claim(engine, now=T0, name="p1")
    assert resumed is not None and resumed.plies == [{}]


def test_a_released_analysis_is_queued_again_with_its_plies(
    engine: Engine, finished: str, ann: str
) -> None:
    analyses.request(engine, match_id=finished, by=ann, auto=False, now=T0)
    job = analyses.claim(engine, now=T0, name="p1")
    assert job is not None
    analyses.save_progress(engine, analysis_id=job.id, runner=job.runner, entries=[{}], now=T0)
    assert analyses.release(engine, analysis_id=job.id, runner=job.runner)
    assert analyses.status(engine, match_id=finished).state == "queued"  # type: ignore[union-attr]
    again = analyses.claim(engine, now=T0, name="p2")
    assert again is not None and again.plies == [{}]


def test_automatic_analysis_is_an_accounts_choice(engine: Engine, finished: str, ann: str) -> None:
    assert not analyses.auto_analysis(engine, user_id=ann)
    with pytest.raises(AnalysisRefused, match="not_an_account"):
        analyses.set_auto_analysis(engine, user_id=ann, on=True)
    assert not analyses.request_auto(engine, match_id=finished, now=T0), "a guest's game"
    create_account(engine, user_id=ann, username="ann", password_hash=None)
    analyses.set_auto_analysis(engine, user_id=ann, on=True)
    assert analyses.auto_analysis(engine, user_id=ann)
    assert analyses.request_auto(engine, match_id=finished, now=T0)
    assert not analyses.request_auto(engine, match_id=finished, now=T0), "once"
    progress = analyses.status(engine, match_id=finished)
    assert progress is not None and progress.auto
    analyses.set_auto_analysis(engine, user_id=ann, on=False)
    assert not analyses.auto_analysis(engine, user_id=ann)
    with session(engine) as s:
        assert s.get(User, ann).auto_analysis is False  # type: ignore[union-attr]


@pytest.mark.postgres
def test_processes_claiming_at_once_never_take_the_same_analysis(
    engine: Engine, start_match: StartMatch, play: Play, ann: str
) -> None:
    if engine.dialect.name != "postgresql":
        pytest.skip("the race is PostgreSQL's: SQLite serves one process")
    games = [start_match(seed=seed) for seed in range(1, 9)]
    for game in games:
        play(game, 500)
        analyses.request(engine, match_id=game, by=ann, auto=False, now=T0)
    taken: list[str] = []
    lock = threading.Lock()
    start = threading.Barrier(4)

    def take(name: str) -> None:
        start.wait()
        while (job := analyses.claim(engine, now=T0, name=name)) is not None:
            with lock:
                taken.append(job.match_id)

    threads = [threading.Thread(target=take, args=(f"p{n}",)) for n in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(taken) == sorted(games), "each analysis claimed once, none left"
