"""Inside ``ui/`` the pages use the boards and the theme, never the other way round: the
boards and the theme import nothing from ``ui/pages``."""

from __future__ import annotations

import ast
from pathlib import Path

UI = Path(__file__).resolve().parents[2] / "ui"


def imported(path: Path) -> set[str]:
    """The modules ``path`` imports, named in full."""
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
            names.update(f"{node.module}.{alias.name}" for alias in node.names)
    return names


def test_the_boards_and_the_theme_import_nothing_from_the_pages() -> None:
    files = [*sorted((UI / "boards").rglob("*.py")), UI / "theme.py"]
    assert len(files) > 20
    upward = [
        f"{path.relative_to(UI)}: {name}"
        for path in files
        for name in sorted(imported(path))
        if name == "ui.pages" or name.startswith("ui.pages.")
    ]
    assert upward == []
