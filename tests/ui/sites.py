"""A live site on a fresh SQLite file, with Ann and Bea as guests, for tests that drive
:class:`ui.site.Site` without pages; and the table most of them play at."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from sqlalchemy.engine import Engine

from core.clock import Tempo
from core.table import GUEST, OPEN, SeatInfo, Table, TableSettings
from storage import repo
from storage.db import make_engine, migrate
from tests.ui import patience
from ui.site import Site

ANN, BEA = "a" * 32, "b" * 32
T0 = 1_800_000_000.0  # where a test site's fake time starts


class Time:
    """A site's time (``Site(now=...)``) that a test moves by hand: nothing sleeps."""

    def __init__(self) -> None:
        self.now = T0

    def __call__(self) -> float:
        return self.now


def guests_engine(tmp_path: Path) -> Engine:
    """A migrated SQLite database under ``tmp_path`` where Ann and Bea are guests."""
    engine = make_engine(f"sqlite:///{tmp_path / 'site.db'}")
    migrate(engine)
    for uid, name in ((ANN, "Ann"), (BEA, "Bea")):
        repo.ensure_guest(engine, user_id=uid, name=name)
    return engine


def new_site(tmp_path: Path) -> Site:
    """A site on :func:`guests_engine`, its bots playing without a pause."""
    return Site(guests_engine(tmp_path), bot_pause=0)


async def two_people(
    site: Site, *, chat: bool = True, open_seat: bool = False, tempo: Tempo | None = None
) -> Table:
    """A one-hand Caravan table hosted by Ann, against Bea (or an open seat), untimed
    unless ``tempo`` says otherwise."""
    seats = [
        SeatInfo(GUEST, ANN, "Ann"),
        SeatInfo.empty(OPEN) if open_seat else SeatInfo(GUEST, BEA, "Bea"),
    ]
    return await site.create_table(
        game="caravan",
        options={"hands": 1},
        seats=seats,
        user_ids=[s.user_id for s in seats],
        settings=TableSettings(host=ANN, chat=chat, tempo=tempo or Tempo.untimed()),
    )


async def until(condition: Callable[[], bool], deadline: float = 10.0) -> None:
    """Wait until ``condition()`` holds; fail after ``deadline`` seconds."""
    assert await patience.until(condition, deadline), "the condition did not come true in time"
