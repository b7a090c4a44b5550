"""Socket.IO messages count only from the socket that a client's own page opened.

NiceGUI 3.18 routes a socket's ``event``, ``javascript_response``, ``ack`` and ``log``
messages by the ``client_id`` written in them, whichever socket sends them: a socket
opened without the visitor's cookie, knowing only a client id, could click that
visitor's buttons (play their move) and write into the server log. Two checks close it:

- a handshake binds a socket to a client only when the socket carries the same browser
  session (NiceGUI's id in the signed session cookie) as the page request that made
  the client; a socket without it, or another browser's, is refused;
- a message is handled only when its socket is one that the client accepted.

A message from the right socket is handled only when it is well formed (an event names
an element and a listener of that page, its arguments are JSON; see :func:`malformed`):
NiceGUI would otherwise raise on it and log a traceback per message. Each connection may
send :data:`BURST` messages at once and :data:`RATE` a second after that; what it sends
beyond, or garbled, is refused: the first refusal of each kind is logged in one line, the
rest only counted, and a connection refused :data:`DROP_AFTER` times is closed.

Text from a browser's ``log`` message is escaped and cut (:func:`loggable`) before it
reaches the log. See ``docs/security.md``, "Pages, headers and sockets".
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from nicegui import Client, background_tasks, core

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
RATE = 50.0  # messages a second a connection may keep sending (a page sends a few)
BURST = 300  # messages a connection may send at once (typing, a drag, a reconnection)
DROP_AFTER = 100  # refused messages after which the connection is closed
ARGS_CHARS = 100_000  # the most text an event's arguments may hold


@dataclass
class Connection:
    """What one socket has sent: its allowance of messages, and what was refused."""

    tokens: float = BURST
    last: float = field(default_factory=time.monotonic)
    refused: int = 0
    kinds: set[str] = field(default_factory=set)  # the kinds of refusal logged already
    closing: bool = False

    def allowed(self, now: float) -> bool:
        self.tokens = min(BURST, self.tokens + (now - self.last) * RATE)
        self.last = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True


CONNECTIONS: dict[str, Connection] = {}  # by socket id, while the socket is open


def malformed(name: str, client: Client, msg: dict[str, Any]) -> str | None:
    """Why a message of kind ``name`` from ``client``'s own socket cannot be handled
    (None: it can): the kinds of refusal the log names."""
    if name == "event":
        element = client.elements.get(msg.get("id"))  # type: ignore[arg-type]
        if element is None:
            return "an event for no element of the page"
        listener = msg.get("listener_id")
        if not isinstance(listener, str) or listener not in element._event_listeners:  # noqa: SLF001
            return "an event for no listener of the element"
        args = msg.get("args", [])
        if not isinstance(args, list) or not all(a is None or isinstance(a, str) for a in args):
            return "an event whose arguments are not a list of texts"
        if sum(len(a) for a in args if a) > ARGS_CHARS:
            return "an event with oversized arguments"
        # Arguments that are not JSON: NiceGUI's own parse raises before any handler runs
        # (``_guard`` refuses the message then; parsing them here too would do it twice).
    elif name == "javascript_response" and not isinstance(msg.get("request_id"), str):
        return "a JavaScript answer without a request"
    elif name == "ack":
        acked = msg.get("next_message_id")
        if isinstance(acked, bool) or not isinstance(acked, int):
            return "an acknowledgement without a message number"
    return None


def _connection(sid: str) -> Connection:
    found = CONNECTIONS.get(sid)
    if found is None:
        found = CONNECTIONS[sid] = Connection()
    return found


def _refuse(sid: str, connection: Connection, kind: str) -> None:
    """Count a refused message; log its kind the first time; close past the limit."""
    connection.refused += 1
    if kind not in connection.kinds:
        connection.kinds.add(kind)
        log.warning("socket %s: refused %s (more of this kind are counted, not logged)", sid, kind)
    if connection.refused >= DROP_AFTER and not connection.closing:
        connection.closing = True
        log.warning("socket %s: closed after %d refused messages", sid, connection.refused)
        background_tasks.create(_close(sid), name="close-socket")


async def _close(sid: str) -> None:
    try:
        await core.sio.disconnect(sid)
    finally:
        CONNECTIONS.pop(sid, None)


def admitted(name: str, sid: str, msg: Any) -> Client | None:
    """The client a message is for, when it may be handled: it comes from one of that
    client's own sockets, within the connection's allowance, and is well formed."""
    connection = _connection(sid)
    if connection.closing:
        return None
    if not connection.allowed(time.monotonic()):
        _refuse(sid, connection, "a message beyond the allowance")
        return None
    client = _bound_client(sid, msg)
    if client is None:
        _refuse(sid, connection, f"a message ({name}) for a client this socket is not bound to")
        return None
    reason = malformed(name, client, msg)
    if reason is not None:
        _refuse(sid, connection, reason)
        return None
    return client


def forget(sid: str) -> None:
    """A socket closed: its count goes."""
    CONNECTIONS.pop(sid, None)


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


def _guard(name: str, original: Handler) -> Handler:
    def guarded(sid: str, msg: Any) -> Any:
        if admitted(name, sid, msg) is None:
            return None  # another socket speaking for this client, or garbled: dropped
        try:
            return original(sid, msg)
        except ValueError:  # an event's arguments that are not JSON, found by NiceGUI
            _refuse(sid, _connection(sid), f"a message ({name}) whose arguments are not JSON")
            return None

    guarded.guarded = True  # type: ignore[attr-defined]
    return guarded


def _on_log(sid: str, msg: Any) -> None:
    """A browser's own console report, escaped and cut (NiceGUI logs it verbatim)."""
    client = admitted("log", sid, msg)
    if client is None:
        return
    level = LEVELS.get(msg.get("level", ""))
    if level is None:
        _refuse(sid, _connection(sid), "a log message of no level")
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
            core.sio.on(name, _guard(name, handlers[name]))
    if not getattr(handlers["disconnect"], "guarded", False):
        core.sio.on("disconnect", _forgetting(handlers["disconnect"]))
    core.sio.on("log", _on_log)


def _forgetting(original: Callable[[str], Any]) -> Callable[[str], Any]:
    def disconnected(sid: str) -> Any:  # NiceGUI's handler takes no reason either
        forget(sid)
        return original(sid)

    disconnected.guarded = True  # type: ignore[attr-defined]
    return disconnected
