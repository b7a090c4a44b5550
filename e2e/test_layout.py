"""Looks at desktop size (1280 x 800): the boards and their side panels fit.

At a table of Deluxe Camping, Feurio! or Pueblo the board and the line that says what to
do now lie within the window without scrolling, and a long player name is shown whole
wherever the page writes it (it wraps rather than being cut off). At a table of Camel Up
Off Season, stored at two known positions on a site of its own, a camel's name keeps to
one line beside its +1 token, and the goods waiting for a camel leave the line above them
uncovered. A new table's opponent choices are one a line.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page

from e2e.accounts import sign_in
from e2e.camping import open_camping_table
from e2e.feurio import open_feurio_table
from e2e.pueblo import open_pueblo_table
from e2e.server import Server
from scripts.seed import OTHERS, PASSWORD, PLAYER, Game, store
from storage import accounts
from storage.db import make_engine, migrate
from ui.auth.passwords import hash_password

DESKTOP = {"width": 1280, "height": 800}
LONG_NAME = "Maximiliana Wolkenstein"  # 23 of the 24 characters a name may have
BOARDS: dict[str, tuple[Callable[..., None], str]] = {
    "camping": (open_camping_table, "svg.cp-board"),
    "feurio": (open_feurio_table, "svg.fu-forest"),
    "pueblo": (open_pueblo_table, "svg.pb-top"),
}

# The page's box of an element (from the top of the page, not of the window).
BOX = """(e) => { const r = e.getBoundingClientRect();
  return {top: r.top + scrollY, bottom: r.bottom + scrollY, left: r.left, right: r.right}; }"""

# Every element whose own text holds the name, and whether its text is wider than its box.
CUT_NAMES = """(name) => [...document.querySelectorAll('[data-testid=board] *')]
  .filter((e) => e.offsetParent !== null
    && [...e.childNodes].some((n) => n.nodeType === 3 && n.textContent.includes(name)))
  .map((e) => ({text: e.textContent.trim(), scroll: e.scrollWidth, client: e.clientWidth,
                testid: e.dataset.testid || ''}))"""


@pytest.fixture(scope="module")
def desktop(browser: Browser) -> Iterator[Page]:
    context = browser.new_context(locale="en-US", viewport=DESKTOP)  # type: ignore[arg-type]
    context.set_default_timeout(20_000)
    yield context.new_page()
    context.close()


@pytest.mark.parametrize("game", list(BOARDS))
def test_board_and_instruction_fit_the_window_and_names_are_whole(
    desktop: Page, base_url: str, game: str
) -> None:
    opener, board = BOARDS[game]
    opener(desktop, base_url, players=2, name=LONG_NAME)
    desktop.wait_for_selector("[data-testid=turn]:not(:empty)")
    desktop.evaluate("() => document.fonts.ready")
    window = desktop.viewport_size or DESKTOP
    turn = desktop.locator("[data-testid=turn]").evaluate(BOX)
    picture = desktop.locator(board).first.evaluate(BOX)
    assert turn["top"] >= 0 and turn["bottom"] <= window["height"], turn
    assert picture["bottom"] <= window["height"], (
        f"{game}: the board ends at {picture['bottom']:.0f} px, below the window "
        f"({window['height']} px)"
    )
    assert picture["right"] <= window["width"], picture
    shown = desktop.evaluate(CUT_NAMES, LONG_NAME)
    assert shown, "the name is written somewhere on the board"
    cut = [s for s in shown if s["scroll"] > s["client"] + 1]
    assert not cut, f"{game}: names cut off: {cut}"


def test_each_opponent_choice_of_a_new_table_has_a_line_of_its_own(
    desktop: Page, base_url: str
) -> None:
    desktop.goto(base_url + "/new/camping")
    desktop.get_by_test_id("players").get_by_text("4", exact=True).click()
    for testid in ("opponent", "opponent-3", "opponent-4"):
        options = desktop.get_by_test_id(testid).locator(".q-radio")
        boxes = [box for box in options.evaluate_all(f"els => els.map({BOX})")]
        assert len(boxes) == 6, boxes
        lefts = {round(box["left"]) for box in boxes}
        tops = [box["top"] for box in boxes]
        assert len(lefts) == 1 and tops == sorted(tops), f"{testid}: choices side by side"


# Four merchants; the heuristic bot's moves from these seeds stop where the first one is to
# play: choosing which of two kinds of new goods to load first (after one move), and with
# a +1 token on one of its camels (after 43).
MERCHANTS = (PLAYER, "bruno", "chloe", "dario")
PENDING = Game("layout-pending", "offseason", MERCHANTS, 13, stop=1)
TOKEN = Game("layout-token", "offseason", MERCHANTS, 38, stop=43)


@pytest.fixture(scope="module")
def offseason_site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    folder: Path = tmp_path_factory.mktemp("offseason-site")
    url = f"sqlite:///{folder}/site.db"
    engine = make_engine(url)
    migrate(engine)
    users = {}
    for index, name in enumerate((PLAYER, *OTHERS)):
        users[name] = f"{index + 1:032x}"
        secret = hash_password(PASSWORD) if name == PLAYER else None
        accounts.create_account(engine, user_id=users[name], username=name, password_hash=secret)
    for game in (PENDING, TOKEN):
        store(engine, game, users, {})
    engine.dispose()
    server = Server(folder, env={"DATABASE_URL": url}).start()
    yield server.url
    server.stop()


def test_off_season_camel_names_and_waiting_goods_stay_clear(
    desktop: Page, offseason_site: str
) -> None:
    sign_in(desktop, offseason_site, PLAYER, PASSWORD)
    desktop.wait_for_url(lambda url: "/signin" not in url)
    desktop.goto(f"{offseason_site}/table/{TOKEN.id}")
    desktop.locator("[data-testid=os-caravan] .os-token").first.wait_for()
    heads = desktop.locator("[data-testid=os-caravan] .os-camel-head").evaluate_all(
        "els => els.map((e) => ({text: e.textContent, height: e.getBoundingClientRect().height,"
        " line: parseFloat(getComputedStyle(e).lineHeight) || 20}))"
    )
    assert len(heads) == 4, heads
    tall = [h for h in heads if h["height"] > 1.5 * h["line"]]
    assert not tall, f"camels' names on two lines: {tall}"
    desktop.goto(f"{offseason_site}/table/{PENDING.id}")
    waiting = desktop.locator("[data-testid=os-pending] button[data-testid^=pending-]")
    waiting.first.wait_for()
    line = desktop.get_by_test_id("turn-market").evaluate(BOX)
    ring = 4  # the ring of a choice that may be clicked, as under the pointer
    tops = [box["top"] - ring for box in waiting.evaluate_all(f"els => els.map({BOX})")]
    assert min(tops) >= line["bottom"], (
        f"the goods waiting for a camel ({min(tops):.0f} px with their ring) cover the "
        f"line above them (down to {line['bottom']:.0f} px)"
    )
