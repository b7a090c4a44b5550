"""The page shown for an address the site does not have: the site's frame, in the
visitor's language, instead of NiceGUI's bare error page (which has no landmarks,
no language and no way back)."""

from __future__ import annotations

from fastapi import Request
from fastapi.exception_handlers import http_exception_handler
from fastapi.responses import Response
from nicegui import Client, app, ui
from nicegui.page import page
from starlette.exceptions import HTTPException

from ui.layout import frame, heading, translator


async def not_found(request: Request, exception: Exception) -> Response:
    endpoint = request.scope.get("endpoint")
    if (
        endpoint is not None
        and endpoint is not app
        and not request.scope.get("nicegui_page_path")
        and isinstance(exception, HTTPException)
    ):
        return await http_exception_handler(request, exception)  # an API answers in JSON
    with Client(page(""), request=request) as client:
        t = translator(request)
        with frame(t, t("missing.title")):
            heading(t("missing.title")).props('data-testid="not-found"')
            ui.label(t("missing.explain")).classes("text-base")
            ui.link(t("back_home"), "/")
    return client.build_response(request, 404)


def register() -> None:
    app.add_exception_handler(404, not_found)
