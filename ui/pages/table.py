"""The table page: one game being played, seen from the visitor's seat."""

from __future__ import annotations

from typing import Any

from fastapi import Request
from nicegui import ui
from sqlalchemy.exc import SQLAlchemyError

from core.games import GAMES
from core.table import Move, Table, TableError
from ui.boards import BOARDS
from ui.i18n import Translator
from ui.layout import frame, translator, visitor_id
from ui.pages.errors import refusal
from ui.pages.summary import hand_summary, match_result
from ui.site import Site


def register(site: Site) -> None:
    @ui.page("/table/{table_id}")
    def table_page(table_id: str, request: Request) -> None:
        t = translator(request)
        with frame(t, t("table.title")):
            try:
                table = site.table(table_id)
            except TableError:
                ui.label(t("table.not_found")).classes("text-xl").props('data-testid="error"')
                ui.link(t("back_home"), "/")
                return
            except SQLAlchemyError:
                ui.label(t("error.storage_read")).classes("text-xl").props('role="alert"')
                return
            TableView(site, table, t, visitor_id())


class TableView:
    """Keeps one client's board in step with a live table."""

    def __init__(self, site: Site, table: Table, t: Translator, uid: str) -> None:
        self.site, self.table, self.t, self.uid = site, table, t, uid
        held = table.seats_held_by(uid)
        self.hotseat = len(held) > 1
        self.own_seat = held[0] if len(held) == 1 else None  # None: hot seat or watching
        self.revealed: int | None = self.own_seat
        self.ply = table.ply
        self.names = [seat.name for seat in table.seats]
        self.seen_hands = len(table.view(None).get("history", []))
        self.result_shown = False
        with ui.row().classes("w-full items-center"):
            ui.label(GAMES[table.game].title).classes("text-2xl font-bold")
            if not held:
                ui.badge(self.t("table.watching")).props('color=grey-7 data-testid="watching"')
            ui.space()
            ui.link(self.t("table.rules"), f"/rules/{table.game}", new_tab=True).classes("text-sm")
        self.board_box = ui.column().classes("w-full").props('data-testid="board"')
        self.result_box = ui.column().classes("w-full")
        self.dialog = ui.dialog().props('data-testid="summary-dialog"')
        self._rebuild()
        unsubscribe = table.subscribe(self._on_move)
        ui.context.client.on_delete(unsubscribe)

    def _viewing(self) -> int | None:
        """Whose view this client shows. In hot seat: the seat to move when seats keep
        no secrets from each other; otherwise only a revealed seat that is to move."""
        if not self.hotseat:
            return self.revealed
        movers = self.table.state.to_move()
        if not BOARDS[self.table.game].private:
            held = [s for s in self.table.seats_held_by(self.uid) if s in movers]
            return held[0] if held else None
        return self.revealed if self.revealed in movers else None

    def _rebuild(self) -> None:
        """Draw the board from scratch: page load, re-sync, or a hot-seat hand-over."""
        self.board_box.clear()
        spec = BOARDS[self.table.game]
        self.shown = self._viewing()
        with self.board_box:
            self.board = spec.board(
                self.t,
                names=self.names,
                seat=self._viewing(),
                on_action=self.submit,
                thinking=self.site.info(self.table.id),
            )
        self._refresh()

    def _refresh(self) -> None:
        self.movers = set(self.table.state.to_move())  # of the position shown
        seat = self._viewing()
        view = self.table.view(seat)
        legal = self.table.legal_actions(seat) if seat is not None else []
        self.board.show(view, legal)
        self.board_box.props(f'data-ply="{self.table.ply}" data-phase="{view["phase"]}"')
        self._cover()
        self._summaries(view)

    def _cover(self) -> None:
        if not self.hotseat or self.table.state.is_over() or not BOARDS[self.table.game].private:
            self.board.set_cover(None)
            return
        movers = sorted(self.table.state.to_move())
        if self._viewing() is not None or not movers:
            self.board.set_cover(None)
            return
        name = self.names[movers[0]]
        self.board.set_cover(
            self.t("table.pass_device", name=name),
            self.t("table.show_hand", name=name),
            lambda seat=movers[0]: self._reveal(seat),
        )

    def _reveal(self, seat: int) -> None:
        self.revealed = seat
        self._rebuild()

    def _on_move(self, table: Table, move: Move) -> None:
        if self.hotseat and not BOARDS[table.game].private and self._viewing() != self.shown:
            self.ply = table.ply  # the board now plays for another seat of this screen
            self._rebuild()
            return
        if move.ply != self.ply + 1:
            self.ply = table.ply
            self._rebuild()
            return
        self.ply = move.ply
        self._refresh()

    async def submit(self, action: str) -> bool:
        seat = self._viewing()
        if seat is None:
            return False
        ply, movers = self.ply, self.movers  # the position this choice was made on
        expected = ply
        try:
            while True:
                try:
                    await self.table.submit(seat, action, by=self.uid, expected_ply=expected)
                    return True
                except TableError as err:
                    # Simultaneous moves (sealed bids): others moving meanwhile changed
                    # nothing this seat could choose from, so its choice stands. (Each of
                    # them moves once, so this ends.)
                    stale = err.code == "stale" and expected != self.table.ply
                    if not stale or not self._only_others_moved(ply, movers, seat, action):
                        raise
                    expected = self.table.ply
        except TableError as err:
            ui.notify(refusal(self.t, err), type="negative")
            if err.code in ("stale", "game_over"):
                self.ply = self.table.ply
                self._rebuild()
            return False

    def _only_others_moved(self, ply: int, movers: set[int], seat: int, action: str) -> bool:
        """Whether the position at ``ply`` had several seats to move at once (``movers``),
        ``seat`` among them, and since then only the others moved, leaving ``action`` legal."""
        since = self.table.record["actions"][ply:]
        return (
            len(movers) > 1
            and seat in movers
            and all(mover != seat and mover in movers for mover, _ in since)
            and seat in self.table.state.to_move()
            and action in self.table.legal_actions(seat)
        )

    def _summaries(self, view: dict[str, Any]) -> None:
        history = view.get("history", [])
        if view["phase"] == "over":
            if not self.result_shown:
                self.result_shown = True
                self.dialog.close()
                with self.result_box:
                    match_result(
                        self.t,
                        view,
                        self.names,
                        self.table.id,
                        self.own_seat,
                        details=getattr(self.board, "result_details", None),
                    )
            return
        if len(history) > self.seen_hands:
            self.seen_hands = len(history)
            self.dialog.clear()
            with self.dialog, ui.card().classes("min-w-[320px]"):
                hand_summary(self.t, history[-1], self.names)
                ui.button(self.t("table.continue"), on_click=self.dialog.close).props(
                    'color=primary data-testid="summary-close"'
                )
            self.dialog.open()
