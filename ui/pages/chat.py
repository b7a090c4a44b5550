"""A table's chat: plain text lines from its players, stored before they are shown."""

from __future__ import annotations

from nicegui import ui

from core.table import Table, TableError
from ui.i18n import Translator
from ui.pages.errors import refusal
from ui.site import MAX_CHAT, Site


class ChatPanel:
    """The chat of one table as one client sees it; players may write, watchers read."""

    def __init__(self, site: Site, t: Translator, table: Table, uid: str) -> None:
        self.site, self.t, self.table, self.uid = site, t, table, uid
        with ui.card().classes("w-full gap-2").props('data-testid="chat"'):
            ui.label(t("chat.title")).classes("text-sm font-semibold")
            self.lines = (
                ui.column()
                .classes("cs-chat w-full gap-0")
                .props('role="log" aria-live="polite" data-testid="chat-lines"')
            )
            self.form = ui.row().classes("w-full items-center gap-2 no-wrap")
        self.show_lines()
        self.show_form()

    def show_lines(self) -> None:
        self.lines.clear()
        with self.lines:
            lines = self.site.chat(self.table)
            if not lines:
                ui.label(self.t("chat.empty")).classes("text-xs text-grey-8")
            for line in lines:
                # A label's text is set as text, never as HTML.
                ui.label(f"{line.name}: {line.text}").classes("text-sm break-words").props(
                    'data-testid="chat-line"'
                )

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
            box.props["maxlength"] = MAX_CHAT

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
