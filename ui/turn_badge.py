"""The header's "Your turn" count: how many games wait for this visitor to move.

The count is read from storage (every process's tables) once the page is up, again when
a table this process holds changes turn for the visitor (:meth:`ui.site.Site.watch_turns`)
and every :data:`REFRESH` seconds for the tables of other processes. A page does not
wait for it: the page is sent as built, and the badge appears once it is connected and the
count is known.

The counts every :data:`REFRESH` seconds are one task of the process's (:func:`start`),
not a timer of every page's: it reads each visitor's games once for all the pages that
visitor has open, and a page keeps no timer element and no task of its own for it.
"""

from __future__ import annotations

import asyncio
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


def start() -> None:
    """Count every open page's waiting games every :data:`REFRESH` seconds, from now on."""
    background_tasks.create(_every_little_while(), name="turn-badges")


async def _every_little_while() -> None:
    while True:
        await asyncio.sleep(REFRESH)
        await refresh_all()


async def refresh_all() -> None:
    """Count the waiting games of every visitor with a connected page, once a visitor, and
    tell each of that visitor's pages."""
    pages: dict[str, list[TurnBadge]] = {}
    for badge in list(_badges.values()):
        if badge.identity and badge.client.has_socket_connection:
            pages.setdefault(badge.identity, []).append(badge)
    for identity, badges in pages.items():
        games = await _games_waiting(identity)
        if games is None:
            continue
        for badge in badges:
            if _badges.get(badge.client.id) is badge:  # its page is still open
                badge.tell(games)


async def _games_waiting(identity: str) -> Sequence[object] | None:
    """The games waiting for ``identity``, or None while storage cannot say."""
    if not _turns:
        return None
    try:
        return await _turns[0].games_waiting(identity)
    except Exception as err:  # storage away: the badges keep their last count
        log.info("turn badge: could not count the waiting games: %s", err)
        return None


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
        # one count serves them all.
        self.followers: list[Callable[[Sequence[Any]], None]] = []
        client = self.client = ui.context.client
        _badges[client.id] = self
        client.on_delete(lambda: _badges.pop(client.id, None))
        if not _turns or not identity:
            return
        # Counted once the page is connected (again), then every REFRESH s (refresh_all).
        client.on_connect(self.soon)
        client.on_delete(_turns[0].watch_turns(identity, self.soon))

    def soon(self) -> None:
        background_tasks.create(self.refresh(), name="turn-badge")

    async def refresh(self) -> None:
        games = await _games_waiting(self.identity)
        if games is not None:
            self.tell(games)

    def tell(self, games: Sequence[Any]) -> None:
        """Show the count of ``games`` and tell the page's followers which they are."""
        self.show(len(games))
        for follower in self.followers:
            follower(games)

    def show(self, count: int) -> None:
        if count == self.count or (self.count is None and count == 0):  # as drawn: hidden
            self.count = count
            return
        self.count = count
        self._show(count, self.t.plural("turns.badge", count))
