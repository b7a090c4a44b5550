"""Every module of ``core/``, ``storage/`` and ``ui/`` stays small enough to read: at most
500 lines (generated migrations aside). A module that grows past it is split into modules
named for what they hold, as the games, the bots and the table were."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LIMIT = 500


def sizes() -> dict[str, int]:
    return {
        path.relative_to(ROOT).as_posix(): len(path.read_text(encoding="utf-8").splitlines())
        for package in ("core", "storage", "ui")
        for path in sorted((ROOT / package).rglob("*.py"))
        if "migrations" not in path.parts
    }


def test_every_module_is_at_most_the_limit() -> None:
    found = sizes()
    assert len(found) > 100
    assert {name: n for name, n in found.items() if n > LIMIT} == {}
