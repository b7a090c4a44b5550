"""Online play through the page: tables with invited or open seats, people in several
browsers taking their turns, and what each browser receives over the wire."""

from __future__ import annotations

import re
import sqlite3
import time
from collections.abc import Collection, Iterable
from contextlib import closing
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

from playwright.sync_api import Browser, BrowserContext, Page, Response, WebSocket, expect

from core.games.caravan.cards import CARDS
from core.record import replay
from e2e.caravan import READY, choose_single, dismiss_interlude, ply
from ui.i18n import EN, FR

SEAT_CHOICES = {
    "bot:easy": "easy",
    "bot:normal": "normal",
    "bot:hard": "hard",
    "invited": "invitation link",
    "open": "An open seat",
}

# Seats to move on the table's stage, or the result: a page that has settled.
SETTLED = """() => !!document.querySelector('[data-testid=result]')
  || !!document.querySelector('[data-testid=stage]')?.dataset.movers"""

# What the site may answer a second, late submission of the same move (beginnings).
REFUSALS = (
    "The game moved on while you were choosing; here is the new position.",
    "It is not your turn.",
    "The game is over.",
    "That move is not allowed.",
    "The leader must open the season with a caravan.",
    "You do not hold ",
)


def new_person(browser: Browser) -> BrowserContext:
    """A browser context of its own: one person, with their own cookie (identity)."""
    context = browser.new_context(locale="en-US", viewport={"width": 1280, "height": 900})
    context.set_default_timeout(20_000)
    return context


def table_id(page: Page) -> str:
    return urlparse(page.url).path.rsplit("/", 1)[-1]


def open_table(
    page: Page,
    base_url: str,
    *,
    name: str,
    seat: str,
    hands: int = 1,
    private: bool = False,
    chat: bool = True,
) -> str:
    """Open a Caravan table from the form, the other seat being ``seat``; its id."""
    page.goto(base_url + "/new/caravan")
    page.get_by_test_id("name").fill(name)
    page.get_by_test_id("opponent").get_by_text(SEAT_CHOICES[seat], exact=False).click()
    page.get_by_test_id("option-hands").click()
    label = f"{hands} hand" + ("" if hands == 1 else "s")
    page.get_by_role("option", name=label, exact=True).click()
    for testid, wanted in (("private", private), ("chat-on", chat)):
        box = page.get_by_test_id(testid)
        if (box.get_attribute("aria-checked") == "true") != wanted:
            box.click()
        expect(box).to_have_attribute("aria-checked", str(wanted).lower())
    page.get_by_test_id("start").click()
    page.wait_for_url("**/table/*")
    if seat in ("invited", "open"):
        expect(page.get_by_test_id("waiting-room")).to_be_visible()
    else:
        page.get_by_test_id("board").wait_for()
    return table_id(page)


def invite_link(page: Page) -> str:
    link = page.get_by_test_id("invite-link").input_value()
    assert "?invite=" in link, link
    return link


def take_seat(page: Page, name: str) -> None:
    """In a waiting room: give a name and take the free seat; wait for the board."""
    page.get_by_test_id("join-name").fill(name)
    page.get_by_test_id("take-seat").click()
    page.get_by_test_id("board").wait_for()


def my_seat(page: Page) -> int:
    """The seat whose chip says "(you)"."""
    chips = page.locator("[data-testid^=seat-][data-kind]").filter(has_text="(you)")
    expect(chips).to_have_count(1)
    return int((chips.get_attribute("data-testid") or "").removeprefix("seat-"))


def whose_turn(page: Page) -> int | None:
    """The seat to move as this page shows it; None once the result is shown."""
    page.wait_for_function(SETTLED, timeout=60_000)
    if page.get_by_test_id("result").count():
        return None
    movers = page.get_by_test_id("stage").get_attribute("data-movers") or ""
    return int(movers.split()[0].removeprefix("s"))


def choose(page: Page) -> str:
    """The action e2e/caravan.py would take: the lowest single card, else pass."""
    return choose_single(page) or "pass"


def select(page: Page, action: str) -> None:
    """Select the card of ``action`` (nothing to select for a pass)."""
    if action == "pass":
        return
    card = page.locator(f'[data-testid=hand] [data-code="{action}"]')
    if card.get_attribute("aria-pressed") != "true":
        card.click()
    expect(page.get_by_test_id("play")).to_be_visible()


def button_for(action: str) -> str:
    return "pass" if action == "pass" else "play"


def take_turn(page: Page) -> str:
    """Play the lowest single card that may be played, else pass; wait until it is
    applied; the action taken."""
    before = ply(page)
    action = choose(page)
    select(page, action)
    page.get_by_test_id(button_for(action)).click()
    page.wait_for_function(
        "n => Number(document.querySelector('[data-testid=board]').dataset.ply) > n", arg=before
    )
    return action


def expect_ply(page: Page, value: int, timeout: float = 30_000) -> None:
    expect(page.get_by_test_id("board")).to_have_attribute("data-ply", str(value), timeout=timeout)


def expect_ply_at_least(page: Page, value: int, timeout: float = 30_000) -> None:
    """For a ply the game may already have passed (a bot answering at once)."""
    page.wait_for_function(
        "n => Number(document.querySelector('[data-testid=board]')?.dataset.ply) >= n",
        arg=value,
        timeout=timeout,
    )


class Match:
    """Two people, each in their own browser, taking turns at one table; watchers follow.

    Whose turn it is comes from the seat strip of the page that moved last (it has
    the latest position); the mover's own page then waits until it offers the turn.
    """

    def __init__(self, pages: dict[int, Page], watchers: Iterable[Page] = ()) -> None:
        self.pages = pages
        self.watchers = list(watchers)
        self.source = next(iter(pages.values()))
        self.moves: list[tuple[int, str]] = []

    def next_mover(self) -> int | None:
        return whose_turn(self.source)

    def play(self, seat: int) -> str:
        page = self.pages[seat]
        page.wait_for_function(READY, timeout=60_000)
        assert not dismiss_interlude(page), "a one-hand match has no interlude"
        action = take_turn(page)
        self.moves.append((seat, action))
        assert ply(page) == len(self.moves), "each click applied exactly one move"
        self.source = page
        for watcher in self.watchers:
            expect_ply(watcher, len(self.moves))
        return action

    def play_to_end(self, max_moves: int = 200) -> None:
        for _ in range(max_moves):
            mover = self.next_mover()
            if mover is None:
                return
            self.play(mover)
        raise AssertionError("the match did not end")


def click_together(pages: Iterable[Page], testid: str, *, clicks: int = 1) -> None:
    """Click ``testid`` on every page at the same instant (each page ``clicks`` times in a
    row), from the pages themselves; each notes when in ``window.e2eClickedAt``."""
    tabs = list(pages)
    at = tabs[0].evaluate("() => Date.now() + 400")
    for page in tabs:
        page.evaluate(
            """([testid, at, clicks]) => setTimeout(() => {
                 window.e2eClickedAt = Date.now();
                 const button = document.querySelector(`[data-testid=${testid}]`);
                 for (let i = 0; i < clicks; i++) button.click();
               }, at - Date.now())""",
            [testid, at, clicks],
        )


def clicked_at(page: Page) -> int:
    """When :func:`click_together` clicked on this page (which must not have navigated)."""
    page.wait_for_function("() => window.e2eClickedAt !== undefined")
    return int(page.evaluate("() => window.e2eClickedAt"))


def notifications(page: Page) -> list[str]:
    """The texts of the notifications a page shows now."""
    return page.eval_on_selector_all(
        ".q-notification__message", "els => els.map(e => e.innerText.trim())"
    )


# ------------------------------------------------------------------ the wire


class Wire:
    """Everything one page receives, in order: websocket frames and the HTML of each
    page load (a reconnecting browser may be given a fresh page)."""

    def __init__(self, page: Page) -> None:
        self.items: list[str] = []
        self.sockets = 0
        page.on("websocket", self._on_socket)
        page.on("response", self._on_response)

    def _on_socket(self, socket: WebSocket) -> None:
        self.sockets += 1
        socket.on("framereceived", lambda frame: self.items.append(str(frame)))

    def _on_response(self, response: Response) -> None:
        if response.request.resource_type == "document":
            try:
                self.items.append(response.text())
            except Exception:  # noqa: BLE001 - a document replaced before it was read
                self.items.append("")


# A board's data-ply, or the ply of a spectators' frame ({"ply": "12", ...}).
PLY_IN_WIRE = re.compile(r"(?:data-ply|(?<![\w-])ply)\\?[\"']?\s*[:=]\s*\\?[\"'](\d+)")


def _mention(code: str) -> re.Pattern[str]:
    # Not inside a longer word or a URL-safe token (table ids, invitations, uuids).
    return re.compile(rf"(?<![A-Za-z0-9_-]){re.escape(code)}(?![A-Za-z0-9_-])")


MENTIONS = {code: _mention(code) for code in CARDS}

# The move box's help line shows every visitor alike the same example cards ("(AM+CM, 6LK)");
# they reveal nothing, so the hidden-card checks leave them out.
HELP_EXAMPLES = sorted(
    {
        example
        for catalogue in (EN, FR)
        for example in re.findall(r"\([^()]*\d[^()]*\)", catalogue["keyboard.labels.caravan"])
    }
)


def without_help_examples(text: str) -> str:
    for example in HELP_EXAMPLES:
        text = text.replace(example, "")
    return text


def mentioned(text: str, code: str) -> bool:
    """Whether ``text`` names the card ``code``: its code, or (number cards) its name."""
    if MENTIONS[code].search(text):
        return True
    return not CARDS[code].is_wild and CARDS[code].name in text


def hidden_by_ply(
    record: dict[str, Any], viewer: int | None | Collection[int]
) -> list[frozenset[str]]:
    """For each ply of a finished record, the cards ``viewer`` (a seat, the seats of one
    screen in hot seat, or None for a watcher) may not know: the other hands and the
    set-aside cards, from the engine."""
    viewers = {viewer} if isinstance(viewer, int) else set(viewer or ())
    hidden = []
    for upto in range(len(record["actions"]) + 1):
        state: Any = replay(record, upto=upto)
        deal = state.deal
        hands = [hand for seat, hand in enumerate(deal.hands) if seat not in viewers]
        hidden.append(frozenset(sum(hands, []) + deal.unseen_wilds + deal.unseen_numbers))
    return hidden


def leaks(wire: Wire, hidden: list[frozenset[str]]) -> list[tuple[int, str, str]]:
    """(ply, card, excerpt) for every hidden card found in what the page received.

    Each item is checked against the cards hidden at the ply it shows: the last
    ``data-ply`` (or a spectators' frame's ``ply``) it carries, else the last one
    received before it (a board update and its ply are sent in the same message).
    """
    found: list[tuple[int, str, str]] = []
    current = 0
    for item in wire.items:
        plies = [int(p) for p in PLY_IN_WIRE.findall(item)]
        if plies:
            current = max(plies)
        item = without_help_examples(item)
        for code in hidden[min(current, len(hidden) - 1)]:
            if mentioned(item, code):
                at = item.find(code)
                found.append((current, code, item[max(0, at - 80) : at + 80]))
    return found


def seen(wire: Wire, codes: Iterable[str]) -> set[str]:
    """Which of ``codes`` the page received at all (to show the check can find cards)."""
    everything = "\n".join(wire.items)
    return {code for code in codes if mentioned(everything, code)}


def wait_until(start: float, seconds: float, page: Page) -> None:
    """Let ``seconds`` pass since ``start`` (time.monotonic), keeping Playwright's loop alive."""
    left = start + seconds - time.monotonic()
    if left > 0:
        page.wait_for_timeout(left * 1000)


def stored_plies(basetemp: Path, match_id: str) -> list[int] | None:
    """The plies of a match's moves in the suite's own server database (None when the
    suite plays against another server and the database is out of reach)."""
    for path in sorted(basetemp.glob("site*/data/*.db")):
        with closing(sqlite3.connect(f"file:{path}?mode=ro", uri=True)) as db:
            try:
                rows = db.execute(
                    "SELECT ply FROM moves WHERE match_id = ? ORDER BY ply", (match_id,)
                ).fetchall()
            except sqlite3.Error:
                continue
        if rows:
            return [int(row[0]) for row in rows]
    return None
