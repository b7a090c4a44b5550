"""The Feurio! table as a player sees it, drawn from one seat's view.

The forest is one SVG picture (``svg.py``) redrawn per move, beside the side card of
colours and scores (``side.py``), one element of markup redrawn with it. Clickable cells
come only from the engine's legal actions: a hottest cell to lay the drawn tile on, or a
tile a man may join.
"""

from __future__ import annotations

from typing import Any

from nicegui import ui

from core.games.feurio.notation import action_word, split_action
from ui.boards.base import Board
from ui.boards.feurio import texts
from ui.boards.feurio.side import CARD, CARD_STYLE, side_card
from ui.boards.feurio.svg import Clicks, forest_svg
from ui.boards.frames import card_element


class FeurioBoard(Board):
    """One client's Feurio! board. ``seat`` None shows a spectator's view."""

    def _build(self) -> None:
        t = self.t
        with ui.row().classes("w-full gap-4 items-start wrap") as self.root:
            with ui.column().classes("gap-2 items-stretch").style("flex:1 1 420px;max-width:720px"):
                self.turn = ui.label().classes("text-lg font-semibold")
                self.turn.props('data-testid="turn" aria-live="polite" role="status"').mark("turn")
                self.status = ui.label().classes("text-sm").props('data-testid="feurio-status"')
                self.picture = ui.html("", sanitize=False).classes("w-full")
                self.picture.props('data-testid="feurio-board"').mark("feurio-board")
                self._clickable(self.picture)
                with ui.row().classes("gap-2 items-center wrap"):
                    self.done_button = self._button(t("feurio.done"), lambda: self.send("done"))
                    self.done_button.props('color=primary data-testid="done"').mark("done")
                    self.pass_button = self._button(t("feurio.pass"), lambda: self.send("pass"))
                    self.pass_button.props('outline data-testid="pass"').mark("pass")
                    self.firebreak = ui.switch(t("feurio.firebreak_mode"), on_change=self._draw)
                    self.firebreak.props('data-testid="firebreak-mode"')
                    self.neutral = ui.switch(t("feurio.neutral_mode"), on_change=self._draw)
                    self.neutral.props('data-testid="neutral-mode"')
                self.news = ui.label().classes("text-sm text-grey-8").props('data-testid="news"')
            self.side = card_element(CARD, CARD_STYLE)

    # ----------------------------------------------------------------- updates

    def _draw(self) -> None:
        view, t = self.view, self.t
        if not view:
            return
        mine = self.my_turn()
        clicks = self._clicks() if self.active() else Clicks()
        self.picture.set_content(forest_svg(view, clicks, t))
        self.turn.set_text(texts.prompt(t, self.names, view, mine))
        self.status.set_text(texts.status(t, view))
        self.news.set_text(texts.news(t, self.names, view))
        self.side.set_content(side_card(t, self.names, view, self.seat, self.marks))
        kinds = {action_word(a) for a in self.legal}
        self.done_button.visible = mine and "done" in self.legal
        self.pass_button.visible = mine and "pass" in self.legal
        self.firebreak.visible = mine and "break" in kinds and "lay" in kinds
        self.neutral.visible = mine and "neutral" in kinds and "man" in kinds
        for button in (self.done_button, self.pass_button):
            button.set_enabled(not self.busy)

    # ----------------------------------------------------------------- clicks

    def _clicks(self) -> Clicks:
        kinds = {action_word(a) for a in self.legal}
        if self.view["phase"] == "lay":
            want = (
                "break"
                if (self.firebreak.value and "break" in kinds) or "lay" not in kinds
                else "lay"
            )
        else:
            want = (
                "neutral"
                if (self.neutral.value and "neutral" in kinds) or "man" not in kinds
                else "man"
            )
        room = {tile["cell"]: tile["room"] for tile in self.view["tiles"]}
        clicks = Clicks()
        for action in self.legal:
            word, cell = split_action(action)
            if word == want:
                clicks.cells[cell] = f"act:{action}"
                if word in ("man", "neutral") and room.get(cell):
                    clicks.badges[cell] = str(room[cell])
        return clicks

    # ------------------------------------------------------------------ words

    def action_text(self, action: str) -> str:
        word, cell = split_action(action)
        if word in ("lay", "break", "man", "neutral"):
            return self.t(f"feurio.act.{word}", cell=cell)
        return self.t(f"feurio.act.{word}") if word in ("pass", "done") else action

    def step_lines(self, view: dict[str, Any]) -> list[str]:
        """The steps of the view's last move (``steps``: the move, then those the game
        played by itself), a line each naming its player and colour."""
        return [self._step_line(step) for step in view.get("steps") or []]

    def _step_line(self, step: dict[str, Any]) -> str:
        t = self.t
        word, cell = split_action(step["action"])
        if word == "lay" and step.get("value") is not None:
            action = t("feurio.act.lay_value", value=step["value"], cell=cell)
        elif word == "done":
            action = t("feurio.act.end_turn")
        else:
            action = self.action_text(step["action"])
        return t(
            "feurio.step.auto" if step.get("auto") else "feurio.step",
            name=self.names[step["seat"]],
            colour=texts.colour_name(t, step["colour"]),
            action=action,
        )

    # ------------------------------------------------------------------ result

    def result_details(self, view: dict[str, Any]) -> None:
        """Each colour's zones at the end: tiles, sum, divisor and value."""
        t = self.t
        rows = []
        for colour, zones in enumerate(view["zones"]):
            info = view["colours"][colour]
            if info.get("neutral"):
                continue
            for index, zone in enumerate(zones):
                rows.append(
                    {
                        "id": f"{colour}-{index}",
                        "colour": f"{t(f'feurio.colour.{colour}')} · {self.names[info['seat']]}",
                        "tiles": len(zone["tiles"]),
                        "total": zone["total"],
                        "divisor": zone["divisor"] if zone["divisor"] else "—",
                        "value": zone["value"],
                    }
                )
        columns = [
            {"name": "colour", "label": t("feurio.col.colour"), "field": "colour", "align": "left"},
            {"name": "tiles", "label": t("feurio.col.tiles"), "field": "tiles"},
            {"name": "total", "label": t("feurio.col.total"), "field": "total"},
            {"name": "divisor", "label": t("feurio.col.divisor"), "field": "divisor"},
            {"name": "value", "label": t("feurio.col.value"), "field": "value"},
        ]
        ui.label(t("feurio.zones_title")).classes("text-base font-semibold")
        ui.table(columns=columns, rows=rows, row_key="id").props(
            'dense flat data-testid="feurio-zones"'
        ).classes("w-full")
        ui.label(
            t(
                "feurio.tiebreak",
                counts=", ".join(
                    f"{name} {n}" for name, n in zip(self.names, view["men_in_hand"], strict=False)
                ),
            )
        ).classes("text-xs text-grey-8")
