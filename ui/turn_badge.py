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
from typing import Protocol

from nicegui import background_tasks, ui

from ui.attrs import attrs
from ui.i18n import Translator

log = logging.getLogger(__name__)

REFRESH = 30.0  # seconds between two counts while a page stays open


class Turns(Protocol):
    """What the badge needs of the site (:class:`ui.site_turns.SiteTurns`)."""

    async def games_waiting(self, identity: str) -> Sequence[object]: ...

    def watch_turns(self, identity: str, callback: Callable[[], None]) -> Callable[[], None]: ...


_turns: list[Turns] = []  # the site, once ui/app.py has built it


def register(turns: Turns) -> None:
    _turns[:] = [turns]


class TurnBadge:
    """A count of the waiting games, shown on each link to them that :meth:`place` puts
    (the header's and the narrow screens' menu button), hidden while no game waits."""

    def __init__(self, t: Translator, identity: str) -> None:
        self.t, self.identity = t, identity
        self.badges: list[ui.badge] = []
        self.count: int | None = None
        if not _turns or not identity:
            return
        client = ui.context.client
        # Counted once the page is connected (again), then every REFRESH s. A timer that
        # starts at once would have the page sent before it is built; this one first waits.
        client.on_connect(self.soon)
        ui.timer(REFRESH, self.refresh, immediate=False)
        client.on_delete(_turns[0].watch_turns(identity, self.soon))

    def place(self, testid: str) -> None:
        """A badge here (inside a button), showing the count once it is known."""
        badge = ui.badge("").props("floating rounded color=red-7")
        attrs(badge, {"data-testid": testid})
        badge.set_visibility(False)
        self.badges.append(badge)

    def soon(self) -> None:
        background_tasks.create(self.refresh(), name="turn-badge")

    async def refresh(self) -> None:
        try:
            games = await _turns[0].games_waiting(self.identity)
        except Exception as err:  # storage away: the badge keeps its last count
            log.info("turn badge: could not count the waiting games: %s", err)
            return
        self.show(len(games))

    def show(self, count: int) -> None:
        if count == self.count or (self.count is None and count == 0):  # as drawn: hidden
            self.count = count
            return
        self.count = count
        for badge in self.badges:
            if badge.is_deleted:
                continue
            badge.set_text(str(count))
            attrs(badge, {"aria-label": self.t.plural("turns.badge", count)})
            badge.set_visibility(count > 0)
