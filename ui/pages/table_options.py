"""A game's table options on the site, from their one declaration (``core/options.py``):
the fields of the new-table form, and the options of a table in words, for the people
deciding whether to sit down (variants that are off are left out).

Each kind of option has one kind of field: a flag is a switch, a whole number a
drop-down list, a choice of up to three names a toggle (more, a drop-down list). An
option whose default follows the player count starts on "by player count", which
sends nothing, so the engine's default for the count applies. A flag the player
count decides (``locked``) is no field; its help is shown as a note under the others.
"""

from __future__ import annotations

from typing import Any

from nicegui import ui
from nicegui.elements.mixins.value_element import ValueElement

from core.engine import Rules
from core.games import GAMES
from core.options import Choice, Flag, IntRange, Option
from ui.attrs import attrs
from ui.i18n import Translator

TOGGLE_MOST = 3  # a choice among more names than this is a drop-down list


def testid(option: Option) -> str:
    """The field's test id and marker: ``option-wild-ranks`` for ``wild_ranks``."""
    return "option-" + option.id.replace("_", "-")


def offered(rules: Rules) -> list[Option]:
    """The options the form has a field for, in declaration order."""
    return [
        o for o in rules.options if o.form and not (isinstance(o, Flag) and o.locked is not None)
    ]


def option_fields(t: Translator, rules: Rules, players: int) -> dict[str, ValueElement]:
    """The form's fields, by option id; a field's ``value`` is the value to send, ``None``
    for "by player count" (then nothing is sent). ``players`` is the count the form
    starts on; the fields' values do not depend on it."""
    fields: dict[str, ValueElement] = {}
    for option in offered(rules):
        fields[option.id] = _field(t, option, players)
        if option.help is not None:
            ui.label(t(option.help)).classes("text-xs text-grey-8")
    for option in rules.options:  # what the player count decides, as a note
        if isinstance(option, Flag) and option.locked is not None and option.form:
            if option.help is not None:
                ui.label(t(option.help)).classes("text-xs text-grey-8")
    return fields


def _field(t: Translator, option: Option, players: int) -> ValueElement:
    value = None if option.follows_count() else option.default_for(players)
    field: ValueElement
    if isinstance(option, Flag):
        field = ui.switch(t(option.label), value=value is True)
    else:
        words = {choice: value_words(t, option, choice) for choice in option.choices(players)}
        if option.follows_count():
            words = {None: t("options.by_players"), **words}
        if isinstance(option, Choice) and len(words) <= TOGGLE_MOST:
            ui.label(t(option.label)).classes("text-sm")
            field = ui.toggle(words, value=value)
        else:
            field = ui.select(words, value=value, label=t(option.label)).classes("min-w-[220px]")
    return attrs(field, {"data-testid": testid(option)}).mark(testid(option))


def value_words(t: Translator, option: Option, value: Any) -> str:
    """One value of a non-flag option in the reader's language."""
    if isinstance(option, Choice):
        return t(option.values[value])
    if isinstance(option, IntRange) and option.words is not None:
        return t.plural(option.words, int(value))
    return str(int(value))


def describe(t: Translator, game: str, options: dict[str, Any]) -> list[str]:
    """The options that shape the game at this table, one line each."""
    rules = GAMES.get(game)
    if rules is None:
        return []
    try:
        return [line for o in rules.options if o.form for line in _lines(t, o, options)]
    except (KeyError, TypeError, ValueError):  # a record from an older version of a game
        return []


def _lines(t: Translator, option: Option, options: dict[str, Any]) -> list[str]:
    if isinstance(option, Flag):
        return [t(option.label)] if options.get(option.id) else []
    value = options[option.id]
    if option.summary == "count":
        return [value_words(t, option, value)] if value else []
    words = value_words(t, option, value)
    if option.summary == "phrase":  # "The chief starts on the" + "north-west corner"
        return [f"{t(option.label)} {words[:1].lower()}{words[1:]}"]
    return [t("options.pair", label=t(option.label), value=words)]
