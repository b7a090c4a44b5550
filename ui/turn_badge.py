"""The header's "Your turn" count: how many games wait for this visitor to move.

The count is read from storage (every process's tables) once the page is up, again when
a table this process holds changes turn for the visitor (:meth:`ui.site.Site.watch_turns`)
and every :data:`REFRESH` seconds for the tables of other processes. A page does not
wait for it: the page is sent as built, and the badge appears once it is connected and the
count is known (a timer made while a page is built would have it sent before the rest).
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from typing import Any, Protocol

from nicegui import background_tasks, ui

from ui.i18n import Translator

log = logging.getLogger(__name__)

REFRESH = 30.0  # seconds between two counts while a page stays open


class Turns(Protocol):
    """What the badge needs of the site (:class:`ui.site_turns.SiteTurns`)."""

    async def games_waiting(self, identity: str) -> Sequence[object]: ...

    def watch_turns(self, identity: str, callback: Callable[[], None]) -> Callable[[], None]: ...


_turns: list[Turns] = []  # the site, once ui/app.py has built it


_badges: dict[str, TurnBadge] = {}  # by client id: each page's badge


def register(turns: Turns) -> None:
    _turns[:] = [turns]


def follow(follower: Callable[[Sequence[Any]], None]) -> None:
    """Have ``follower`` told the waiting games whenever this page's badge reads them."""
    badge = _badges.get(ui.context.client.id)
    if badge is not None:
        badge.followers.append(follower)


class TurnBadge:
    """The count of the waiting games for one page, told to ``show(count, said)`` (what a
    screen reader says of it) whenever it changes; the header shows it on its links to
    them (and hides it while no game waits)."""

    def __init__(self, t: Translator, identity: str, show: Callable[[int, str], None]) -> None:
        self.t, self.identity, self._show = t, identity, show
        self.count: int | None = None
        # Others on the page that read the same games (the table's Next game button):
        # one query and one timer a page serve them all.
        self.followers: list[Callable[[Sequence[Any]], None]] = []
        client = ui.context.client
        _badges[client.id] = self
        client.on_delete(lambda: _badges.pop(client.id, None))
        if not _turns or not identity:
            return
        # Counted once the page is connected (again), then every REFRESH s. A timer that
        # starts at once would have the page sent before it is built; this one first waits.
        client.on_connect(self.soon)
        ui.timer(REFRESH, self.refresh, immediate=False)
        client.on_delete(_turns[0].watch_turns(identity, self.soon))

    def soon(self) -> None:
        background_tasks.create(self.refresh(), name="turn-badge")

    async def refresh(self) -> None:
        try:
            games = await _turns[0].games_waiting(self.identity)
        except Exception as err:  # storage away: the badge keeps its last count
            log.info("turn badge: could not count the waiting games: %s", err)
            return
        self.show(len(games))
        for follower in self.followers:
            follower(games)

    def show(self, count: int) -> None:
        if count == self.count or (self.count is None and count == 0):  # as drawn: hidden
            self.count = count
            return
        self.count = count
        self._show(count, self.t.plural("turns.badge", count))
