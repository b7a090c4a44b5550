"""Attacks from a real browser and a raw socket, against a site of its own (its log is
read): a crafted sign-in link runs no script; every page loads under the site's
Content-Security-Policy without a violation and a game is played; a socket opened
without the player's cookie can neither play for them nor write lines into the log."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest
import socketio
from playwright.sync_api import BrowserContext, Page, expect

from e2e.caravan import open_new_table, ply
from e2e.keyboard import BOX, READY, focus_box, suggestions
from e2e.server import Server
from storage import repo
from storage.db import make_engine
from ui.pages.move_box import read

CRAFTED = '/signin?next=/x" :data-x="(window.__pwned=1)'
SOCKET_PATH = "/_nicegui_ws/socket.io"

# Collects the page's CSP violations from its first script on.
WATCH_CSP = """window.__csp = [];
document.addEventListener('securitypolicyviolation',
  (e) => window.__csp.push(`${e.violatedDirective} ${e.blockedURI}`));"""

# The move box as the page's Vue app holds it: its element id and its keydown listener.
MOVE_BOX_LISTENER = """() => {
  for (const [id, element] of Object.entries(mounted_app.elements)) {
    if (element.props && element.props['data-testid'] === 'move-input') {
      const keydown = element.events.find((e) => e.type === 'keydown');
      return {id: Number(id), listener: keydown.listener_id};
    }
  }
  return null;
}"""


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    server = Server(tmp_path_factory.mktemp("security-site")).start()
    try:
        yield server
    finally:
        server.stop()


def server_log(site: Server) -> str:
    return (site.workdir / "server.log").read_text(encoding="utf-8", errors="replace")


@pytest.fixture
def watched(context: BrowserContext) -> Iterator[tuple[Page, list[str]]]:
    """A page whose CSP violations, as the browser reports them, are collected."""
    context.add_init_script(WATCH_CSP)
    page = context.new_page()
    console: list[str] = []
    page.on("console", lambda m: console.append(m.text))
    yield page, console


def violations(page: Page, console: list[str]) -> list[str]:
    reported = page.evaluate("window.__csp || []")
    return reported + [m for m in console if "Content Security Policy" in m]


def offered_moves(page: Page) -> list[str]:
    """The first legal moves, as the move box lists them for an empty box."""
    focus_box(page)
    page.keyboard.press("ArrowDown")
    expect(page.get_by_test_id("move-suggestions")).to_be_visible()
    return suggestions(page)


def test_a_crafted_sign_in_link_runs_no_script(
    watched: tuple[Page, list[str]], site: Server
) -> None:
    page, _ = watched
    page.goto(site.url + CRAFTED)
    expect(page.get_by_test_id("signin-form")).to_be_visible()
    page.wait_for_function("() => window.did_handshake === true")
    assert page.evaluate("typeof window.__pwned") == "undefined"
    assert page.locator("input[name=next]").get_attribute("value") == "/history"


def test_every_page_loads_under_the_policy_and_a_game_is_played(
    watched: tuple[Page, list[str]], site: Server
) -> None:
    page, console = watched
    for path in ("/", "/rules", "/rules/caravan", "/lobby", "/history", "/signin", "/import"):
        reply = page.goto(site.url + path)
        assert (
            reply is not None
            and "frame-ancestors 'none'" in reply.headers["content-security-policy"]
        )
        page.wait_for_function("() => window.did_handshake === true")
        assert violations(page, console) == [], path
    open_new_table(page, site.url, hands=1)
    page.wait_for_function(READY)
    before = ply(page)
    move = offered_moves(page)[0]
    page.locator(BOX).fill(move)
    page.keyboard.press("Enter")
    page.wait_for_function(
        f"() => Number(document.querySelector('[data-testid=board]').dataset.ply) > {before}"
    )
    assert violations(page, console) == []


async def forge(url: str, client_id: str, tab_id: str, event: dict[str, Any]) -> Any:
    """A raw Socket.IO client without the player's cookie, knowing their client id (and
    even their tab id): it tries to handshake as that page, then sends ``event`` and a
    multi-line log message in its name. Returns the handshake's answer; each message
    is sent with an acknowledgement, so the server has handled it on return."""
    sio = socketio.AsyncClient()
    await sio.connect(
        f"{url}?client_id={client_id}", socketio_path=SOCKET_PATH, transports=["websocket"]
    )
    try:
        handshake = {"client_id": client_id, "tab_id": tab_id, "document_id": "forged"}
        accepted = await sio.call("handshake", handshake, timeout=10)
        await sio.call("event", event, timeout=10)
        forged_log = {
            "client_id": client_id,
            "level": "error",
            "message": "FORGED\n2026 ERROR root: FORGED",
        }
        await sio.call("log", forged_log, timeout=10)
        return accepted
    finally:
        await sio.disconnect()


def test_a_socket_without_the_players_cookie_cannot_play_for_them_or_write_the_log(
    watched: tuple[Page, list[str]], site: Server
) -> None:
    page, _ = watched
    open_new_table(page, site.url, hands=1)
    table_id = page.url.rsplit("/", 1)[-1]
    page.wait_for_function(READY)
    offered = offered_moves(page)
    assert len(offered) >= 2
    page.keyboard.press("Escape")
    forged_move, own_move = offered[0], offered[1]
    before = ply(page)
    box = page.evaluate(MOVE_BOX_LISTENER)
    client_id = page.evaluate("window.clientId")
    tab_id = page.evaluate("TAB_ID")
    event = {
        "id": box["id"],
        "client_id": client_id,
        "listener_id": box["listener"],
        "args": [json.dumps({"key": "Enter", "value": forged_move})],
    }
    with ThreadPoolExecutor(1) as thread:  # Playwright's own loop runs in this one
        accepted = thread.submit(asyncio.run, forge(site.url, client_id, tab_id, event)).result()
    assert accepted is False

    # The player's own move, through their page, is the one stored at their turn (the
    # bot may have opened the game).
    page.locator(BOX).fill(own_move)
    page.keyboard.press("Enter")
    page.wait_for_function(
        f"() => Number(document.querySelector('[data-testid=board]').dataset.ply) > {before}"
    )
    record = repo.load_record(
        make_engine(f"sqlite:///{site.workdir}/data/caravanserai.db"), match_id=table_id
    )
    assert record is not None
    assert record["actions"][before][1] == read("caravan", "en", own_move)  # as canonical

    log = server_log(site)
    assert "FORGED" not in log
    assert "refused a socket for client" in log


def test_the_pages_own_console_reports_reach_the_log_escaped_and_cut(
    watched: tuple[Page, list[str]], site: Server
) -> None:
    page, _ = watched
    page.goto(site.url + "/")
    page.wait_for_function("() => window.did_handshake === true")
    message = "OWN-REPORT line one\\nline two " + "x" * 400
    page.evaluate(
        """(message) => new Promise((done) => window.socket.emit('log',
          {client_id: window.clientId, level: 'warning', message}, done))""",
        message.replace("\\n", "\n"),
    )
    lines = [line for line in server_log(site).splitlines() if "OWN-REPORT" in line]
    assert len(lines) == 1
    assert "line one\\nline two" in lines[0]
    assert lines[0].endswith("…") and "x" * 250 not in lines[0]
