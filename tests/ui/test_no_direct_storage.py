"""Pages and sign-in routes never call storage themselves: they hand it to the gateway.

A storage function (one of :mod:`storage.repo`, :mod:`storage.accounts`,
:mod:`storage.history` or :mod:`storage.ratings` that takes the engine first) called on
the event loop blocks every visitor while the database is slow. The check reads each
module's syntax tree: such a function may be named (passed to ``site.gateway(...)``),
never called, nor handed to ``run.io_bound`` (which reports a call that did not run as
done; hashing a password there is fine); and no page holds the engine (``site.db``).
"""

from __future__ import annotations

import ast
import inspect
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from storage import accounts, history, ratings, repo

ROOT = Path(__file__).resolve().parents[2]
STORAGE: dict[str, ModuleType] = {m.__name__: m for m in (repo, accounts, history, ratings)}
MODULES = sorted(
    p.relative_to(ROOT).as_posix()
    for folder in ("ui/pages", "ui/auth")
    for p in (ROOT / folder).glob("*.py")
)


def takes_engine(fn: Callable[..., Any]) -> bool:
    """Whether ``fn`` is a storage call: its first parameter is the engine."""
    try:
        params = list(inspect.signature(fn).parameters.values())
    except (TypeError, ValueError):
        return False
    return bool(params) and "Engine" in str(params[0].annotation)


def storage_names(tree: ast.Module) -> tuple[dict[str, ModuleType], dict[str, str]]:
    """The names bound to storage modules, and to storage functions, by the imports."""
    modules: dict[str, ModuleType] = {}
    functions: dict[str, str] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module == "storage":
            for alias in node.names:
                if f"storage.{alias.name}" in STORAGE:
                    modules[alias.asname or alias.name] = STORAGE[f"storage.{alias.name}"]
        elif isinstance(node, ast.ImportFrom) and node.module in STORAGE:
            module = STORAGE[node.module]
            for alias in node.names:
                fn = getattr(module, alias.name, None)
                if callable(fn) and takes_engine(fn):
                    functions[alias.asname or alias.name] = f"{node.module}.{alias.name}"
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name in STORAGE and alias.asname:
                    modules[alias.asname] = STORAGE[alias.name]
    return modules, functions


def direct_calls(source: str) -> list[str]:
    """Each storage call in ``source`` (direct, or through ``run.io_bound``), with its line."""
    tree = ast.parse(source)
    modules, functions = storage_names(tree)

    def storage(node: ast.expr) -> str | None:
        """The storage function ``node`` names, if it names one."""
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
            module = modules.get(node.value.id)
            fn = getattr(module, node.attr, None) if module else None
            return f"{node.value.id}.{node.attr}" if fn and takes_engine(fn) else None
        return functions.get(node.id) if isinstance(node, ast.Name) else None

    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and node.attr == "db" and _is_site(node.value):
            found.append(f"line {node.lineno}: the engine itself (site.db)")
        if not isinstance(node, ast.Call):
            continue
        called = storage(node.func)
        if called:
            found.append(f"line {node.lineno}: {called}(...)")
        io_bound = isinstance(node.func, ast.Attribute) and node.func.attr == "io_bound"
        if io_bound and node.args and (passed := storage(node.args[0])):
            found.append(f"line {node.lineno}: run.io_bound({passed}, ...)")
    return found


def _is_site(node: ast.expr) -> bool:
    """``site`` or ``self.site``: the live site, whose engine pages must not hold."""
    if isinstance(node, ast.Name):
        return node.id == "site"
    return isinstance(node, ast.Attribute) and node.attr == "site"


@pytest.mark.parametrize(
    "path",
    MODULES,
)
def test_a_page_module_hands_storage_calls_to_the_gateway(path: str) -> None:
    assert direct_calls((ROOT / path).read_text(encoding="utf-8")) == []


def test_the_check_sees_every_way_of_calling_storage() -> None:
    source = (
        "from storage import repo, accounts as acc\n"
        "from storage.ratings import profile\n"
        "from nicegui import run\n"
        "repo.load_record(db, match_id='x')\n"
        "acc.get_user(db, user_id='u')\n"
        "profile(db, username='u')\n"
        "run.io_bound(acc.find_account, db, username='u')\n"
        "run.io_bound(hash_password, 'secret')\n"  # CPU work: allowed
        "acc.valid_username('ann')\n"  # no engine: plain checking, allowed
        "site.gateway(repo.load_record, match_id='x')\n"  # named, not called: allowed
        "engine = self.site.db\n"
    )
    assert direct_calls(source) == [
        "line 4: repo.load_record(...)",
        "line 5: acc.get_user(...)",
        "line 6: storage.ratings.profile(...)",
        "line 7: run.io_bound(acc.find_account, ...)",
        "line 11: the engine itself (site.db)",
    ]
