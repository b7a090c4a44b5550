"""Looks at desktop size (1280 x 800): the boards and their side panels fit.

At a table of Deluxe Camping, Feurio! or Pueblo the board and the line that says what to
do now lie within the window without scrolling, and a long player name is shown whole
wherever the page writes it (it wraps rather than being cut off).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest
from playwright.sync_api import Browser, Page

from e2e.camping import open_camping_table
from e2e.feurio import open_feurio_table
from e2e.pueblo import open_pueblo_table

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

