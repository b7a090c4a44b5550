"""Props set as data: the one way a value that is not a constant of the source reaches
an element's props.

NiceGUI parses a ``.props("...")`` string into props, and the browser runs the value
of a prop whose name starts with ":" as JavaScript. A value written into such a
string (a name, a link's target, a translation) could close its quote and open props
of its own, so ``.props()``, ``.classes()`` and ``.style()`` take only literal strings
(``tests/ui/test_no_dynamic_props.py`` checks every call under ``ui/``) and anything
computed goes in through the props dictionary, where it stays one value.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from nicegui import ui

E = TypeVar("E", bound=ui.element)


def attrs(element: E, values: Mapping[str, Any]) -> E:
    """Set ``values`` as props of ``element``, each one whole (a quote or a space in a
    value is part of it); return the element."""
    element.props.update(values)
    return element
