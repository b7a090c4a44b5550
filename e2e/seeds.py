"""Reproducible deals for the browser suite.

The suite's own site runs with ``CARAVANSERAI_TEST_SEED`` (ui/seeds.py), so it deals a
table from the seed a page asks for in its ``X-Caravanserai-Seed`` header. Every browser
context a test opens sends the test's seed, derived from the run's base (``E2E_SEED``,
drawn at random when unset and printed at the end of the run) and the test's id: the
same test with the same ``E2E_SEED`` gets the same deals, alone or in the whole suite.
A test that needs a particular deal asks for it with :func:`deal_from`. A failing test's
report names its seeds and the tables it opened (conftest.py).

Against another site (``E2E_BASE_URL``) the header only counts where that site was
started with ``CARAVANSERAI_TEST_SEED``; elsewhere the deals are random.
"""

from __future__ import annotations

import hashlib
import os
import re
import secrets
from dataclasses import dataclass, field
from pathlib import Path

from playwright.sync_api import BrowserContext

from ui.seeds import ENV, HEADER, SPAN, parse

_asked_base = parse(os.environ.get("E2E_SEED", ""))
BASE = _asked_base if _asked_base is not None else secrets.randbelow(SPAN)
# The processes ``pytest -n N`` starts inherit the environment: every one of them derives
# its tests' seeds from the same base, so a test gets the same deals on any of them.
os.environ["E2E_SEED"] = str(BASE)
SITE_SETTING = {ENV: str(BASE)}  # the environment of a site the suite starts
DEALT = re.compile(r"table (\S+) \((\w+)\) dealt from seed (\d+)")


def for_test(nodeid: str, base: int = BASE) -> int:
    """The seed a test's pages ask for: from the run's base and the test's id."""
    digest = hashlib.sha256(f"{base}:{nodeid}".encode()).digest()
    return int.from_bytes(digest[:8], "big") % SPAN


def headers(seed: int) -> dict[str, str]:
    return {HEADER: str(seed)}


@dataclass
class Seeding:
    """What one test asked for, and where to find what the sites dealt."""

    seed: int
    asked: list[int] = field(default_factory=list)  # seeds asked with deal_from
    logs: dict[Path, int] = field(default_factory=dict)  # site log -> its size at the start

    def dealt(self) -> list[tuple[str, str, int]]:
        """(table id, game, seed) of every table the suite's sites opened during the test."""
        found = []
        for log, start in self.logs.items():
            try:
                with log.open("rb") as handle:
                    handle.seek(start)
                    text = handle.read().decode("utf-8", "replace")
            except OSError:
                continue
            found += [(m[1], m[2], int(m[3])) for m in DEALT.finditer(text)]
        return found


CURRENT: list[Seeding] = []  # the running test's, set by conftest.py
OPEN: dict[BrowserContext, dict[str, str]] = {}  # open contexts -> their own extra headers


def deal_from(context: BrowserContext, seed: int) -> None:
    """The tables this context's pages open from now on are dealt from ``seed``."""
    context.set_extra_http_headers({**headers(seed), **OPEN.get(context, {})})
    if CURRENT:
        CURRENT[-1].asked.append(seed)
