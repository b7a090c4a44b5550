"""The JSON record of a finished match, for export and for checking results; with
``?analysis=1`` it holds the match's analysis too (``"analysis"``) once there is one."""

from __future__ import annotations

from fastapi.responses import JSONResponse
from nicegui import app
from sqlalchemy.exc import SQLAlchemyError

from ui.gateway import StorageUnavailable
from ui.site import Site


def register(site: Site) -> None:
    @app.get("/api/matches/{match_id}")
    async def match_record(match_id: str, analysis: bool = False) -> JSONResponse:
        try:
            record = await site.load_record(match_id)
            finished = record is not None and record.get("result") is not None
            status = await site.analysis_of(match_id) if analysis and finished else None
        except (StorageUnavailable, SQLAlchemyError):
            return JSONResponse({"error": "The database cannot be reached."}, status_code=503)
        if record is None:
            return JSONResponse({"error": "There is no such match."}, status_code=404)
        if record.get("result") is None:
            # Until the end, the actions would reveal the players' hands.
            return JSONResponse({"error": "This match is still being played."}, status_code=409)
        if status is not None and status.state == "done" and status.result is not None:
            record = {**record, "analysis": status.result}
        return JSONResponse(record)
