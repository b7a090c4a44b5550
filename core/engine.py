"""The protocol every game implements, and the one error it raises.

A game is a :class:`Rules` object registered in :data:`core.games.GAMES`. Its
``new_game`` returns a :class:`State`: a mutable position that lists the legal
actions of each seat as notation strings, applies them, and shows each seat only
what that seat may know (:meth:`State.view`).
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from typing import Any, Self, cast

from core.notation import Notation
from core.options import Option, check_all, defaults


class IllegalAction(ValueError):
    """An action that cannot be applied; the state is left unchanged.

    ``message`` is an English sentence a player can read. ``key`` and ``params``
    let the UI show the same sentence in the player's language; ``code`` tells a
    garbled notation (``"notation"``) from a well-formed but illegal action
    (``"illegal"``).

    >>> err = IllegalAction("Not your turn.", key="not_your_turn")
    >>> str(err), err.code
    ('Not your turn.', 'illegal')
    """

    def __init__(
        self,
        message: str,
        *,
        key: str = "illegal",
        code: str = "illegal",
        **params: Any,
    ) -> None:
        super().__init__(message)
        self.message = message
        self.key = key
        self.code = code
        self.params = params


class State(ABC):
    """One position of one game. Mutable; use :meth:`clone` before searching."""

    game: str
    """The id of the game (its key in :data:`core.games.GAMES`), a class attribute."""

    @abstractmethod
    def to_move(self) -> frozenset[int]:
        """Seats that may act now (empty once the game is over)."""

    @abstractmethod
    def legal_actions(self, seat: int) -> list[str]:
        """Every action ``seat`` may take now, canonical and sorted."""

    # What the guards every game shares say; a game may word them its own way.
    not_text_message = "An action is a line of text."
    over_message = "The game is over."

    def apply(self, seat: int, action: str) -> None:
        """Apply ``action`` for ``seat`` or raise :class:`IllegalAction` unchanged.

        The guards every game shares run here, once: the action must be a text, the
        game not over, and ``seat`` one of :meth:`to_move` (:meth:`not_your_turn` says
        why not). Then :meth:`_apply` reads the action and plays it.
        """
        if not isinstance(action, str):
            raise IllegalAction(self.not_text_message, key="bad_notation", code="notation")
        if self.is_over():
            raise IllegalAction(self.over_message, key="game_over")
        if seat not in self.to_move():
            raise self.not_your_turn(seat)
        self._apply(seat, action)

    def _apply(self, seat: int, action: str) -> None:
        """Read and play ``action`` for ``seat``, who may move now; raise
        :class:`IllegalAction`, leaving the state unchanged, when it is not legal."""
        raise NotImplementedError(f"{type(self).__name__} does not define _apply")

    def not_your_turn(self, seat: int) -> IllegalAction:
        """The error for a seat that may not move now."""
        return IllegalAction("It is not your turn.", key="not_your_turn")

    @abstractmethod
    def is_over(self) -> bool: ...

    @abstractmethod
    def scores(self) -> list[float]:
        """Per seat, the current score (final once the game is over)."""

    @abstractmethod
    def ranking(self) -> list[int]:
        """Per seat, 1 for the winner; equal numbers for a tie."""

    @abstractmethod
    def view(self, seat: int | None) -> dict[str, Any]:
        """A JSON-able picture holding only what ``seat`` may know (None: a spectator)."""

    @abstractmethod
    def clone(self) -> State: ...

    @abstractmethod
    def determinize(self, seat: int, rng: random.Random) -> State:
        """A full state consistent with what ``seat`` knows, hidden parts re-sampled."""

    def after(self, seat: int, action: str) -> Self | None:
        """A copy with ``action`` applied for ``seat``, or None when it is not legal."""
        copy = cast(Self, self.clone())
        try:
            copy.apply(seat, action)
        except IllegalAction:
            return None
        return copy

    def reversible(self, seat: int, action: str) -> bool:
        """Whether ``action`` by ``seat``, taken now, may later be taken back (undo).

        Asked on the state *before* the action, which it leaves unchanged. True only
        for one step of the seat's own turn that reveals nothing hidden (to anyone),
        draws nothing at random and leaves the same seats to move, ``seat`` going on
        with the same turn. An action that ends the turn, draws, reveals a card or
        closes simultaneous bids is not reversible, nor is an illegal one. The
        default says False for everything: a game allows undo only where it says so.
        """
        return False


class Rules(ABC):
    """A game's definition: metadata, table options and the start position."""

    id: str
    title: str
    min_players: int
    max_players: int
    version: int = 1
    # How players read and type the actions in their language (canonical by default).
    notation: Notation = Notation()

    # The table options, declared once (core/options.py): their defaults, their checks
    # and the new-table form all come from here.
    options: tuple[Option, ...] = ()

    def turns_per_seat(self, players: int, options: dict[str, Any]) -> int:
        """About how many turns each seat plays in a game with these (validated) options:
        what a clock's presets are sized by (core/clock.py). Measured by playing the
        heuristic bots against each other; a game gives its own figure."""
        return 20

    def default_options(self, players: int) -> dict[str, Any]:
        """Every option at its default for this number of players."""
        return defaults(self.options, players)

    def validate_options(self, players: int, options: dict[str, Any] | None) -> dict[str, Any]:
        """Return complete options or raise ``ValueError`` with a readable message.

        The player count first, then the mapping and its names, then each value
        against its declaration (:class:`core.options.OptionError` for the first
        option, in declaration order, that does not take it).
        """
        if not self.min_players <= players <= self.max_players:
            raise ValueError(
                f"{self.title} takes {self.min_players} to {self.max_players} players."
            )
        merged = self.default_options(players)
        if options is not None and not isinstance(options, dict):
            raise ValueError("Table options must be a mapping of names to values.")
        for name, value in (options or {}).items():
            if name not in merged:
                raise ValueError(f"Unknown table option {name!r}.")
            merged[name] = value
        check_all(self.options, players, merged)
        return merged

    @abstractmethod
    def new_game(self, players: int, seed: int, options: dict[str, Any] | None = None) -> State:
        """The start position; ``options`` None means :meth:`default_options`."""


def ranking_from_scores(scores: list[float]) -> list[int]:
    """Competition ranking, highest score first: [3, 5, 5] -> [3, 1, 1]."""
    return [1 + sum(other > mine for other in scores) for mine in scores]
