"""The strip of seats above a table: who sits where, who is here, whose turn it is."""

from __future__ import annotations

from dataclasses import dataclass

from nicegui import ui

from core.table import BOT, INVITED, SeatInfo, Table
from ui.attrs import attrs
from ui.i18n import Translator
from ui.live import LiveInfo
from ui.seat_names import seat_name


@dataclass
class _Chip:
    box: ui.element
    dot: ui.element | None
    shown: bool | None = None  # present, as last set


class SeatStrip:
    """One chip per seat: its name (or that it is open or kept for the invited), a bot's
    mark, a dot when its player is connected, and a ring around the seats to move.

    The ring follows the ``data-movers`` attribute of the table's stage
    (``ui/pages/stage.py``; ``SEAT_TURN_CSS`` in ``ui/theme.py``), so a move changes
    nothing here.
    :meth:`update` patches presence in place; the chips are drawn afresh only when
    someone takes, leaves or gives up a seat.
    """

    def __init__(self, t: Translator, table: Table, info: LiveInfo, uid: str) -> None:
        self.t, self.table, self.info, self.uid = t, table, info, uid
        self.row = ui.row().classes("w-full gap-2 items-center").props('data-testid="seats"')
        self.drawn: list[SeatInfo] = []
        self.chips: list[_Chip] = []
        self.update()

    def update(self) -> None:
        if self.drawn != self.table.seats:
            self._draw()
        for seat, chip in zip(self.table.seats, self.chips, strict=True):
            present = bool(seat.holder) and self.info.is_present(seat.holder)
            self._patch(chip, present)

    def _patch(self, chip: _Chip, present: bool) -> None:
        """Set the presence when it changed, and only then: the looks follow the data
        attribute (the ``cs-seat`` rules in ``ui/theme.py``)."""
        if present == chip.shown:
            return
        chip.shown = present
        chip.box.props["data-present"] = str(present).lower()
        if chip.dot is not None:
            chip.dot.props["aria-label"] = self.t("seats.here" if present else "seats.away")

    def _draw(self) -> None:
        self.drawn = list(self.table.seats)
        self.row.clear()
        self.chips = []
        with self.row:
            for number, seat in enumerate(self.table.seats):
                self.chips.append(self._chip(number, seat))

    def _chip(self, number: int, seat: SeatInfo) -> _Chip:
        t = self.t
        box = ui.element("div").classes(
            "cs-seat row no-wrap items-center gap-1 px-3 py-1 rounded-full text-sm"
        )
        box.classes("cs-seat-empty" if seat.is_empty else "")
        attrs(
            box, {"data-testid": f"seat-{number}", "data-seat": str(number), "data-kind": seat.kind}
        )
        dot = None
        with box:
            if seat.is_empty:
                invited = seat.kind == INVITED
                ui.icon("mail" if invited else "event_seat").classes("text-base")
                ui.label(t("seats.invited" if invited else "seats.open", n=number + 1))
                return _Chip(box, None)
            if seat.kind == BOT:
                attrs(ui.icon("smart_toy").classes("text-base"), {"aria-label": t("seats.bot")})
            else:
                dot = ui.element("span").classes("cs-dot").props('role="img"')
            shown = seat_name(t, seat.name)
            name = ui.label(shown).classes("font-semibold ellipsis cs-seat-name")
            attrs(name, {"title": shown})
            if seat.holder == self.uid:
                ui.label(t("seats.you")).classes("text-xs opacity-70")
            ui.label(t("seats.to_move")).classes("text-xs font-semibold cs-turn")
        return _Chip(box, dot)
