"""Seat names as stored, shown in the reader's language.

A person's seat stores the name they chose. A bot's seat stores what it is, never a label
in the language its table was opened in:

- ``bot:easy``: an easy bot (``bot:<level>``, the bot's id as :class:`core.table.SeatInfo`
  holds it);
- ``bot:easy 2``: the second easy bot at a table that has several;
- ``bot:normal for Ann``: the bot that plays on for Ann, who resigned.

Records stored before then carry a label instead (``Robot (facile)``, ``Bot (easy) 2``,
``Robot pour Ann``): every label the catalogues give or gave reads back as the seat it names,
so old tables, histories and replays are shown in the reader's language too. People cannot
take a name that reads as a bot's (``bot:`` is refused by :func:`ui.pages.new_table.clean_name`).
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from ui.i18n import CATALOGUES, Translator

LEVELS = ("easy", "normal", "hard", "heuristic", "random")
PREFIX = "bot:"
TAKEOVER_LEVEL = "normal"  # core.table.TAKEOVER_BOT: the bot playing on for one who resigned
_STORED = re.compile(rf"bot:({'|'.join(LEVELS)})(?: (\d+)| for (.+))?", re.DOTALL)


def bot_seat_name(bot: str, number: int | None = None) -> str:
    """What a bot's seat stores: ``bot_seat_name("bot:easy", 2) == "bot:easy 2"``."""
    return bot if number is None else f"{bot} {number}"


def takeover_seat_name(bot: str, name: str) -> str:
    """What the seat of ``bot`` playing on for ``name`` stores: ``bot:normal for Ann``."""
    return f"{bot} for {name}"


def _old_labels() -> list[tuple[re.Pattern[str], str]]:
    """Each catalogue's bot labels, as stored before seats stored what they are."""
    patterns = []
    for messages in CATALOGUES.values():
        for level in LEVELS:
            label = re.escape(messages[f"bot.{level}"])
            patterns.append((re.compile(rf"{label}(?: (\d+))?"), level))
        before, _, after = messages["table.takeover"].partition("{name}")
        patterns.append((re.compile(rf"{re.escape(before)}(.+){re.escape(after)}"), "takeover"))
    return patterns


OLD_LABELS = _old_labels()


def stored_seat_name(name: str) -> str:
    """The stored form of a seat name, reading an old label as the seat it names.

    >>> stored_seat_name("Robot (facile) 2")
    'bot:easy 2'
    >>> stored_seat_name("Robot pour Ann")
    'bot:normal for Ann'
    >>> stored_seat_name("Ann")
    'Ann'
    """
    if _STORED.fullmatch(name):
        return name
    for pattern, level in OLD_LABELS:
        found = pattern.fullmatch(name)
        if found is None:
            continue
        if level == "takeover":
            return takeover_seat_name(PREFIX + TAKEOVER_LEVEL, found.group(1))
        number = found.group(1)
        return bot_seat_name(PREFIX + level, int(number) if number else None)
    return name


def seat_name(t: Translator, name: str) -> str:
    """A stored seat name as the reader reads it: ``Bot (easy) 2``, ``Robot pour Ann``."""
    found = _STORED.fullmatch(stored_seat_name(name))
    if found is None:
        return name
    level, number, resigned = found.groups()
    label = t(f"bot.{level}")
    if resigned is not None:
        return t("table.takeover", name=resigned)
    return label if number is None else t("bot.numbered", bot=label, n=number)


def seat_names(t: Translator, names: Iterable[str]) -> list[str]:
    return [seat_name(t, name) for name in names]
