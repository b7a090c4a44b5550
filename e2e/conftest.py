"""Fixtures of the end-to-end suite: a server, Chromium, seeds, and artefacts on failure.

By default the suite starts its own server on a free port with a fresh database;
with ``E2E_BASE_URL`` set it plays against that running site instead. Every browser
context a test opens asks for the test's table seed (e2e/seeds.py). A failed test
leaves under ``e2e/artifacts/<test id>/`` a screenshot and the HTML of each of its
pages, the Playwright trace of the ``context`` fixture, what the suite's sites logged
meanwhile and its seeds; its report names the seeds too. The folder is emptied when a
run starts and printed at the end of a run that failed.

Tests of one game carry that game's marker (``-m pueblo``, ``make e2e GAME=pueblo``):
set on the module or the test, or taken from a ``game`` parameter.
"""

from __future__ import annotations

import os
import re
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, Playwright, sync_playwright

from e2e import seeds
from e2e.online import new_person
from e2e.server import STARTED, Server

ARTIFACTS = Path(__file__).resolve().parent / "artifacts"
GAMES = ("caravan", "camping", "feurio", "pueblo", "offseason")  # markers, as in pyproject
CHROMIUM = os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    # WebGL (Pueblo's 3D view) through the SwiftShader software renderer.
    "--use-angle=swiftshader",
    "--enable-unsafe-swiftshader",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
SEEDING = pytest.StashKey[seeds.Seeding]()


def _is_worker(config: pytest.Config) -> bool:
    """A process of ``pytest -n N`` (pytest-xdist) running tests for the one that started it."""
    return hasattr(config, "workerinput")


def pytest_sessionstart(session: pytest.Session) -> None:
    # Once a run, before any worker writes there: only this run's failures are there (a
    # second run of the same `make test`, the cluster's tests, keeps the first's).
    if not _is_worker(session.config) and not os.environ.get("E2E_KEEP_ARTIFACTS"):
        shutil.rmtree(ARTIFACTS, ignore_errors=True)


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """A test with a ``game`` parameter is one of that game's tests (before ``-m`` selects)."""
    for item in items:
        callspec = getattr(item, "callspec", None)
        game = callspec.params.get("game") if callspec is not None else None
        if game in GAMES:
            item.add_marker(game)


def _artifact_dir(item: pytest.Item) -> Path:
    return ARTIFACTS / re.sub(r"[^A-Za-z0-9_.-]+", "_", item.nodeid)


def _seeds_text(item: pytest.Item, seeding: seeds.Seeding) -> str:
    lines = [f"this run: E2E_SEED={seeds.BASE}; this test's pages asked for seed {seeding.seed}"]
    if seeding.asked:
        lines.append("the test then asked for: " + ", ".join(map(str, seeding.asked)))
    dealt = seeding.dealt()
    if dealt:
        lines.append("tables it opened: " + ", ".join(f"{t} ({g}, seed {s})" for t, g, s in dealt))
    elif os.environ.get("E2E_BASE_URL"):
        lines.append("(the site's own log, not at hand, says which seeds it dealt)")
    lines.append(f"again: E2E_SEED={seeds.BASE} .venv/bin/python -m pytest '{item.nodeid}'")
    return "\n".join(lines)


def _keep_artefacts(item: pytest.Item, seeding: seeds.Seeding, text: str) -> None:
    """Screenshot and HTML of every page still open, the sites' log since the start."""
    folder = _artifact_dir(item)
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "seeds.txt").write_text(text + "\n", encoding="utf-8")
    for c, context in enumerate(list(seeds.OPEN)):
        for p, page in enumerate(context.pages):
            name = f"context{c}-page{p}"
            try:
                (folder / f"{name}.html").write_text(
                    f"<!-- {page.url} -->\n{page.content()}", encoding="utf-8"
                )
                page.screenshot(path=str(folder / f"{name}.png"), full_page=True, timeout=10_000)
            except Exception:  # noqa: BLE001 - a closed or hung page: keep what there is
                continue
    for number, (log, start) in enumerate(seeding.logs.items()):
        try:
            with log.open("rb") as handle:
                handle.seek(start)
                (folder / f"server{number}.log").write_bytes(handle.read())
        except OSError:
            continue


@pytest.hookimpl(tryfirst=True, hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Iterator[None]:
    outcome = yield
    report = outcome.get_result()  # type: ignore[attr-defined]
    setattr(item, f"rep_{report.when}", report)
    seeding = item.stash.get(SEEDING, None)
    if seeding is None or not report.failed or report.when == "teardown":
        return
    for server in STARTED:  # a site the test started itself: its whole log
        seeding.logs.setdefault(server.log, 0)
    text = _seeds_text(item, seeding)
    report.sections.append(("table seeds", text))
    # In the JUnit report too (its properties are the item's, written at teardown).
    item.user_properties.append(("table seeds", text))
    _keep_artefacts(item, seeding, text)


def pytest_terminal_summary(terminalreporter: Any) -> None:
    terminalreporter.write_line(f"e2e: table seeds from E2E_SEED={seeds.BASE}")
    # Read from the folder: with workers (-n N) they, not this process, wrote there.
    if ARTIFACTS.is_dir() and any(p.is_dir() for p in ARTIFACTS.iterdir()):
        terminalreporter.write_line(
            f"e2e: failure artefacts (screenshots, page HTML, traces, site logs, seeds): "
            f"{ARTIFACTS}"
        )


@pytest.fixture(scope="session")
def playwright() -> Iterator[Playwright]:
    with sync_playwright() as pw:
        yield pw


@pytest.fixture(scope="session")
def browser(playwright: Playwright) -> Iterator[Browser]:
    """Chromium; every context made from it (by a fixture of any scope or by a test) asks
    for the running test's table seed and is kept for the artefacts while it is open."""
    browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
    original = browser.new_context

    def new_context(*args: Any, **kwargs: Any) -> BrowserContext:
        own = kwargs.pop("extra_http_headers", None) or {}
        seed = seeds.CURRENT[-1].seed if seeds.CURRENT else seeds.for_test("")
        context = original(*args, extra_http_headers={**seeds.headers(seed), **own}, **kwargs)
        seeds.OPEN[context] = own
        context.on("close", lambda closed: seeds.OPEN.pop(closed, None))
        return context

    browser.new_context = new_context  # type: ignore[method-assign]
    yield browser
    browser.close()


@pytest.fixture(autouse=True)
def seeding(request: pytest.FixtureRequest, browser: Browser) -> Iterator[seeds.Seeding]:
    """The test's seed; the contexts still open from earlier (a module's) ask for it too."""
    seeding = seeds.Seeding(seed=seeds.for_test(request.node.nodeid))
    seeding.logs = {s.log: s.log.stat().st_size for s in STARTED if s.log.exists()}
    request.node.stash[SEEDING] = seeding
    for context, own in list(seeds.OPEN.items()):
        context.set_extra_http_headers({**seeds.headers(seeding.seed), **own})
    seeds.CURRENT.append(seeding)
    yield seeding
    seeds.CURRENT.remove(seeding)


@pytest.fixture(scope="session")
def base_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    external = os.environ.get("E2E_BASE_URL")
    if external:
        yield external.rstrip("/")
        return
    server = Server(tmp_path_factory.mktemp("site")).start()
    yield server.url
    server.stop()


@pytest.fixture
def context(browser: Browser, request: pytest.FixtureRequest) -> Iterator[BrowserContext]:
    locale = getattr(request, "param", None) or "en-US"
    context = browser.new_context(locale=locale, viewport={"width": 1280, "height": 900})
    context.set_default_timeout(20_000)
    # DOM snapshots of every action, no screencast: the screencast's frames doubled the
    # CPU a browser test costs (bench/README.md, "The browser suite's trace"); the failure
    # screenshots are taken anyway.
    context.tracing.start(screenshots=False, snapshots=True)
    yield context
    failed = getattr(request.node, "rep_call", None) is not None and request.node.rep_call.failed
    if failed:
        folder = _artifact_dir(request.node)
        folder.mkdir(parents=True, exist_ok=True)
        context.tracing.stop(path=str(folder / "trace.zip"))
    else:
        context.tracing.stop()
    context.close()


@pytest.fixture
def page(context: BrowserContext) -> Page:
    return context.new_page()


@pytest.fixture
def two(browser: Browser) -> Iterator[tuple[Page, Page]]:
    """Two people, each in a browser context of their own (their own identity)."""
    ann, bea = new_person(browser), new_person(browser)
    yield ann.new_page(), bea.new_page()
    ann.close()
    bea.close()
