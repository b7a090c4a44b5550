"""Playing Deluxe Camping through the page, only with what a person can click.

The player clicks the squares and edges the page highlights (elements with
``data-click``): it places pieces, moves a caravan or the pest now and then, stops
early now and then, and puts up a fence, choosing with a seeded random generator.
"""

from __future__ import annotations

import random

from playwright.sync_api import Page

# The page waits for this visitor: a result, something to click on the board, or the Stop
# button alone (every caravan of theirs and the pest fenced in: stopping is all that is left).
READY = """() => {
  if (document.querySelector('[data-testid=result], [data-click]')) return true;
  const stop = document.querySelector('[data-testid=stop]');
  return !!stop && stop.offsetParent !== null && !stop.disabled;
}"""
PLY_AFTER = "n => Number(document.querySelector('[data-testid=board]').dataset.ply) > n"


def open_camping_table(
    page: Page,
    base_url: str,
    *,
    players: int = 2,
    name: str = "Ann",
    others: tuple[str, ...] = (),
) -> None:
    """From the home page to a started table; ``others`` labels each other seat's choice."""
    page.goto(base_url + "/")
    page.get_by_test_id("play-camping").click()
    page.get_by_test_id("name").fill(name)
    page.get_by_test_id("players").get_by_text(str(players), exact=True).click()
    for seat, label in enumerate(others, start=2):
        testid = "opponent" if seat == 2 else f"opponent-{seat}"
        page.get_by_test_id(testid).get_by_text(label, exact=False).click()
    page.get_by_test_id("start").click()
    page.wait_for_url("**/table/*")
    page.get_by_test_id("board").wait_for()


def ply(page: Page) -> int:
    return int(page.get_by_test_id("board").get_attribute("data-ply") or 0)


def _clicks(page: Page, prefix: str) -> list[str]:
    return page.eval_on_selector_all(
        f'[data-click^="{prefix}"]', "els => els.map(e => e.dataset.testid)"
    )


def take_turn(page: Page, rng: random.Random) -> None:
    """One action (a placement, a step, a stop or a fence); wait until it is applied."""
    before = ply(page)
    acts = _clicks(page, "act:")
    phase = page.get_by_test_id("board").get_attribute("data-phase")
    choices = _clicks(page, "sel:")
    if phase == "move" and not acts and (not choices or rng.random() < 0.4):
        page.get_by_test_id("stop").click()
    elif acts:
        page.get_by_test_id(rng.choice(acts)).click()
    else:
        page.get_by_test_id(rng.choice(choices)).click()
        page.wait_for_selector('[data-click^="act:"]')
        page.get_by_test_id(rng.choice(_clicks(page, "act:"))).click()
    page.wait_for_function(PLY_AFTER, arg=before)


def play_to_end(page: Page, *, seed: int = 1, max_actions: int = 800) -> None:
    rng = random.Random(seed)
    for _ in range(max_actions):
        page.wait_for_function(READY, timeout=60_000)
        if page.get_by_test_id("result").count():
            return
        take_turn(page, rng)
    raise AssertionError("the game did not end")
