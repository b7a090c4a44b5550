"""Mixed tables through the page: two seats on one screen (hot seat), a bot, and where
the game seats three or more, a person in a second browser. Every game is played the
same way, through the move box (the first legal move each time), so one driver serves
them all; what each browser received is kept by :class:`e2e.online.Wire`.
"""

from __future__ import annotations

import re
import time
from collections.abc import Iterable
from dataclasses import dataclass, field

from playwright.sync_api import Page
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from core.games import GAMES
from e2e.keyboard import focus_box
from e2e.online import Wire, table_id

HOT_NAMES = ("Ann", "Bea")  # the two seats of the hot-seat screen, 0 and 1
ONLINE = "Cid"  # the person in the second browser
BOT_CHOICE = "easy"
CARAVAN_HANDS = 2  # a match of two hands (the full five are played in test_caravan_vs_bot)

# Something to do on this page: the result, a hand summary, a hand-over, or our move.
READY = """() => {
  const q = (s) => document.querySelector(s);
  if (q('[data-testid=result]') || q('[data-testid=summary-close]')) return true;
  if (q('[data-testid=cover-show]')) return true;
  const box = q('input[data-testid=move-input]');
  return !!box && !box.readOnly && box.offsetParent !== null;
}"""

PLY = "() => Number(document.querySelector('[data-testid=board]')?.dataset.ply ?? -1)"


@dataclass
class Seating:
    """Who sits where at a mixed table of ``game``, by seat: names and holders."""

    game: str
    names: list[str] = field(default_factory=list)
    online: int | None = None  # the seat held in the second browser
    bot: int | None = None

    @property
    def hot(self) -> list[int]:
        return [0, 1]


def seating(game: str) -> Seating:
    """Two hot seats, then a bot and an online seat as far as the game seats them."""
    high = GAMES[game].max_players
    seats = Seating(game, list(HOT_NAMES))
    if high >= 3:
        seats.bot = 2
        seats.names.append(f"Bot ({BOT_CHOICE})")
    if high >= 4:
        seats.online = 3
        seats.names.append(ONLINE)
    return seats


def open_mixed_table(page: Page, base_url: str, seats: Seating) -> str:
    """Open the table from the form as Ann; its id (it waits for the online seat)."""
    page.goto(f"{base_url}/new/{seats.game}")
    page.get_by_test_id("name").fill(HOT_NAMES[0])
    players = len(seats.names)
    if GAMES[seats.game].min_players < GAMES[seats.game].max_players:
        page.get_by_test_id("players").get_by_text(str(players), exact=True).click()
    page.get_by_test_id("opponent").get_by_text("hot seat", exact=False).click()
    page.get_by_test_id("second-name").fill(HOT_NAMES[1])
    if seats.bot is not None:
        page.get_by_test_id(f"opponent-{seats.bot + 1}").get_by_text(
            f"Bot, {BOT_CHOICE}:", exact=False
        ).click()
    if seats.online is not None:
        page.get_by_test_id(f"opponent-{seats.online + 1}").get_by_text(
            "An open seat", exact=False
        ).click()
    if seats.game == "caravan":  # two hands: a new deal on the same screen, not five
        page.get_by_test_id("option-hands").click()
        page.get_by_role("option", name=f"{CARAVAN_HANDS} hands", exact=True).click()
    page.get_by_test_id("start").click()
    page.wait_for_url("**/table/*")
    return table_id(page)


def join(page: Page, base_url: str, table: str, name: str) -> None:
    """Take the open seat of ``table`` in this browser."""
    page.goto(f"{base_url}/table/{table}")
    page.get_by_test_id("join-name").fill(name)
    page.get_by_test_id("take-seat").click()
    page.get_by_test_id("board").wait_for()


@dataclass
class Played:
    """What happened on each page while playing: the hand-overs offered, moves sent."""

    covers: list[str] = field(default_factory=list)
    moves: int = 0


def act(page: Page, played: Played) -> bool:
    """Do what this page offers, if anything; False once its result is shown."""
    if page.get_by_test_id("result").count():
        return False
    if page.get_by_test_id("summary-close").count():
        page.get_by_test_id("summary-close").click()
        page.get_by_test_id("summary-close").wait_for(state="detached")
        return True
    cover = page.get_by_test_id("cover-show")
    if cover.count():
        played.covers.append((cover.text_content() or "").strip())
        cover.click()
        page.wait_for_function("() => !document.querySelector('[data-testid=cover-show]')")
        return True
    before = int(page.evaluate(PLY))
    focus_box(page)
    page.keyboard.press("ArrowDown")  # an empty box lists the legal moves, the first picked
    page.keyboard.press("Enter")
    try:
        page.wait_for_function(f"n => ({PLY})() > n", arg=before, timeout=10_000)
    except PlaywrightTimeoutError:
        # Another seat moved first (a bot's sealed bid): the box is read again next time.
        # Escape empties it, whoever's turn it is now (a read-only box takes no typing).
        page.keyboard.press("Escape")
        return True
    played.moves += 1
    return True


def play_to_end(pages: dict[str, Page], *, stall: float = 120.0) -> dict[str, Played]:
    """Take turns on every page until the first page shows the result: each round does
    what every page offers; when none offers anything (a bot or a page is moving), it
    waits a moment on each in turn. The game has stalled once no page had anything to do
    for ``stall`` seconds."""
    played = {name: Played() for name in pages}
    first = next(iter(pages.values()))
    moment = 1000 if len(pages) == 1 else 100  # ms on each page while none has a move
    last_done = time.monotonic()
    while not first.get_by_test_id("result").count():
        ready = [name for name, page in pages.items() if page.evaluate(READY)]
        for name in ready:
            act(pages[name], played[name])
        if ready:
            last_done = time.monotonic()
            continue
        if time.monotonic() - last_done > stall:
            done = {name: p.moves for name, p in played.items()}
            raise AssertionError(f"no page had anything to do for {stall:.0f} s: {done}")
        for page in pages.values():
            try:
                page.wait_for_function(READY, timeout=moment)
                break
            except PlaywrightTimeoutError:
                continue
    return played


# ------------------------------------------------------------------ what leaked


def _escaped(text: str) -> str:
    return re.escape(text).replace('"', r'\\?"')


def foreign_seat_shown(wire: Wire, t_you: str, names: Iterable[str]) -> list[str]:
    """Excerpts where this browser was shown as one of ``names`` (seats it does not
    hold): called "<name> (you)", or offered its hand ("I am <name>", "Pass the device
    to <name>")."""
    found = []
    for name in names:
        pattern = re.compile(
            "|".join(
                (
                    _escaped(f"{name} ({t_you})"),
                    _escaped(f"I am {name}:"),
                    _escaped(f"Pass the device to {name}"),
                )
            )
        )
        for item in wire.items:
            match = pattern.search(item)
            if match:
                found.append(item[max(0, match.start() - 80) : match.end() + 80])
    return found


def coins_shown(items: Iterable[str], seat: int) -> list[str]:
    """Off Season: the counts of ``seat``'s coins in ``items`` (what a browser received:
    its coin box, ``coins-<seat>``, carries them in ``data-coins`` only when they are seen;
    a player's page has every merchant's box in one element of markup)."""
    testid = rf"(?<![\w-]){_escaped(f'coins-{seat}')}(?![\w-])"  # not market-coins-<n>
    digits = r'data-coins=\\*"(\d+)'
    # Within one element, and within the box in markup: the merchants' markup holds every
    # seat's box, so a count may not be read across another element's test id.
    between = r"(?:(?!data-testid=)[^{}])*?"
    pattern = re.compile(rf"{testid}{between}{digits}|{digits}{between}{testid}")
    counts = []
    for item in items:
        for match in pattern.finditer(item):
            counts.append(match.group(1) or match.group(2))
    return counts
