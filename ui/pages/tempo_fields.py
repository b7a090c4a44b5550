"""The new-table form's tempo (core/clock.py): untimed, a real-time clock (the game's
presets, sized to its length, or a custom one), or turn-based with a time per turn and
reserve days; and, at two players, what happens when a time runs out.

Only a table with a seat for someone on another device is timed: hot seat and bot-only
tables stay untimed (the form hides the choice, and :func:`chosen` says untimed).

``CARAVANSERAI_DAY_SECONDS`` (test sites only) makes a "day" of the turn-based tempos
that many seconds, so that a browser test sees a deadline pass.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from datetime import timedelta
from typing import Any, Literal

from babel.dates import format_timedelta
from nicegui import ui

from core.clock import (
    DAY,
    HOUR,
    MINUTE,
    REALTIME,
    TURNBASED,
    Tempo,
    TempoError,
    presets,
    seconds,
)

__all__ = ["TempoError", "TempoFields", "describe", "duration", "tempo_fields"]
from core.engine import Rules
from ui.attrs import attrs
from ui.i18n import Translator

PACES = ("quick", "standard", "relaxed")
TURNS = {"turn-12h": 12 * HOUR, "turn-1d": DAY, "turn-2d": 2 * DAY, "turn-3d": 3 * DAY}
TURNS["turn-7d"] = 7 * DAY
CHOICES = ("untimed", *PACES, "custom", *TURNS)
RESERVE_DAYS = (0, 1, 2, 3, 7)


def day_seconds() -> float:
    """A day of the turn-based tempos, in seconds (``CARAVANSERAI_DAY_SECONDS``, tests)."""
    raw = os.environ.get("CARAVANSERAI_DAY_SECONDS", "")
    try:
        return float(raw) if raw and float(raw) > 0 else DAY
    except ValueError:
        return DAY


def duration(t: Translator, seconds: float) -> str:
    """A time in the reader's words, in its largest whole unit: ``4 min``, ``2 days``."""
    whole = max(0, round(seconds))
    units: tuple[tuple[float, Literal["day", "hour", "minute"]], ...] = (
        (DAY, "day"),
        (HOUR, "hour"),
        (MINUTE, "minute"),
    )
    for unit, name in units:
        if whole >= unit and whole % unit == 0:
            return format_timedelta(
                timedelta(seconds=whole),
                granularity=name,
                threshold=1,
                format="short",
                locale=t.lang,
            )
    return format_timedelta(
        timedelta(seconds=whole), granularity="second", threshold=1e9, format="short", locale=t.lang
    )


def describe(t: Translator, tempo: Tempo) -> str:
    """The tempo in a few words: ``4 min + 5 s a turn``, ``1 day a turn, 2 days reserve``."""
    if tempo.kind == REALTIME:
        return t(
            "tempo.realtime", base=duration(t, tempo.base), increment=duration(t, tempo.increment)
        )
    if tempo.kind == TURNBASED:
        day = day_seconds()
        turn = duration(t, tempo.per_turn * DAY / day)
        if tempo.reserve:
            return t(
                "tempo.turnbased_reserve", turn=turn, reserve=duration(t, tempo.reserve * DAY / day)
            )
        return t("tempo.turnbased", turn=turn)
    return t("tempo.untimed")


@dataclass
class TempoFields:
    """The form's tempo fields, and what they say once filled in (:meth:`chosen`)."""

    box: ui.element
    choice: ui.select
    minutes: ui.number
    seconds: ui.number
    increment: ui.number
    reserve: ui.select
    on_timeout: ui.radio
    summary: ui.label

    def chosen(self, rules: Rules, players: int, options: dict[str, Any], online: bool) -> Tempo:
        """The tempo the form says (untimed without a seat for another device);
        :class:`TempoError` for a custom clock or reserve out of bounds."""
        choice = self.choice.value
        if not online or choice == "untimed":
            return Tempo.untimed()
        outcome = self.on_timeout.value if players == 2 else "bot"
        if choice in PACES:
            preset = presets(
                rules.turns_per_seat(players, rules.validate_options(players, options))
            )
            return Tempo.realtime(preset[choice].base, preset[choice].increment, outcome)
        if choice == "custom":
            base = seconds(self.minutes.value) * MINUTE + seconds(self.seconds.value)
            return Tempo.realtime(base, seconds(self.increment.value), outcome)
        if choice in TURNS:
            day = day_seconds()
            reserve = self.reserve.value if self.reserve.value in RESERVE_DAYS else 0
            return Tempo.turnbased(TURNS[choice] / DAY * day, reserve * day, outcome)
        raise TempoError("A tempo is untimed, real time or turn-based.")


def tempo_fields(t: Translator, rules: Rules, players: int) -> TempoFields:
    """The tempo's fields (shown by the caller only while a seat is for another device)."""
    with ui.column().classes("w-full gap-1") as box:
        ui.label(t("tempo.heading")).classes("text-sm font-semibold")
        labels = {c: t(f"tempo.choice.{c}") for c in CHOICES}
        choice = ui.select(labels, value="untimed").classes("w-full")
        attrs(choice, {"data-testid": "tempo"}).mark("tempo")
        with ui.row().classes("w-full gap-2 items-end") as custom:
            minutes = ui.number(t("tempo.minutes"), value=10, min=0, max=180, step=1)
            seconds = ui.number(t("tempo.seconds"), value=0, min=0, max=59, step=1)
            increment = ui.number(t("tempo.increment"), value=5, min=0, max=120, step=1)
            for field, testid in (
                (minutes, "tempo-minutes"),
                (seconds, "tempo-seconds"),
                (increment, "tempo-increment"),
            ):
                attrs(field.classes("w-28"), {"data-testid": testid}).mark(testid)
        custom.bind_visibility_from(choice, "value", backward=lambda v: v == "custom")
        reserve = ui.select(
            {d: t.plural("tempo.reserve_days", d) for d in RESERVE_DAYS},
            value=0,
            label=t("tempo.reserve"),
        )
        attrs(reserve.classes("w-full"), {"data-testid": "tempo-reserve"}).mark("tempo-reserve")
        reserve.bind_visibility_from(choice, "value", backward=lambda v: v in TURNS)
        on_timeout = ui.radio(
            {"bot": t("tempo.timeout_bot"), "end": t("tempo.timeout_end")}, value="bot"
        )
        attrs(on_timeout, {"data-testid": "tempo-timeout"}).mark("tempo-timeout")
        on_timeout.bind_visibility_from(
            choice, "value", backward=lambda v: v != "untimed" and players == 2
        )
        summary = ui.label().classes("text-xs text-grey-8")
        attrs(summary, {"data-testid": "tempo-summary"}).mark("tempo-summary")
    return TempoFields(box, choice, minutes, seconds, increment, reserve, on_timeout, summary)
