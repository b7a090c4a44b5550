"""A table's chat: plain text lines from its players, stored before they are shown.

Each page appends the lines it has not shown yet: a new line adds one element to every
viewer's page, never a redraw of the whole log.
"""

from __future__ import annotations

import logging

from nicegui import background_tasks, ui

from core.table import Table, TableError
from ui.gateway import StorageUnavailable
from ui.i18n import Translator
from ui.live import ChatLine
from ui.pages.errors import refusal
from ui.site import Site
from ui.site_chat import CHAT_KEPT, MAX_CHAT

log = logging.getLogger(__name__)


class ChatPanel:
    """The chat of one table as one client sees it; players may write, watchers read."""

    def __init__(self, site: Site, t: Translator, table: Table, uid: str) -> None:
        self.site, self.t, self.table, self.uid = site, t, table, uid
        self.last: ChatLine | None = None  # the newest line shown
        with ui.card().classes("w-full gap-2").props('data-testid="chat"'):
            ui.label(t("chat.title")).classes("text-sm font-semibold")
            self.lines = (
                ui.column()
                .classes("cs-chat w-full gap-0")
                .props('role="log" aria-live="polite" data-testid="chat-lines"')
            )
            with self.lines:
                self.empty = ui.label(t("chat.empty")).classes("text-xs text-grey-8")
            self.form = ui.row().classes("w-full items-center gap-2 no-wrap")
        background_tasks.create(self._load(), name=f"chat of {table.id}")
        self.show_form()

    async def _load(self) -> None:
        """The lines stored so far, read off the event loop."""
        try:
            await self.site.load_chat(self.table)
        except StorageUnavailable:
            log.warning("the chat of table %s could not be read", self.table.id)
            self.empty.set_text(self.t("error.storage_read"))
            return
        if not self.lines.is_deleted:
            self.show_lines()

    def show_lines(self) -> None:
        """Append the lines this page has not shown yet, dropping the oldest beyond
        :data:`CHAT_KEPT`."""
        lines = self.site.chat(self.table)
        new = self._unseen(lines)
        if not new:
            return
        self.empty.set_visibility(False)
        with self.lines:
            for line in new:
                # A label's text is set as text, never as HTML.
                ui.label(self.t("labelled", label=line.name, text=line.text)).classes(
                    "text-sm break-words"
                ).props('data-testid="chat-line"')
        self.last = new[-1]
        shown = [child for child in self.lines.default_slot.children if child is not self.empty]
        for old in shown[:-CHAT_KEPT]:
            self.lines.remove(old)

    def _unseen(self, lines: list[ChatLine]) -> list[ChatLine]:
        """The lines after the newest one shown (all of them the first time)."""
        if self.last is None:
            return list(lines)
        for index in range(len(lines) - 1, -1, -1):
            if lines[index] is self.last:
                return lines[index + 1 :]
        return list(lines[-CHAT_KEPT:])  # more lines came than are kept: the newest ones

    def show_form(self) -> None:
        """The box to write in when this visitor holds a seat."""
        self.form.clear()
        with self.form:
            if not self.table.seats_held_by(self.uid):
                ui.label(self.t("chat.players_only")).classes("text-xs text-grey-8")
                return
            box = (
                ui.input(placeholder=self.t("chat.placeholder"))
                .props('dense outlined data-testid="chat-input"')
                .classes("grow")
                .mark("chat-input")
            )
            box.props["maxlength"] = MAX_CHAT  # the browser stops typing at the cap

            async def send() -> None:
                text = box.value
                try:
                    await self.site.post_chat(self.table, by=self.uid, text=text)
                except TableError as err:
                    ui.notify(refusal(self.t, err), type="negative")
                    return
                box.value = ""

            box.on("keydown.enter", send)
            ui.button(self.t("chat.send"), on_click=send).props(
                'flat no-caps data-testid="chat-send"'
            ).mark("chat-send")
