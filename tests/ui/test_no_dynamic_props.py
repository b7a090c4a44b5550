"""No computed text reaches a ``.props()``, ``.classes()`` or ``.style()`` string under ``ui/``.

NiceGUI parses those strings, and the browser runs a prop whose name starts with ":"
as JavaScript: a value written into one (a link's target, a player's name, even a
translation) could open props of its own. The rule, kept simple so that it can be
checked: every argument of those three calls is a literal string, or a conditional
expression choosing between such literals (``"a" if x else "b"``). Anything else goes
through the props dictionary (``ui.attrs.attrs(element, {...})``,
``element.props["name"] = value``, ``element.classes.append(name)``).
"""

from __future__ import annotations

import ast
from pathlib import Path

UI = Path(__file__).resolve().parents[2] / "ui"
CHECKED = {"props", "classes", "style"}


def constant(node: ast.expr) -> bool:
    """A literal string, or a choice between literal strings."""
    if isinstance(node, ast.Constant):
        return isinstance(node.value, str)
    if isinstance(node, ast.IfExp):
        return constant(node.body) and constant(node.orelse)
    return False


def computed_arguments(source: str, name: str) -> list[str]:
    """``file:line: call`` for each checked call with an argument that is not constant."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)):
            continue
        if node.func.attr not in CHECKED:
            continue
        arguments = [*node.args, *(keyword.value for keyword in node.keywords)]
        if not all(constant(argument) for argument in arguments):
            found.append(f"{name}:{node.lineno}: {ast.unparse(node)[:120]}")
    return found


def test_the_check_catches_every_way_of_computing_a_props_string() -> None:
    computed = [
        "e.props(f'value=\"{x}\"')",
        "e.props('a=' + x)",
        "e.props('a={}'.format(x))",
        "e.props('a=%s' % x)",
        "e.classes(size)",
        "e.style(t('x'))",
        "e.classes(add=f'c-{n}')",
        "e.props('a' if x else y)",
    ]
    for source in computed:
        assert computed_arguments(source, "s"), source
    literal = ["e.props('dense outline')", "e.classes('a' if x else 'b')", "e.props()"]
    for source in literal:
        assert computed_arguments(source, "s") == [], source


def test_no_props_classes_or_style_string_under_ui_is_computed() -> None:
    files = sorted(UI.rglob("*.py"))
    assert len(files) > 50
    found = [
        line
        for path in files
        for line in computed_arguments(path.read_text(encoding="utf-8"), str(path.relative_to(UI)))
    ]
    assert found == [], "set computed values with ui.attrs.attrs():\n" + "\n".join(found)
