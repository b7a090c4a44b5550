"""The strip of seats above a table: who sits where, who is here, whose turn it is."""

from __future__ import annotations

from dataclasses import dataclass

from nicegui import ui

from core.table import BOT, INVITED, SeatInfo, Table
from ui.i18n import Translator
from ui.site import LiveInfo


@dataclass
class _Chip:
    box: ui.element
    dot: ui.element | None
    turn: ui.label | None
    shown: tuple[bool, bool] | None = None  # (to move, present) as last set


class SeatStrip:
    """One chip per seat: its name (or that it is open or kept for the invited), a bot's
    mark, a dot when its player is connected, and a ring around the seats to move.

    :meth:`update` patches the chips in place (turn and presence change on every
    move); they are drawn afresh only when someone takes, leaves or gives up a seat.
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
        table = self.table
        playing = not table.waiting and not table.state.is_over()
        movers = table.state.to_move() if playing else set()
        for number, (seat, chip) in enumerate(zip(table.seats, self.chips, strict=True)):
            to_move = number in movers
            present = bool(seat.holder) and self.info.is_present(seat.holder)
            self._patch(chip, to_move, present)

    def _patch(self, chip: _Chip, to_move: bool, present: bool) -> None:
        """Set what changed, and only that: the looks follow the two data attributes (the
        ``cs-seat`` rules in ``ui/theme.py``), so a move costs a page one attribute a seat."""
        was_moving, was_present = chip.shown or (None, None)
        chip.shown = (to_move, present)
        if to_move != was_moving:
            chip.box.props["data-to-move"] = str(to_move).lower()
        if present != was_present:
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
            + (" cs-seat-empty" if seat.is_empty else "")
        )
        box.props(f'data-testid="seat-{number}" data-kind="{seat.kind}"')
        dot = turn = None
        with box:
            if seat.is_empty:
                invited = seat.kind == INVITED
                ui.icon("mail" if invited else "event_seat").classes("text-base")
                ui.label(t("seats.invited" if invited else "seats.open", n=number + 1))
                return _Chip(box, None, None)
            if seat.kind == BOT:
                ui.icon("smart_toy").classes("text-base").props(f'aria-label="{t("seats.bot")}"')
            else:
                dot = ui.element("span").classes("cs-dot").props('role="img"')
            ui.label(seat.name).classes("font-semibold ellipsis cs-seat-name")
            if seat.holder == self.uid:
                ui.label(t("seats.you")).classes("text-xs opacity-70")
            turn = ui.label(t("seats.to_move")).classes("text-xs font-semibold cs-turn")
        return _Chip(box, dot, turn)
