"""The site on a phone (375 x 812) and a tablet (768 x 1024), in a touch browser.

One tour fills the site: an account with a long name plays a few moves at a table of
each game, plays a one-hand Caravan match to the end against a second account (so its
profile has a rating), leaves a Caravan table between the two mid-game (with its
chat) and opens tables waiting for an invited friend and for anyone. Every page is then
loaded at both sizes: it must not scroll sideways, the header must keep to one line
with its menu there to tap, and so must the page's main controls, the board's targets
among them, and its dialogs. Then one short game of every registered game is played to
the end at phone size, its result checked against the engine, found in the history and
replayed.
"""

from __future__ import annotations

import json
import secrets
from collections.abc import Callable, Iterator
from functools import cached_property
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, StorageState, expect

from core.games import GAMES
from e2e import camping, caravan, feurio, offseason, pueblo
from e2e.accounts import sign_up
from e2e.conftest import ARTIFACTS, _artifact_dir
from e2e.mobile import PHONE, SIZES, assert_fits, in_width, mid_game, touch_context
from e2e.online import Match, invite_link, open_table, take_seat
from e2e.ready import BOARD_SHOWN, PLAYER_READY
from e2e.results import finish_and_check, stored_record

LONG_NAME = "Maximiliana Wolkenstein"  # 23 of the 24 characters a name may have
FRIEND_NAME = "Bartholomew Fairweather"

# What must be on the page, shown within the screen's width and free to tap.
BOARD_TARGETS = {
    "caravan": "[data-testid=hand] [data-click]",
    "camping": "[data-click]",
    "feurio": "[data-click]",
    "pueblo": pueblo.TARGETS,
    "offseason": "button.os-act:not([disabled]), [data-click]",
}


class Tour:
    """The site filled by two signed-up people, and one browser per person and size; each
    part is made when a test first asks for it (a test run alone makes only what it needs,
    and no one test pays for them all)."""

    def __init__(self, browser: Browser, base_url: str, records: Path) -> None:
        self.browser, self.base_url, self.records = browser, base_url, records
        self.player_context = touch_context(browser, PHONE)
        self.friend_context = touch_context(browser, PHONE)
        self.player = self.player_context.new_page()
        self.friend = self.friend_context.new_page()
        self.username = f"mob_{secrets.token_hex(3)}"
        sign_up(self.player, base_url, self.username)
        sign_up(self.friend, base_url, f"mobf_{secrets.token_hex(3)}")
        # person -> storage state (their cookies: who they are)
        self.states: dict[str, StorageState] = {"player": self.player_context.storage_state()}
        self.contexts: dict[tuple[str, str], BrowserContext] = {}
        self.pages: dict[tuple[str, str], Page] = {}
        self._tables: dict[str, str] = {}

    def page(self, person: str, size: str) -> Page:
        key = (person, size)
        if key not in self.pages:
            context = touch_context(self.browser, SIZES[size], self.states.get(person))
            self.contexts[key] = context
            self.pages[key] = context.new_page()
        return self.pages[key]

    def table(self, game: str) -> str:
        """A table of ``game`` the player sits at, a few moves in."""
        if game not in self._tables:
            try:
                self._tables[game] = mid_game(self.player, self.base_url, game, LONG_NAME)
            except Exception:
                keep_evidence(self.player, f"tour-{game}")  # a set-up leaves no trace else
                raise
        return self._tables[game]

    @cached_property
    def finished(self) -> str:
        """A rated one-hand Caravan match between the two, played to the end."""
        return _online_caravan(self.player, self.friend, self.base_url, to_the_end=True)

    @cached_property
    def online(self) -> str:
        """A one-hand Caravan match between the two left mid-game, with a chat."""
        online = _online_caravan(self.player, self.friend, self.base_url, to_the_end=False)
        self.player.get_by_test_id("chat-input").fill("Good luck! " * 12)
        self.player.get_by_test_id("chat-send").click()
        expect(self.player.get_by_test_id("chat-line")).to_have_count(1)
        return online

    @cached_property
    def waiting_invite(self) -> str:
        """The player's table waiting for an invited friend."""
        open_table(self.player, self.base_url, name=LONG_NAME, seat="invited")
        return invite_link(self.player).removeprefix(self.base_url)

    @cached_property
    def open_seat(self) -> str:
        """The player's table waiting for anyone (the lobby lists it)."""
        open_table(self.player, self.base_url, name=LONG_NAME, seat="open")
        return self.player.url.removeprefix(self.base_url)

    @cached_property
    def record_file(self) -> Path:
        """The finished match's record, as a file to import."""
        path = self.records / "match.json"
        match_id = self.finished.rsplit("/", 1)[-1]
        path.write_text(json.dumps(stored_record(self.base_url, match_id)))
        return path

    def lobby_filled(self) -> None:
        """Tables for the lobby to list: one to join, and one in play to watch."""
        assert self.open_seat and self.table("caravan")

    def close(self) -> None:
        for context in (*self.contexts.values(), self.player_context, self.friend_context):
            context.close()


def keep_evidence(page: Page, name: str) -> None:
    """A screenshot and the HTML of ``page`` under ``e2e/artifacts/<name>.*``."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)
    (ARTIFACTS / f"{name}.html").write_text(page.content(), encoding="utf-8")


@pytest.fixture(scope="module")
def tour(
    browser: Browser, base_url: str, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Tour]:
    tour = Tour(browser, base_url, tmp_path_factory.mktemp("records"))
    yield tour
    tour.close()


def _online_caravan(player: Page, friend: Page, base_url: str, *, to_the_end: bool) -> str:
    """A one-hand Caravan table between the two, the friend invited; its address."""
    open_table(player, base_url, name=LONG_NAME, seat="invited")
    friend.goto(invite_link(player))
    take_seat(friend, FRIEND_NAME)
    match = Match({0: player, 1: friend})
    if to_the_end:
        match.play_to_end()
    else:
        for _ in range(3):
            mover = match.next_mover()
            assert mover is not None
            match.play(mover)
    return player.url.removeprefix(base_url)


# ------------------------------------------------------------------ checking a page


def _header(page: Page) -> None:
    """The header keeps to one line, and its menu (the way to every page and the other
    language at these sizes) is there to tap."""
    menu = page.get_by_test_id("nav-menu")
    expect(menu).to_be_visible()
    expect(page.get_by_test_id("nav-history")).to_be_hidden()
    small = page.eval_on_selector_all(
        "header button",
        """els => els.filter((e) => e.offsetParent !== null).map((e) => {
             const r = e.getBoundingClientRect();
             return [e.dataset.testid, Math.round(r.width), Math.round(r.height)]; })
           .filter(([, w, h]) => w < 40 || h < 40)""",
    )
    assert not small, f"header buttons smaller than 40 x 40 px: {small}"
    header = page.locator("header").bounding_box()
    assert header is not None and header["height"] <= 80, f"the header wraps: {header}"
    assert not in_width(page, "header *"), in_width(page, "header *")
    menu.click(trial=True)


def _tappable(page: Page, selector: str, most: int = 4) -> None:
    """Elements matching ``selector`` are shown within the screen's width, and the first,
    the last and some between take a tap (nothing covers them)."""
    targets = page.locator(selector)
    count = targets.count()
    assert count, f"nothing matches {selector}"
    outside = in_width(page, selector)
    assert not outside, f"{outside} lie outside the screen's width"
    picks = sorted({0, count - 1, *range(0, count, max(1, count // most))})
    for index in picks[: most + 1]:
        targets.nth(index).click(trial=True)  # scrolled to, and nothing in the way


def check_page(
    page: Page,
    url: str,
    size: str,
    *,
    ready: str | None = None,
    controls: tuple[str, ...] = (),
    then: Callable[[Page], None] | None = None,
) -> None:
    """Load ``url`` at ``size``, wait for it (``ready``, and each of ``controls``), check
    that it fits, its header, and its ``controls``; then ``then`` and fitting again."""
    page.goto(url)
    page.wait_for_selector("main .cs-main")
    if ready:
        page.wait_for_function(ready, timeout=60_000)
    for selector in controls:
        page.wait_for_selector(selector)
    assert_fits(page)
    _header(page)
    for selector in controls:
        _tappable(page, selector)
    if then is not None:
        then(page)
        assert_fits(page, f"{url} (after {then.__name__})")


# ------------------------------------------------------------------ the pages

GUEST_PAGES: list[tuple[str, str, tuple[str, ...]]] = [
    ("home", "/", tuple(f"[data-testid=play-{g}]" for g in GAMES)),
    ("rules-index", "/rules", ("[data-testid=rules-index] a",)),
    *[(f"rules-{g}", f"/rules/{g}", (".cs-rules",)) for g in GAMES],
    *[(f"new-{g}", f"/new/{g}", ("[data-testid=start]", "[data-testid=name]")) for g in GAMES],
    ("lobby", "/lobby", ("[data-testid=lobby-join]", "[data-testid=lobby-watch]")),
    ("signin", "/signin", ("[data-testid=username]", "[data-testid=signin-submit]")),
    ("signup", "/signup", ("[data-testid=signup-submit]",)),
    ("account-guest", "/account", ("[data-testid=guest]",)),
    ("history-guest", "/history", ("[data-testid=to-import]",)),
]


@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize(
    ("path", "controls"), [p[1:] for p in GUEST_PAGES], ids=[p[0] for p in GUEST_PAGES]
)
def test_a_guest_page_fits(
    tour: Tour, base_url: str, size: str, path: str, controls: tuple[str, ...]
) -> None:
    if path == "/lobby":
        tour.lobby_filled()
    check_page(tour.page("guest", size), base_url + path, size, controls=controls)


@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("game", list(GAMES))
def test_a_table_mid_game_fits(tour: Tour, base_url: str, size: str, game: str) -> None:
    def resign_dialog(page: Page) -> None:
        page.get_by_test_id("resign").click()
        expect(page.get_by_test_id("resign-yes")).to_be_visible()
        assert_fits(page, "the resign dialog")
        _tappable(page, "[data-testid=resign-yes], [data-testid=resign-no]")
        page.get_by_test_id("resign-no").click()
        expect(page.get_by_test_id("resign-yes")).to_be_hidden()

    check_page(
        tour.page("player", size),
        base_url + tour.table(game),
        size,
        ready=PLAYER_READY[game],
        controls=(BOARD_TARGETS[game], "[data-testid=seats]", "[data-testid=move-input]"),
        then=resign_dialog,
    )


@pytest.mark.parametrize("size", list(SIZES))
def test_a_table_with_two_people_and_a_chat_fits(tour: Tour, base_url: str, size: str) -> None:
    check_page(
        tour.page("player", size),
        base_url + tour.online,
        size,
        ready=BOARD_SHOWN,
        controls=("[data-testid^=seat-]", "[data-testid=chat-send]", "[data-testid=chat-line]"),
    )
    page = tour.page("player", size)
    assert not in_width(page, "[data-testid=chat] *")


@pytest.mark.parametrize("size", list(SIZES))
def test_a_finished_table_its_replay_and_an_imported_record_fit(
    tour: Tour, base_url: str, size: str
) -> None:
    page = tour.page("player", size)
    check_page(
        page,
        base_url + tour.finished,
        size,
        controls=("[data-testid=result]", "[data-testid=to-replay]", "[data-testid=to-history]"),
    )
    replay_controls = (
        "[data-testid=replay-first]",
        "[data-testid=replay-back]",
        "[data-testid=replay-forward]",
        "[data-testid=replay-last]",
        "[data-testid=replay-seat] button",
        "[data-testid=replay-slider]",
        "[data-testid^=replay-move-]",
    )
    check_page(
        page,
        base_url + tour.finished.replace("/table/", "/replay/"),
        size,
        controls=(*replay_controls, "[data-testid=replay-download]"),
    )

    def upload(page: Page) -> None:
        page.get_by_test_id("import-upload").locator("input[type=file]").set_input_files(
            tour.record_file
        )
        expect(page.get_by_test_id("replay-ply")).to_be_visible()
        for selector in replay_controls:
            _tappable(page, selector)

    check_page(
        page, base_url + "/import", size, controls=("[data-testid=import-pick]",), then=upload
    )


ACCOUNT_PAGES: list[tuple[str, str, tuple[str, ...]]] = [
    (
        "history",
        "/history",
        (
            "[data-testid=replay]",
            "[data-testid=continue]",
            "[data-testid=filter-apply]",
            "[data-testid=filter-game]",
        ),
    ),
    ("account", "/account", ("[data-testid=signout]", "[data-testid=password-submit]")),
    ("lobby", "/lobby", ("[data-testid=lobby-watch]", "[data-testid=lobby-new]")),
]


@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize(
    ("path", "controls"), [p[1:] for p in ACCOUNT_PAGES], ids=[p[0] for p in ACCOUNT_PAGES]
)
def test_a_page_of_a_signed_in_player_fits(
    tour: Tour, base_url: str, size: str, path: str, controls: tuple[str, ...]
) -> None:
    assert tour.finished and tour.table("caravan")  # a match to replay, one to continue
    tour.lobby_filled()
    check_page(tour.page("player", size), base_url + path, size, controls=controls)


@pytest.mark.parametrize("size", list(SIZES))
def test_a_profile_with_a_rating_fits(tour: Tour, base_url: str, size: str) -> None:
    assert tour.finished  # the rated match
    page = tour.page("guest", size)
    check_page(
        page,
        f"{base_url}/players/{tour.username}",
        size,
        ready="() => !!document.querySelector('[data-testid=ratings], [data-testid=no-ratings]')",
        controls=("[data-testid=replay]",),
    )
    if not page.get_by_test_id("ratings").count():  # rated in the background: look again
        page.reload()
    expect(page.get_by_test_id("rating-caravan")).to_be_visible(timeout=30_000)
    assert_fits(page, "the profile with its ratings")


@pytest.mark.parametrize("size", list(SIZES))
def test_a_waiting_room_fits(tour: Tour, base_url: str, size: str) -> None:
    check_page(
        tour.page("guest", size),
        base_url + tour.waiting_invite,
        size,
        controls=("[data-testid=join-name]", "[data-testid=take-seat]", "[data-testid^=seat-]"),
    )
    # Its host: the invitation to pass on, and the way to start now with bots.
    check_page(
        tour.page("player", size),
        base_url + tour.waiting_invite,
        size,
        controls=(
            "[data-testid=invite-link]",
            "[data-testid=waiting-room] button",
            "[data-testid=fill-level]",
        ),
    )


@pytest.mark.parametrize("size", list(SIZES))
def test_the_header_menu_leads_everywhere_in_both_languages(
    tour: Tour, base_url: str, size: str
) -> None:
    page = tour.page("guest", size)
    page.goto(base_url + "/rules")
    menu = page.get_by_test_id("nav-menu")
    menu.click()
    items = page.locator("[data-testid^=menu-]")
    expect(page.get_by_test_id("menu-lobby")).to_be_visible()
    assert not in_width(page, "[data-testid^=menu-]")
    for index in range(items.count()):
        box = items.nth(index).bounding_box()
        assert box is not None and box["height"] >= 40, box
    page.get_by_test_id("menu-lobby").click()
    page.wait_for_url("**/lobby")
    menu.click()
    page.get_by_test_id("menu-lang-fr").click()
    expect(page.locator("html")).to_have_attribute("lang", "fr")
    assert_fits(page, "the lobby in French")
    page.get_by_test_id("nav-menu").click()
    expect(page.get_by_test_id("menu-signin")).to_have_text("Se connecter")
    page.get_by_test_id("menu-lang-en").click()
    expect(page.locator("html")).to_have_attribute("lang", "en")


# ------------------------------------------------------------------ whole games on a phone


def _summary_fits(page: Page) -> None:
    """A hand summary (a dialog) fits the phone, its button within reach."""
    expect(page.get_by_test_id("hand-summary")).to_be_visible()
    assert_fits(page, "the hand summary")
    assert not in_width(page, ".q-dialog *"), in_width(page, ".q-dialog *")
    page.get_by_test_id("summary-close").click(trial=True)


def _phone_game(
    game: str, page: Page, base_url: str, on_summary: Callable[[Page], None]
) -> Callable[[Page], None]:
    """Open the shortest table of ``game`` against a bot; how to play it to the end.
    Caravan plays two hands, for a hand summary (``on_summary``) between them."""
    if game == "caravan":
        caravan.open_new_table(page, base_url, hands=2, opponent="bot:easy")
        return lambda page: caravan.play_to_end(page, on_summary=on_summary)
    if game == "camping":
        camping.open_camping_table(page, base_url, players=2, others=("easy",))
        return camping.play_to_end
    if game == "feurio":
        feurio.open_feurio_table(page, base_url, players=2)
        return feurio.play_to_end
    if game == "pueblo":
        pueblo.open_pueblo_table(page, base_url, players=2)
        return pueblo.play_to_end
    offseason.open_offseason_table(page, base_url, players=2, others=("easy",))
    return offseason.play_to_end


@pytest.fixture
def phone(browser: Browser, request: pytest.FixtureRequest) -> Iterator[Page]:
    """A page in a phone-like browser; if the test fails, a screenshot of it under
    ``e2e/artifacts/`` (as the suite's own pages leave)."""
    context = touch_context(browser, PHONE)
    page = context.new_page()
    yield page
    report = getattr(request.node, "rep_call", None)
    if report is not None and report.failed:
        folder = _artifact_dir(request.node)
        folder.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(folder / "phone.png"), full_page=True)
    context.close()


@pytest.mark.parametrize("game", list(GAMES))
def test_a_short_game_is_played_to_the_end_on_a_phone(
    phone: Page, base_url: str, game: str
) -> None:
    summaries: list[str] = []

    def on_summary(page: Page) -> None:
        _summary_fits(page)
        summaries.append(page.url)

    play = _phone_game(game, phone, base_url, on_summary)
    assert_fits(phone, f"the {game} table")

    def play_and_look(page: Page) -> None:
        play(page)
        assert_fits(page, f"the {game} result")

    finish_and_check(phone, base_url, play_and_look)
    assert_fits(phone, f"the {game} replay")
    assert len(summaries) == (1 if game == "caravan" else 0)
