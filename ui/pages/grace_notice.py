"""At a real-time table, the players who left: "Ann left — 0:42 to come back", and once
that grace is over, a button for the other players to give the seat to a bot
(:mod:`ui.grace`). The countdown ticks in the browser (the seat clocks' script,
``ui/pages/seats.py``); the server judges the click."""

from __future__ import annotations

from nicegui import ui
from sqlalchemy.exc import SQLAlchemyError

from core.table import Table, TableError
from ui.attrs import attrs
from ui.grace import away, give_to_bot
from ui.i18n import Translator
from ui.live import LiveInfo
from ui.pages.errors import refusal
from ui.seat_names import seat_name
from ui.site import Site


class GraceNotice:
    """The notice of one table page, drawn again by :meth:`update` on each presence or
    seat change, and when the next grace ends."""

    def __init__(self, site: Site, t: Translator, table: Table, info: LiveInfo, uid: str) -> None:
        self.site, self.t, self.table, self.info, self.uid = site, t, table, info, uid
        self.box = ui.column().classes("w-full gap-1")
        self.looks: tuple[object, ...] | None = None  # what the notice shows, as last drawn
        self.update()

    def update(self) -> None:
        if self.box.is_deleted:
            return
        now = self.site.now()
        table = self.table
        mine = [n for n in table.seats_held_by(self.uid) if not table.seats[n].is_bot]
        shown = {
            seat: left for seat, left in away(table, self.info, now).items() if seat not in mine
        }
        # Drawn again only when who is away, or whose grace is over, changed: a move or a
        # spectator coming leaves the page as it is.
        since = {seat: self.info.left.get(table.seats[seat].holder) for seat in shown}
        looks = (tuple((seat, left > 0, since[seat]) for seat, left in shown.items()), bool(mine))
        if looks == self.looks:
            return
        self.looks = looks
        self.box.clear()  # and the timer in it
        waits = []
        with self.box:
            for seat, left in shown.items():
                name = seat_name(self.t, table.seats[seat].name)
                row = ui.row().classes("items-center gap-1 cs-warn px-2 rounded")
                with attrs(row, {"data-testid": f"grace-{seat}", "role": "status"}):
                    if left > 0:
                        waits.append(left)
                        ui.label(self.t("grace.left", name=name))
                        countdown = ui.label("").classes("cs-clock font-mono")
                        attrs(countdown, {"data-left": f"{left:.1f}", "data-running": "true"})
                        attrs(countdown, {"data-sent": f"{now:.3f}", "data-testid": "grace-time"})
                        ui.label(self.t("grace.to_come_back"))
                    else:
                        ui.label(self.t("grace.gone", name=name))
                        if mine:
                            button = ui.button(
                                self.t("grace.give", name=name),
                                on_click=lambda seat=seat: self._give(seat),
                            ).props("dense no-caps color=warning")
                            attrs(button, {"data-testid": f"grace-give-{seat}"})
            if waits:  # drawn again when the first grace shown runs out
                ui.timer(min(waits) + 0.25, self.update, once=True)

    async def _give(self, seat: int) -> None:
        try:
            await give_to_bot(self.table, self.info, seat, by=self.uid, now=self.site.now())
        except TableError as err:
            ui.notify(refusal(self.t, err), type="negative")
        except SQLAlchemyError:
            ui.notify(self.t("error.storage"), type="negative")
        self.update()
