"""The examples in the project's docstrings run, and say what the code does.

Every module of ``core``, ``storage`` and ``ui`` whose source holds a ``>>>`` example is
found by walking the files (so a module moved or added is picked up without a list to keep)
and its examples run with :mod:`doctest`, one test per module. A module whose ``>>>``
doctest cannot see (an example outside any docstring) fails too, so no example is silently
never run.
"""

from __future__ import annotations

import doctest
import importlib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("core", "storage", "ui", "jobs")


def modules_with_examples() -> list[str]:
    """The dotted names of the project's modules whose source holds an example."""
    names = []
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            if "migrations" in path.parts or ">>>" not in path.read_text(encoding="utf-8"):
                continue
            parts = path.relative_to(ROOT).with_suffix("").parts
            if parts[-1] == "__init__":
                parts = parts[:-1]
            names.append(".".join(parts))
    return names


MODULES = modules_with_examples()


def test_the_examples_are_found() -> None:
    assert len(MODULES) >= 13
    assert "core.record" in MODULES


@pytest.mark.parametrize("name", MODULES)
def test_the_examples_of_a_module_hold(name: str) -> None:
    module = importlib.import_module(name)
    finder = doctest.DocTestFinder(exclude_empty=True)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    tests = finder.find(module, name)
    assert sum(len(test.examples) for test in tests) > 0, f"{name}: examples doctest misses"
    failures: list[str] = []
    for test in tests:
        runner.run(test, out=failures.append)
    assert runner.failures == 0, "".join(failures)
