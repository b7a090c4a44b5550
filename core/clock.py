"""Table tempos and their clocks, as pure functions of the times they are given.

A table's *tempo* (:class:`Tempo`) says how long its players may take:

- ``untimed``: as long as they like (friendly games; hot seat and bot-only tables);
- ``realtime``: a clock per seat, ``base`` seconds at the start and ``increment`` seconds
  added each time the seat ends a turn (a Fischer clock);
- ``turnbased``: ``per_turn`` seconds for each turn, and a ``reserve`` of spare seconds
  over the whole game that a slow turn draws from (days per move, for games over days).

A :class:`Clock` is a snapshot taken at one instant (``at``, POSIX seconds): the seconds
each seat had left then, and which seats' time has run since. Only seats held by people
are timed: a bot's seat never runs. The server stamps every move and every start with its
own time and keeps the snapshot with it, so remaining times and deadlines follow from the
stored snapshot and the time now, after a restart as before it; nothing here reads a clock.

A turn ends when a seat moves and is no longer to move: only then does it get its
increment (real time) or a fresh turn (turn-based). A seat that moves and stays to move
(several steps of one turn) keeps its running time. In a simultaneous step (sealed bids)
every seat to move runs at once.

>>> tempo = Tempo.realtime(60, 5)
>>> clock = start(tempo, 2, running=(0,), at=1000.0)
>>> clock = after_move(tempo, clock, mover=0, running=(1,), at=1012.0)
>>> remaining(clock, now=1020.0)
(53.0, 52.0)
>>> deadline(clock), expired(clock, now=1072.0)
(1072.0, (1,))
"""

from __future__ import annotations

from collections.abc import Collection, Iterable
from dataclasses import dataclass, replace
from typing import Any

UNTIMED, REALTIME, TURNBASED = "untimed", "realtime", "turnbased"
KINDS = (UNTIMED, REALTIME, TURNBASED)
ON_TIMEOUT = ("bot", "end")  # a bot plays the seat on, or (at 2 players) the game ends

MINUTE, HOUR, DAY = 60.0, 3600.0, 86400.0
# The bounds of a tempo a table may be opened with.
LEAST_BASE, MOST_BASE = 10.0, 3 * HOUR
MOST_INCREMENT = 2 * MINUTE
TURN_CHOICES = (12 * HOUR, DAY, 2 * DAY, 3 * DAY, 7 * DAY)
MOST_RESERVE = 14 * DAY


# The real-time presets: seconds of thought a turn the base is sized by, and the increment.
PACES = {"quick": (8.0, 2.0), "standard": (20.0, 5.0), "relaxed": (45.0, 10.0)}


class TempoError(ValueError):
    """A tempo that cannot be played (a stored or submitted one): say why, in English."""


@dataclass(frozen=True)
class Tempo:
    """How long a table's players may take (module docstring). Built with
    :meth:`untimed`, :meth:`realtime` or :meth:`turnbased`, which check their bounds."""

    kind: str = UNTIMED
    base: float = 0.0
    increment: float = 0.0
    per_turn: float = 0.0
    reserve: float = 0.0
    on_timeout: str = "bot"

    @property
    def timed(self) -> bool:
        return self.kind != UNTIMED

    @staticmethod
    def untimed() -> Tempo:
        return Tempo()

    @staticmethod
    def realtime(base: float, increment: float = 0.0, on_timeout: str = "bot") -> Tempo:
        """A Fischer clock. ``base`` from 10 s to 3 hours, ``increment`` up to 2 minutes.

        >>> Tempo.realtime(5)
        Traceback (most recent call last):
        ...
        core.clock.TempoError: A clock starts with 10 seconds to 3 hours.
        """
        base, increment = seconds(base), seconds(increment)
        if not LEAST_BASE <= base <= MOST_BASE:
            raise TempoError("A clock starts with 10 seconds to 3 hours.")
        if not 0 <= increment <= MOST_INCREMENT:
            raise TempoError("A clock adds at most 2 minutes a turn.")
        return Tempo(REALTIME, base=base, increment=increment, on_timeout=_outcome(on_timeout))

    @staticmethod
    def turnbased(per_turn: float, reserve: float = 0.0, on_timeout: str = "bot") -> Tempo:
        """``per_turn`` seconds a turn (12 hours, 1, 2, 3 or 7 days) and a ``reserve`` of
        up to 14 days over the game."""
        per_turn, reserve = seconds(per_turn), seconds(reserve)
        if per_turn <= 0:
            raise TempoError("A turn lasts 12 hours, or 1, 2, 3 or 7 days.")
        if not 0 <= reserve <= MOST_RESERVE:
            raise TempoError("The reserve is at most 14 days.")
        return Tempo(TURNBASED, per_turn=per_turn, reserve=reserve, on_timeout=_outcome(on_timeout))

    def to_json(self) -> dict[str, Any]:
        if not self.timed:
            return {"kind": UNTIMED}
        if self.kind == REALTIME:
            fields = {"base": self.base, "increment": self.increment}
        else:
            fields = {"per_turn": self.per_turn, "reserve": self.reserve}
        return {"kind": self.kind, **fields, "on_timeout": self.on_timeout}

    @staticmethod
    def from_json(data: Any) -> Tempo:
        """The tempo stored as :meth:`to_json` wrote it (nothing stored: untimed);
        :class:`TempoError` for anything else."""
        if data is None:
            return Tempo()
        if not isinstance(data, dict):
            raise TempoError("A tempo is a mapping.")
        kind = data.get("kind", UNTIMED)
        on_timeout = data.get("on_timeout", "bot")
        if kind == UNTIMED:
            return Tempo()
        if kind == REALTIME:
            return Tempo.realtime(
                seconds(data.get("base")), seconds(data.get("increment", 0)), on_timeout
            )
        if kind == TURNBASED:
            return Tempo.turnbased(
                seconds(data.get("per_turn")), seconds(data.get("reserve", 0)), on_timeout
            )
        raise TempoError("A tempo is untimed, real time or turn-based.")

    def fresh_turn(self, reserve: float) -> float:
        """Turn-based: the seconds a turn starts with, its own and what is left in reserve."""
        return self.per_turn + reserve


def presets(turns: int) -> dict[str, Tempo]:
    """The real-time presets of a game whose seats each play about ``turns`` turns (its
    rules say: :meth:`core.engine.Rules.turns_per_seat`): the base is that many turns at
    the pace's seconds a turn, rounded up to a whole minute.

    >>> {pace: (t.base / 60, t.increment) for pace, t in presets(10).items()}
    {'quick': (2.0, 2.0), 'standard': (4.0, 5.0), 'relaxed': (8.0, 10.0)}
    """
    chosen = {}
    for pace, (per_turn, increment) in PACES.items():
        minutes = max(1, -(-int(turns * per_turn) // 60))
        chosen[pace] = Tempo.realtime(min(MOST_BASE, minutes * MINUTE), increment)
    return chosen


def seconds(value: Any) -> float:
    """A number of seconds as given (a form's or storage's); :class:`TempoError` otherwise."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise TempoError("A time is a number of seconds.")
    if value != value or value in (float("inf"), float("-inf")):
        raise TempoError("A time is a number of seconds.")
    return float(value)


def _outcome(value: Any) -> str:
    if value not in ON_TIMEOUT:
        raise TempoError("When time runs out a bot plays on, or the game ends.")
    return str(value)


@dataclass(frozen=True)
class Clock:
    """What each seat had left at ``at`` (POSIX seconds), and whose time runs since then.
    Turn-based, ``left`` is of the current turn (its own time and the reserve together)
    and ``reserve`` what remains of the reserve for the turns to come."""

    at: float
    left: tuple[float, ...]
    running: tuple[int, ...] = ()
    reserve: tuple[float, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {
            "at": self.at,
            "left": list(self.left),
            "running": list(self.running),
            "reserve": list(self.reserve),
        }

    @staticmethod
    def from_json(data: Any, players: int) -> Clock:
        """A stored snapshot of a table of ``players``; :class:`TempoError` when malformed."""
        try:
            clock = Clock(
                at=seconds(data["at"]),
                left=tuple(seconds(x) for x in data["left"]),
                running=tuple(int(seat) for seat in data.get("running", ())),
                reserve=tuple(seconds(x) for x in data.get("reserve", ())),
            )
        except (KeyError, TypeError, ValueError) as err:
            raise TempoError(f"A stored clock does not read: {err}") from err
        if len(clock.left) != players or any(not 0 <= s < players for s in clock.running):
            raise TempoError("A stored clock has a time for each seat.")
        return clock


def start(tempo: Tempo, players: int, running: Iterable[int], at: float) -> Clock:
    """The clock when the game starts at ``at``: every seat has its whole time, and the
    ``running`` seats (people to move) start using it."""
    if tempo.kind == TURNBASED:
        reserve = (tempo.reserve,) * players
        return Clock(at, (tempo.fresh_turn(tempo.reserve),) * players, _seats(running), reserve)
    return Clock(at, (tempo.base,) * players, _seats(running))


def charged(clock: Clock, at: float) -> Clock:
    """The same clock read at ``at``: each running seat has used the time since the
    snapshot (never below zero: a seat out of time is at 0)."""
    spent = max(0.0, at - clock.at)
    left = tuple(
        max(0.0, left - spent) if seat in clock.running else left
        for seat, left in enumerate(clock.left)
    )
    return replace(clock, at=max(at, clock.at), left=left)


def after_move(tempo: Tempo, clock: Clock, mover: int, running: Iterable[int], at: float) -> Clock:
    """The clock after ``mover`` moved at ``at``, when the seats ``running`` (the people to
    move now) are on the clock. A seat whose turn ended (it ran, and runs no more) gets
    its increment, or turn-based a fresh turn with what its reserve has left."""
    now = charged(clock, at)
    after = _seats(running)
    left, reserve = list(now.left), list(now.reserve)
    for seat in clock.running:
        if seat in after:
            continue
        if tempo.kind == REALTIME and seat == mover:
            left[seat] += tempo.increment
        elif tempo.kind == TURNBASED:
            # the turn used its own time first: the reserve is what is left beyond it
            reserve[seat] = min(reserve[seat], left[seat])
            left[seat] = tempo.fresh_turn(reserve[seat])
    return Clock(now.at, tuple(left), after, tuple(reserve))


def with_running(clock: Clock, running: Iterable[int], at: float) -> Clock:
    """The clock when who is on it changes without a move (a seat's player gives it to a
    bot, say): the time so far is charged, then only ``running`` runs."""
    return replace(charged(clock, at), running=_seats(running))


def remaining(clock: Clock, now: float) -> tuple[float, ...]:
    """Each seat's seconds left at ``now`` (turn-based: of its current or next turn)."""
    return charged(clock, now).left


def deadline(clock: Clock) -> float | None:
    """When the first running seat runs out of time (POSIX seconds); None if none runs."""
    return min((clock.at + clock.left[seat] for seat in clock.running), default=None)


def expired(clock: Clock, now: float) -> tuple[int, ...]:
    """The running seats whose time is up at ``now``."""
    return tuple(seat for seat in clock.running if clock.at + clock.left[seat] <= now)


def _seats(seats: Iterable[int]) -> tuple[int, ...]:
    return tuple(sorted(set(seats)))


def timed_seats(people: Collection[int], to_move: Iterable[int]) -> tuple[int, ...]:
    """The seats whose time runs: those to move that people hold (bots are never timed)."""
    return _seats(seat for seat in to_move if seat in people)
