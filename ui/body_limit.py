"""A cap on the size of every request body, checked before the body is read.

NiceGUI's upload route reads a whole multipart form before any page code sees the
file (the upload element's ``max_file_size`` is only the browser's check), so a 10 MB
POST was read in full. This ASGI middleware refuses a body over :data:`LIMIT` with a
short ``413`` text: at once when its ``Content-Length`` says so, otherwise (a chunked
body, or a length that lies) as soon as the bytes received pass the cap, so no more
than the cap is ever read. WebSocket traffic is not concerned.
"""

from __future__ import annotations

from starlette.datastructures import Headers
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from ui.i18n import Translator, best_language

MAX_BYTES = 1_000_000  # the largest record file a visitor may import (ui/pages/import_record.py)

# The largest legitimate body is a record file sent to /import (at most MAX_BYTES; a long
# game's record is about 4 kB) wrapped in its multipart form, which adds a few hundred bytes.
LIMIT = MAX_BYTES + 64 * 1024


class BodyTooLarge(Exception):
    """The body passed the cap while it was being received."""


class BodyLimit:
    """Refuses, with ``413``, any HTTP request whose body is larger than ``limit`` bytes."""

    def __init__(self, app: ASGIApp, limit: int = LIMIT) -> None:
        self.app, self.limit = app, limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = Headers(scope=scope)
        declared = headers.get("content-length")
        if declared is not None and (not declared.isdigit() or int(declared) > self.limit):
            await self._refuse(headers, send)
            return
        received = 0
        started = False

        async def counted() -> Message:
            nonlocal received
            message = await receive()
            if message["type"] == "http.request":
                received += len(message.get("body", b""))
                if received > self.limit:
                    raise BodyTooLarge
            return message

        async def watched(message: Message) -> None:
            nonlocal started
            started = started or message["type"] == "http.response.start"
            await send(message)

        try:
            await self.app(scope, counted, watched)
        except BodyTooLarge:
            if started:  # the app answered before reading on: nothing more can be said
                raise
            await self._refuse(headers, send)

    async def _refuse(self, headers: Headers, send: Send) -> None:
        t = Translator(best_language(headers.get("accept-language")))
        body = (t("error.body_too_large", kib=self.limit // 1024) + "\n").encode()
        await send(
            {
                "type": "http.response.start",
                "status": 413,
                "headers": [
                    (b"content-type", b"text/plain; charset=utf-8"),
                    (b"content-length", str(len(body)).encode()),
                    (b"connection", b"close"),
                ],
            }
        )
        await send({"type": "http.response.body", "body": body})
