"""The socket guard's parts: which socket speaks for a client, and how a browser's text
is written into the log (the forged socket itself is in ``e2e/test_security.py``)."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pytest
from nicegui import Client

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
    guarded = socket_guard._guard(lambda sid, msg: handled.append(sid))
    guarded("own-socket", {"client_id": "c1"})
    guarded("other-socket", {"client_id": "c1"})
    guarded("own-socket", {"client_id": "unknown"})
    guarded("own-socket", "not a message")
    assert handled == ["own-socket"]
