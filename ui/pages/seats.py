"""The strip of seats above a table: who sits where, who is here, whose turn it is."""

from __future__ import annotations

from nicegui import ui

from core.table import BOT, INVITED, Table
from ui.i18n import Translator
from ui.site import LiveInfo


def seat_strip(t: Translator, table: Table, info: LiveInfo, uid: str) -> None:
    """One chip per seat: its name (or that it is open or kept for the invited), a bot's
    mark, a dot when its player is connected, and a ring around the seats to move."""
    playing = not table.waiting and not table.state.is_over()
    movers = table.state.to_move() if playing else set()
    with ui.row().classes("w-full gap-2 items-center").props('data-testid="seats"'):
        for number, seat in enumerate(table.seats):
            to_move = number in movers
            present = bool(seat.holder) and info.is_present(seat.holder)
            classes = "cs-seat row items-center gap-1 px-3 py-1 rounded-full text-sm"
            if to_move:
                classes += " cs-seat-to-move"
            if seat.is_empty:
                classes += " cs-seat-empty"
            chip = ui.element("div").classes(classes)
            chip.props(
                f'data-testid="seat-{number}" data-to-move="{str(to_move).lower()}" '
                f'data-present="{str(present).lower()}" data-kind="{seat.kind}"'
            )
            with chip:
                if seat.is_empty:
                    key = "seats.invited" if seat.kind == INVITED else "seats.open"
                    ui.icon("mail" if seat.kind == INVITED else "event_seat").classes("text-base")
                    ui.label(t(key, n=number + 1))
                    continue
                if seat.kind == BOT:
                    ui.icon("smart_toy").classes("text-base").props(
                        f'aria-label="{t("seats.bot")}"'
                    )
                else:
                    dot = "cs-dot cs-dot-on" if present else "cs-dot"
                    state = t("seats.here") if present else t("seats.away")
                    ui.element("span").classes(dot).props(f'role="img" aria-label="{state}"')
                ui.label(seat.name).classes("font-semibold")
                if seat.holder == uid:
                    ui.label(t("seats.you")).classes("text-xs opacity-70")
                if to_move:
                    ui.label(t("seats.to_move")).classes("text-xs font-semibold")
