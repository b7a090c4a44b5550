"""Security headers on every answer of the site: pages, API routes, static files,
redirects, 404s and errors alike (see ``docs/security.md``, "Pages, headers and sockets").

One pure ASGI middleware, installed outside all of Starlette's (even outside the error
middleware that answers an unhandled exception with a 500), so that no answer leaves
without them. What the Content-Security-Policy allows, and why NiceGUI needs it:

Each of these was checked by loading the pages in Chromium without it (the violations are
listed in ``docs/security.md``).

- ``script-src 'self' 'unsafe-inline' 'unsafe-eval'``: a NiceGUI page starts from an
  inline ``<script>`` holding its elements, and its pages add inline scripts of their
  own (``ui.add_head_html``); Vue compiles the elements' templates in the browser and
  NiceGUI runs ``run_javascript`` code and ``:prop`` values through ``eval``/``new
  Function``. No other origin may serve a script.
- ``style-src 'self' 'unsafe-inline'``: Quasar, UnoCSS's runtime and ``ui.add_css``
  write ``<style>`` blocks, and elements carry ``style`` attributes.
- ``connect-src 'self'``: the page's Socket.IO connection goes back to this origin
  (``'self'`` covers ``ws:``/``wss:`` to it in browsers that implement CSP 3).
- ``img-src 'self' data:``: pictures are this site's files (and ``data:`` URLs, which
  cannot carry script into an image).
- ``frame-ancestors 'none'`` (and ``X-Frame-Options: DENY`` for older browsers): no
  other site can frame a table and trick a click on Resign.
- ``form-action 'self'``: the sign-in forms post here; a provider's sign-in is reached
  by a navigation, not a form, so no provider's address is needed.
"""

from __future__ import annotations

from collections.abc import Mapping

from starlette.datastructures import MutableHeaders
from starlette.responses import PlainTextResponse
from starlette.types import ASGIApp, Message, Receive, Scope, Send

CSP = "; ".join(
    (
        "default-src 'self'",
        "script-src 'self' 'unsafe-inline' 'unsafe-eval'",
        "style-src 'self' 'unsafe-inline'",
        "img-src 'self' data:",
        "font-src 'self'",
        "connect-src 'self'",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
        "frame-ancestors 'none'",
    )
)
HSTS = "max-age=31536000"  # a year: browsers come back over https only


def security_headers(https: bool) -> dict[str, str]:
    """The headers every answer carries; HSTS only when the site is served over https."""
    headers = {
        "Content-Security-Policy": CSP,
        "X-Frame-Options": "DENY",
        "X-Content-Type-Options": "nosniff",
        "Referrer-Policy": "same-origin",
        "Cross-Origin-Opener-Policy": "same-origin",
    }
    if https:
        headers["Strict-Transport-Security"] = HSTS
    return headers


class SecurityHeaders:
    """ASGI middleware adding ``headers`` to every HTTP answer (replacing any of the
    same name, so that no inner layer can loosen them)."""

    def __init__(self, app: ASGIApp, headers: Mapping[str, str]) -> None:
        self.app = app
        self.headers = dict(headers)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        started = False

        async def send_with_headers(message: Message) -> None:
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
                answer = MutableHeaders(scope=message)
                for name, value in self.headers.items():
                    answer[name] = value
            await send(message)

        try:
            await self.app(scope, receive, send_with_headers)
        except Exception:
            # An error no handler answered (NiceGUI re-raises those of non-page routes):
            # the server would answer a bare 500; this one carries the headers. The
            # error goes on to the server, which logs it.
            if not started:
                await PlainTextResponse("Internal Server Error", 500, self.headers)(
                    scope, receive, send
                )
            raise


def install(app: ASGIApp, *, https: bool) -> None:
    """Wrap the whole middleware stack of ``app`` (a Starlette app) once it is built.

    Starlette builds the stack on the first request, with its error middleware outermost;
    wrapping the built stack puts these headers on its 500 pages too. Installing again
    (a test building the site anew) replaces the wrapper instead of nesting it.
    """
    build = type(app).build_middleware_stack  # type: ignore[attr-defined]
    headers = security_headers(https)
    app.build_middleware_stack = lambda: SecurityHeaders(build(app), headers)  # type: ignore[attr-defined]
    app.middleware_stack = None  # type: ignore[attr-defined]
