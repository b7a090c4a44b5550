"""The Deluxe Camping table as a player sees it, drawn from one seat's view.

The board is one SVG picture (``svg.py``) and the side card of scores (``side.py``), one
element of markup each, redrawn per move, and a prompt line. Which squares and edges may be
clicked comes only from the engine's legal actions: a click either selects a piece (or the
first half of a 2x1 piece) or sends the one action it stands for.
"""

from __future__ import annotations

from typing import Any

from nicegui import ui

from core.games.camping.notation import PAIR_PHASES, is_step, split_place, split_step
from ui.boards.base import Board
from ui.boards.camping import texts
from ui.boards.camping.side import CARD, CARD_STYLE, side_card
from ui.boards.camping.svg import Clicks, board_svg
from ui.boards.frames import card_element

SQUARE_PHASES = ("token", "caravan")


class CampingBoard(Board):
    """One client's Deluxe Camping board. ``seat`` None shows a spectator's view."""

    def _build(self) -> None:
        t = self.t
        self.selected: str | None = None
        with ui.row().classes("w-full gap-4 items-start wrap") as self.root:
            with (
                ui.column()
                .classes("gap-2 grow items-stretch")
                .style("flex:1 1 420px;max-width:660px")
            ):
                self.turn = ui.label().classes("text-lg font-semibold")
                self.turn.props('data-testid="turn" aria-live="polite" role="status"').mark("turn")
                self.picture = ui.html("", sanitize=False).classes("w-full")
                self.picture.props('data-testid="camping-board"').mark("camping-board")
                self._clickable(self.picture)
                with ui.row().classes("gap-2 items-center"):
                    self.stop_button = self._button(t("camping.stop"), self._stop)
                    self.stop_button.props('color=primary data-testid="stop"').mark("stop")
                    self.clear_button = ui.button(t("camping.clear"), on_click=self._clear)
                    self.clear_button.props('flat data-testid="clear"')
                self.news = ui.label().classes("text-sm text-grey-8").props('data-testid="news"')
            self.side = card_element(CARD, CARD_STYLE)

    # ----------------------------------------------------------------- updates

    def _keep(self, view: dict[str, Any], legal: list[str]) -> None:
        if self.selected is not None and self.selected not in self._sources():
            self.selected = None

    def _draw(self) -> None:
        view = self.view
        clicks = self._clicks() if self.active() else Clicks()
        self.picture.set_content(board_svg(view, clicks, self.t, self.names))
        can_step = any(is_step(action) for action in self.legal)
        prompt = texts.prompt(self.t, self.names, view, self.my_turn(), self.selected, can_step)
        self.turn.set_text(prompt)
        self.news.set_text(texts.news(self.t, self.names, view))
        self.side.set_content(side_card(self.t, self.names, view, self.seat, self.marks))
        mine = self.my_turn()
        self.stop_button.visible = mine and "stop" in self.legal
        self.stop_button.set_enabled(not self.busy)
        self.clear_button.visible = mine and self.selected is not None

    # ----------------------------------------------------------------- clicks

    def _pairs(self) -> list[tuple[str, str, str]]:
        """(first square, second square, action) for each legal 2x1 placement, both ways."""
        out = []
        for action in self.legal:
            word, squares = split_place(action)
            if word in PAIR_PHASES:
                a, b = squares
                out += [(a, b, action), (b, a, action)]
        return out

    def _steps(self) -> list[tuple[str, str, str]]:
        return [(*split_step(a), a) for a in self.legal if is_step(a)]

    def _sources(self) -> set[str]:
        phase = self.view.get("phase")
        if phase in PAIR_PHASES:
            return {a for a, _, _ in self._pairs()}
        if phase == "move":
            return {a for a, _, _ in self._steps()}
        return set()

    def _clicks(self) -> Clicks:
        phase = self.view["phase"]
        clicks = Clicks(selected=self.selected)
        if phase in SQUARE_PHASES:
            clicks.squares = {split_place(a)[1][0]: f"act:{a}" for a in self.legal}
        elif phase == "fence":
            clicks.edges = {a: f"act:{a}" for a in self.legal}
        elif phase in PAIR_PHASES or phase == "move":
            moves = self._pairs() if phase in PAIR_PHASES else self._steps()
            if self.selected is None:
                clicks.squares = {a: f"sel:{a}" for a, _, _ in moves}
            else:
                clicks.squares = {b: f"act:{act}" for a, b, act in moves if a == self.selected}
                clicks.squares[self.selected] = f"sel:{self.selected}"
        return clicks

    async def _click(self, kind: str, value: str) -> None:
        if kind == "sel" and value in self._sources():
            self.selected = None if value == self.selected else value
            self._draw()
        elif kind == "act":
            await self.send(value)

    async def _stop(self) -> None:
        await self.send("stop")

    def _clear(self) -> None:
        self.selected = None
        self._draw()

    def _sent(self, action: str) -> None:
        self.selected = None

    # ------------------------------------------------------------------ words

    def action_text(self, action: str) -> str:
        return texts.action_text(self.t, action)

    # ------------------------------------------------------------------ result

    def result_details(self, view: dict[str, Any]) -> None:
        """Each player's regions at the end: squares, pool, ice creams, pest, points."""
        t = self.t
        rows = []
        for seat, name in enumerate(self.names):
            owned = [r for r in view["regions"] if r["owner"] == seat]
            rows.append(
                {
                    "seat": seat,
                    "name": name,
                    "regions": len(owned),
                    "squares": sum(r["size"] for r in owned),
                    "pool": "✓" if any(r["pool"] for r in owned) else "",
                    "ice": sum(r["icecreams"] for r in owned),
                    "pest": "✓" if any(r["pest"] for r in owned) else "",
                    "points": int(view["scores"][seat]),
                }
            )
        columns = [
            {"name": "name", "label": t("camping.col.player"), "field": "name", "align": "left"},
            {"name": "regions", "label": t("camping.col.regions"), "field": "regions"},
            {"name": "squares", "label": t("camping.col.squares"), "field": "squares"},
            {"name": "pool", "label": t("camping.col.pool"), "field": "pool"},
            {"name": "ice", "label": t("camping.col.ice"), "field": "ice"},
            {"name": "pest", "label": t("camping.col.pest"), "field": "pest"},
            {"name": "points", "label": t("camping.col.points"), "field": "points"},
        ]
        ui.table(columns=columns, rows=rows, row_key="seat").props(
            'dense flat data-testid="camping-breakdown"'
        ).classes("w-full")
