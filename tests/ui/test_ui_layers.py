"""Imports inside ``ui/`` point one way: pages use the rest, the rest never uses pages.

``ui/app.py`` declares the pages, so it imports them; no other module outside
``ui/pages/`` does (a board, the theme, the body limit...). The bot runner does not import
the site that runs it: the site hands it what it needs (``ui.site`` <-> ``ui.bot_runner``
was a cycle). Imports under ``TYPE_CHECKING`` count too.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
UI = ROOT / "ui"


def imported(source: str) -> list[str]:
    """Every module ``source`` imports, wherever the import stands."""
    names = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            names += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and not node.level and node.module:
            names.append(node.module)
            names += [f"{node.module}.{alias.name}" for alias in node.names]  # from ui import pages
    return names


def outside_pages() -> list[str]:
    return sorted(
        p.relative_to(ROOT).as_posix()
        for p in UI.rglob("*.py")
        if p.relative_to(UI).parts[0] != "pages"
    )


@pytest.mark.parametrize(
    "path",
    [path for path in outside_pages() if path != "ui/app.py"],  # app.py declares the pages
)
def test_a_module_outside_the_pages_does_not_import_them(path: str) -> None:
    names = imported((ROOT / path).read_text(encoding="utf-8"))
    assert [n for n in names if n == "ui.pages" or n.startswith("ui.pages.")] == []


def test_the_bot_runner_does_not_import_the_site() -> None:
    names = imported((UI / "bot_runner.py").read_text(encoding="utf-8"))
    assert "ui.site" not in names


def test_the_check_sees_imports_in_functions_and_type_checking_blocks() -> None:
    source = (
        "from typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n"
        "    from ui.site import Site\n"
        "def f():\n"
        "    import ui.pages.table\n"
        "from . import sibling\n"
        "from ui import pages\n"
    )
    assert set(imported(source)) == {
        *("typing", "typing.TYPE_CHECKING", "ui.site", "ui.site.Site", "ui.pages.table"),
        *("ui", "ui.pages"),
    }
