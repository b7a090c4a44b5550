"""The screenshots' content (scripts/seed.py) is stored through the site's own repository
functions: it must keep up with them, and its analysed replay must be complete."""

from __future__ import annotations

from pathlib import Path

from sqlmodel import select

from core.analysis import check_analysis
from scripts.seed import ANALYSED, FINISHED, LIVE, WAITING, seed
from storage import analyses, repo
from storage.db import make_engine, session
from storage.models import Match


def test_the_screenshots_content_is_stored_with_one_replay_analysed(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path}/seed.db"
    seed(url)
    engine = make_engine(url)
    with session(engine) as s:
        stored = {match.id for match in s.exec(select(Match)).all()}
    assert stored == {g.id for g in (*FINISHED, *LIVE)} | {WAITING}
    record = repo.load_record(engine, match_id=ANALYSED)
    progress = analyses.status(engine, match_id=ANALYSED)
    assert record is not None and progress is not None
    assert progress.state == "done"
    assert progress.result is not None
    assert len(progress.result["plies"]) == len(record["actions"])
    check_analysis(record, progress.result)  # of those very moves, well formed
    engine.dispose()
