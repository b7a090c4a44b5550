"""No page imports storage: every read and write of a page goes through the site.

Pages call the async :class:`ui.site.Site` methods (``site.load_record``,
``site.profile`` ...), which run the storage call through the gateway, off the event loop
and within its time limit. The check reads the syntax tree of every module under
``ui/pages/``: an ``import storage...`` or ``from storage... import`` anywhere in it (at the
top, inside a function, under ``TYPE_CHECKING``) fails.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PAGES = Path(__file__).resolve().parents[2] / "ui" / "pages"


def storage_imports(source: str) -> list[str]:
    """``line N: module`` for each import of ``storage`` or one of its modules."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and not node.level:
            names = [node.module or ""]
        else:
            continue
        found += [
            f"line {node.lineno}: {name}"
            for name in names
            if name == "storage" or name.startswith("storage.")
        ]
    return found


@pytest.mark.parametrize("path", sorted(p.name for p in PAGES.glob("*.py")))
def test_a_page_module_does_not_import_storage(path: str) -> None:
    assert storage_imports((PAGES / path).read_text(encoding="utf-8")) == []


def test_the_check_sees_every_way_of_importing_storage() -> None:
    source = (
        "import storage\n"
        "import storage.repo as r\n"
        "from storage import repo\n"
        "from storage.models import LOCAL\n"
        "def f():\n"
        "    from storage.history import OUTCOMES\n"
        "from storagebox import x\n"  # another package: allowed
        "from ui.site import Site\n"
        "from . import storage_view\n"  # relative: not the storage package
    )
    assert storage_imports(source) == [
        "line 1: storage",
        "line 2: storage.repo",
        "line 3: storage",
        "line 4: storage.models",
        "line 6: storage.history",
    ]
