"""The controls under a table's board: Undo and Resign while playing, the rematch after.

:class:`TableControls` holds them for :class:`ui.pages.table.TableView`, which builds the
row they sit in (``controls``) and redraws them when seats, positions or the rematch
change.
"""

from __future__ import annotations

from nicegui import ui
from nicegui.events import ClickEventArguments, ValueChangeEventArguments
from sqlalchemy.exc import SQLAlchemyError

from core.table import TAKEOVER_BOT, Table, TableError
from ui.attrs import attrs
from ui.i18n import Translator
from ui.live import LiveInfo
from ui.pages.errors import refusal
from ui.seat_names import takeover_seat_name
from ui.site import Site


class TableControls:
    """Undo, Resign and the rematch of one client's table page."""

    site: Site
    table: Table
    t: Translator
    uid: str
    info: LiveInfo
    controls: ui.row
    undo_box: ui.row | None
    undo_ply: int | None
    rematch_button: ui.button | None  # once the game is over: Play again, then go to it
    held: list[int]
    own_seat: int | None
    ply: int

    def _viewing(self) -> int | None:
        raise NotImplementedError

    def _rebuild(self) -> None:
        raise NotImplementedError

    def _show_controls(self) -> None:
        """Resign while playing; a rematch once the game is over.

        The controls are built again only when what they offer changes: a click (on
        Resign, its confirmation or the rematch) may be on its way to them while another
        player's move or seat change is heard, and the server drops a click whose element
        is gone."""
        table = self.table
        if table.ended and not table.waiting and self._relabel_rematch():
            return
        resigns = self.own_seat is not None and not table.seats[self.own_seat].is_bot
        offered = ("waiting",) if table.waiting else (table.ended, tuple(self.held), resigns)
        if offered == getattr(self, "controls_offer", None) and not table.ended:
            self._show_undo()
            return
        self.controls_offer: tuple[object, ...] | None = offered
        self.controls.clear()
        self.undo_box, self.undo_ply = None, None
        self.rematch_button = None
        with self.controls:
            if table.waiting:
                return
            if not table.ended:
                if self.held:
                    self.undo_box = ui.row().classes("items-center")
                    self._show_undo()
                if resigns:
                    ui.button(self.t("table.resign"), on_click=self._confirm_resign).props(
                        'outline no-caps color=negative data-testid="resign"'
                    ).mark("resign")
                return
            if self.info.rematch or self._was_player():
                self.rematch_button = ui.button(on_click=self._rematch).props(
                    "color=primary no-caps"
                )
                self._relabel_rematch()

    def _relabel_rematch(self) -> bool:
        """Say on the rematch button whether the rematch is open yet ("Play again", then
        "go to it"): the same button, so a click already on its way when the other player
        opened the rematch still reaches it, and goes there. False when there is none."""
        button = getattr(self, "rematch_button", None)
        if button is None or button.is_deleted:
            return False
        ready = bool(self.info.rematch)
        testid = "rematch-go" if ready else "rematch"
        button.set_text(self.t("table.rematch_ready" if ready else "table.rematch"))
        attrs(button, {"data-testid": testid}).mark(testid)
        return True

    def _was_player(self) -> bool:
        """Whether this visitor played here (a player who resigned did too)."""
        if self.held:
            return True
        try:
            return any(seat.holder == self.uid for seat in self.site.players_of(self.table))
        except SQLAlchemyError:
            return False

    def _confirm_resign(self, e: ClickEventArguments) -> None:
        """Ask before resigning. Resign stays disabled while its dialog is open, and the
        confirmation once clicked, so that a double click resigns once: the server drops
        clicks on a disabled button (a second resignation was refused from a dialog
        already removed, an error in a task that the player never saw)."""
        opener = e.sender
        assert isinstance(opener, ui.button)
        opener.disable()

        async def resign() -> None:
            if not yes.enabled:  # a click that was already on its way
                return
            yes.disable()
            dialog.close()
            seat = self.own_seat
            if seat is None:
                return
            name = takeover_seat_name(TAKEOVER_BOT, self.table.seats[seat].name)
            try:
                await self.table.resign(seat, by=self.uid, name=name)
            except TableError as err:
                with self.controls:  # the dialog may be gone: the controls are redrawn
                    ui.notify(refusal(self.t, err), type="negative")

        def closed(event: ValueChangeEventArguments) -> None:
            if not event.value and yes.enabled and not opener.is_deleted:
                opener.enable()  # kept playing

        with self.controls, ui.dialog().on_value_change(closed) as dialog, ui.card():
            ui.label(self.t("table.resign_confirm")).classes("text-base")
            with ui.row():
                yes = ui.button(self.t("table.resign_yes"), on_click=resign)
                yes.props('color=negative no-caps data-testid="resign-yes"').mark("resign-yes")
                ui.button(self.t("table.resign_no"), on_click=dialog.close).props(
                    'flat no-caps data-testid="resign-no"'
                )
        dialog.open()

    async def _rematch(self) -> None:
        """Open the rematch, or go to it once it is open (whoever opened it)."""
        try:
            follow = await self.site.rematch(self.table, by=self.uid)
        except TableError as err:
            ui.notify(refusal(self.t, err), type="negative")
            return
        ui.navigate.to(f"/table/{follow}")

    def _show_undo(self) -> None:
        """Offer Undo when the seat shown may take back its last step (the engine and the
        table decide). The button is built anew for each position and sends that
        position's ply, so the second click of a double click is refused as stale."""
        if self.undo_box is None:
            return
        seat = self._viewing()
        allowed = seat is not None and self.table.can_undo(seat, by=self.uid)
        ply = self.table.ply if allowed else None
        if ply == self.undo_ply:
            return
        self.undo_ply = ply
        self.undo_box.clear()
        if ply is None:
            return
        with self.undo_box:
            ui.button(self.t("table.undo"), icon="undo", on_click=lambda: self._undo(ply)).props(
                'outline no-caps data-testid="undo"'
            ).tooltip(self.t("table.undo_hint")).mark("undo")

    async def _undo(self, ply: int) -> None:
        seat = self._viewing()
        if seat is None:
            return
        try:
            await self.table.undo(seat, by=self.uid, expected_ply=ply)
        except TableError as err:
            ui.notify(refusal(self.t, err), type="negative")
            self.ply = self.table.ply
            self._rebuild()
