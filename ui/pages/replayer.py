"""The replay of one finished record, shared by stored matches and imported files.

Positions come from :func:`core.record.replay`; the page never applies a rule. Every
seat's view may be shown, since the record is finished (the callers refuse others).
"""

from __future__ import annotations

from typing import Any

from nicegui import ui

from core.games import GAMES
from core.record import dumps, replay, resigned_seats, scores_by_ply, standing, views_by_ply
from ui.attrs import attrs
from ui.boards import BOARDS
from ui.i18n import Translator
from ui.layout import heading
from ui.pages.analysis_panel import AnalysisPanel, AnalysisSource
from ui.pages.move_box import shown
from ui.pages.score_chart import marker, score_race_options
from ui.seat_names import seat_name, seat_names

SPECTATOR = -1  # the view toggle's value for the spectator's view
# Bring the current move into the middle of the move list without scrolling the page.
SCROLL_TO_ITEM = """const item = getHtmlElement(ID), list = item && item.parentElement;
if (list) { list.scrollTop = item.offsetTop - list.clientHeight / 2; }"""


class Replayer:
    """Step through a finished record: board, moves, scores and the score race.

    ``seat`` is the view shown first (None: the spectator's). With ``download_name``
    the page offers the record as a JSON file of that name. With ``analysis`` the page
    shows the record's analysis (``ui/pages/analysis_panel.py``), or offers to ask for it.
    """

    def __init__(
        self,
        t: Translator,
        record: dict[str, Any],
        *,
        seat: int | None,
        download_name: str | None = None,
        analysis: AnalysisSource | None = None,
    ) -> None:
        self.t, self.record = t, record
        self.panel = AnalysisPanel(self, analysis) if analysis is not None else None
        self.actions: list[list[Any]] = record["actions"]
        self.names: list[str] = seat_names(t, record["seats"])
        self.race = scores_by_ply(record)
        self.seat = seat
        self.ply = len(self.actions)
        final = replay(record)
        self.lower_is_better = bool(final.view(None).get("lower_is_better"))
        # The players' ranking: one who resigned lost, whatever the bot in their seat did.
        ranking = standing(final.ranking(), resigned_seats(record.get("resigned")))
        self._heading(ranking, download_name)
        self._controls()
        with ui.row().classes("w-full items-start gap-4 no-wrap max-md:flex-wrap"):
            self.box = ui.column().classes("grow min-w-0")
            self._make_board()
            with ui.column().classes("w-full md:w-80 gap-2 shrink-0"):
                self._scores()
                self._move_list()
        if self.panel is not None:
            self.panel.section()
        self.chart = ui.echart(
            score_race_options(
                t, self.names, self.race, lower_is_better=self.lower_is_better, ply=self.ply
            )
        ).classes("w-full h-72")
        self.chart.props('data-testid="replay-chart"').mark("replay-chart")
        self.go(self.ply, redraw=True)
        if self.panel is not None:
            self.panel.start()

    # ------------------------------------------------------------------ layout

    def _heading(self, ranking: list[int], download_name: str | None) -> None:
        t = self.t
        title = GAMES[self.record["game"]].title
        with ui.row().classes("w-full items-center gap-3 wrap"):
            heading(t("replay.heading", game=title))
            ui.space()
            if download_name is not None:
                ui.button(
                    t("replay.download"),
                    icon="download",
                    on_click=lambda: self.download(download_name),
                ).props('outline no-caps data-testid="replay-download"').mark("replay-download")
                if self.panel is not None:
                    self.panel.download_choice()
        winners = [self.names[s] for s, rank in enumerate(ranking) if rank == 1]
        if (self.record.get("result") or {}).get("ended") == "abandoned":  # nobody won
            said = t("replay.abandoned", names=" · ".join(self.names))
        else:
            said = t("replay.players", names=" · ".join(self.names), winners=", ".join(winners))
        ui.label(said).classes("text-sm").props('data-testid="replay-players"')
        for note in resignations(self.record):
            bot = t(f"bot.{note['bot']}") if t.has(f"bot.{note['bot']}") else note["bot"]
            by = seat_name(t, note["by"])
            said = (
                "replay.timed_out"
                if note["timed_out"]
                else "replay.left"
                if note["left"]
                else "replay.resigned"
            )
            ui.label(t(said, name=by, ply=note["ply"], bot=bot)).classes("text-sm cs-warn").props(
                'data-testid="replay-resigned"'
            ).mark("replay-resigned")

    def _controls(self) -> None:
        t = self.t
        with ui.row().classes("w-full items-center gap-2 wrap"):
            # The steps stay on one line; the choice of view goes under them on a phone.
            with ui.row().classes("items-center gap-1 no-wrap"):
                for icon, testid, label, step in (
                    ("first_page", "replay-first", "replay.first", lambda: 0),
                    ("chevron_left", "replay-back", "replay.back", lambda: self.ply - 1),
                ):
                    button = ui.button(icon=icon, on_click=lambda s=step: self.go(s()))
                    named = {"data-testid": testid, "aria-label": t(label)}
                    attrs(button.props("flat round"), named).mark(testid)
                self.position = ui.label().classes("text-base min-w-[8.5rem] text-center")
                self.position.props('data-testid="replay-ply" aria-live="polite"').mark(
                    "replay-ply"
                )
                for icon, testid, label, step in (
                    ("chevron_right", "replay-forward", "replay.forward", lambda: self.ply + 1),
                    ("last_page", "replay-last", "replay.last", lambda: len(self.actions)),
                ):
                    button = ui.button(icon=icon, on_click=lambda s=step: self.go(s()))
                    named = {"data-testid": testid, "aria-label": t(label)}
                    attrs(button.props("flat round"), named).mark(testid)
            ui.space()
            with ui.row().classes("items-center gap-2"):
                ui.label(t("replay.view")).classes("text-sm")
                choices = {SPECTATOR: t("replay.spectator")}
                choices.update(enumerate(self.names))
                self.view_toggle = ui.toggle(
                    choices,
                    value=SPECTATOR if self.seat is None else self.seat,
                    on_change=lambda e: self.set_seat(None if e.value == SPECTATOR else e.value),
                )
                self.view_toggle.props('no-caps data-testid="replay-seat"').mark("replay-seat")
        self.slider = ui.slider(
            min=0,
            max=max(len(self.actions), 1),
            value=self.ply,
            on_change=lambda e: self.go(e.value),
        )
        self.slider.props('label data-testid="replay-slider"')
        attrs(self.slider, {"aria-label": t("replay.jump")})
        self.slider.mark("replay-slider").classes("px-4")  # room for the label at either end
        self.move_text = ui.label().classes("text-sm").props('data-testid="replay-move"')
        self.move_text.mark("replay-move")
        if self.panel is not None:
            self.panel.better_line()

    def _scores(self) -> None:
        self.scores_title = ui.label().classes("text-sm font-semibold")
        self.scores_title.props('data-testid="replay-scores-title"')
        self.score_labels: list[ui.label] = []
        with ui.grid(columns=2).classes("gap-x-4 gap-y-0").props('data-testid="replay-scores"'):
            for seat, name in enumerate(self.names):
                ui.label(name).classes("text-sm")
                label = ui.label().classes("text-sm font-bold text-right")
                attrs(label, {"data-testid": f"replay-score-{seat}"}).mark(f"replay-score-{seat}")
                self.score_labels.append(label)

    def _move_list(self) -> None:
        t = self.t
        ui.label(t("replay.moves")).classes("text-sm font-semibold")
        notes: dict[int, list[str]] = {}
        for note in resignations(self.record):
            notes.setdefault(note["ply"], []).append(note["by"])
        self.steps = self._steps()
        self.items: list[ui.item] = []
        with (
            ui.list()
            .props('dense bordered separator data-testid="replay-moves"')
            .classes("w-full max-h-96 overflow-auto rounded relative")
        ):
            self.items.append(self._item(0, t("replay.start"), self.steps[0]))
            for ply in range(1, len(self.actions) + 1):
                for name in notes.get(ply - 1, []):
                    ui.label(t("replay.took_over", name=name)).classes("text-xs cs-warn px-4 py-1")
                text, *more = self.steps[ply]
                # The move as the move box reads it, beside it in words.
                typed = shown(self.record["game"], t.lang, self.actions[ply - 1][1])
                line = t("replay.step_line", n=ply, step=text)
                self.items.append(self._item(ply, line, more, typed))

    def _steps(self) -> list[list[str]]:
        """What each move did, as lines: entry 0 the steps the game played by itself
        before the first move, entry ``ply`` that move and the steps the game played by
        itself after it. The lines come from the board (``step_lines``, of the view after
        the move) where the game has such steps; otherwise one line per move."""
        step_lines = getattr(self.board, "step_lines", None)
        if step_lines is None:
            words = self.board.action_text  # the same in every seat's board
            return [[]] + [
                [self.t("replay.move", name=self.names[seat], action=words(action))]
                for seat, action in self.actions
            ]
        lines: list[list[str]] = [step_lines(view) for view in views_by_ply(self.record)]
        for ply, (seat, action) in enumerate(self.actions, start=1):
            if not lines[ply]:  # a step the board cannot tell: the move as it was written
                lines[ply] = [self.t("replay.move", name=self.names[seat], action=action)]
        return lines

    def _item(self, ply: int, text: str, more: list[str], typed: str | None = None) -> ui.item:
        with ui.item(on_click=lambda: self.go(ply)).classes("text-sm") as item:
            with ui.item_section():
                ui.item_label(text)
                for line in more:  # steps the game played by itself, after this one
                    ui.item_label(line).props("caption")
            if typed is not None:
                # Not a Quasar "side" section: its grey is too faint on the list's colours.
                with ui.element("div").classes("self-start pl-2"):
                    code = ui.label(typed).classes("font-mono text-xs whitespace-nowrap")
                    said = {"title": self.t("replay.typed", move=typed)}
                    attrs(code, {**said, "data-testid": f"replay-typed-{ply}"})
                    code.mark(f"replay-typed-{ply}")
        attrs(item, {"data-testid": f"replay-move-{ply}"}).mark(f"replay-move-{ply}")
        return item

    def _make_board(self) -> None:
        self.box.clear()
        with self.box:
            self.board = BOARDS[self.record["game"]].board(
                self.t, names=self.names, seat=self.seat, on_action=None
            )

    # ----------------------------------------------------------------- actions

    def set_seat(self, seat: int | None) -> None:
        """Show the game from another seat (None: as a spectator)."""
        if seat is not None and not 0 <= seat < len(self.names):
            return
        self.seat = seat
        self._make_board()
        self.go(self.ply, redraw=True)

    def go(self, ply: Any, *, redraw: bool = False) -> None:
        """Show the position after ``ply`` moves (clamped to the game)."""
        try:
            target = max(0, min(len(self.actions), int(ply)))
        except (TypeError, ValueError):
            return
        if target == self.ply and not redraw:
            return
        previous, self.ply = self.ply, target
        self.board.show(replay(self.record, upto=target).view(self.seat), [])
        self.position.set_text(self.t("replay.position", ply=target, total=len(self.actions)))
        if self.slider.value != target:
            self.slider.set_value(target)
        self._show_move(target)
        self._show_scores(target)
        self.items[previous].classes(remove="cs-now").props(remove="aria-current")
        self.items[target].classes(add="cs-now").props('aria-current="step"')
        ui.run_javascript(SCROLL_TO_ITEM.replace("ID", str(self.items[target].id)))
        self.chart.options["series"][0]["markLine"] = marker(self.t, target)
        self.chart.update()
        if self.panel is not None:
            self.panel.follow(target)

    def _show_move(self, ply: int) -> None:
        if not ply:
            start = [self.t("replay.start"), *self.steps[0]]
            self.move_text.set_text(self.t("replay.then").join(start))
            return
        self.move_text.set_text(self.t("replay.then").join(self.steps[ply]))

    def _show_scores(self, ply: int) -> None:
        t = self.t
        lower = self.lower_is_better
        title = t("replay.scores_lower", ply=ply) if lower else t("replay.scores", ply=ply)
        self.scores_title.set_text(title)
        for label, score in zip(self.score_labels, self.race[ply], strict=True):
            label.set_text(_number(score))

    def download(self, filename: str) -> None:
        """The record as a JSON file, byte for byte what ``/api/matches/<id>`` serves (with
        ``?analysis=1`` when the analysis is included)."""
        record = self.record
        analysis = self.panel.included() if self.panel is not None else None
        if analysis is not None:
            record = {**record, "analysis": analysis}
        ui.download.content(dumps(record).encode("utf-8"), filename, "application/json")


def resignations(record: dict[str, Any]) -> list[dict[str, Any]]:
    """The record's well-formed ``resigned`` notes: seat, ply, the resigner's name, the bot."""
    notes = record.get("resigned")
    if not isinstance(notes, list):
        return []
    return [
        {
            "seat": note["seat"],
            "ply": note["ply"],
            "by": str(note.get("by") or record["seats"][note["seat"]]),
            "bot": str(note.get("bot") or "").removeprefix("bot:"),
            "timed_out": note.get("timed_out") is True,
            "left": note.get("left") is True,
        }
        for note in notes
        if isinstance(note, dict)
        and isinstance(note.get("seat"), int)
        and 0 <= note["seat"] < len(record["seats"])
        and isinstance(note.get("ply"), int)
        and 0 <= note["ply"] <= len(record["actions"])
    ]


def _number(score: float) -> str:
    return str(int(score)) if float(score).is_integer() else f"{score:.1f}"
