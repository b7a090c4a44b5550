"""Fixtures of the end-to-end suite: a server, Chromium, and artefacts on failure.

By default the suite starts its own server on a free port with a fresh database;
with ``E2E_BASE_URL`` set it plays against that running site instead. A failed
test leaves a screenshot and a Playwright trace under ``e2e/artifacts/``.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, Playwright, sync_playwright

from e2e.server import Server

ARTIFACTS = Path(__file__).resolve().parent / "artifacts"
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


@pytest.hookimpl(tryfirst=True, hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Iterator[None]:
    outcome = yield
    report = outcome.get_result()  # type: ignore[attr-defined]
    setattr(item, f"rep_{report.when}", report)


@pytest.fixture(scope="session")
def playwright() -> Iterator[Playwright]:
    with sync_playwright() as pw:
        yield pw


@pytest.fixture(scope="session")
def browser(playwright: Playwright) -> Iterator[Browser]:
    browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
    yield browser
    browser.close()


@pytest.fixture(scope="session")
def base_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    external = os.environ.get("E2E_BASE_URL")
    if external:
        yield external.rstrip("/")
        return
    server = Server(tmp_path_factory.mktemp("site")).start()
    yield server.url
    server.stop()


def _artifact_dir(item: pytest.Item) -> Path:
    return ARTIFACTS / re.sub(r"[^A-Za-z0-9_.-]+", "_", item.nodeid)


@pytest.fixture
def context(browser: Browser, request: pytest.FixtureRequest) -> Iterator[BrowserContext]:
    locale = getattr(request, "param", None) or "en-US"
    context = browser.new_context(locale=locale, viewport={"width": 1280, "height": 900})
    context.set_default_timeout(20_000)
    context.tracing.start(screenshots=True, snapshots=True)
    yield context
    failed = getattr(request.node, "rep_call", None) is not None and request.node.rep_call.failed
    if failed:
        folder = _artifact_dir(request.node)
        folder.mkdir(parents=True, exist_ok=True)
        for index, page in enumerate(context.pages):
            page.screenshot(path=str(folder / f"page{index}.png"), full_page=True)
        context.tracing.stop(path=str(folder / "trace.zip"))
    else:
        context.tracing.stop()
    context.close()


@pytest.fixture
def page(context: BrowserContext) -> Page:
    return context.new_page()
