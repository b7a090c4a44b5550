"""Playing Camel Up Off Season through the page, only with what a person can click.

The player clicks what the page offers: a bid button, a highlighted market, a power
button, a highlighted camel (for Rearrange, one camel and then another), and to
sell, goods on a camel one by one until the Sell button is enabled — choosing with
a seeded random generator. On a hot-seat table it also hands the device over.
"""

from __future__ import annotations

import random
from typing import Any

from playwright.sync_api import Page
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

# What this visitor may do now, once there is something: the result, a hand-over, or
# the controls on offer (with the board's ``data-sent`` and the lot being picked).
OFFERED = """() => {
  const q = (s) => document.querySelector(s);
  const shown = (e) => !!e && e.offsetParent !== null;
  if (q('[data-testid=result]')) return {result: true};
  if (shown(q('[data-testid=cover-show]'))) return {cover: true};
  const ids = (s) => [...document.querySelectorAll(s)].map((e) => e.dataset.testid);
  const buttons = [...document.querySelectorAll('button.os-act')]
    .filter((b) => shown(b) && !b.disabled && b.dataset.testid !== 'sell')
    .map((b) => b.dataset.testid);
  const sell = q('button[data-testid=sell]');
  const o = {buttons, acts: ids('[data-click^="act:"]'), sels: ids('[data-click^="sel:"]'),
    picks: ids('[data-click^="pick:"]:not(.os-picked)'), sell: shown(sell) && !sell.disabled,
    sent: q('[data-sent]')?.dataset.sent ?? '', picked: q('[data-picked]')?.dataset.picked ?? ''};
  const some = o.buttons.length || o.acts.length || o.sels.length || o.picks.length || o.sell;
  return some ? o : null;
}"""

# The board's ``data-sent`` changes once it has handled an action it sent (applied or
# refused), even while other seats move (sealed bids are simultaneous).
SENT_CHANGED = "s => (document.querySelector('[data-sent]')?.dataset.sent ?? '') !== s"
PICKED_CHANGED = "p => (document.querySelector('[data-picked]')?.dataset.picked ?? '') !== p"


def open_offseason_table(
    page: Page,
    base_url: str,
    *,
    players: int = 3,
    name: str = "Ann",
    others: tuple[str, ...] = (),
    friends: dict[int, str] | None = None,
) -> None:
    """From the home page to a started table.

    ``others`` labels each other seat's choice (a bot); ``friends`` makes seat n (2..)
    a friend on this screen with that name.
    """
    page.goto(base_url + "/")
    page.get_by_test_id("play-offseason").click()
    page.get_by_test_id("name").fill(name)
    page.get_by_test_id("players").get_by_text(str(players), exact=True).click()
    for seat, label in enumerate(others, start=2):
        testid = "opponent" if seat == 2 else f"opponent-{seat}"
        page.get_by_test_id(testid).get_by_text(label, exact=False).click()
    for seat, friend in (friends or {}).items():
        testid = "opponent" if seat == 2 else f"opponent-{seat}"
        page.get_by_test_id(testid).get_by_text("hot seat", exact=False).click()
        page.get_by_test_id("second-name" if seat == 2 else f"seat-name-{seat}").fill(friend)
    page.get_by_test_id("start").click()
    page.wait_for_url("**/table/*")
    page.get_by_test_id("board").wait_for()


def offered(page: Page) -> dict[str, Any]:
    """Wait until this visitor can do something; what the page offers (see OFFERED)."""
    return dict(page.wait_for_function(OFFERED, timeout=60_000).json_value())


def _sell(page: Page, rng: random.Random, now: dict[str, Any]) -> None:
    """Click goods one by one (only those the page offers) until the lot is worth selling."""
    while not now["sell"] or (now["picks"] and rng.random() >= 0.4):
        page.get_by_test_id(rng.choice(now["picks"])).first.click()
        page.wait_for_function(PICKED_CHANGED, arg=now["picked"])
        now = offered(page)
    page.get_by_test_id("sell").click()


def act(page: Page, rng: random.Random, now: dict[str, Any]) -> None:
    """One action among those offered (or a hand-over); wait until the page has handled it."""
    if now.get("cover"):
        page.get_by_test_id("cover-show").click()
        page.wait_for_selector("[data-testid=cover-show]", state="detached")
        return
    choices = now["buttons"] + now["acts"]
    if now["sels"]:
        choices.append("swap")
    if now["picks"] or now["sell"]:
        choices += ["sale"] * max(1, 3 * len(choices))  # usually sell something
    choice = rng.choice(choices)
    if choice == "sale":
        _sell(page, rng, now)
    elif choice == "swap":
        page.get_by_test_id(rng.choice(now["sels"])).first.click()
        page.wait_for_selector('[data-testid^=camel-][data-click^="act:swap"]')
        page.get_by_test_id(rng.choice(offered(page)["acts"])).first.click()
    else:
        try:
            page.get_by_test_id(choice).first.click(timeout=5_000)
        except PlaywrightTimeoutError:
            # The position moved on between reading the offers and the click (a bot's
            # sealed bid closing an auction redraws the board): read them again.
            return
    page.wait_for_function(SENT_CHANGED, arg=now["sent"])


def play_to_end(page: Page, *, seed: int = 1, max_actions: int = 1500) -> None:
    rng = random.Random(seed)
    for _ in range(max_actions):
        now = offered(page)
        if now.get("result"):
            return
        act(page, rng, now)
    raise AssertionError("the game did not end")
