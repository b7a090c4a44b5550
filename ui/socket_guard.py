"""Socket.IO messages count only from the socket that a client's own page opened.

NiceGUI 3.18 routes a socket's ``event``, ``javascript_response``, ``ack`` and ``log``
messages by the ``client_id`` written in them, whichever socket sends them: a socket
opened without the visitor's cookie, knowing only a client id, could click that
visitor's buttons (play their move) and write into the server log. Two checks close it:

- a handshake binds a socket to a client only when the socket carries the same browser
  session (NiceGUI's id in the signed session cookie) as the page request that made
  the client; a socket without it, or another browser's, is refused;
- a message is handled only when its socket is one that the client accepted.

Text from a browser's ``log`` message is escaped and cut (:func:`loggable`) before it
reaches the log. See ``docs/security.md``, "Pages, headers and sockets".
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

from nicegui import Client, core

log = logging.getLogger("caravanserai.sockets")
LOGGED = 200  # characters of a browser's text kept in one log line
LEVELS = {
    "debug": logging.DEBUG,
    "info": logging.INFO,
    "warning": logging.WARNING,
    "error": logging.ERROR,
}
GUARDED = ("event", "javascript_response", "ack")
Handler = Callable[[str, Any], Any]


def loggable(text: object, limit: int = LOGGED) -> str:
    """Text from a browser made fit for one log line: backslashes, line breaks and
    other unprintable characters escaped (``\\n``, ``\\x1b``), at most ``limit``
    characters kept, "…" when some were cut.

    >>> loggable("boom\\nERROR forged line")
    'boom\\\\nERROR forged line'
    >>> loggable("x" * 300, limit=5)
    'xxxxx…'
    """
    raw = text if isinstance(text, str) else repr(text)
    kept = raw[:limit].replace("\\", "\\\\")
    escaped = "".join(ch if ch.isprintable() else ascii(ch)[1:-1] for ch in kept)
    return escaped + ("…" if len(raw) > limit else "")


def _session_id(scope: Any) -> str | None:
    session = scope.get("session") if isinstance(scope, dict) else None
    found = session.get("id") if isinstance(session, dict) else None
    return found if isinstance(found, str) else None


def same_browser(client: Client, environ: dict[str, Any] | None) -> bool:
    """Whether a socket (its ASGI ``environ``) comes from the browser whose page request
    made ``client``. ``None`` is NiceGUI's simulated user of the page tests, which has
    no socket at all."""
    if environ is None:
        return True
    try:
        page = client.request.scope
    except RuntimeError:  # a client without a page request: nobody's page
        return False
    expected = _session_id(page)
    return expected is not None and expected == _session_id(environ.get("asgi.scope"))


def _bound_client(sid: str, msg: Any) -> Client | None:
    """The client a message names, when ``sid`` is one of that client's own sockets."""
    client = Client.instances.get(msg.get("client_id", "")) if isinstance(msg, dict) else None
    if client is None or sid not in client._socket_to_document_id:  # noqa: SLF001
        return None
    return client


def _guard(original: Handler) -> Handler:
    def guarded(sid: str, msg: Any) -> Any:
        if _bound_client(sid, msg) is None:
            return None  # another socket speaking for this client: dropped
        return original(sid, msg)

    guarded.guarded = True  # type: ignore[attr-defined]
    return guarded


def _on_log(sid: str, msg: Any) -> None:
    """A browser's own console report, escaped and cut (NiceGUI logs it verbatim)."""
    client = _bound_client(sid, msg)
    level = LEVELS.get(msg.get("level", "")) if isinstance(msg, dict) else None
    if client is None or level is None:
        return
    log.log(level, "browser of client %s: %s", client.id, loggable(msg.get("message")))


def _guarded_handshake(original: Callable[..., bool]) -> Callable[..., bool]:
    def accept_handshake(
        self: Client, socket_id: str, tab_id: str, environ: dict[str, Any] | None
    ) -> bool:
        if not same_browser(self, environ):
            log.warning("refused a socket for client %s from another browser", self.id)
            return False
        return original(self, socket_id, tab_id, environ)

    accept_handshake.guarded = True  # type: ignore[attr-defined]
    return accept_handshake


def install() -> None:
    """Put the guard in front of NiceGUI's socket handlers (once, however often called).

    The handshake check sits on ``Client.accept_handshake``, which both of NiceGUI's
    handshake paths (the ``handshake`` message and the implicit one at ``connect``) call.
    """
    if not getattr(Client.accept_handshake, "guarded", False):
        Client.accept_handshake = _guarded_handshake(Client.accept_handshake)  # type: ignore[method-assign]
    handlers = core.sio.handlers["/"]
    for name in GUARDED:
        if not getattr(handlers[name], "guarded", False):
            core.sio.on(name, _guard(handlers[name]))
    core.sio.on("log", _on_log)
