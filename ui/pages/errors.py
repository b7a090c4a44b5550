"""Refusals shown to people, in their language."""

from __future__ import annotations

from core.table import TableError
from ui.i18n import Translator


def refusal(t: Translator, err: TableError) -> str:
    """The engine's or the table's reason, translated when the catalogue knows it."""
    params = dict(err.params)
    key = params.pop("key", None)
    if key and t.has(f"error.{key}"):
        return t(f"error.{key}", **{k: _show(v) for k, v in params.items()})
    if t.has(f"error.{err.code}"):
        return t(f"error.{err.code}")
    return err.message


SHOWN = 40  # characters of a text quoted in a refusal (what a player typed, say)


def _show(value: object) -> str:
    if isinstance(value, list | tuple):
        return ", ".join(str(v) for v in value)
    text = str(value)
    return text if len(text) <= SHOWN else text[:SHOWN] + "…"
