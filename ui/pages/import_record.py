"""``/import``: replay a record file (as downloaded from a replay) without storing it.

The file is checked by :func:`core.record.loads` (which replays every move) and
must hold a finished game, like every replay; each refusal is a sentence in the
visitor's language. An analysis in the file (``"analysis"``) is shown with the replay when
:func:`core.analysis.check_analysis` finds it is of those very moves; one that is not is
named as such, and the game is replayed without it.
"""

from __future__ import annotations

import logging
from typing import Any

from fastapi import Request
from nicegui import events, ui

from core.analysis import AnalysisError, check_analysis
from core.engine import IllegalAction
from core.record import RecordError, loads, replay
from core.table import TableError
from ui.attrs import attrs
from ui.boards import BOARDS
from ui.body_limit import MAX_BYTES
from ui.i18n import Translator
from ui.layout import frame, heading, translator
from ui.pages.analysis_panel import IncludedAnalysis
from ui.pages.errors import refusal
from ui.pages.replayer import Replayer

log = logging.getLogger(__name__)


class ImportRefused(Exception):
    """A file that cannot be shown; ``text`` says why, in the visitor's language."""

    def __init__(self, text: str) -> None:
        super().__init__(text)
        self.text = text


def register() -> None:
    @ui.page("/import")
    def import_page(request: Request) -> None:
        t = translator(request)
        with frame(t, t("import.title")):
            heading(t("import.title"))
            ui.label(t("import.explain", size="1 MB")).classes("text-sm")
            ui.link(t("import.back"), "/history").props('data-testid="to-history"')

            def refuse(text: str) -> None:
                error.set_text(text)
                status.set_text(t("import.none_yet"))
                shown.clear()

            async def received(e: events.UploadEventArguments) -> None:
                upload.reset()
                try:
                    if e.file.size() > MAX_BYTES:
                        raise ImportRefused(t("import.too_big", size="1 MB"))
                    record = record_from_upload(t, await e.file.read())
                except ImportRefused as refused:
                    refuse(refused.text)
                    return
                error.set_text("")
                status.set_text(t("import.shown", name=e.file.name))
                pick.set_text(t("import.pick_another"))
                shown.clear()
                with shown:
                    ui.label(t("import.showing", name=e.file.name)).classes("text-sm").props(
                        'data-testid="import-name"'
                    )
                    record, analysis, mismatch = analysis_from(record)
                    if mismatch:
                        ui.label(t("import.analysis_mismatch")).classes("text-negative").props(
                            'role="alert" data-testid="import-analysis-error"'
                        ).mark("import-analysis-error")
                    included = IncludedAnalysis(analysis) if analysis is not None else None
                    Replayer(t, record, seat=0, analysis=included)

            upload = ui.upload(
                label=t("import.choose"),
                auto_upload=True,
                max_file_size=MAX_BYTES,
                on_upload=received,
                on_rejected=lambda: refuse(t("import.too_big", size="1 MB")),
            )
            upload.props('accept=".json,application/json" flat data-testid="import-upload"')
            upload.classes("cs-upload").mark("import-upload")
            # The uploader is the drop zone. Its own header (a file count, a percentage and an
            # unnamed "add" button holding the file input) is hidden (theme); its body says
            # what to do and holds a named button that opens the file chooser.
            with upload.add_slot("list"):
                with ui.column().classes("w-full items-center gap-2 text-center cs-drop"):
                    ui.icon("upload_file", size="2.5rem").classes("cs-drop-icon")
                    ui.label(t("import.drop")).classes("text-base font-semibold")
                    pick = ui.button(t("a11y.import.pick"), icon="folder_open").props(
                        'color=primary no-caps data-testid="import-pick"'
                    )
                    pick.on("click", js_handler=f"() => runMethod({upload.id}, 'pickFiles', [])")
                    pick.mark("import-pick")
                    ui.label(t("import.limits", size="1 MB")).classes("text-xs opacity-80")
                    status = ui.label(t("import.none_yet")).classes("text-sm")
                    attrs(status, {"data-testid": "import-status", "aria-live": "polite"})
                    status.mark("import-status")
            error = (
                ui.label().classes("text-negative").props('role="alert" data-testid="import-error"')
            )
            error.mark("import-error")
            shown = ui.column().classes("w-full gap-3")


def record_from_upload(t: Translator, data: bytes) -> dict[str, Any]:
    """The finished record in the file, or :class:`ImportRefused` saying what is wrong."""
    if len(data) > MAX_BYTES:
        raise ImportRefused(t("import.too_big", size="1 MB"))
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as err:
        raise ImportRefused(t("import.not_text")) from err
    try:
        record = loads(text)
        finished = replay(record).is_over()
    except RecordError as err:
        raise ImportRefused(record_error_text(t, err)) from err
    except (ValueError, TypeError, KeyError, IndexError, RecursionError) as err:
        log.info("an imported record could not be read: %r", err)
        raise ImportRefused(t("import.unreadable")) from err
    if record["game"] not in BOARDS:
        raise ImportRefused(t("record.unknown_game", game=record["game"]))
    if not finished:
        raise ImportRefused(t("import.unfinished"))
    return record


def analysis_from(
    record: dict[str, Any],
) -> tuple[dict[str, Any], dict[str, Any] | None, bool]:
    """The record without its ``"analysis"``, that analysis if it is of this record's
    moves, and whether the file held one that is not (of other moves, or unreadable)."""
    if "analysis" not in record:
        return record, None, False
    bare = {key: value for key, value in record.items() if key != "analysis"}
    try:
        return bare, check_analysis(bare, record["analysis"]), False
    except AnalysisError as err:
        log.info("an imported analysis was refused: %s", err)
        return bare, None, True


def record_error_text(t: Translator, err: RecordError) -> str:
    """A record's refusal in the visitor's language (an illegal move names its number)."""
    params = {key: str(value) for key, value in err.params.items()}
    if err.key == "illegal_move":
        cause = err.__cause__
        reason = t("error.illegal")
        if isinstance(cause, IllegalAction):
            code = "bad_notation" if cause.code == "notation" else "illegal"
            reason = refusal(t, TableError(code, cause.message, key=cause.key, **cause.params))
        return t("record.illegal_move", reason=reason, **params)
    if t.has(f"record.{err.key}"):
        return t(f"record.{err.key}", **params)
    return t("import.unreadable")
