"""The socket guard's parts: which socket speaks for a client, and how a browser's text
is written into the log (the forged socket itself is in ``e2e/test_security.py``)."""

from __future__ import annotations

import json
import logging
from types import SimpleNamespace
from typing import Any

import pytest
from nicegui import Client, core
from nicegui.testing import User

from tests.ui.patience import until
from ui import socket_guard
from ui.socket_guard import loggable, same_browser


def test_text_for_the_log_keeps_to_one_line_and_is_cut() -> None:
    assert loggable("boom\n2026 ERROR root: forged") == "boom\\n2026 ERROR root: forged"
    assert loggable("a\r\x1b[31mb\\n") == "a\\r\\x1b[31mb\\\\n"
    assert loggable("é à « »") == "é à « »"  # readable text stays readable
    long = loggable("x" * 100_000)
    assert long == "x" * socket_guard.LOGGED + "…"
    assert loggable({"not": "text"}) == "{'not': 'text'}"


def page_client(session: dict[str, Any] | None) -> Any:
    scope = {"session": session} if session is not None else {}
    return SimpleNamespace(request=SimpleNamespace(scope=scope))


def socket(session: dict[str, Any] | None) -> dict[str, Any]:
    return {"asgi.scope": {"session": session} if session is not None else {}}


def test_a_socket_is_the_pages_only_with_the_same_browser_session() -> None:
    client = page_client({"id": "browser-1"})
    assert same_browser(client, socket({"id": "browser-1"}))
    assert not same_browser(client, socket({"id": "browser-2"}))
    assert not same_browser(client, socket(None))  # no cookie at all
    assert not same_browser(page_client(None), socket(None))  # nobody's page
    assert same_browser(client, None)  # the page tests' simulated user has no socket


def test_messages_from_a_socket_the_client_did_not_accept_are_dropped(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    client = SimpleNamespace(id="c1", _socket_to_document_id={"own-socket": "doc"})
    monkeypatch.setitem(Client.instances, "c1", client)
    handled: list[str] = []
    guarded = socket_guard._guard("ack", lambda sid, msg: handled.append(sid))
    guarded("own-socket", {"client_id": "c1", "next_message_id": 3})
    guarded("other-socket", {"client_id": "c1", "next_message_id": 3})
    guarded("own-socket", {"client_id": "unknown", "next_message_id": 3})
    guarded("own-socket", "not a message")
    guarded("own-socket", {"client_id": "c1", "next_message_id": "x"})
    assert handled == ["own-socket"]
    for sid in ("own-socket", "other-socket"):
        socket_guard.forget(sid)


async def test_a_page_flooding_its_socket_with_garbled_messages_is_closed_after_a_few_lines(
    user: User, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    await user.open("/")
    client = user.client
    sid = "flooding-socket"
    client._socket_to_document_id[sid] = "doc"  # the page's own socket
    closed: list[str] = []

    async def disconnect(which: str) -> None:
        closed.append(which)

    monkeypatch.setattr(core.sio, "disconnect", disconnect)
    element = next(e for e in client.elements.values() if e._event_listeners)
    listener = next(iter(element._event_listeners))
    well_formed = {"client_id": client.id, "id": element.id, "listener_id": listener}
    assert socket_guard.malformed("event", client, {**well_formed, "args": ['"x"']}) is None
    garbage: list[Any] = [
        {"client_id": client.id, "id": 10**9, "listener_id": listener, "args": []},
        {**well_formed, "listener_id": "no such listener"},
        {**well_formed, "args": ["{not json"]},
        {**well_formed, "args": "not a list"},
        {**well_formed, "args": ["1" * (socket_guard.ARGS_CHARS + 1)]},
        {"client_id": client.id},
    ]
    handle = core.sio.handlers["/"]["event"]
    with caplog.at_level(logging.INFO):
        for n in range(3000):
            handle(sid, garbage[n % len(garbage)])
        assert await until(lambda: closed == [sid]), "the connection is closed"
    logged = [r for r in caplog.records if r.levelno >= logging.WARNING]
    assert len(logged) <= len(garbage) + 2, [r.getMessage() for r in logged]
    assert not any(r.exc_info for r in caplog.records), "no traceback"
    assert sid not in socket_guard.CONNECTIONS


def test_a_connection_may_send_a_burst_then_its_rate() -> None:
    connection = socket_guard.Connection(last=0.0)
    assert all(connection.allowed(0.0) for _ in range(socket_guard.BURST))
    assert not connection.allowed(0.0)
    assert connection.allowed(1 / socket_guard.RATE)  # one more after its share of a second
    assert not connection.allowed(1 / socket_guard.RATE)


def test_an_event_nicegui_cannot_parse_is_refused_not_raised(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    element = SimpleNamespace(_event_listeners={"listener": None})
    client = SimpleNamespace(id="c2", _socket_to_document_id={"s2": "doc"}, elements={1: element})
    monkeypatch.setitem(Client.instances, "c2", client)

    def nicegui(sid: str, msg: dict[str, Any]) -> None:  # what NiceGUI does first
        [json.loads(arg) for arg in msg["args"]]

    guarded = socket_guard._guard("event", nicegui)
    message = {"client_id": "c2", "id": 1, "listener_id": "listener", "args": ["{not json"]}
    assert guarded("s2", message) is None
    assert socket_guard.CONNECTIONS["s2"].refused == 1
    socket_guard.forget("s2")
