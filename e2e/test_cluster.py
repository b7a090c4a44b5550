"""The site as several processes (docs/cluster.md), in browsers pinned to different app
processes behind a real HAProxy, with two bot workers, PostgreSQL and a Redis of the
suite's own (e2e/cluster.py). One cluster serves the module; each test plays its own table.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import threading
import urllib.request
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect
from sqlalchemy import make_url

from deploy import rolling_restart, services
from e2e.caravan import READY as CARAVAN_READY
from e2e.caravan import ply
from e2e.cluster import APPS, SERVER, Cluster, Redis, until
from e2e.mixed import play_to_end
from e2e.online import (
    PLY_IN_WIRE,
    expect_ply,
    expect_ply_at_least,
    invite_link,
    my_seat,
    notifications,
    open_table,
    table_id,
    take_turn,
    whose_turn,
)
from e2e.test_clocks import join, open_timed_table
from tests.services import unavailable


@pytest.fixture(scope="module")
def cluster(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Cluster]:
    if "E2E_BASE_URL" in os.environ:
        pytest.skip("the cluster tests start their own site")
    for program, service in (("redis-server", "redis"), ("haproxy", "haproxy")):
        if not shutil.which(program):
            unavailable(service, f"{program} is not installed (make test installs haproxy)")
    if not services.postgres_answers(make_url(SERVER)):
        unavailable("postgres", "PostgreSQL does not answer (make test starts it when installed)")
    folder = tmp_path_factory.mktemp("cluster")
    redis = Redis(folder).start()
    running = Cluster(folder, redis)
    try:
        running.start()
        yield running
    finally:
        running.stop()
        redis.stop()


Person = Callable[[str], Page]


@pytest.fixture
def person(cluster: Cluster, browser: Browser) -> Iterator[Person]:
    """``person("app2")``: a page in a browser of its own, pinned to that app process;
    every browser made is closed after the test (the cluster outlives it)."""
    made: list[BrowserContext] = []

    def pinned(app: str) -> Page:
        made.append(cluster.person(browser, app))
        return made[-1].new_page()

    yield pinned
    for context in made:
        context.close()


def caravan_for_two(cluster: Cluster, person: Person) -> tuple[str, Page, Page]:
    """Ann's Caravan table on app1, Bea seated through its invitation on app2: its id and
    their pages."""
    ann, bea = person("app1"), person("app2")
    match_id = open_table(ann, cluster.url, name="Ann", seat="invited")
    link = ann.get_by_test_id("invite-link").input_value()
    bea.goto(re.sub(r"^https?://[^/]+", cluster.url, link))
    bea.get_by_test_id("join-name").fill("Bea")
    bea.get_by_test_id("take-seat").click()
    bea.get_by_test_id("board").wait_for()
    return match_id, ann, bea


def stored(cluster: Cluster, match_id: str) -> dict[str, Any]:
    with urllib.request.urlopen(f"{cluster.url}/api/matches/{match_id}", timeout=10) as answer:
        record: dict[str, Any] = json.loads(answer.read())
    return record


class SocketPlies:
    """Every ply a page is sent over its websocket (its board's ``data-ply``), in order,
    repeats left out. What came before its socket connected is not counted: a page that
    is still connecting is sent the latest state when it is."""

    def __init__(self, page: Page) -> None:
        self.seen: list[int] = []
        page.on("websocket", lambda socket: socket.on("framereceived", self._frame))

    def _frame(self, frame: str | bytes) -> None:
        for found in PLY_IN_WIRE.findall(str(frame)):
            if not self.seen or self.seen[-1] != int(found):
                self.seen.append(int(found))


def open_feurio_for_three(page: Page, base: str) -> str:
    """Ann's table of Feurio! for three: an open seat, then an easy bot."""
    page.goto(f"{base}/new/feurio")
    page.get_by_test_id("name").fill("Ann")
    page.get_by_test_id("players").get_by_text("3", exact=True).click()
    page.get_by_test_id("opponent").get_by_text("An open seat", exact=False).click()
    page.get_by_test_id("opponent-3").get_by_text("Bot, easy:", exact=False).click()
    page.get_by_test_id("start").click()
    page.wait_for_url("**/table/*")
    return table_id(page)


def served_by(page: Page) -> str:
    """The app process that answered the page's last request through the balancer."""
    answer = page.request.get(page.url.split("/table/")[0] + "/readyz")
    try:
        return str(answer.json()["process"])
    except ValueError:  # the balancer's own error page, while it finds the process gone
        return ""


def test_players_on_two_processes_and_a_spectator_on_a_third_play_a_game_with_a_bot(
    cluster: Cluster, person: Person
) -> None:
    ann = person("app1")
    bea = person("app2")
    cid = person("app3")
    sent = SocketPlies(cid)  # what the spectator's browser is sent
    match_id = open_feurio_for_three(ann, cluster.url)
    bea.goto(f"{cluster.url}/table/{match_id}")
    bea.get_by_test_id("join-name").fill("Bea")
    bea.get_by_test_id("take-seat").click()
    bea.get_by_test_id("board").wait_for()
    ann.get_by_test_id("board").wait_for()  # Ann's page, on app1, saw Bea sit down on app2
    cid.goto(f"{cluster.url}/table/{match_id}")
    cid.get_by_test_id("board").wait_for()
    assert [served_by(p) for p in (ann, bea, cid)] == list(APPS)

    played = play_to_end({"ann": ann, "bea": bea})

    record = stored(cluster, match_id)
    last = len(record["actions"])
    assert record["result"]["ranking"]
    assert played["ann"].moves > 0 and played["bea"].moves > 0
    assert {seat for seat, _ in record["actions"]} == {0, 1, 2}  # the bot played too
    for page in (ann, bea, cid):
        expect_ply(page, last)
        expect(page.get_by_test_id("result")).to_be_visible()
    seen = sent.seen
    assert seen == list(range(seen[0], last + 1)), "the spectator was sent every move, in order"
    assert last - seen[0] > 30, "the spectator was watching for most of the game"
    ann.goto(f"{cluster.url}/history")
    expect(ann.get_by_test_id(f"match-{match_id}")).to_be_visible()


def test_players_of_a_killed_app_process_come_back_on_another_at_the_same_ply(
    cluster: Cluster, person: Person
) -> None:
    match_id, ann, bea = caravan_for_two(cluster, person)
    pages = {my_seat(ann): ann, my_seat(bea): bea}
    for _ in range(4):
        mover = whose_turn(ann)
        assert mover is not None
        pages[mover].wait_for_function(CARAVAN_READY)
        take_turn(pages[mover])
    before = ply(ann)
    assert before == 4

    ann.evaluate("() => { window.__before_the_kill = true; }")
    cluster.kill("app1")
    # Ann's page loses its socket and connects again through the balancer, to another
    # process, which knows nothing of the page: NiceGUI's page loads itself again there,
    # rebuilt from storage at the same position; she plays on.
    ann.wait_for_function("() => !window.__before_the_kill", timeout=60_000)
    assert served_by(ann) in APPS[1:]
    ann.get_by_test_id("board").wait_for()
    expect_ply(ann, before)
    for _ in range(4):  # play on, each move shown on the other page too
        mover = whose_turn(ann)
        assert mover is not None
        pages[mover].wait_for_function(CARAVAN_READY)
        take_turn(pages[mover])
        expect_ply(bea if pages[mover] is ann else ann, ply(pages[mover]))
    assert cluster.plies(match_id) == ply(ann) == ply(bea) == before + 4
    until(lambda: cluster.ready("app1"), 120, "app1 to be started again")


def worker_thinking(cluster: Cluster, match_id: str, at: int) -> str | None:
    """The worker that started the bot's job at ply ``at`` and has not finished it."""
    job = re.compile(rf"bot:{match_id}:{at}:\d+:\w+")
    for name in ("worker1", "worker2"):
        log = cluster.log(name)
        started = [m for m in job.finditer(log)]
        if started and "→" in log and log.count(started[0].group(0)) == 1:
            return name
    return None


def test_a_bot_worker_killed_mid_think_still_moves_exactly_once(
    cluster: Cluster, person: Person
) -> None:
    ann = person("app1")
    match_id = open_table(ann, cluster.url, name="Ann", seat="bot:hard")
    me = my_seat(ann)
    while whose_turn(ann) != me:
        expect_ply(ann, ply(ann) + 1, timeout=90_000)
    ann.wait_for_function(CARAVAN_READY)
    take_turn(ann)
    at = ply(ann)
    until(lambda: worker_thinking(cluster, match_id, at) is not None, 60, "the bot to think")
    thinking = worker_thinking(cluster, match_id, at)
    assert thinking is not None
    cluster.kill(thinking)
    expect_ply(ann, at + 1, timeout=60_000)
    assert cluster.plies(match_id) == at + 1  # stored once
    # Run again by another process: the other worker, or the killed one started again
    # (the launcher restarts it within the 4 s its job's mark takes to lapse).
    again = re.compile(rf"→ bot:{match_id}:{at}:[^\n]* try=[2-9]")
    logs = cluster.log("worker1") + cluster.log("worker2")
    assert again.search(logs), "the job was run again after the kill"
    ann.wait_for_function(CARAVAN_READY)
    take_turn(ann)  # the game goes on
    expect_ply(ann, at + 2, timeout=60_000)


def timeout_notes(cluster: Cluster, match_id: str) -> list[dict[str, Any]]:
    """The notes of seats given to a bot that the match's row holds in PostgreSQL."""
    [(notes,)] = cluster.rows("SELECT notes FROM matches WHERE id = %s", match_id)
    return list((notes or {}).get("resigned") or [])


def test_a_deadline_fires_once_while_two_app_processes_run(
    cluster: Cluster, person: Person
) -> None:
    """Ann (app1) and Bea (app2) at a real-time Caravan table of 10 s + 60 s a turn: both
    processes hold the live table, look at its clocks and sweep the stored deadlines. One
    plays, the other lets their time run out: the seat goes to a bot once, both pages say
    so, and the game goes on with the bot, each move shown on both pages. (The seat that
    never moves runs out after its 10 s; the one that plays gains a minute a turn, so a
    slow machine does not run it out too.)"""
    ann, bea = person("app1"), person("app2")
    match_id = open_timed_table(
        ann,
        cluster.url,
        "Ann",
        "Real time: my own clock",
        minutes="0",
        seconds="10",
        increment="60",
    )
    join(bea, re.sub(r"^https?://[^/]+", cluster.url, invite_link(ann)), "Bea")
    ann.get_by_test_id("board").wait_for()
    assert [served_by(ann), served_by(bea)] == ["app1", "app2"]
    pages = {my_seat(ann): ann, my_seat(bea): bea}
    first = whose_turn(ann)
    assert first is not None
    pages[first].wait_for_function(CARAVAN_READY)
    take_turn(pages[first])  # within its 10 s
    late = 1 - first
    winner, loser = pages[first], pages[late]
    late_name = "Ann" if loser is ann else "Bea"
    for page in (ann, bea):
        expect_ply(page, 1)
        expect(page.get_by_test_id(f"clock-{late}")).to_be_visible()
    # Nobody moves for the late seat: its 10 s run out on both processes at once.
    for page in (ann, bea):
        chip = page.get_by_test_id(f"seat-{late}")
        expect(chip).to_have_attribute("data-kind", "bot", timeout=30_000)
        expect(chip).to_contain_text(f"Bot for {late_name}")
        expect(page.get_by_test_id(f"clock-{late}")).to_have_count(0)
    told = {
        loser: "Your time ran out; a bot plays on for you.",
        winner: f"{late_name} ran out of time; a bot plays on for them.",
    }
    for page, text in told.items():  # each page is told once (a notice lasts 10 s)
        expect(page.locator(".q-notification__message").filter(has_text=text)).to_have_count(1)

    # Stored once: one note, of that seat, timed out; one process says it stored it.
    notes = timeout_notes(cluster, match_id)
    assert [(n["seat"], n["ply"], n.get("timed_out")) for n in notes] == [(late, 1, True)], notes
    [(kind, holder, name)] = cluster.rows(
        "SELECT kind, holder, name FROM seats WHERE match_id = %s AND seat = %s", match_id, late
    )
    assert (kind, holder, name) == ("bot", "bot:normal", f"bot:normal for {late_name}")
    said = f"table {match_id}: seat {late} ran out of time"
    assert sum(cluster.log(app).count(said) for app in APPS) == 1

    # The game goes on: the bot moves, then the player, then the bot, on both pages alike.
    # The bot answers the player's move at once, so a page may show ply 4 before anyone
    # looks for ply 3: that one is waited for as "at least"; ply 2 and 4 wait for the player.
    for made in (2, 3, 4):
        if made == 3:
            assert whose_turn(winner) == first
            winner.wait_for_function(CARAVAN_READY)
            take_turn(winner)
        for page in (ann, bea):
            wait = expect_ply_at_least if made == 3 else expect_ply
            wait(page, made, timeout=60_000)
    for page, text in told.items():
        assert sum(text in shown for shown in notifications(page)) <= 1, notifications(page)
    assert cluster.plies(match_id) == ply(ann) == ply(bea) == 4
    assert timeout_notes(cluster, match_id) == notes


def test_play_goes_on_through_a_redis_restart_and_every_page_catches_up(
    cluster: Cluster, person: Person
) -> None:
    match_id, ann, bea = caravan_for_two(cluster, person)
    cid = person("app3")
    cid.goto(f"{cluster.url}/table/{match_id}")
    cid.get_by_test_id("board").wait_for()
    pages = {my_seat(ann): ann, my_seat(bea): bea}

    def turn() -> int | None:
        mover = whose_turn(ann)
        if mover is None:
            return None
        pages[mover].wait_for_function(CARAVAN_READY)
        take_turn(pages[mover])
        made = ply(pages[mover])
        for page in (ann, bea, cid):
            expect_ply(page, made)
        return made

    for _ in range(3):
        turn()
    cluster.redis.restart()
    for _ in range(4):
        turn()  # each move shown on all three pages, across the processes
    assert cluster.plies(match_id) == ply(cid) == 7


def test_a_rolling_restart_of_every_app_lets_a_game_go_on(cluster: Cluster, person: Person) -> None:
    """Every app restarted in turn as ``make rolling-restart`` does (drained, stopped with
    SIGTERM, back when ready) while Ann (app1) and Bea (app2) play. While an app restarts,
    the player whose app stays up moves; the restarted app's page loads itself again on a
    live process at the stored ply, shows that move, and the game goes on."""
    match_id, ann, bea = caravan_for_two(cluster, person)
    pages = {my_seat(ann): ann, my_seat(bea): bea}
    home = {"app1": ann, "app2": bea}
    running = rolling_restart.Cluster.load(cluster.folder)

    def turn(page: Page) -> None:
        page.wait_for_function(CARAVAN_READY, timeout=60_000)
        take_turn(page)

    moved_during: list[str] = []
    for app in APPS:
        page = home.get(app)
        stays = bea if page is ann else ann  # a page whose process is not restarted
        me = my_seat(stays)
        while (mover := whose_turn(stays)) != me:  # the player who stays up moves next
            assert mover is not None, "the game ended before every app was restarted"
            turn(pages[mover])
            expect_ply(stays, ply(pages[mover]))
        if page is not None:
            page.evaluate("() => { window.__before_the_restart = true; }")
        failed: list[BaseException] = []

        def restart(name: str = app, failed: list[BaseException] = failed) -> None:
            try:
                rolling_restart.restart_app(running, name, report=lambda _: None)
            except BaseException as err:  # noqa: BLE001 - reported by the test
                failed.append(err)

        restarting = threading.Thread(target=restart)
        restarting.start()
        turn(stays)  # while the app is drained and restarted
        if restarting.is_alive():
            moved_during.append(app)  # the move was stored before the restart ended
        restarting.join(240)
        assert not restarting.is_alive() and not failed, failed
        until(lambda name=app: cluster.ready(name), 120, f"{app} to be ready again")
        stored_plies = cluster.plies(match_id)
        assert ply(stays) == stored_plies
        if page is not None:  # reloaded on a live process, at the stored position
            page.wait_for_function("() => !window.__before_the_restart", timeout=60_000)
            page.get_by_test_id("board").wait_for()
            expect_ply(page, stored_plies)
            mover = whose_turn(page)  # and the game goes on, shown on both pages
            assert mover is not None
            turn(pages[mover])
            for shown in (ann, bea):
                expect_ply(shown, stored_plies + 1)
            # Back on its own app (it is up again), so that the next restart finds each
            # player on a process of their own.
            page.context.add_cookies([{"name": "SERVERID", "value": app, "url": cluster.url}])
            page.reload()
            page.get_by_test_id("board").wait_for()
            assert served_by(page) == app
    assert moved_during, "no move was stored while an app restarted"
    assert cluster.plies(match_id) == ply(ann) == ply(bea)
