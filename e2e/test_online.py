"""Online play: people in separate browsers at one table, watchers, the lobby, lost
connections, double submissions, resigning and rematches."""

from __future__ import annotations

import os
import re
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Locator, Page, expect

from core.record import replay
from e2e.caravan import READY, open_new_table, ply
from e2e.caravan import play_to_end as play_alone_to_end
from e2e.conftest import _artifact_dir
from e2e.online import (
    REFUSALS,
    Match,
    Wire,
    button_for,
    choose,
    click_together,
    clicked_at,
    expect_ply,
    hidden_by_ply,
    invite_link,
    leaks,
    my_seat,
    new_person,
    notifications,
    open_table,
    seen,
    select,
    stored_plies,
    table_id,
    take_seat,
    take_turn,
    wait_until,
)
from e2e.results import expect_scores_named, shown_final_scores, stored_record

pytestmark = pytest.mark.caravan

Person = Callable[[], tuple[BrowserContext, Page]]


@pytest.fixture(autouse=True)
def patient_expect() -> Iterator[None]:
    """Assertions wait longer than Playwright's 5 s: the machine may be busy."""
    expect.set_options(timeout=20_000)
    yield
    expect.set_options(timeout=5_000)


@pytest.fixture
def person(browser: Browser, request: pytest.FixtureRequest) -> Iterator[Person]:
    """Open a browser context per person, closed at the end; if the test failed, each
    page's screenshot and the browser's console are kept under e2e/artifacts/."""
    opened: list[tuple[BrowserContext, list[str]]] = []

    def open_one() -> tuple[BrowserContext, Page]:
        context = new_person(browser)
        console: list[str] = []
        context.on(
            "console", lambda message: console.append(f"{time.monotonic():.2f} {message.text}")
        )
        opened.append((context, console))
        return context, context.new_page()

    yield open_one
    failed = getattr(request.node, "rep_call", None) is not None and request.node.rep_call.failed
    for number, (context, console) in enumerate(opened):
        if failed:
            folder = _artifact_dir(request.node)
            folder.mkdir(parents=True, exist_ok=True)
            (folder / f"person{number}-console.txt").write_text("\n".join(console) + "\n")
            for index, page in enumerate(context.pages):
                try:
                    page.screenshot(path=str(folder / f"person{number}-page{index}.png"))
                except Exception:  # noqa: BLE001 - a screenshot is a bonus
                    pass
        context.close()


def invited_table(person: Person, base_url: str) -> tuple[Page, Page, Wire, Wire, str]:
    """Ann opens a one-hand table for a friend; Bea comes with the link and sits down."""
    _, ann = person()
    _, bea = person()
    ann_wire, bea_wire = Wire(ann), Wire(bea)
    match_id = open_table(ann, base_url, name="Ann", seat="invited")
    expect(ann.get_by_test_id("seat-1")).to_have_attribute("data-kind", "invited")
    link = invite_link(ann)
    bea.goto(link)
    expect(bea.get_by_test_id("waiting-room")).to_be_visible()
    take_seat(bea, "Bea")
    for page in (ann, bea):
        expect(page.get_by_test_id("waiting-room")).to_have_count(0)
        expect(page.get_by_test_id("board")).to_have_attribute("data-ply", "0")
    assert (my_seat(ann), my_seat(bea)) == (0, 1)
    return ann, bea, ann_wire, bea_wire, match_id


def check_result(base_url: str, match_id: str, pages: list[Page], moves: int) -> list[int]:
    """Every page shows the engine's replay of the stored record; the scores."""
    record = stored_record(base_url, match_id)
    assert len(record["actions"]) == moves
    scores = [int(s) for s in replay(record).scores()]
    assert [int(s) for s in record["result"]["scores"]] == scores
    for page in pages:
        expect(page.get_by_test_id("result")).to_be_visible()
        expect_ply(page, moves)
        assert shown_final_scores(page) == scores
    return scores


def in_history(page: Page, base_url: str, match_id: str, scores: list[int]) -> None:
    page.goto(base_url + "/history")
    row = page.get_by_test_id(f"match-{match_id}")
    expect(row).to_be_visible()
    names = stored_record(base_url, match_id)["seats"]
    expect_scores_named(row.get_by_test_id("outcome"), names, scores)


def assert_nothing_hidden_received(record: dict[str, Any], wires: dict[int | None, Wire]) -> None:
    """No browser received a card it may not know at the time it received it."""
    for viewer, wire in wires.items():
        assert wire.items, f"frames of viewer {viewer} were captured"
        found = leaks(wire, hidden_by_ply(record, viewer))
        assert not found, f"viewer {viewer} received hidden cards: {found[:5]}"
    # The same search finds the cards a player may see: it would find a leak.
    start: Any = replay(record, upto=0)
    deal = start.deal
    for seat in (0, 1):
        if seat in wires:
            assert seen(wires[seat], deal.hands[seat]) == set(deal.hands[seat])
    if None in wires:
        played = {action for _, action in record["actions"] if action != "pass"}
        assert played and seen(wires[None], played) == played


def test_two_people_play_a_match_by_invitation_while_someone_watches(
    person: Person, base_url: str
) -> None:
    ann, bea, ann_wire, bea_wire, match_id = invited_table(person, base_url)

    # Someone who was not invited opens the table once the game has started: they watch.
    _, eve = person()
    eve_wire = Wire(eve)
    eve.goto(f"{base_url}/table/{match_id}")
    expect(eve.get_by_test_id("watching")).to_be_visible()
    expect_ply(eve, 0)
    expect(eve.get_by_test_id("hand")).to_be_hidden()
    for page in (ann, bea):
        expect(page.get_by_test_id("watching")).to_be_hidden()

    # The players can talk; the watcher reads along but cannot write.
    ann.get_by_test_id("chat-input").fill("Good luck, Bea!")
    ann.get_by_test_id("chat-send").click()
    for page in (ann, bea, eve):
        expect(page.get_by_test_id("chat-line")).to_have_text(["Ann: Good luck, Bea!"])
    expect(eve.get_by_test_id("chat-input")).to_have_count(0)

    match = Match({0: ann, 1: bea}, watchers=[eve])
    match.play(match.next_mover() or 0)
    # The watcher's board is redrawn whole on every move (one frame shared by all the
    # watchers): what they opened stays open.
    collected = eve.get_by_test_id("collection-open-0")
    collected.locator("summary").click()
    expect(collected).to_have_attribute("open", "")
    match.play(match.next_mover() or 0)
    expect(collected).to_have_attribute("open", "")
    # A watcher offline for a moment misses a move's frame; back, it is sent the position.
    match.watchers = []
    eve.context.set_offline(True)
    match.play(match.next_mover() or 0)
    for page in (ann, bea):  # the move's frame has gone out to every page, Eve's too
        expect_ply(page, len(match.moves))
    eve.context.set_offline(False)
    expect_ply(eve, len(match.moves), timeout=40_000)
    match.watchers = [eve]
    match.play_to_end()
    movers = {seat for seat, _ in match.moves}
    assert movers == {0, 1}, "both people played"

    scores = check_result(base_url, match_id, [ann, bea, eve], len(match.moves))
    record = stored_record(base_url, match_id)
    assert [tuple(a) for a in record["actions"]] == match.moves
    assert_nothing_hidden_received(record, {0: ann_wire, 1: bea_wire, None: eve_wire})

    in_history(ann, base_url, match_id, scores)
    in_history(bea, base_url, match_id, scores)


def lose_connection(
    context: BrowserContext, page: Page, others_view: Page, seat: int
) -> tuple[float, Callable[[], bool]]:
    """Take ``context`` offline; wait until the other player's page shows ``seat`` away
    (the server saw it go). That moment, and a check (once back) of whether the page
    was reloaded."""
    page.evaluate("() => { window.e2eKept = true; }")
    context.set_offline(True)
    expect(others_view.get_by_test_id(f"seat-{seat}")).to_have_attribute("data-present", "false")
    return time.monotonic(), lambda: not page.evaluate("() => window.e2eKept === true")


def come_back(
    context: BrowserContext, page: Page, others_view: Page, seat: int, plies: int
) -> None:
    """Back online: the page catches up on the moves it missed, in place or reloaded."""
    context.set_offline(False)
    expect(others_view.get_by_test_id(f"seat-{seat}")).to_have_attribute(
        "data-present", "true", timeout=40_000
    )
    page.get_by_test_id("board").wait_for(timeout=40_000)
    expect_ply(page, plies, timeout=40_000)


# (who goes offline, after how many moves, for how many seconds): the other moves meanwhile.
# The server keeps a lost browser's page 15 s (ui.app RECONNECT_TIMEOUT): within that
# the page carries on in place (2 s surely; 10 s as the browser's reconnection back-off
# falls); past it (16.5 s) the browser is given the page afresh.
OUTAGES = ((1, 2, 2.0), (0, 5, 10.0), (1, 8, 16.5))


def test_players_who_lose_their_connection_carry_on_without_lost_or_doubled_moves(
    person: Person, base_url: str, tmp_path_factory: pytest.TempPathFactory
) -> None:
    ann, bea, ann_wire, bea_wire, match_id = invited_table(person, base_url)
    pages = {0: ann, 1: bea}
    match = Match(pages)
    reloaded: list[bool] = []
    while (mover := match.next_mover()) is not None:
        if len(reloaded) < len(OUTAGES):
            seat, after, seconds = OUTAGES[len(reloaded)]
            if len(match.moves) >= after and mover == 1 - seat:
                page, other = pages[seat], pages[1 - seat]
                went, was_reloaded = lose_connection(page.context, page, other, seat)
                match.play(mover)  # a move the offline page misses
                wait_until(went, seconds, other)
                come_back(page.context, page, other, seat, len(match.moves))
                reloaded.append(was_reloaded())
                continue
        match.play(mover)
    assert len(reloaded) == len(OUTAGES), f"all outages happened mid-game: {reloaded}"
    assert reloaded[0] is False, "a page offline for 2 s is carried on in place"
    assert reloaded[2] is True, "a page offline past the keep time is given afresh"

    total = len(match.moves)
    check_result(base_url, match_id, [ann, bea], total)
    record = stored_record(base_url, match_id)
    assert [tuple(a) for a in record["actions"]] == match.moves, "every move once, in order"
    plies = stored_plies(tmp_path_factory.getbasetemp(), match_id)
    if not os.environ.get("E2E_BASE_URL"):  # the suite's own server: its database is at hand
        assert plies == list(range(1, total + 1)), "the stored plies are 1, 2, ... in a row"
    assert_nothing_hidden_received(record, {0: ann_wire, 1: bea_wire})


@dataclass
class TwoTabs:
    """A one-hand match against the bot, played to the end by one person on two tabs,
    with the same move sent twice at once along the way."""

    first: Page
    second: Page
    match_id: str
    seat: int
    made: list[tuple[int, str]]  # (ply before, action): every move this person made
    clicked: list[int]  # when each tab clicked, in ms
    refused: list[str]  # the notifications shown meanwhile
    final_plies: list[int]  # the board's ply on each tab at the end


def _my_turn(pages: tuple[Page, ...]) -> int:
    for page in pages:
        page.wait_for_function(READY, timeout=60_000)
    if pages[0].get_by_test_id("result").count():
        return -1
    for page in pages:
        expect(page.get_by_test_id("hint")).not_to_be_empty()
    assert len({ply(page) for page in pages}) == 1
    return ply(pages[0])


def _applied(before: int, pages: tuple[Page, ...], refused: list[str]) -> None:
    """Wait until the move is on every tab and the bot has answered (or the turn came
    back, or the match ended): any refusal of a second attempt is shown by then."""
    for page in pages:
        page.wait_for_function(
            "n => Number(document.querySelector('[data-testid=board]').dataset.ply) > n",
            arg=before,
        )
    pages[0].wait_for_function(
        "n => Number(document.querySelector('[data-testid=board]').dataset.ply) > n"
        " || !!document.querySelector('[data-testid=result]')"
        " || document.querySelector('[data-testid=hint]').innerText.trim() !== ''",
        arg=before + 1,
    )
    for page in pages:
        refused.extend(notifications(page))


@pytest.fixture(scope="module")
def two_tabs(browser: Browser, base_url: str) -> Iterator[TwoTabs]:
    context = new_person(browser)
    try:
        first = context.new_page()
        open_new_table(first, base_url, hands=1, opponent="bot:easy")
        second = context.new_page()  # the same person (same cookie) on a second tab
        second.goto(first.url)
        second.get_by_test_id("board").wait_for()
        seat = my_seat(first)
        assert my_seat(second) == seat
        both = (first, second)
        made: list[tuple[int, str]] = []
        refused: list[str] = []

        # Both tabs click the same card and Play (or Pass) at the same instant.
        before = _my_turn(both)
        action = choose(first)
        assert choose(second) == action
        for page in both:
            select(page, action)
        click_together(both, button_for(action))
        _applied(before, both, refused)
        clicked = [clicked_at(page) for page in both]
        made.append((before, action))

        # A double click on one tab.
        before = _my_turn((first,))
        action = choose(first)
        select(first, action)
        first.get_by_test_id(button_for(action)).dblclick()
        _applied(before, (first,), refused)
        made.append((before, action))

        # The rest of the match, one click at a time.
        while (before := _my_turn((first,))) >= 0:
            made.append((before, take_turn(first)))
        expect(second.get_by_test_id("result")).to_be_visible()
        yield TwoTabs(
            first,
            second,
            table_id(first),
            seat,
            made,
            clicked,
            refused,
            [ply(page) for page in both],
        )
    finally:
        context.close()


def test_the_same_move_sent_twice_at_once_is_applied_once(two_tabs: TwoTabs, base_url: str) -> None:
    spread = max(two_tabs.clicked) - min(two_tabs.clicked)
    assert spread < 100, f"the two tabs clicked at once: {two_tabs.clicked}"
    # The other attempt was refused in words, or came to nothing.
    assert all(text.startswith(REFUSALS) for text in two_tabs.refused), two_tabs.refused
    record = stored_record(base_url, two_tabs.match_id)
    actions = [tuple(a) for a in record["actions"]]
    for before, action in two_tabs.made:
        assert actions[before] == (two_tabs.seat, action)
    mine = [action for seat, action in actions if seat == two_tabs.seat]
    assert mine == [action for _, action in two_tabs.made], "each of my moves once"
    assert two_tabs.final_plies == [len(actions)] * 2


def test_asking_for_the_rematch_twice_at_once_opens_one_table(
    two_tabs: TwoTabs, base_url: str
) -> None:
    both = (two_tabs.first, two_tabs.second)
    for page in both:
        expect(page.get_by_test_id("rematch")).to_be_visible()
    click_together(both, "rematch", clicks=2)
    elsewhere = re.compile(r".*/table/(?!" + re.escape(two_tabs.match_id) + r")[^/?]+$")
    for page in both:
        page.wait_for_url(elsewhere)
    follow = table_id(two_tabs.first)
    assert table_id(two_tabs.second) == follow

    # The finished match and one rematch: nothing else was opened.
    history = two_tabs.first
    history.goto(base_url + "/history")
    expect(history.get_by_test_id(f"match-{follow}")).to_be_visible()
    opened = history.get_by_test_id("history-list").locator("[data-testid^=match-]")
    assert opened.count() == 2, f"{opened.count() - 1} rematches were opened"


def test_the_lobby_shows_tables_open_played_and_gone_without_reloading(
    person: Person, base_url: str
) -> None:
    _, lobby = person()
    _, host = person()
    _, guest = person()
    lobby.goto(base_url + "/lobby")
    expect(lobby.get_by_test_id("lobby-waiting")).to_be_visible()
    lobby.evaluate("() => { window.e2eKept = true; }")  # to show it never reloads

    def card(section: str, match_id: str) -> Locator:
        return lobby.get_by_test_id(section).locator(
            f'[data-testid=lobby-table][data-table="{match_id}"]'
        )

    # A public table with an open seat appears among those waiting for players.
    first = open_table(host, base_url, name="Hal", seat="open")
    expect(card("lobby-waiting", first)).to_be_visible()
    expect(card("lobby-waiting", first)).to_contain_text("Hal")

    # Someone joins it from the lobby: it moves to the games being played.
    guest.goto(base_url + "/lobby")
    guest.get_by_test_id("lobby-waiting").locator(
        f'[data-testid=lobby-table][data-table="{first}"]'
    ).get_by_test_id("lobby-join").click()
    guest.wait_for_url(f"**/table/{first}")
    take_seat(guest, "Gus")
    expect(card("lobby-playing", first)).to_be_visible()
    expect(card("lobby-waiting", first)).to_have_count(0)

    # Both resign: bots play it to the end, and it leaves the lobby.
    for page in (host, guest):
        expect(page.get_by_test_id("resign")).to_be_visible()
        page.get_by_test_id("resign").click()
        page.get_by_test_id("resign-yes").click()
        expect(page.get_by_test_id("resign")).to_have_count(0)

    # Meanwhile: a private table never shows; a public one shows, then its host cancels it.
    hidden = open_table(host, base_url, name="Hal", seat="open", private=True)
    shown = open_table(host, base_url, name="Hal", seat="open")
    expect(card("lobby-waiting", shown)).to_be_visible()
    expect(card("lobby-waiting", hidden)).to_have_count(0)
    expect(card("lobby-playing", hidden)).to_have_count(0)
    host.get_by_test_id("cancel").click()
    expect(host.get_by_test_id("cancelled")).to_be_visible()
    expect(card("lobby-waiting", shown)).to_have_count(0)

    expect(card("lobby-playing", first)).to_have_count(0, timeout=120_000)
    record = stored_record(base_url, first)
    assert record["result"] is not None
    assert [note["by"] for note in record["resigned"]] == ["Hal", "Gus"]
    assert lobby.evaluate("() => window.e2eKept === true"), "the lobby was never reloaded"


def test_a_player_resigns_a_bot_finishes_and_a_rematch_is_offered(
    person: Person, base_url: str
) -> None:
    ann, bea, _, _, match_id = invited_table(person, base_url)
    ann.get_by_test_id("resign").click()
    ann.get_by_test_id("resign-yes").click()
    for page in (ann, bea):
        chip = page.get_by_test_id("seat-0")
        expect(chip).to_have_attribute("data-kind", "bot")
        expect(chip).to_contain_text("Bot for Ann")
    expect(ann.get_by_test_id("resign")).to_have_count(0)
    expect(ann.get_by_test_id("watching")).to_be_visible()

    play_alone_to_end(bea)  # Bea against the bot that took Ann's seat
    record = stored_record(base_url, match_id)
    assert record["resigned"] == [{"seat": 0, "ply": 0, "by": "Ann", "bot": "bot:normal"}]
    check_result(base_url, match_id, [ann, bea], len(record["actions"]))

    bea.get_by_test_id("rematch").click()
    bea.wait_for_url(re.compile(r".*/table/(?!" + re.escape(match_id) + r")[^/?]+$"))
    follow = table_id(bea)
    expect(ann.get_by_test_id("rematch-go")).to_be_visible()
    ann.get_by_test_id("rematch-go").click()
    ann.wait_for_url(f"**/table/{follow}")
    for page in (ann, bea):  # the seats as the match began: Ann is back in hers
        expect(page.get_by_test_id("seat-0")).to_contain_text("Ann")
        expect(page.get_by_test_id("seat-0")).to_have_attribute("data-kind", "guest")
        expect(page.get_by_test_id("seat-1")).to_contain_text("Bea")
    expect(ann.get_by_test_id("watching")).to_be_hidden()
    in_history(ann, base_url, match_id, [int(s) for s in record["result"]["scores"]])
