"""``/replay/<id>``: a stored, finished match, public to anyone holding the link.

An unfinished match is refused: its actions would reveal the players' hands. A finished
one may be analysed (``ui/pages/analysis_panel.py``): anyone may ask, everyone sees it.
"""

from __future__ import annotations

import asyncio

from fastapi import Request
from nicegui import ui
from sqlalchemy.exc import SQLAlchemyError

from core.record import RecordError
from core.table import SeatInfo
from ui.boards import BOARDS
from ui.gateway import StorageUnavailable
from ui.layout import frame, translator, visitor_id
from ui.pages.analysis_panel import StoredAnalysis
from ui.pages.errors import page_timeout, unavailable
from ui.pages.not_found import missing
from ui.pages.replayer import Replayer
from ui.site import Site
from ui.site_analysis import AnalysisStatus


def register(site: Site) -> None:
    @ui.page("/replay/{match_id}", response_timeout=page_timeout(site.gateway))
    async def replay_page(match_id: str, request: Request) -> None:
        t = translator(request)
        with frame(t, t("replay.title")):
            try:
                record = await site.load_record(match_id)
                seats: list[SeatInfo] = []
                status: AnalysisStatus | None = None
                if record is not None:  # two calls at once: the page waits for two in a row
                    seats, status = await asyncio.gather(
                        site.load_seats(match_id), site.analysis_of(match_id)
                    )
            except StorageUnavailable as err:
                unavailable(t, err)
                return
            except SQLAlchemyError:
                ui.label(t("error.storage_read")).classes("text-negative").props('role="alert"')
                return
            if record is None or record["game"] not in BOARDS:
                missing(t, t("replay.not_found"))
                return
            if record.get("result") is None:
                ui.label(t("replay.unfinished")).props('data-testid="error"')
                ui.link(t("history.continue"), f"/table/{match_id}")
                return
            visitor = visitor_id()
            held = [i for i, s in enumerate(seats) if s.holder == visitor]
            try:
                Replayer(
                    t,
                    record,
                    seat=held[0] if len(held) == 1 else 0,
                    download_name=f"caravanserai-{record['game']}-{match_id}.json",
                    analysis=StoredAnalysis(site, match_id, visitor, status),
                )
            except RecordError:
                ui.label(t("replay.broken")).classes("text-negative").props('role="alert"')
