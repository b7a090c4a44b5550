"""Close the tables nobody waits at.

A public table waiting for players stays in the lobby until its seats are taken or its
host cancels it; a host whose browser is long gone does neither. Every
:data:`INTERVAL` seconds the site looks for waiting tables at which no seated person has
had a page open for :func:`max_age` (``CARAVANSERAI_UNATTENDED_HOURS``, a day by
default), and closes each one as its host would cancel it: stored as cancelled (through
the gateway, off the event loop), gone from memory and the lobby, its open pages told.
"""

from __future__ import annotations

import logging
import os
from datetime import UTC, datetime, timedelta

from nicegui import app

from core.table import Table
from storage import repo
from ui.site import Site

log = logging.getLogger(__name__)

HOURS = 24.0  # default hours a waiting table may stay with nobody seated at it present
INTERVAL = 600.0  # seconds between two sweeps
EVENT = "unattended"  # what the table's pages hear


def max_age() -> timedelta:
    """``CARAVANSERAI_UNATTENDED_HOURS`` (a positive number of hours), else a day."""
    raw = os.environ.get("CARAVANSERAI_UNATTENDED_HOURS", "")
    try:
        hours = float(raw) if raw else HOURS
    except ValueError:
        log.warning("CARAVANSERAI_UNATTENDED_HOURS=%r is not a number: %s h", raw, HOURS)
        hours = HOURS
    return timedelta(hours=hours if hours > 0 else HOURS)


def present(site: Site, table: Table) -> list[int]:
    """The seats whose person has a page of the table open."""
    info = site.info(table.id)
    return [
        n
        for n, seat in enumerate(table.seats)
        if not seat.is_empty and not seat.is_bot and info.is_present(seat.holder)
    ]


def unattended(site: Site, now: datetime, age: timedelta) -> list[Table]:
    """Waiting tables with nobody seated present since ``now - age`` or longer."""
    found = []
    for table in site.tables.all():
        info = site.info(table.id)
        since = info.unattended_since()
        if not table.waiting or info.cancelled or since is None or present(site, table):
            continue
        if since <= now - age:
            found.append(table)
    return found


async def close_unattended(
    site: Site, *, now: datetime | None = None, age: timedelta | None = None
) -> int:
    """Close every table :func:`unattended` finds; how many were closed. A table that
    started, or that someone came back to, while its closing was being stored stays
    as it is in memory only if storage refused (it is no longer waiting there)."""
    now = now or datetime.now(UTC)
    closed = 0
    for table in unattended(site, now, age or max_age()):
        try:
            await site.gateway(repo.cancel_match, match_id=table.id)
        except ValueError:  # no longer waiting in storage: it started meanwhile
            continue
        except Exception:
            log.exception("could not close the unattended table %s", table.id)
            continue
        if table.id in site.tables:
            site.closed(table, EVENT)
            closed += 1
    if closed:
        log.info("closed %d table(s) nobody had been at for %s", closed, age or max_age())
    return closed


def start(site: Site) -> None:
    """Sweep every :data:`INTERVAL` seconds (call at start-up; the first sweep comes one
    interval after the start, so the pages open before a restart have reconnected)."""
    age = max_age()

    async def sweep() -> None:
        try:
            await close_unattended(site, age=age)
        except Exception:
            log.exception("closing unattended tables failed")

    app.timer(INTERVAL, sweep, immediate=False)
