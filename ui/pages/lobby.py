"""The lobby: public tables waiting for players, and games being played, kept live."""

from __future__ import annotations

from datetime import UTC, datetime

from fastapi import Request
from nicegui import ui

from core.games import GAMES
from core.table import OPEN, Table
from ui.attrs import attrs
from ui.i18n import Translator
from ui.layout import frame, heading, translator
from ui.seat_names import seat_names
from ui.site import Site
from ui.unattended import present

AGE_REFRESH = 60.0  # seconds between two redraws of the lobby for the tables' waits


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
            ui.timer(AGE_REFRESH, show)  # the tables' waits move on


def _tables(site: Site, t: Translator) -> None:
    waiting, playing = site.lobby()
    ui.label(t("lobby.waiting")).classes("text-lg font-semibold")
    with ui.column().classes("w-full gap-2").props('data-testid="lobby-waiting"'):
        if not waiting:
            ui.label(t("lobby.none_waiting")).classes("text-sm opacity-70")
        now = datetime.now(UTC)
        for table in waiting:
            _row(t, table, t("lobby.join"), "lobby-join", about=_waiting_note(site, t, table, now))
    ui.label(t("lobby.playing")).classes("text-lg font-semibold")
    with ui.column().classes("w-full gap-2").props('data-testid="lobby-playing"'):
        if not playing:
            ui.label(t("lobby.none_playing")).classes("text-sm opacity-70")
        for table in playing:
            _row(t, table, t("lobby.watch"), "lobby-watch")


def waited(t: Translator, since: datetime, now: datetime, key: str = "lobby.waited") -> str:
    """How long a table has waited, in round words: minutes, then hours, then days (the
    words of ``key``: ``turns.waited`` says how long a turn has waited)."""
    minutes = max(0, int((now - since).total_seconds() // 60))
    if minutes < 1:
        return t(f"{key}.now")
    if minutes < 60:
        return t(f"{key}.minutes", n=minutes)
    if minutes < 48 * 60:
        return t(f"{key}.hours", n=minutes // 60)
    return t.plural(f"{key}.days", minutes // (24 * 60))


def _waiting_note(site: Site, t: Translator, table: Table, now: datetime) -> str:
    """ "waiting for 3 h · Ann present": how long the table has waited and who is at it."""
    info = site.info(table.id)
    names = seat_names(t, [table.seats[n].name for n in present(site, table)])
    here = t.plural("lobby.present", len(names), names=", ".join(names)) if names else ""
    parts = [waited(t, info.opened_at, now)] if info.opened_at else []
    parts.append(here or t("lobby.nobody"))
    return " · ".join(parts)


def _row(t: Translator, table: Table, label: str, testid: str, about: str = "") -> None:
    taken = seat_names(t, [seat.name for seat in table.seats if not seat.is_empty])
    free = sum(seat.kind == OPEN for seat in table.seats)
    card = ui.card().classes("w-full").props('data-testid="lobby-table"')
    with attrs(card, {"data-table": table.id}).tight():
        with ui.row().classes("w-full items-center gap-3 p-3"):
            ui.label(GAMES[table.game].title).classes("font-bold")
            ui.label(", ".join(taken)).classes("text-sm")
            if free:
                ui.badge(t.plural("lobby.free", free)).props("color=amber-8")
            if about:
                ui.label(about).classes("text-sm opacity-80").props('data-testid="lobby-about"')
            ui.space()
            # A link, not a round trip: a click still lands when the list is redrawn
            # meanwhile (someone arrives at a table), and it opens in a new tab at will.
            go = ui.button(label).props("no-caps outline")
            attrs(go, {"data-testid": testid, "href": f"/table/{table.id}"}).mark(testid)
