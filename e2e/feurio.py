"""Playing Feurio! through the page, only with what a person can click.

The player lays the drawn tile on a highlighted hottest cell, then sends one or
two firemen to a highlighted tile and clicks Done, or passes — choosing with a
seeded random generator.
"""

from __future__ import annotations

import random

from playwright.sync_api import Page

from e2e.camping import PLY_AFTER, ply

# This visitor may act: a result, a cell to click, or a visible Pass/Done button.
READY = """() => !!document.querySelector('[data-testid=result], [data-click]')
  || [...document.querySelectorAll('[data-testid=pass], [data-testid=done]')]
     .some((b) => b.offsetParent !== null)"""


def open_feurio_table(page: Page, base_url: str, *, players: int = 2, name: str = "Ann") -> None:
    page.goto(base_url + "/")
    page.get_by_test_id("play-feurio").click()
    page.get_by_test_id("name").fill(name)
    page.get_by_test_id("players").get_by_text(str(players), exact=True).click()
    page.get_by_test_id("start").click()
    page.wait_for_url("**/table/*")
    page.get_by_test_id("board").wait_for()


def _cells(page: Page) -> list[str]:
    return page.eval_on_selector_all("[data-click]", "els => els.map(e => e.dataset.testid)")


def take_turn(page: Page, rng: random.Random) -> None:
    before = ply(page)
    done, passing = page.get_by_test_id("done"), page.get_by_test_id("pass")
    cells = _cells(page)
    if done.is_visible() and (not cells or rng.random() < 0.5):
        done.click()
    elif cells and not (passing.is_visible() and rng.random() < 0.2):
        page.get_by_test_id(rng.choice(cells)).click()
    else:
        passing.click()
    page.wait_for_function(PLY_AFTER, arg=before)


def play_to_end(page: Page, *, seed: int = 1, max_actions: int = 600) -> None:
    rng = random.Random(seed)
    for _ in range(max_actions):
        page.wait_for_function(READY, timeout=60_000)
        if page.get_by_test_id("result").count():
            return
        take_turn(page, rng)
    raise AssertionError("the game did not end")
