"""Where a new table's seed (its deal, its draws) comes from.

A live site draws every seed at random. A test site may make them reproducible with
``CARAVANSERAI_TEST_SEED`` (an integer, read once at start-up): each new table is then
dealt from a seed derived from that base and a count of the tables opened since the
start, and a page whose request carries the header :data:`HEADER` (``X-Caravanserai-Seed:
<n>``, 0 ≤ n < 2³¹) opens its tables with exactly seed ``n``. Without the setting the
header is ignored. A seed known in advance gives the hidden cards away, so the setting
is for test sites only, never for a site people play on.
"""

from __future__ import annotations

import hashlib
import os
import secrets

ENV = "CARAVANSERAI_TEST_SEED"
HEADER = "X-Caravanserai-Seed"
SPAN = 2**31


def derive(base: int, count: int) -> int:
    """The seed of the ``count``-th table (from 1) of a site started with ``base``."""
    digest = hashlib.sha256(f"{base}:{count}".encode()).digest()
    return int.from_bytes(digest[:8], "big") % SPAN


def parse(raw: object) -> int | None:
    """A seed written in decimal within ``0 ≤ n < 2³¹``, else None."""
    if not isinstance(raw, str) or not raw.strip().isdigit() or len(raw.strip()) > 10:
        return None
    value = int(raw.strip())
    return value if value < SPAN else None


class Seeds:
    """The seeds of one site: random, or (``base`` given) reproducible for tests."""

    def __init__(self, base: int | None = None) -> None:
        self.base = base
        self.count = 0  # tables dealt from the base so far

    @classmethod
    def from_environment(cls) -> Seeds:
        raw = os.environ.get(ENV, "").strip()
        if not raw:
            return cls()
        try:
            return cls(int(raw))
        except ValueError:
            raise SystemExit(f"{ENV} must be an integer, not {raw!r}") from None

    @property
    def testing(self) -> bool:
        return self.base is not None

    def draw(self, asked: object = None) -> int:
        """A new table's seed; ``asked`` (the :data:`HEADER` of the page's request) counts
        only on a test site."""
        if self.base is None:
            return secrets.randbelow(SPAN)
        wanted = parse(asked)
        if wanted is not None:
            return wanted
        self.count += 1
        return derive(self.base, self.count)
