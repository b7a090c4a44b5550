"""The lobby: public tables waiting for players, and games being played, kept live."""

from __future__ import annotations

from fastapi import Request
from nicegui import ui

from core.games import GAMES
from core.table import OPEN, Table
from ui.attrs import attrs
from ui.i18n import Translator
from ui.layout import frame, heading, translator
from ui.seat_names import seat_names
from ui.site import Site


def register(site: Site) -> None:
    @ui.page("/lobby")
    def lobby_page(request: Request) -> None:
        t = translator(request)
        with frame(t, t("lobby.title")):
            with ui.row().classes("w-full items-center"):
                heading(t("lobby.title"))
                ui.space()
                ui.button(t("lobby.new"), on_click=lambda: ui.navigate.to("/")).props(
                    'color=primary no-caps data-testid="lobby-new"'
                )
            box = ui.column().classes("w-full gap-4")

            def show() -> None:
                box.clear()
                with box:
                    _tables(site, t)

            show()
            client = ui.context.client
            client.on_delete(site.on_lobby(show))


def _tables(site: Site, t: Translator) -> None:
    waiting, playing = site.lobby()
    ui.label(t("lobby.waiting")).classes("text-lg font-semibold")
    with ui.column().classes("w-full gap-2").props('data-testid="lobby-waiting"'):
        if not waiting:
            ui.label(t("lobby.none_waiting")).classes("text-sm opacity-70")
        for table in waiting:
            _row(t, table, t("lobby.join"), "lobby-join")
    ui.label(t("lobby.playing")).classes("text-lg font-semibold")
    with ui.column().classes("w-full gap-2").props('data-testid="lobby-playing"'):
        if not playing:
            ui.label(t("lobby.none_playing")).classes("text-sm opacity-70")
        for table in playing:
            _row(t, table, t("lobby.watch"), "lobby-watch")


def _row(t: Translator, table: Table, label: str, testid: str) -> None:
    taken = seat_names(t, [seat.name for seat in table.seats if not seat.is_empty])
    free = sum(seat.kind == OPEN for seat in table.seats)
    card = ui.card().classes("w-full").props('data-testid="lobby-table"')
    with attrs(card, {"data-table": table.id}).tight():
        with ui.row().classes("w-full items-center gap-3 p-3"):
            ui.label(GAMES[table.game].title).classes("font-bold")
            ui.label(", ".join(taken)).classes("text-sm")
            if free:
                ui.badge(t.plural("lobby.free", free)).props("color=amber-8")
            ui.space()
            go = ui.button(label, on_click=lambda: ui.navigate.to(f"/table/{table.id}"))
            attrs(go.props("no-caps outline"), {"data-testid": testid}).mark(testid)
