"""The analysis on a replay: the button that asks for it, its progress, then the evaluation
graph, each move's label, what the bot would have played and each player's accuracy.

A stored match's analysis comes from the site (``site.analysis_of``, polled every second
while it runs, so the page stays usable and the result appears without a reload); an
imported record's comes from its file, checked by :func:`core.analysis.check_analysis`
before it reaches this panel. Every value shown is the document's (``core.analysis``
judges); the bot's move is drawn by replaying the record to the move before and applying
it through the engine.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

from nicegui import ui

from core.analysis import FORCED, LABELS
from core.engine import IllegalAction
from core.record import replay
from ui.attrs import attrs
from ui.gateway import StorageUnavailable
from ui.pages.analysis_chart import accuracy_text, evaluation_options, points, summary_text
from ui.pages.move_box import shown
from ui.pages.score_chart import marker

if TYPE_CHECKING:
    from ui.pages.replayer import Replayer

POLL = 1.0  # seconds between two looks at a running analysis
RUNNING = ("queued", "running")
KNOWN = (*LABELS, FORCED)
COUNTED = ("inaccuracy", "mistake", "blunder")

# Each label has its colour and its word: the colour is never alone in saying it.
ANALYSIS_CSS = """
.cs-label{display:inline-block;padding:0 .45rem;border-radius:9999px;font-size:.72rem;
line-height:1.2rem;color:#fff;white-space:nowrap;font-weight:600}
.cs-label-best{background:#166534}.cs-label-good{background:#0f766e}
.cs-label-inaccuracy{background:#854d0e}.cs-label-mistake{background:#c2410c}
.cs-label-blunder{background:#991b1b}.cs-label-forced{background:#57534e}
.body--dark [data-testid=analysis-chart]{background:#efe7d6;border-radius:8px}
"""

# Clicking the graph anywhere inside its axes jumps to the move under the pointer: the
# chart's own click event only fires on a drawn point.
PLY_CLICKS = """() => {
  const element = getElement(ID), chart = element && element.chart;
  if (!chart || chart.csPlyClicks) return;
  chart.csPlyClicks = true;
  chart.getZr().on('click', (e) => {
    const at = [e.offsetX, e.offsetY];
    if (!chart.containPixel('grid', at)) return;
    element.$emit('ply', Math.round(chart.convertFromPixel('grid', at)[0]));
  });
}"""


class Status(Protocol):
    """What the site says of a match's analysis (``ui.site_analysis.AnalysisStatus``)."""

    @property
    def state(self) -> str: ...
    @property
    def done(self) -> int: ...
    @property
    def total(self) -> int: ...
    @property
    def result(self) -> dict[str, Any] | None: ...


class AnalysisSite(Protocol):
    async def analysis_of(self, match_id: str) -> Status | None: ...
    async def request_analysis(
        self, match_id: str, *, by: str | None, auto: bool = False
    ) -> Status: ...


@dataclass(frozen=True)
class StoredAnalysis:
    """A stored match's analysis: asked for and followed through the site. ``status`` is
    what the site said when the page was built."""

    site: AnalysisSite
    match_id: str
    visitor: str | None
    status: Status | None


@dataclass(frozen=True)
class IncludedAnalysis:
    """An analysis that came in a record file, already checked against its moves."""

    document: dict[str, Any]


AnalysisSource = StoredAnalysis | IncludedAnalysis


class AnalysisPanel:
    """The analysis of the replayer's record. The replayer places its parts
    (:meth:`download_choice`, :meth:`better_line`, :meth:`section`), calls :meth:`start`
    once its board is drawn, and :meth:`follow` whenever it shows another move."""

    def __init__(self, replayer: Replayer, source: AnalysisSource) -> None:
        self.replayer, self.t, self.source = replayer, replayer.t, source
        self.document: dict[str, Any] | None = None
        self.entries: dict[int, dict[str, Any]] = {}
        self.timer: ui.timer | None = None
        self.seen: tuple[str, int, int] | None = None  # the status last drawn
        self.on_board = False  # whether the board shows the bot's move
        self.chart: ui.echart | None = None
        self.include: ui.checkbox | None = None  # the download's choice, when offered
        ui.add_css(ANALYSIS_CSS)

    # ------------------------------------------------------------------ parts

    def download_choice(self) -> None:
        """Beside the download button: whether the file holds the analysis too."""
        self.include = ui.checkbox(self.t("analysis.include"), value=True)
        self.include.props('dense data-testid="replay-download-analysis"')
        self.include.mark("replay-download-analysis").set_visibility(False)

    def included(self) -> dict[str, Any] | None:
        """The analysis the download holds: the finished one, unless the visitor said no."""
        if self.include is None or not self.include.value:
            return None
        return self.document

    def better_line(self) -> None:
        """Under the move shown: its label and what the bot would have played."""
        t = self.t
        with ui.row().classes("w-full items-center gap-2 wrap") as self.better_row:
            with ui.row().classes("items-center gap-2 no-wrap min-w-0"):  # the label by its text
                self.better_label = ui.label().classes("cs-label")
                self.better = ui.label().classes("text-sm min-w-0")
                attrs(self.better, {"data-testid": "analysis-better"}).mark("analysis-better")
            self.show_better = ui.button(
                t("analysis.show_better"), icon="visibility", on_click=self.toggle_on_board
            ).props('flat dense no-caps data-testid="analysis-show-better"')
            self.show_better.mark("analysis-show-better")
            self.on_board_note = ui.label().classes("text-xs cs-warn")
            attrs(self.on_board_note, {"data-testid": "analysis-on-board", "role": "status"})
        self.better_row.set_visibility(False)

    def section(self) -> None:
        """The analysis itself: the button or the progress, then the result."""
        t = self.t
        with ui.column().classes("w-full gap-2").props('data-testid="analysis"'):
            ui.label(t("analysis.title")).classes("text-base font-semibold")
            with ui.row().classes("items-center gap-3 wrap"):
                self.button = ui.button(t("analysis.ask"), icon="insights", on_click=self.ask)
                self.button.props('no-caps outline data-testid="analyse"').mark("analyse")
                self.spinner = ui.spinner(size="1.5em")
                self.progress = ui.label().classes("text-sm")
                attrs(self.progress, {"data-testid": "analysis-progress", "aria-live": "polite"})
                self.progress.mark("analysis-progress")
                self.problem = ui.label().classes("text-sm text-negative")
                attrs(self.problem, {"data-testid": "analysis-error", "role": "alert"})
                self.problem.mark("analysis-error")
            for part in (self.button, self.spinner, self.progress, self.problem):
                part.set_visibility(False)
            self.result_box = ui.column().classes("w-full gap-2")

    def start(self) -> None:
        """Show what is known now: an included or finished analysis, its progress, or the
        button to ask for one."""
        if isinstance(self.source, IncludedAnalysis):
            self._show_result(self.source.document)
            return
        self.apply(self.source.status)

    # ------------------------------------------------------------ following

    def apply(self, status: Status | None) -> None:
        """Draw the site's status of the analysis, unless it is the one already drawn."""
        state = "none" if status is None else status.state
        seen = (state, 0, 0) if status is None else (state, status.done, status.total)
        if seen == self.seen:
            return
        self.seen = seen
        t = self.t
        if status is not None and state == "done" and status.result is not None:
            self._stop()
            for part in (self.button, self.spinner, self.progress, self.problem):
                part.set_visibility(False)
            self._show_result(status.result)
            return
        running = status is not None and state in RUNNING
        self.spinner.set_visibility(running)
        self.progress.set_visibility(running)
        self.button.set_visibility(not running)
        if status is not None and running:
            self.problem.set_visibility(False)
            if state == "queued" or status.total <= 0:
                self.progress.set_text(t("analysis.queued"))
            else:
                n = min(status.done + 1, status.total)
                self.progress.set_text(t("analysis.progress", n=n, total=status.total))
            if self.timer is None:
                self.timer = ui.timer(POLL, self.poll, immediate=False)
            return
        self._stop()
        if status is not None:  # failed, or done without a result
            self.problem.set_text(t("analysis.failed"))
            self.problem.set_visibility(True)
            self.button.set_text(t("analysis.again"))

    async def poll(self) -> None:
        if not isinstance(self.source, StoredAnalysis):
            return
        try:
            status = await self.source.site.analysis_of(self.source.match_id)
        except StorageUnavailable:
            return  # asked again at the next tick
        self.apply(status)

    async def ask(self) -> None:
        if not isinstance(self.source, StoredAnalysis):
            return
        source, t = self.source, self.t
        self.button.disable()
        try:
            status = await source.site.request_analysis(source.match_id, by=source.visitor)
        except StorageUnavailable as err:
            self._refused(t(f"error.{err.code}"))
            return
        except ValueError:
            self._refused(t("analysis.refused"))
            return
        finally:
            self.button.enable()
        self.apply(status)

    def _refused(self, text: str) -> None:
        self.problem.set_text(text)
        self.problem.set_visibility(True)

    def _stop(self) -> None:
        if self.timer is not None:
            self.timer.cancel()
            self.timer = None

    # --------------------------------------------------------------- result

    def _show_result(self, document: dict[str, Any]) -> None:
        replayer, t = self.replayer, self.t
        self.document = document
        self.entries = {entry["ply"]: entry for entry in document.get("plies") or []}
        if self.include is not None:
            self.include.set_visibility(True)
        names, total = replayer.names, len(replayer.actions)
        self.result_box.clear()
        with self.result_box:
            with ui.row().classes("w-full gap-x-6 gap-y-1 wrap"):
                for seat, name in enumerate(names):
                    shown_line = ui.label(self._accuracy_line(document, seat, name))
                    attrs(
                        shown_line.classes("text-sm"), {"data-testid": f"analysis-accuracy-{seat}"}
                    )
                    shown_line.mark(f"analysis-accuracy-{seat}")
            options = evaluation_options(t, names, document, ply=replayer.ply, total=total)
            self.chart = ui.echart(options).classes("w-full h-72")
            attrs(self.chart, {"data-testid": "analysis-chart", "role": "img"})
            attrs(self.chart, {"aria-label": t("analysis.chart")}).mark("analysis-chart")
            self.chart.on("chart:finished", js_handler=PLY_CLICKS.replace("ID", str(self.chart.id)))
            self.chart.on("ply", lambda e: replayer.go(e.args))
            summary = ui.label(summary_text(t, names, document)).classes("cs-sr-only")
            attrs(summary, {"data-testid": "analysis-summary-text"}).mark("analysis-summary-text")
        for ply, item in enumerate(replayer.items):
            entry = self.entries.get(ply)
            if entry is not None and entry.get("label") in KNOWN:
                with item, ui.item_section().props("side"):
                    self._label(ui.label(), entry["label"], ply)
        self.follow(replayer.ply)

    def _accuracy_line(self, document: dict[str, Any], seat: int, name: str) -> str:
        t = self.t
        plies = document.get("plies") or []
        counts = [
            t.plural(f"analysis.count.{label}", n)
            for label in COUNTED
            if (n := sum(e["seat"] == seat and e.get("label") == label for e in plies))
        ]
        said = t("analysis.accuracy", name=name, accuracy=accuracy_text(t, document, seat))
        return (
            t("analysis.accuracy_counts", said=said, counts=", ".join(counts)) if counts else said
        )

    def _label(self, element: ui.label, label: str, ply: int) -> ui.label:
        element.set_text(self.t(f"analysis.label.{label}"))
        element.classes.append("cs-label")
        element.classes.append(f"cs-label-{label}")
        attrs(element, {"data-testid": f"analysis-label-{ply}"}).mark(f"analysis-label-{ply}")
        return element

    def follow(self, ply: int) -> None:
        """The replay shows the position after ``ply`` moves: mark it on the graph and say
        what the bot would have played instead of that move."""
        if self.document is None:
            return
        self.on_board = False
        if self.chart is not None:
            self.chart.options["series"][0]["markLine"] = marker(self.t, ply)
            self.chart.update()
        entry = self.entries.get(ply)
        self.better_row.set_visibility(entry is not None)
        if entry is None:
            return
        t = self.t
        label = entry.get("label") if entry.get("label") in KNOWN else None
        wanted = ["cs-label"] + ([f"cs-label-{label}"] if label else [])
        if list(self.better_label.classes) != wanted:
            self.better_label.classes[:] = wanted
        self.better_label.set_text(t(f"analysis.label.{label}") if label else "")
        self.better_label.set_visibility(label is not None)
        other = label != FORCED and entry.get("best") not in (None, entry.get("played"))
        if label == FORCED:
            self.better.set_text(t("analysis.forced"))
        elif other:
            self.better.set_text(
                t(
                    "analysis.better",
                    move=self._move_words(entry["best"]),
                    gain=points(t, entry.get("loss") or 0.0),
                )
            )
        else:
            self.better.set_text(t("analysis.same"))
        attrs(self.better, {"data-action": entry.get("best") if other else ""})
        self.show_better.set_visibility(other)
        self.show_better.set_text(t("analysis.show_better"))
        self.show_better.props["icon"] = "visibility"
        attrs(self.show_better, {"aria-pressed": "false"})
        self.on_board_note.set_text("")

    def _move_words(self, action: str) -> str:
        """The move as the board says it, with its notation as the move box writes it."""
        replayer = self.replayer
        words = replayer.board.action_text(action)
        notation = shown(replayer.record["game"], self.t.lang, action)
        return (
            words if words == notation else self.t("analysis.move", words=words, notation=notation)
        )

    def toggle_on_board(self) -> None:
        """Draw the position after the bot's move on the board, or the game's again."""
        replayer, t = self.replayer, self.t
        ply = replayer.ply
        if self.on_board:
            replayer.go(ply, redraw=True)  # the game's position (and follow() resets this)
            return
        entry = self.entries.get(ply)
        if entry is None or not entry.get("best"):
            return
        state = replay(replayer.record, upto=ply - 1)
        try:
            state.apply(entry["seat"], entry["best"])
        except IllegalAction:
            self.on_board_note.set_text(t("analysis.not_legal"))
            return
        replayer.board.show(state.view(replayer.seat), [])
        self.on_board = True
        self.show_better.set_text(t("analysis.show_game"))
        self.show_better.props["icon"] = "undo"
        attrs(self.show_better, {"aria-pressed": "true"})
        self.on_board_note.set_text(t("analysis.on_board", n=ply))
