"""Every page checked with axe-core in Chromium: no serious or critical violation.

One server and one tour of the site serve every check, each part of it made when a
check first needs it: an account plays a few
moves at a table of each game (against bots), finishes a short Caravan match, and
opens a table waiting for an invited friend; a second browser (a guest) watches
the tables. Each page is then loaded afresh and checked in the light theme and
in the dark one (set here through NiceGUI's ``setDark``, as the header's theme
switch does). The last tests play a move of Deluxe Camping, Feurio! and Pueblo
with Tab, Enter and Space alone, and check that a French visitor hears the board's
targets in French.
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Callable, Iterator
from functools import cached_property
from typing import Any

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Browser, BrowserContext, Page

from e2e import camping, caravan, feurio, offseason, pueblo
from e2e.accounts import sign_up
from e2e.online import open_table
from e2e.ready import BOARD_SHOWN, PLAYER_READY

GAMES = ("caravan", "camping", "feurio", "pueblo", "offseason")
SERIOUS = ("serious", "critical")
AXE = Axe()


class Tour:
    """Two browsers, a signed-up player and a guest, and the addresses worth checking,
    each made when a test first asks for it (a test run alone makes only what it needs)."""

    def __init__(self, browser: Browser, base_url: str) -> None:
        self.browser, self.base_url = browser, base_url
        self.contexts: list[BrowserContext] = []
        self.player = self._page()
        self.guest = self._page()
        self.username = f"axe_{secrets.token_hex(3)}"
        sign_up(self.player, base_url, self.username)
        self._tables: dict[str, str] = {}

    def _page(self) -> Page:
        context, page = _new_page(self.browser)
        self.contexts.append(context)
        return page

    def table(self, game: str) -> str:
        """A table of ``game`` the player sits at, a few moves in."""
        if game not in self._tables:
            self._tables[game] = _mid_game(self.player, self.base_url, game)
        return self._tables[game]

    @cached_property
    def finished(self) -> str:
        """A one-hand Caravan match the player played to the end against a bot."""
        caravan.open_new_table(self.player, self.base_url, hands=1, opponent="bot:easy")
        caravan.play_to_end(self.player)
        return self.player.url.removeprefix(self.base_url)

    @cached_property
    def waiting(self) -> str:
        """A table of another person's, waiting for an invited friend."""
        page = self._page()
        open_table(page, self.base_url, name="Wanda", seat="invited")
        return page.url.removeprefix(self.base_url)

    def close(self) -> None:
        for context in self.contexts:
            context.close()


def _new_page(browser: Browser, locale: str = "en-US") -> tuple[BrowserContext, Page]:
    context = browser.new_context(locale=locale, viewport={"width": 1280, "height": 900})
    context.set_default_timeout(30_000)
    return context, context.new_page()


def _turns(page: Page, ready: str, turn: Callable[[], None], count: int) -> None:
    for _ in range(count):
        page.wait_for_function(ready, timeout=60_000)
        turn()


def _mid_game(page: Page, base_url: str, game: str) -> str:
    """A table of ``game`` against bots, a few moves in; its address."""
    rng = random.Random(7)
    if game == "caravan":
        caravan.open_new_table(page, base_url, hands=2)

        def turn() -> None:
            if not caravan.dismiss_interlude(page):
                caravan.take_turn(page)

        _turns(page, caravan.READY, turn, 2)
    elif game == "camping":
        camping.open_camping_table(page, base_url, players=3, others=("easy", "easy"))
        _turns(page, camping.READY, lambda: camping.take_turn(page, rng), 3)
    elif game == "feurio":
        feurio.open_feurio_table(page, base_url, players=3)
        _turns(page, feurio.READY, lambda: feurio.take_turn(page, rng), 2)
    elif game == "pueblo":
        pueblo.open_pueblo_table(page, base_url, players=2)
        _turns(page, pueblo.READY, lambda: pueblo.take_turn(page, rng), 2)
    else:
        offseason.open_offseason_table(page, base_url, players=3, others=("easy", "easy"))
        for _ in range(3):
            offseason.act(page, rng, offseason.offered(page))
    return page.url.removeprefix(base_url)


@pytest.fixture(scope="module")
def tour(browser: Browser, base_url: str) -> Iterator[Tour]:
    tour = Tour(browser, base_url)
    yield tour
    tour.close()


# ------------------------------------------------------------------ checking


def serious_violations(page: Page) -> list[dict[str, Any]]:
    """axe-core's violations of impact serious or critical on the page as it is."""
    results = AXE.run(page, options={"resultTypes": ["violations"]})
    return [v for v in results.response["violations"] if v["impact"] in SERIOUS]


def describe(violations: list[dict[str, Any]]) -> str:
    """Rule, impact, help and the first targets of each violation, one block per rule."""
    lines = []
    for v in violations:
        lines.append(f"{v['id']} ({v['impact']}): {v['help']} — {len(v['nodes'])} element(s)")
        for node in v["nodes"][:6]:
            target = " ".join(str(part) for part in node["target"])
            why = [c["message"] for c in node.get("any", []) + node.get("all", [])][:1]
            lines.append(f"    {target}\n        {node['html'][:160]}")
            lines += [f"        -> {text}" for text in why]
    return "\n".join(lines)


def set_dark(page: Page, dark: bool) -> None:
    page.evaluate(f"setDark({str(dark).lower()})")
    wanted = "" if dark else "!"
    page.wait_for_function(f"() => {wanted}document.body.classList.contains('body--dark')")
    # Quasar fades colours in: check what the page shows once the fades are over.
    page.wait_for_function(
        "() => !document.getAnimations().some((a) => a instanceof CSSTransition)"
    )


def check(page: Page, url: str, ready: str | None = None) -> None:
    """Load ``url`` afresh, wait for it, and check it in the light and dark themes."""
    page.goto(url)
    page.wait_for_selector("main .cs-main")
    if ready:
        page.wait_for_function(ready, timeout=60_000)
    found = {}
    for theme, dark in (("light", False), ("dark", True)):
        set_dark(page, dark)
        violations = serious_violations(page)
        if violations:
            found[theme] = describe(violations)
    set_dark(page, False)
    report = "\n".join(f"[{theme}]\n{text}" for theme, text in found.items())
    assert not found, f"axe found serious or critical violations on {url}:\n{report}"


# ------------------------------------------------------------------ the pages

GUEST_PAGES = [
    ("home", "/", None),
    ("rules-index", "/rules", None),
    *[(f"rules-{g}", f"/rules/{g}", None) for g in GAMES],
    *[(f"new-{g}", f"/new/{g}", None) for g in GAMES],
    ("lobby", "/lobby", None),
    ("signin", "/signin", None),
    ("signup", "/signup", None),
    ("account-guest", "/account", None),
    ("history-guest", "/history", None),
    ("not-found", "/no-such-page", None),
    ("table-not-found", "/table/no-such-table", None),
]


@pytest.mark.parametrize(
    ("path", "ready"), [p[1:] for p in GUEST_PAGES], ids=[p[0] for p in GUEST_PAGES]
)
def test_pages_a_guest_sees(tour: Tour, base_url: str, path: str, ready: str | None) -> None:
    check(tour.guest, base_url + path, ready)


@pytest.mark.parametrize("game", GAMES)
def test_a_table_mid_game_as_its_player(tour: Tour, base_url: str, game: str) -> None:
    check(tour.player, base_url + tour.table(game), PLAYER_READY[game])


@pytest.mark.parametrize("game", GAMES)
def test_a_table_mid_game_as_a_spectator(tour: Tour, base_url: str, game: str) -> None:
    check(tour.guest, base_url + tour.table(game), BOARD_SHOWN)


ACCOUNT_PAGES = ["/history", "/account", "/import", "/lobby", "/"]


@pytest.mark.parametrize("path", ACCOUNT_PAGES)
def test_pages_of_a_signed_in_player(tour: Tour, base_url: str, path: str) -> None:
    check(tour.player, base_url + path)


def test_the_result_of_a_finished_match(tour: Tour, base_url: str) -> None:
    check(
        tour.player,
        base_url + tour.finished,
        "() => !!document.querySelector('[data-testid=result]')",
    )


def test_the_replay_of_a_finished_match(tour: Tour, base_url: str) -> None:
    replay = tour.finished.replace("/table/", "/replay/")
    check(
        tour.player, base_url + replay, "() => !!document.querySelector('[data-testid=replay-ply]')"
    )


def test_a_player_profile(tour: Tour, base_url: str) -> None:
    assert tour.finished  # a profile with a match played
    check(tour.guest, f"{base_url}/players/{tour.username}")


def test_a_table_waiting_for_an_invited_friend(tour: Tour, base_url: str) -> None:
    check(tour.guest, base_url + tour.waiting)


# ------------------------------------------------------------------ keyboard only

# The focused element, when it is a board target: its token, its name and the colour
# its outline is drawn in (the stroke of the shape, or of the group's first shape).
FOCUSED_TARGET = """() => {
  const el = document.activeElement;
  if (!el || !el.matches('[data-click][role=button]')) return null;
  const shape = el.querySelector(':scope > rect, :scope > polygon') || el;
  return {token: el.dataset.click, name: el.getAttribute('aria-label'),
          ring: getComputedStyle(shape).stroke};
}"""
FOCUS_RING = "rgb(29, 78, 216)"  # ui.boards.a11y.FOCUS


def tab_to_target(page: Page, prefix: str = "", most: int = 150) -> dict[str, str]:
    """Press Tab until a board target (whose token starts with ``prefix``) has the focus."""
    for _ in range(most):
        page.keyboard.press("Tab")
        found = page.evaluate(FOCUSED_TARGET)
        if found and found["token"].startswith(prefix):
            return dict(found)
    raise AssertionError(f"Tab never reached a board target {prefix!r}")


@pytest.mark.camping
def test_deluxe_camping_is_played_with_tab_enter_and_space(page: Page, base_url: str) -> None:
    camping.open_camping_table(page, base_url, players=2, others=("easy",))
    page.wait_for_function(camping.READY, timeout=60_000)
    first = tab_to_target(page)
    assert first["name"] and first["ring"] == FOCUS_RING
    before = camping.ply(page)
    if first["token"].startswith("sel:"):  # half of the bungalow: the square is chosen...
        page.keyboard.press("Enter")
        page.wait_for_selector('[data-click^="act:"]')
        # ... and the focus comes back to it once the board is redrawn
        page.wait_for_function(
            "t => document.activeElement && document.activeElement.dataset.click === t",
            arg=first["token"],
        )
        second = tab_to_target(page, "act:")
        assert second["name"].startswith("Place your bungalow on ")
    page.keyboard.press("Space")
    page.wait_for_function(camping.PLY_AFTER, arg=before)


@pytest.mark.parametrize("game", ["feurio", "pueblo"])
def test_a_move_is_made_with_tab_and_enter(page: Page, base_url: str, game: str) -> None:
    opener = feurio.open_feurio_table if game == "feurio" else pueblo.open_pueblo_table
    opener(page, base_url, players=2)
    page.wait_for_function(PLAYER_READY[game], timeout=60_000)
    before = camping.ply(page)
    found = tab_to_target(page, "act:")
    assert found["name"] and found["ring"] == FOCUS_RING
    page.keyboard.press("Enter")
    page.wait_for_function(camping.PLY_AFTER, arg=before)


@pytest.mark.parametrize("context", ["fr-FR"], indirect=True)
def test_a_french_visitor_hears_the_targets_in_french(page: Page, base_url: str) -> None:
    camping.open_camping_table(page, base_url, players=2)
    page.wait_for_function(camping.READY, timeout=60_000)
    names = page.eval_on_selector_all(
        "[data-click][role=button]", "els => els.map(e => e.getAttribute('aria-label'))"
    )
    assert names and all(name.startswith(("Commencer ", "Poser ")) for name in names), names
    assert page.evaluate("document.documentElement.lang") == "fr"
    check(page, page.url, camping.READY)
