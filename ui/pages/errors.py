"""Refusals shown to people, in their language."""

from __future__ import annotations

from nicegui import ui

from core.games import GAMES
from core.table import TableError
from ui.gateway import Gateway, ShuttingDown, StorageUnavailable
from ui.i18n import Translator

# A page waits for its storage calls (at most two in a row) and then draws the answer;
# NiceGUI gives up on a page after its ``response_timeout``, so that must be longer.
CALLS_PER_PAGE = 2
DRAWING = 2.0  # seconds


def page_timeout(gateway: Gateway) -> float:
    """The ``response_timeout`` of a page that reads storage through ``gateway``: long
    enough for the gateway to give up first, so the visitor reads why."""
    return gateway.timeout * CALLS_PER_PAGE + DRAWING


def refusal(t: Translator, err: TableError, game: str | None = None) -> str:
    """The engine's or the table's reason, translated when the catalogue knows it. With
    ``game``, a spelling the engine suggests (``canonical``) is written as the page's
    language shows moves."""
    if isinstance(err.__cause__, ShuttingDown):  # not "try again": the site is going away
        return t("error.restarting")
    params = dict(err.params)
    key = params.pop("key", None)
    if game is not None and isinstance(params.get("canonical"), str):
        params["canonical"] = GAMES[game].notation.write(params["canonical"], t.lang)
    shown = {k: _show(v) for k, v in params.items()}
    counted = params.get(COUNTED_BY.get(key or "", ""))
    if key and isinstance(counted, int) and t.has(f"error.{key}.one"):
        return t.plural(f"error.{key}", counted, **shown)
    if key and t.has(f"error.{key}"):
        return t(f"error.{key}", **shown)
    if t.has(f"error.{err.code}"):
        return t(f"error.{err.code}")
    return err.message


def unavailable(t: Translator, err: StorageUnavailable) -> ui.label:
    """The page's answer when the database cannot be reached: what happened, in words."""
    return (
        ui.label(t(f"error.{err.code}"))
        .classes("text-negative")
        .props('role="alert" data-testid="storage-unavailable"')
        .mark("storage-unavailable")
    )


# The refusals whose wording follows a number (``error.<key>.one`` / ``.other``): that
# number's parameter.
COUNTED_BY = {
    "same_length": "length",
    "pueblo.bid_too_low": "minimum",
    "offseason.bid_too_high": "coins",
}

SHOWN = 40  # characters of a text quoted in a refusal (what a player typed, say)


def _show(value: object) -> str:
    if isinstance(value, list | tuple):
        return ", ".join(str(v) for v in value)
    text = str(value)
    return text if len(text) <= SHOWN else text[:SHOWN] + "…"
