"""An upload reaches a page only from the browser that opened that page.

NiceGUI gives each upload element a route of its own,
``/_nicegui/client/<client id>/upload/<element id>``, and hands what is posted there to
the page's upload handler, whoever posts it: anyone who learnt a client id could post a
file into another visitor's open import page (the socket guard, ``ui/socket_guard.py``,
covers the socket's messages, not this route). This middleware lets a post through only
when it carries the same browser session as the page request that made the client; any
other is refused with 403 before its body is read.
"""

from __future__ import annotations

import logging
import re

from nicegui import Client
from starlette.types import ASGIApp, Receive, Scope, Send

from ui.socket_guard import same_browser

log = logging.getLogger("caravanserai.uploads")
UPLOAD = re.compile(r"^/_nicegui/client/([^/]+)/upload/[^/]+/?$")


class UploadGuard:
    """Refuses a post to a page's upload route from another browser (needs the session
    middleware outside it, so that ``scope["session"]`` is read)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        found = UPLOAD.match(scope.get("path", "")) if scope["type"] == "http" else None
        if found is not None:
            client = Client.instances.get(found.group(1))
            if client is None or not same_browser(client, {"asgi.scope": scope}):
                log.warning("refused an upload for client %s from another browser", found[1])
                await _refuse(send)
                return
        await self.app(scope, receive, send)


async def _refuse(send: Send) -> None:
    body = b"This upload belongs to another page."
    headers = [
        (b"content-type", b"text/plain; charset=utf-8"),
        (b"content-length", b"%d" % len(body)),
    ]
    await send({"type": "http.response.start", "status": 403, "headers": headers})
    await send({"type": "http.response.body", "body": body})
