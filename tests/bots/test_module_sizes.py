"""The bots' modules stay small enough to read: each under 500 lines."""

from __future__ import annotations

from pathlib import Path

import core.bots

LIMIT = 500


def test_every_bot_module_is_under_the_limit() -> None:
    folder = Path(core.bots.__file__).parent
    sizes = {path.name: len(path.read_text().splitlines()) for path in folder.glob("*.py")}
    assert sizes
    assert {name: n for name, n in sizes.items() if n >= LIMIT} == {}
