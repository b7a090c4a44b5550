"""The page shown for an address the site does not have: the site's frame, in the
visitor's language, instead of NiceGUI's bare error page (which has no landmarks,
no language and no way back). Pages whose address names something unknown (a table,
a replay) draw the same page with :func:`missing` and answer 404 too."""

from __future__ import annotations

from fastapi import Request
from fastapi.exception_handlers import http_exception_handler
from fastapi.responses import Response
from nicegui import Client, app, ui
from nicegui.page import page
from starlette.exceptions import HTTPException

from ui.i18n import Translator
from ui.layout import frame, heading, translator

NOT_FOUND = 404


def missing(t: Translator, what: str | None = None) -> None:
    """The not-found page's body, and the status 404 for the page being built: ``what``
    says what is missing (a table, a game), else the address itself."""
    ui.context.client.status_code = NOT_FOUND
    ui.page_title(f"{t('missing.title')} · Caravanserai")
    heading(t("missing.title")).props('data-testid="not-found"')
    if what:
        ui.label(what).classes("text-xl").props('data-testid="error"')
    ui.label(t("missing.explain")).classes("text-base")
    ui.link(t("back_home"), "/").props('data-testid="back-home"')


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
            missing(t)
    return client.build_response(request, NOT_FOUND)


def register() -> None:
    app.add_exception_handler(404, not_found)
