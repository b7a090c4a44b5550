"""Disconnect grace at real-time tables: a player whose last page went has a while to
come back before the others may give their seat to a bot (docs/clocks.md).

The site notes when each seated person's last page of a table went (here or, with
several processes, on the others: :class:`ui.site_presence.SitePresence`) and forgets it
when a page of theirs comes back. Their clock runs on meanwhile. Once :func:`grace`
seconds have passed, any other player at the table may hand the seat to the takeover
bot (:meth:`core.table.Table.expel`): a loss for the one who left, as a resignation.
"""

from __future__ import annotations

import logging
import os

from core.clock import REALTIME
from core.table import TAKEOVER_BOT, Table, TableError
from ui.live import LiveInfo
from ui.seat_names import takeover_seat_name

log = logging.getLogger(__name__)

GRACE = 60.0  # seconds a player who left a real-time game has to come back


def grace() -> float:
    """``CARAVANSERAI_GRACE_SECONDS`` (a positive number; tests shorten it), else a minute."""
    raw = os.environ.get("CARAVANSERAI_GRACE_SECONDS", "")
    try:
        seconds = float(raw) if raw else GRACE
    except ValueError:
        log.warning("CARAVANSERAI_GRACE_SECONDS=%r is not a number: %s s", raw, GRACE)
        return GRACE
    return seconds if seconds > 0 else GRACE


def in_play(table: Table) -> bool:
    """Whether the table is a real-time game under way (the only ones with a grace)."""
    return table.tempo.kind == REALTIME and not table.waiting and not table.ended


def note_leavers(table: Table, info: LiveInfo, now: float) -> None:
    """After a presence change: note since when each seated person has had no page open
    (kept from an earlier note), and forget those who are back or no longer seated."""
    people = {seat.holder for seat in table.seats if seat.user_id is not None}
    for identity in list(info.left):
        if identity not in people or info.is_present(identity):
            del info.left[identity]
    for identity in people:
        if not info.is_present(identity):
            info.left.setdefault(identity, now)


def away(table: Table, info: LiveInfo, now: float) -> dict[int, float]:
    """The seats whose person left this real-time game, each with the seconds of grace
    they have left (0 or less: the others may give the seat away)."""
    if not in_play(table):
        return {}
    found = {}
    for number, seat in enumerate(table.seats):
        since = info.left.get(seat.holder) if seat.user_id is not None else None
        if since is not None and not info.is_present(seat.holder):
            found[number] = since + grace() - now
    return found


async def give_to_bot(table: Table, info: LiveInfo, seat: int, *, by: str, now: float) -> None:
    """``by`` gives the seat of a player who left, past their grace, to the takeover bot;
    :class:`TableError` ``still_here`` while that player is present or within their grace
    (the table itself checks the rest: ``by`` is another player, the game real-time)."""
    left = away(table, info, now).get(seat)
    if left is None or left > 0:
        raise TableError("still_here", "This player may still come back.")
    name = takeover_seat_name(TAKEOVER_BOT, table.seats[seat].name)
    await table.expel(seat, by=by, name=name)
    log.info("table %s: seat %s, gone for good, given to a bot", table.id, seat)
