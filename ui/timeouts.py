"""Time out the seats whose clock has run out (core/clock.py, docs/clocks.md).

Every :data:`INTERVAL` seconds the site looks at the clocks of the timed tables it holds
(in memory: no storage call), and every :data:`DUE_EVERY` looks it also asks storage for
the matches whose stored deadline has passed (an indexed query), so that a turn-based
game nobody has open, or one held by a process that died, is timed out all the same. A
seat out of time is given to the bot that plays on for one who resigns, noted as timed
out (a loss); where the table says so, the game then ends (``Site`` ends it like a game
every person resigned).

Several processes may find the same seat out of time at once: the seat change is stored
only where storage still holds the seat as it was (``SeatChange.before``), so one of them
stores it and the others hear ``seat_taken`` and follow storage. It fires once.
"""

from __future__ import annotations

import asyncio
import logging
from datetime import UTC, datetime

from nicegui import background_tasks

from core.table import TAKEOVER_BOT, Table, TableError
from storage.clocks import due_matches
from ui.seat_names import takeover_seat_name
from ui.site import Site

log = logging.getLogger(__name__)

INTERVAL = 0.5  # seconds between two looks at the clocks in memory
DUE_EVERY = 10  # looks between two questions to storage (every 5 s)


async def time_out(table: Table, seat: int) -> bool:
    """Give ``seat``, out of time, to its bot; whether this process stored it (False when
    its time is not up after all, or another process or timer did it first)."""
    name = takeover_seat_name(TAKEOVER_BOT, table.seats[seat].name)
    try:
        await table.time_out(seat, name=name)
    except TableError as err:
        if err.code not in ("time_left", "seat_taken", "game_over"):
            log.warning("could not time out seat %s of table %s: %s", seat, table.id, err)
        return False
    log.info("table %s: seat %s ran out of time; a bot plays it on", table.id, seat)
    return True


async def check(site: Site, *, ask_storage: bool) -> int:
    """One look: every seat out of time at a table held here is timed out, and with
    ``ask_storage`` those of the matches storage says are due; how many this process
    timed out."""
    tables = [t for t in site.tables.all() if t.clock is not None]
    if ask_storage:
        try:
            due = await site.gateway(due_matches, now=datetime.fromtimestamp(site.now(), UTC))
        except Exception as err:  # storage down: the clocks in memory still count
            log.warning("cannot ask storage for matches out of time: %s", err)
            due = []
        for match_id in due:
            if match_id in site.tables:
                continue
            try:
                tables.append(await site.table(match_id))
            except Exception:
                log.exception("could not load match %s to time it out", match_id)
    done = 0
    for table in tables:
        for seat in table.out_of_time():
            done += await time_out(table, seat)
    return done


async def watch(site: Site) -> None:
    """Look at the clocks for as long as the site runs."""
    looks = 0
    while not site.stopping:
        await asyncio.sleep(INTERVAL)
        try:
            await check(site, ask_storage=not looks % DUE_EVERY)
        except Exception:
            log.exception("the clocks could not be checked")
        looks += 1


def start(site: Site) -> None:
    background_tasks.create(watch(site), name="timeouts")
