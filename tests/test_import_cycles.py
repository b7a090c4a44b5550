"""No import cycle among the project's modules.

The graph is read from the source with :mod:`ast`, not by importing: every ``import`` and
``from ... import`` of ``core``, ``storage`` and ``ui``, at any depth (an import inside a
function closes a cycle as surely as one at the top, only later), relative ones resolved.
An import under ``if TYPE_CHECKING:`` is left out: it never runs, so it orders nothing at
start-up, and it is how a module holding one phase of a game (``offseason/auction.py``)
names the game's state it works on in its annotations while the state calls it.
``from package import name`` points at the module ``package.name`` when there is one,
else at the package. Each strongly connected part of the graph is reported with one
cycle through it.
"""

from __future__ import annotations

import ast
from collections import deque
from collections.abc import Iterator, Mapping
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("core", "storage", "ui", "jobs")

Graph = Mapping[str, set[str]]


def module_name(path: Path, root: Path) -> str:
    """``core/bots/__init__.py`` -> ``core.bots``; ``core/record.py`` -> ``core.record``."""
    parts = path.relative_to(root).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def project_modules(root: Path = ROOT) -> dict[str, Path]:
    """Every module of the project's packages, by dotted name."""
    return {
        module_name(path, root): path
        for package in PACKAGES
        for path in sorted((root / package).rglob("*.py"))
    }


def _type_checking(node: ast.AST) -> bool:
    """Whether ``node`` is ``if TYPE_CHECKING:`` (or ``if typing.TYPE_CHECKING:``)."""
    if not isinstance(node, ast.If):
        return False
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _imports(tree: ast.AST) -> Iterator[ast.Import | ast.ImportFrom]:
    """The import statements of ``tree`` at any depth that run (not those only for the
    type checker)."""
    todo = [tree]
    while todo:
        node = todo.pop()
        if isinstance(node, ast.Import | ast.ImportFrom):
            yield node
        elif _type_checking(node):
            assert isinstance(node, ast.If)
            todo.extend(node.orelse)
        else:
            todo.extend(ast.iter_child_nodes(node))


def imported(source: str, name: str, is_package: bool, known: set[str]) -> set[str]:
    """The modules among ``known`` that the module ``name`` (its ``source``) imports."""
    package = name if is_package else name.rpartition(".")[0]
    found: set[str] = set()
    for node in _imports(ast.parse(source)):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        else:
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - (node.level - 1)]
                base = ".".join([*anchor, base] if base else anchor)
            targets = [
                f"{base}.{alias.name}" if f"{base}.{alias.name}" in known else base
                for alias in node.names
            ]
        for target in targets:
            while target and target not in known:  # `import core.x.y as z` of a name in y
                target = target.rpartition(".")[0]
            if target and target != name:
                found.add(target)
    return found


def import_graph(root: Path = ROOT) -> dict[str, set[str]]:
    """Each project module and the project modules it imports."""
    modules = project_modules(root)
    known = set(modules)
    return {
        name: imported(path.read_text(encoding="utf-8"), name, path.name == "__init__.py", known)
        for name, path in modules.items()
    }


def strongly_connected(graph: Graph) -> list[list[str]]:
    """The parts of ``graph`` in which every module reaches every other (Tarjan), sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    parts: list[list[str]] = []

    def visit(start: str) -> None:  # iterative: the graph may be deep
        work = [(start, iter(sorted(graph.get(start, ()))))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, edges = work[-1]
            for nxt in edges:
                if nxt not in index:
                    index[nxt] = low[nxt] = len(index)
                    stack.append(nxt)
                    on_stack.add(nxt)
                    work.append((nxt, iter(sorted(graph.get(nxt, ())))))
                    break
                if nxt in on_stack:
                    low[node] = min(low[node], index[nxt])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    part = []
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        part.append(member)
                        if member == node:
                            break
                    parts.append(sorted(part))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return sorted(parts)


def shortest_cycle(graph: Graph, part: list[str]) -> list[str]:
    """A shortest cycle through the first module of ``part``, within ``part``."""
    start, inside = part[0], set(part)
    came_from: dict[str, str] = {}
    queue = deque([start])
    while queue:
        node = queue.popleft()
        for nxt in sorted(graph.get(node, ())):
            if nxt not in inside:
                continue
            if nxt == start:
                path = [node]
                while path[-1] != start:
                    path.append(came_from[path[-1]])
                return [*reversed(path), start]
            if nxt not in came_from:
                came_from[nxt] = node
                queue.append(nxt)
    return [start, start]


def cycles(graph: Graph) -> list[list[str]]:
    """One cycle for each part of ``graph`` that holds one."""
    return [
        shortest_cycle(graph, part)
        for part in strongly_connected(graph)
        if len(part) > 1 or part[0] in graph.get(part[0], ())
    ]


def test_no_import_cycle_among_the_projects_modules() -> None:
    graph = import_graph()
    assert {"core.engine", "storage.repo", "ui.site"} <= set(graph)
    found = cycles(graph)
    report = "\n".join(" -> ".join(cycle) for cycle in found)
    assert not found, f"{len(found)} import cycle(s), one through each tangle:\n{report}"


def test_the_cycle_finder_on_a_made_up_graph() -> None:
    graph = {
        "a": {"b"},
        "b": {"c", "d"},
        "c": {"a"},
        "d": {"e"},
        "e": set(),
        "f": {"g", "a"},
        "g": {"f"},
        "h": {"h"},
    }
    assert strongly_connected(graph) == [["a", "b", "c"], ["d"], ["e"], ["f", "g"], ["h"]]
    assert cycles(graph) == [["a", "b", "c", "a"], ["f", "g", "f"], ["h", "h"]]
    assert cycles({"a": {"b"}, "b": set()}) == []


def test_the_graph_reader_on_made_up_modules() -> None:
    known = {"p", "p.a", "p.b", "p.sub", "p.sub.c", "p.sub.d", "q", "r", "s"}
    source = """
from __future__ import annotations
from typing import TYPE_CHECKING
import os
from . import d
from .. import a
from ..b import some_name
if TYPE_CHECKING:
    from s import only_a_type
else:
    import r
import p.sub.c

def later():
    import q.inner as z
"""
    assert imported(source, "p.sub.c", False, known) == {"p.sub.d", "p.a", "p.b", "q", "r"}
    assert imported("import os, sys", "p", True, known) == set()
    assert imported("from .c import x", "p.sub", True, known) == {"p.sub.c"}
    assert imported("from . import b", "p", True, known) == {"p.b"}
    assert imported("from p import sub, x", "q", False, known) == {"p.sub", "p"}


def package_graph(graph: Graph) -> dict[str, set[str]]:
    """``graph`` with each module folded into its part of the project (``ui.boards``,
    ``core.games``, ``ui.site``: the first two names), so a tangle of two parts shows even
    when no two modules import each other: ``ui.boards`` may use ``ui.pages`` or the other
    way round, never both."""

    def part(name: str) -> str:
        return ".".join(name.split(".")[:2])

    folded: dict[str, set[str]] = {}
    for name, targets in graph.items():
        folded.setdefault(part(name), set()).update(
            part(t) for t in targets if part(t) != part(name)
        )
    return folded


def test_no_import_cycle_among_the_projects_parts() -> None:
    found = cycles(package_graph(import_graph()))
    report = "\n".join(" -> ".join(cycle) for cycle in found)
    assert not found, f"{len(found)} import cycle(s) among parts:\n{report}"


def test_the_parts_fold_the_modules() -> None:
    graph = {"u.b.x": {"u.p.y"}, "u.p.z": {"u.b"}, "u.b": set(), "u.p.y": {"u.s"}, "u.s": set()}
    assert package_graph(graph) == {"u.b": {"u.p"}, "u.p": {"u.b", "u.s"}, "u.s": set()}
    assert cycles(package_graph(graph)) == [["u.b", "u.p", "u.b"]]
