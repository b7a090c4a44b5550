"""Close the untimed games nobody moves in any more (storage/abandoned.py, docs/clocks.md).

Every :data:`INTERVAL` seconds the site asks storage for the untimed games with a person
at them where nobody has moved for :func:`max_age` (``CARAVANSERAI_ABANDONED_DAYS``, 30 by
default), and closes each where it stands: the scores as they are, nobody ranked first
(nobody won), the result noted as abandoned, not rated. Their pages say so; their players
find them so in their history. Several processes may sweep together: the closing write
checks, locked, that the game is still playing and idle, so one closes it.
"""

from __future__ import annotations

import logging
import os
from datetime import UTC, datetime, timedelta
from typing import Any

from nicegui import app

from core.table import Table
from storage.abandoned import ABANDONED, close_abandoned, stale_matches
from ui.site import Site

log = logging.getLogger(__name__)

DAYS = 30.0  # default days without a move after which an untimed game is closed
INTERVAL = 3600.0  # seconds between two sweeps


def max_age() -> timedelta:
    """``CARAVANSERAI_ABANDONED_DAYS`` (a positive number of days), else 30 days."""
    raw = os.environ.get("CARAVANSERAI_ABANDONED_DAYS", "")
    try:
        days = float(raw) if raw else DAYS
    except ValueError:
        log.warning("CARAVANSERAI_ABANDONED_DAYS=%r is not a number: %s days", raw, DAYS)
        days = DAYS
    return timedelta(days=days if days > 0 else DAYS)


def abandoned_result(table: Table) -> dict[str, Any]:
    """An idle game's result: its scores as they stand, every seat sharing one rank (no
    winner, no loser), ended as abandoned."""
    return {
        "scores": table.state.scores(),
        "ranking": [1] * len(table.seats),
        "ended": ABANDONED,
    }


async def close_idle(
    site: Site, *, now: datetime | None = None, age: timedelta | None = None
) -> int:
    """Close every game :func:`storage.abandoned.stale_matches` finds; how many this
    process closed."""
    before = (now or datetime.now(UTC)) - (age or max_age())
    closed = 0
    for match_id in await site.gateway(stale_matches, before=before):
        try:
            table = await site.table(match_id)
        except Exception:
            log.exception("could not load the idle match %s to close it", match_id)
            continue
        if table.ended:
            continue
        result = abandoned_result(table)
        try:
            await site.gateway(close_abandoned, match_id=match_id, result=result, before=before)
        except ValueError:  # it moved meanwhile, or another process closed it
            continue
        table.record["result"] = result
        await site.publish(table.id, "ended")
        site.ended_elsewhere(table)
        closed += 1
    if closed:
        log.info("closed %d game(s) nobody had moved in for %s", closed, age or max_age())
    return closed


def start(site: Site) -> None:
    """Sweep every :data:`INTERVAL` seconds (the first an interval after the start)."""
    age = max_age()

    async def sweep() -> None:
        try:
            await close_idle(site, age=age)
        except Exception:
            log.exception("closing abandoned games failed")

    app.timer(INTERVAL, sweep, immediate=False)
