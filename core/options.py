"""Table options declared once: what each option may be, its default, its words.

A game's :class:`~core.engine.Rules` lists its options as a tuple of these
(``Rules.options``). The same declaration gives the defaults
(``Rules.default_options``), checks a table's choice (``Rules.validate_options``),
builds the new-table form and words a table's options for its guests
(``ui/pages/table_options.py``), so a range is written in one place. Labels are
keys of the site's catalogues (``ui/i18n``); the core itself only ever says a
refusal in English.

The default may follow the player count (a callable of it): the form then offers
"by player count" and sends nothing, so this default applies. An option the form
does not offer (``form=False``) keeps its default unless a record or a test sets it.

>>> hands = IntRange(id="hands", label="caravan.option.hands", low=1, high=9, default=5,
...                  message="A match lasts 1 to 9 hands.")
>>> hands.choices(2), hands.default_for(2)
((1, 2, 3, 4, 5, 6, 7, 8, 9), 5)
>>> hands.check(0, 2)
Traceback (most recent call last):
core.options.OptionError: A match lasts 1 to 9 hands.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

Summary = Literal["pair", "phrase", "count"]


class OptionError(ValueError):
    """A table option refused: ``str(err)`` is an English sentence, ``option`` its id."""

    def __init__(self, message: str, option: str) -> None:
        super().__init__(message)
        self.option = option


@dataclass(frozen=True, kw_only=True)
class Option:
    """One table option.

    ``id`` is its name in the options mapping (and in records); ``label`` the
    catalogue key naming it, ``help`` an optional key for a line of explanation
    under it; ``default`` its value, or a function of the player count giving it;
    ``message`` the English sentence refusing any value it does not take
    (``{last_seat}`` stands for the highest seat number). ``form`` says whether the
    site offers it (in the new-table form) and names it (in a table's description).
    ``summary`` says how a table's description reads it: ``"pair"`` (the label,
    then the value: "Board: 9 × 9"), ``"phrase"`` (the label reads on into the
    value: "The chief starts on the north-west corner") or ``"count"`` (the value's
    words alone, "5 hands", and nothing for 0). A flag is named when on.
    """

    id: str
    label: str
    default: Any
    message: str
    help: str | None = None
    form: bool = True
    summary: Summary = "pair"

    def follows_count(self) -> bool:
        """Whether the default depends on the number of players."""
        return callable(self.default)

    def default_for(self, players: int) -> Any:
        return self.default(players) if callable(self.default) else self.default

    def choices(self, players: int) -> tuple[Any, ...]:
        """Every value the option takes at this player count, in the form's order."""
        raise NotImplementedError

    def accepts(self, value: Any, players: int) -> bool:
        return any(_same(value, choice) for choice in self.choices(players))

    def check(self, value: Any, players: int) -> None:
        """Raise :class:`OptionError` unless the option takes ``value`` at this count."""
        if not self.accepts(value, players):
            raise OptionError(self.message.format(last_seat=players - 1), self.id)


def _same(value: Any, choice: Any) -> bool:
    """Equal and of the same type: ``True`` is not 1, nor ``8.0`` 8."""
    return type(value) is type(choice) and value == choice


@dataclass(frozen=True, kw_only=True)
class Flag(Option):
    """On (``True``) or off (``False``).

    With ``locked`` set, the option takes only its default at each player count
    (nothing to choose, so the form shows at most its ``help``) and ``locked`` is
    the sentence refusing the other value.
    """

    default: Any = False
    locked: str | None = None

    def choices(self, players: int) -> tuple[Any, ...]:
        if self.locked is not None:
            return (self.default_for(players),)
        return (False, True)

    def check(self, value: Any, players: int) -> None:
        if not isinstance(value, bool):
            raise OptionError(self.message, self.id)
        if self.locked is not None and value != self.default_for(players):
            raise OptionError(self.locked, self.id)


@dataclass(frozen=True, kw_only=True)
class IntRange(Option):
    """A whole number from ``low`` to ``high``; ``words``, a plural catalogue key
    (``.one``/``.other``, with ``{count}``), says one value, else the number does."""

    low: int
    high: int
    words: str | None = None

    def choices(self, players: int) -> tuple[Any, ...]:
        return tuple(range(self.low, self.high + 1))


@dataclass(frozen=True, kw_only=True)
class Choice(Option):
    """One of a few names: ``values`` maps each, in the form's order, to the
    catalogue key saying it."""

    values: Mapping[str, str] = field(default_factory=dict)

    def choices(self, players: int) -> tuple[Any, ...]:
        return tuple(self.values)


@dataclass(frozen=True, kw_only=True)
class SeatOrRandom(Option):
    """``"random"`` (drawn from the seed) or a seat number, 0 to players - 1."""

    default: Any = "random"

    def choices(self, players: int) -> tuple[Any, ...]:
        return ("random", *range(players))


def defaults(options: tuple[Option, ...], players: int) -> dict[str, Any]:
    """Every option at its default for this player count, in declaration order."""
    return {option.id: option.default_for(players) for option in options}


def check_all(options: tuple[Option, ...], players: int, chosen: Mapping[str, Any]) -> None:
    """Check each option's value in declaration order; the first refusal is raised."""
    for option in options:
        option.check(chosen[option.id], players)
