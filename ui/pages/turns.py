"""The games waiting for you: the "Your turn" page, and the table's **Next game** button.

Both read :meth:`ui.site.Site.games_waiting` (storage: every process's tables), longest
wait first, and are drawn again when a table this process holds changes turn for the
visitor. **Next game** goes to the waiting game after the one on screen in that order,
round to the first, so that a player with several games goes through all of them.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from datetime import UTC, datetime

from fastapi import Request
from nicegui import background_tasks, ui

from core.games import GAMES
from ui import turn_badge
from ui.attrs import attrs
from ui.i18n import Translator
from ui.layout import frame, heading, translator, visitor_id
from ui.pages.lobby import waited
from ui.seat_names import seat_names
from ui.site import Site
from ui.site_turns import WaitingGame

log = logging.getLogger(__name__)

REFRESH = 60.0  # seconds between two redraws of the page, for the waits shown


def next_after(games: Sequence[WaitingGame], current: str) -> WaitingGame | None:
    """The waiting game after ``current`` in the page's order, round to the first; None
    when no other game waits."""
    ids = [game.match_id for game in games]
    if current in ids:
        here = ids.index(current)
        others = [*games[here + 1 :], *games[:here]]
    else:
        others = list(games)
    return others[0] if others else None


def register(site: Site) -> None:
    @ui.page("/turns")
    async def turns_page(request: Request) -> None:
        t = translator(request)
        uid = visitor_id()
        with frame(t, t("turns.title")):
            heading(t("turns.title"))
            box = ui.column().classes("w-full gap-2").props('data-testid="turns"')

            async def show() -> None:
                try:
                    games = await site.games_waiting(uid)
                except Exception as err:
                    log.info("turns: could not read the waiting games: %s", err)
                    if not box.is_deleted:
                        box.clear()
                        with box:
                            ui.label(t("error.storage_read")).props('role="alert"')
                    return
                if box.is_deleted:
                    return
                box.clear()
                with box:
                    _games(t, games, datetime.now(UTC))

            ui.timer(0.01, show, once=True)
            ui.timer(REFRESH, show)

            def soon() -> None:
                background_tasks.create(show(), name="turns")

            ui.context.client.on_delete(site.watch_turns(uid, soon))


def _games(t: Translator, games: Sequence[WaitingGame], now: datetime) -> None:
    if not games:
        ui.label(t("turns.none")).classes("opacity-70").props('data-testid="turns-none"')
        ui.link(t("lobby.title"), "/lobby")
        return
    ui.label(t.plural("turns.badge", len(games))).classes("text-sm opacity-70")
    for game in games:
        mine = set(game.seats)
        others = seat_names(t, [name for n, name in enumerate(game.names) if n not in mine])
        with (
            ui.card().classes("w-full").props('data-testid="turn-game"'),
            ui.row().classes("w-full items-center gap-3"),
        ):
            with ui.column().classes("gap-0"):
                title = GAMES[game.game].title if game.game in GAMES else game.game
                ui.label(title).classes("font-semibold")
                if others:
                    ui.label(t("turns.with", names=", ".join(others))).classes("text-sm")
                note = [waited(t, game.since, now, "turns.waited")]
                if game.deadline is not None:
                    note.append(t("turns.deadline", when=t.datetime(game.deadline)))
                ui.label(" · ".join(note)).classes("text-sm opacity-70")
            ui.space()
            play = ui.button(t("turns.play")).props("color=primary no-caps")  # a link: href
            attrs(play, {"href": f"/table/{game.match_id}", "data-testid": "turn-play"})


class NextGame:
    """The table page's **Next game** button: shown while another game waits for this
    visitor, it goes there."""

    def __init__(self, site: Site, t: Translator, uid: str, table_id: str) -> None:
        self.site, self.t, self.uid, self.table_id = site, t, uid, table_id
        self.target: str | None = None
        self.button = ui.button(t("table.next_game"), icon="skip_next", on_click=self.go)
        self.button.props('outline no-caps dense data-testid="next-game"')
        self.button.set_visibility(False)
        # Told the waiting games each time the header's count reads them (on connecting,
        # on a change of turn, every little while): no query or timer of its own.
        turn_badge.follow(self.show)

    def show(self, games: Sequence[WaitingGame]) -> None:
        following = next_after(games, self.table_id)
        self.target = None if following is None else following.match_id
        waiting = len([g for g in games if g.match_id != self.table_id])
        label = self.t.plural("table.next_game_of", waiting)
        if self.button.is_deleted or (not waiting and not self.button.visible):
            return  # as drawn: hidden (a spectator's page changes nothing)
        self.button.set_visibility(self.target is not None)
        if self.button.props.get("aria-label") != label:
            attrs(self.button, {"aria-label": label})

    def go(self) -> None:
        if self.target is not None:
            ui.navigate.to(f"/table/{self.target}")
