"""The Pueblo table as a player sees it, drawn from one seat's view.

A 2D top view (``top.py``) is where stones are placed: pick the stone (coloured
or neutral) and a pose among the legal ones, hover a square to see the stone's
ghost there, click to place. Beside it the 3D pueblo (``scene3d.py``) is updated
in place. Before the chief moves, each of his reachable squares shows what he
would see and the penalty each player would get — all of it from the view and
the legal actions; the board computes no rule. Its words (the turn line, the news, a move)
come from ``texts.py`` and its card of penalties, one element of markup, from ``side.py``;
the spectators' frame (``spectator.py``) shares both.
"""

from __future__ import annotations

from functools import partial
from typing import Any

from nicegui import ui

from core.games.pueblo import notation
from ui.attrs import attrs
from ui.boards.base import Board
from ui.boards.frames import card_element
from ui.boards.pueblo import texts
from ui.boards.pueblo.scene3d import PuebloScene
from ui.boards.pueblo.side import CARD, CARD_STYLE, penalties_card
from ui.boards.pueblo.top import COLOURS, Targets, pose_svg, square_xy, top_svg
from ui.i18n import Translator


def pose_text(t: Translator, pose: int | None, poses: list[int]) -> str:
    """The pose shown: its number as the notation writes it (``C3@d4`` is pose 3), and
    where it stands among the poses the stone may take now."""
    if pose is None or pose not in poses:
        return ""
    return t("pueblo.pose_n", pose=pose, n=poses.index(pose) + 1, total=len(poses))


class PuebloBoard(Board):
    """One client's Pueblo board. ``seat`` None shows a spectator's view."""

    def _build(self) -> None:
        t = self.t
        self.kind = "C"
        self.pose: int | None = None
        with ui.row().classes("w-full gap-4 items-start wrap") as self.root:
            with (
                ui.column()
                .classes("gap-2 items-stretch")
                .style("flex:1 1 300px;min-width:0;max-width:580px")
            ):
                self.turn = ui.label().classes("text-lg font-semibold")
                self.turn.props('data-testid="turn" aria-live="polite" role="status"').mark("turn")
                with ui.row().classes("items-center gap-3 wrap") as self.placing:
                    self.pose_picture = ui.html("", sanitize=False).props('data-testid="pose"')
                    with ui.column().classes("gap-1"):
                        self.kind_toggle = ui.toggle(
                            {"C": t("pueblo.coloured"), "N": t("pueblo.neutral")},
                            value="C",
                            on_change=lambda e: self._choose_kind(e.value),
                        ).props('data-testid="stone-kind" dense')
                        with ui.row().classes("items-center gap-2"):
                            self.rotate = ui.button(t("pueblo.rotate"), icon="rotate_right")
                            self.rotate.on_click(self._next_pose)
                            self.rotate.props('outline data-testid="rotate"').mark("rotate")
                            self.pose_label = (
                                ui.label().classes("text-sm").props('data-testid="pose-label"')
                            )
                self.picture = ui.html("", sanitize=False).classes("w-full")
                self.picture.props('data-testid="pueblo-top"').mark("pueblo-top")
                self._clickable(self.picture)
                # Under the top view, so that the view stays within the window.
                self.hint = ui.label(t("pueblo.hint_place")).classes("text-xs text-grey-8")
                self.choices = ui.row().classes("gap-2 wrap").props('data-testid="choices"')
                self.news = ui.label().classes("text-sm text-grey-8").props('data-testid="news"')
            with ui.column().classes("gap-3").style("flex:1 1 300px;min-width:0;max-width:600px"):
                self.scene = PuebloScene(t("pueblo.scene"))
                self.penalties = card_element(CARD, CARD_STYLE)
                self.preview = (
                    ui.column().classes("w-full gap-1").props('data-testid="chief-preview"')
                )

    # ----------------------------------------------------------------- updates

    def _keep(self, view: dict[str, Any], legal: list[str]) -> None:
        kinds = self._kinds()
        if kinds and self.kind not in kinds:
            self.kind = kinds[0]
        poses = self._poses()
        if poses and self.pose not in poses:
            self.pose = poses[0]

    def show(self, view: dict[str, Any], legal: list[str]) -> None:
        super().show(view, legal)
        self.scene.show(view)  # the 3D pueblo, moved in place

    def _draw(self) -> None:
        view, t = self.view, self.t
        mine = self.my_turn()
        targets = self._targets() if self.active() else Targets()
        self.picture.set_content(top_svg(view, targets, t))
        self.turn.set_text(texts.prompt(t, self.names, view, mine, self.kind))
        self.news.set_text(texts.news(t, self.names, view))
        placing = mine and view["phase"] == "place" and bool(self._poses())
        self.placing.visible = placing
        self.hint.visible = placing
        if placing:
            kinds = self._kinds()
            self.kind_toggle.visible = len(kinds) > 1
            self.kind_toggle.value = self.kind
            colour = view["colours"][view["current"]] if self.kind == "C" else "neutral"
            cells = view["poses"][self.pose]["cells"] if self.pose is not None else []
            self.pose_picture.set_content(pose_svg(cells, colour))
            poses = self._poses()
            self.pose_label.set_text(pose_text(t, self.pose, poses))
            self.rotate.set_enabled(len(poses) > 1 and not self.busy)
        self.penalties.set_content(penalties_card(t, self.names, view, self.seat, self.marks))
        self._draw_choices(mine)
        self._draw_preview(mine)

    # ----------------------------------------------------------------- placing

    def _placements(self) -> list[notation.Parsed]:
        return [p for p in map(notation.read, self.legal) if p is not None and p.word == "place"]

    def _kinds(self) -> list[str]:
        return sorted({p.letter for p in self._placements()})

    def _poses(self) -> list[int]:
        return sorted({p.number for p in self._placements() if p.letter == self.kind})

    def _choose_kind(self, kind: str) -> None:
        if kind in self._kinds() and kind != self.kind:
            self.kind = kind
            poses = self._poses()
            self.pose = poses[0] if poses else None
            self._draw()

    def _next_pose(self) -> None:
        poses = self._poses()
        if poses and self.pose in poses:
            self.pose = poses[(poses.index(self.pose) + 1) % len(poses)]
            self._draw()

    def _ghost(self, action: str) -> list[tuple[int, int, int]]:
        """The cubes a legal placement would add, from the view's pose table."""
        parsed = notation.read(action)
        assert parsed is not None
        pose = self.view["poses"][parsed.number]
        ax, ay = square_xy(parsed.anchor)
        (ux, uy, offset) = pose["underside"][0]
        base = self.view["heights"][ay + uy - 1][ax + ux - 1] - offset
        return [(ax + dx, ay + dy, base + dz + 1) for dx, dy, dz in pose["cells"]]

    def _targets(self) -> Targets:
        phase, view = self.view["phase"], self.view
        targets = Targets()
        if phase == "place" and self.pose is not None:
            colour = view["colours"][view["current"]] if self.kind == "C" else "neutral"
            targets.ghost_colour = COLOURS[colour]
            for p in self._placements():
                if p.letter == self.kind and p.number == self.pose:
                    action = notation.place(p.letter, p.number, p.anchor)
                    targets.anchors[p.anchor] = (f"act:{action}", self._ghost(action))
        else:
            index = {p["steps"]: p["index"] for p in view.get("preview") or []}
            for action in self.legal:
                parsed = notation.read(action)
                if parsed is None or parsed.word != phase:
                    continue
                if phase == "chief" and parsed.number in index:
                    targets.steps[index[parsed.number]] = f"act:{action}"
                elif phase == "sacred":
                    targets.sites[parsed.anchor] = f"act:{action}"
                elif phase == "remove":
                    targets.stones[parsed.number] = f"act:{action}"
        return targets

    # ----------------------------------------------------------------- other choices

    def _draw_choices(self, mine: bool) -> None:
        self.choices.clear()
        if not mine or self.view["phase"] not in ("auction", "card", "remove"):
            return
        with self.choices:
            for action in self.legal:
                button = self._button(self.action_text(action), partial(self.send, action))
                testid = f"choice-{action.replace(' ', '-')}"
                attrs(button.props("outline dense no-caps"), {"data-testid": testid})
                button.set_enabled(not self.busy)

    def _draw_preview(self, mine: bool) -> None:
        self.preview.clear()
        preview = self.view.get("preview") or []
        if self.view["phase"] != "chief" or not preview:
            return
        t = self.t
        with self.preview, ui.card().classes("w-full gap-1"):
            ui.label(t("pueblo.preview_title")).classes("text-base font-bold")
            for option in preview:
                with ui.row().classes("w-full items-center gap-2 no-wrap"):
                    action = notation.chief(option["steps"])
                    if mine and action in self.legal:
                        button = self._button(
                            str(option["steps"]), partial(self.send, action)
                        ).props("dense color=primary")
                        attrs(button, {"data-testid": f"chief-{option['steps']}"})
                        button.set_enabled(not self.busy)
                    ui.label(texts.preview_line(t, self.names, option)).classes("text-sm")

    # ------------------------------------------------------------------ words

    def action_text(self, action: str) -> str:
        return texts.action_text(self.t, action)

    # ------------------------------------------------------------------ result

    def result_details(self, view: dict[str, Any]) -> None:
        """The final lap square by square, and each player's total."""
        lap = view.get("final_lap")
        if not lap:
            return
        t = self.t
        ui.label(t("pueblo.final_lap")).classes("text-base font-semibold")
        path = {p["index"]: p for p in view["path"]}
        rows = []
        for step, square in enumerate(lap["squares"], start=1):
            spot = path[square["index"]]
            row = {"step": step, "looks": t(f"pueblo.looks.{spot['looks']}")}
            for seat, points in enumerate(square["penalties"]):
                row[f"s{seat}"] = points
            rows.append(row)
        columns = [
            {"name": "step", "label": "#", "field": "step", "align": "left"},
            {"name": "looks", "label": t("pueblo.col.looks"), "field": "looks", "align": "left"},
        ] + [{"name": f"s{s}", "label": n, "field": f"s{s}"} for s, n in enumerate(self.names)]
        ui.table(columns=columns, rows=rows, row_key="step").props(
            'dense flat virtual-scroll data-testid="final-lap"'
        ).classes("w-full").style("max-height:320px")
