"""Whose turn it is: :class:`SiteTurns`, mixed into :class:`ui.site.Site`.

After every stored move or seat change of a table this process holds, the site tells
two kinds of listener: :meth:`SiteTurns.on_turn` listeners hear which people are now to
move there (the "your turn" mail), and each person's own pages (:meth:`watch_turns`:
the header's badge, the "your turn" page) hear that their waiting games may have
changed, whether they are now to move or have just moved. Which games wait is read from
storage (:func:`storage.turns.games_waiting`), so it covers tables of every process.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import TYPE_CHECKING, cast

from core.table import HOTSEAT, Table
from storage import turns
from storage.turns import WaitingGame

if TYPE_CHECKING:
    from ui.site import Site

log = logging.getLogger(__name__)

TurnListener = Callable[[Table, list[str]], None]


def people_to_move(table: Table) -> list[str]:
    """The people (user ids) whose seats are to move at ``table``, each once; none while
    it waits for players, once it is over, or at a hot-seat table (one screen)."""
    if table.waiting or table.ended:
        return []
    found: list[str] = []
    for seat in sorted(table.state.to_move()):
        info = table.seats[seat]
        if info.user_id is not None and info.kind != HOTSEAT and info.user_id not in found:
            found.append(info.user_id)
    return found


def turn_began(table: Table, user_id: str) -> int:
    """The ply since which ``user_id`` has been to move at ``table`` without acting (at a
    simultaneous step the other bidders' bids do not start a new turn for them)."""
    plies = [
        table.to_move_since(seat)
        for seat in sorted(table.state.to_move())
        if table.seats[seat].user_id == user_id
    ]
    return min(plies, default=table.ply)


class SiteTurns:
    """The site's turn listeners, and each person's pages that show their waiting games."""

    def _turns_init(self) -> None:
        self._turn_listeners: list[TurnListener] = []
        self._turn_watchers: dict[str, list[Callable[[], None]]] = {}

    @property
    def _me(self) -> Site:
        return cast("Site", self)

    def on_turn(self, listener: TurnListener) -> Callable[[], None]:
        """Call ``listener(table, user_ids)`` after each stored change of a table this
        process holds, with the people now to move there (called on the event loop: it
        must not wait; slow work goes to a background task)."""
        self._turn_listeners.append(listener)
        return lambda: (
            self._turn_listeners.remove(listener) if listener in self._turn_listeners else None
        )

    def watch_turns(self, identity: str, callback: Callable[[], None]) -> Callable[[], None]:
        """Call ``callback()`` when a table where ``identity`` holds a seat changed turn."""
        watchers = self._turn_watchers.setdefault(identity, [])
        watchers.append(callback)

        def stop() -> None:
            if callback in watchers:
                watchers.remove(callback)
            if not watchers and self._turn_watchers.get(identity) is watchers:
                del self._turn_watchers[identity]

        return stop

    def _turns_changed(self, table: Table) -> None:
        waiting = people_to_move(table)
        for listener in list(self._turn_listeners):
            try:
                listener(table, waiting)
            except Exception:
                log.exception("turn listener failed at table %s", table.id)
        for holder in {seat.holder for seat in table.seats if seat.user_id is not None}:
            for callback in list(self._turn_watchers.get(holder, ())):
                try:
                    callback()
                except Exception:
                    log.exception("turn watcher failed at table %s", table.id)

    async def games_waiting(self, identity: str) -> list[WaitingGame]:
        """The games waiting for ``identity`` to move, longest-waiting first (off the loop)."""
        if not identity:
            return []
        return await self._me.gateway(turns.games_waiting, user_id=identity)
