"""Phones and tablets in the end-to-end suite: the sizes, a touch browser of that size,
whether a page fits its width, and a table of each game a few moves in."""

from __future__ import annotations

import random

from playwright.sync_api import Browser, BrowserContext, Page, StorageState, ViewportSize

from e2e import camping, caravan, feurio, offseason, pueblo

PHONE: ViewportSize = {"width": 375, "height": 812}
TABLET: ViewportSize = {"width": 768, "height": 1024}
SIZES = {"phone": PHONE, "tablet": TABLET}

# How wide the page is, and what sticks out on the right (or the left) of the screen.
# In a mobile browser the layout viewport widens to the content, so ``innerWidth`` is
# compared with the screen's width as well.
WIDTHS = """(screen) => {
  const out = (e) => { const r = e.getBoundingClientRect();
    return r.width > 0 && (r.right > screen + 0.5 || r.left < -0.5); };
  // Inside a box of its own that scrolls or clips, or fixed to the screen: not the cause.
  const clipped = (e) => { for (let p = e; p && p !== document.body; p = p.parentElement) {
      const s = getComputedStyle(p);
      if (s.position === 'fixed') return true;
      if (p !== e && s.overflowX !== 'visible') return true; }
    return false; };
  const name = (e) => { const r = e.getBoundingClientRect();
    return e.tagName.toLowerCase() + (e.dataset.testid ? `[${e.dataset.testid}]` : '')
      + (typeof e.className === 'string' && e.className ? '.' + e.className.split(' ')[0] : '')
      + ` ${Math.round(r.left)}..${Math.round(r.right)}`; };
  const wide = [...document.querySelectorAll('body *')].filter((e) => out(e) && !clipped(e));
  return {doc: document.documentElement.scrollWidth, body: document.body.scrollWidth,
          inner: window.innerWidth, wide: wide.slice(0, 10).map(name)};
}"""


def touch_context(
    browser: Browser, viewport: ViewportSize, storage_state: StorageState | None = None
) -> BrowserContext:
    """A phone-like (or tablet-like) browser: that screen, touch, a mobile viewport."""
    context = browser.new_context(
        locale="en-US",
        viewport=viewport,
        is_mobile=True,
        has_touch=True,
        storage_state=storage_state,
    )
    context.set_default_timeout(30_000)
    return context


def assert_fits(page: Page, what: str = "") -> None:
    """The page does not scroll sideways: the document and the body are no wider than
    the screen (the elements sticking out are named when they are)."""
    page.evaluate("() => document.fonts.ready")
    screen = (page.viewport_size or PHONE)["width"]
    found = page.evaluate(WIDTHS, screen)
    widest = max(found["doc"], found["body"], found["inner"])
    assert widest <= screen, (
        f"{what or page.url} scrolls sideways at {screen} px: document {found['doc']}, "
        f"body {found['body']}, window {found['inner']}; sticking out: {found['wide']}"
    )


def in_width(page: Page, selector: str) -> list[str]:
    """The elements matching ``selector`` (and shown) that do not lie within the screen's
    width, by their test id or tag."""
    screen = (page.viewport_size or PHONE)["width"]
    return list(
        page.eval_on_selector_all(
            selector,
            """(els, screen) => els.filter((e) => { const r = e.getBoundingClientRect();
                 return r.width > 0 && (r.left < -0.5 || r.right > screen + 0.5); })
               .map((e) => e.dataset.testid || e.tagName)""",
            screen,
        )
    )


def mid_game(page: Page, base_url: str, game: str, name: str, moves: int = 3) -> str:
    """A table of ``game`` against bots, ``moves`` of this player's actions in; its
    address. Each game's own helpers open the table and choose the moves."""
    rng = random.Random(7)
    if game == "caravan":
        caravan.open_new_table(page, base_url, hands=1, name=name)
        for _ in range(moves):
            page.wait_for_function(caravan.READY, timeout=60_000)
            caravan.take_turn(page)
    elif game == "offseason":
        offseason.open_offseason_table(page, base_url, players=3, name=name, others=("easy",) * 2)
        for _ in range(moves):
            offseason.act(page, rng, offseason.offered(page))
    else:
        helpers = {
            "camping": (camping.open_camping_table, camping),
            "feurio": (feurio.open_feurio_table, feurio),
            "pueblo": (pueblo.open_pueblo_table, pueblo),
        }
        opener, module = helpers[game]
        opener(page, base_url, players=2, name=name)
        for _ in range(moves):
            page.wait_for_function(module.READY, timeout=60_000)
            module.take_turn(page, rng)
    return page.url.removeprefix(base_url)
