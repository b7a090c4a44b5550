"""Game records: the whole truth of a game as JSON, and replay from them.

>>> rec = new_record("caravan", 2, seed=7, options={"hands": 1}, seats=["ann", "bot:heuristic"])
>>> state = replay(rec)
>>> seat = next(iter(state.to_move()))
>>> action = state.legal_actions(seat)[0]
>>> rec["actions"].append([seat, action])
>>> replay(rec).view(None) == replay(rec, upto=1).view(None)
True
"""

from __future__ import annotations

import json
from collections.abc import Collection
from typing import Any

from core.engine import IllegalAction, Rules, State
from core.games import GAMES

FORMAT = 1
# Characters in a seat's name: a person's name (24 at most, as a table takes it) or the
# name of the bot playing on for one who resigned ("Robot pour <name>", 35 at most).
MAX_SEAT_NAME = 40


class RecordError(ValueError):
    """A record that cannot be read or replayed; the message says why.

    ``key`` and ``params`` let the UI say the same in the reader's language
    (``illegal_move`` carries ``ply`` and ``action``, and the engine's
    :class:`IllegalAction` as its ``__cause__``).

    >>> err = RecordError("Unknown game 'chess'.", key="unknown_game", game="chess")
    >>> err.key, err.params
    ('unknown_game', {'game': 'chess'})
    """

    def __init__(self, message: str, *, key: str = "invalid", **params: Any) -> None:
        super().__init__(message)
        self.key = key
        self.params = params


def new_record(
    game: str,
    players: int,
    seed: int,
    options: dict[str, Any] | None,
    seats: list[str],
) -> dict[str, Any]:
    """A record with no actions yet; ``options`` is completed with the game's defaults."""
    rules = _rules(game)
    return {
        "format": FORMAT,
        "game": game,
        "rules_version": rules.version,
        "players": players,
        "seed": seed,
        "options": rules.validate_options(players, options),
        "seats": list(seats),
        "actions": [],
        "result": None,
    }


def replay(record: dict[str, Any], upto: int | None = None) -> State:
    """The state after the first ``upto`` actions (all of them when None)."""
    rules = _rules(record.get("game"))
    state = rules.new_game(record["players"], record["seed"], record.get("options"))
    for ply, (seat, action) in enumerate(record.get("actions", [])[:upto], start=1):
        _apply(state, ply, seat, action)
    return state


def scores_by_ply(record: dict[str, Any]) -> list[list[float]]:
    """Every seat's score at the start (entry 0) and after each action (entry ``ply``).

    >>> rec = new_record("caravan", 2, seed=7, options={"hands": 1}, seats=["ann", "bob"])
    >>> scores_by_ply(rec)
    [[0.0, 0.0]]
    """
    state = replay(record, upto=0)
    race = [list(state.scores())]
    for ply, (seat, action) in enumerate(record.get("actions", []), start=1):
        _apply(state, ply, seat, action)
        race.append(list(state.scores()))
    return race


def views_by_ply(record: dict[str, Any], seat: int | None = None) -> list[dict[str, Any]]:
    """``seat``'s view (None: a spectator's) at the start (entry 0) and after each action
    (entry ``ply``), from one replay.

    >>> rec = new_record("caravan", 2, seed=7, options={"hands": 1}, seats=["ann", "bob"])
    >>> [view["game"] for view in views_by_ply(rec)]
    ['caravan']
    """
    state = replay(record, upto=0)
    views = [state.view(seat)]
    for ply, (mover, action) in enumerate(record.get("actions", []), start=1):
        _apply(state, ply, mover, action)
        views.append(state.view(seat))
    return views


def _apply(state: State, ply: int, seat: int, action: str) -> None:
    try:
        state.apply(seat, action)
    except IllegalAction as err:
        raise RecordError(
            f"Move {ply} ({action!r}) cannot be replayed: {err}",
            key="illegal_move",
            ply=ply,
            action=action,
        ) from err


def result_of(state: State, resigned: Collection[int] = ()) -> dict[str, Any]:
    """A record's ``result`` entry for a finished state: ``scores`` per seat and the
    ``ranking`` of the players behind the seats (1 for the winner, ties share a rank).

    A resignation is a loss, whatever the bot that took the seat over did: every seat in
    ``resigned`` is ranked last (:func:`standing`), and the engine's own order of the seats,
    the bots' included, is kept as ``board_ranking``.
    """
    ranking = state.ranking()
    result: dict[str, Any] = {"scores": state.scores(), "ranking": standing(ranking, resigned)}
    if resigned:
        result["board_ranking"] = ranking
    return result


def standing(ranking: list[int], resigned: Collection[int]) -> list[int]:
    """Each seat's player's place: ``ranking`` among the players who played on, then
    every player who resigned, sharing the last place. A ranking that already puts the
    resigners last is returned as it is, so results stored either way read alike.

    >>> standing([2, 1, 3], set())
    [2, 1, 3]
    >>> standing([1, 2], {0})  # the bot that took seat 0 won: its player still lost
    [2, 1]
    >>> standing([1, 2, 2, 4], {0})
    [4, 1, 1, 3]
    >>> standing([3, 1, 2], {1, 2})
    [1, 2, 2]
    """
    stayed = [seat for seat in range(len(ranking)) if seat not in resigned]
    last = len(stayed) + 1
    return [
        last if seat in resigned else 1 + sum(ranking[other] < ranking[seat] for other in stayed)
        for seat in range(len(ranking))
    ]


def resigned_seats(notes: Any) -> set[int]:
    """The seats whose players resigned, from a record's ``resigned`` notes
    (``[{"seat": 1, "ply": 12, ...}]``); anything else in them is ignored.

    >>> sorted(resigned_seats([{"seat": 1, "ply": 3}, {"seat": "x"}, "junk"]))
    [1]
    """
    if not isinstance(notes, list):
        return set()
    return {
        note["seat"]
        for note in notes
        if isinstance(note, dict)
        and isinstance(note.get("seat"), int)
        and not isinstance(note.get("seat"), bool)
    }


def timed_out_seats(notes: Any) -> set[int]:
    """Of :func:`resigned_seats`, those given to a bot because their player's time ran out.

    >>> sorted(timed_out_seats([{"seat": 1, "ply": 3, "timed_out": True}, {"seat": 0}]))
    [1]
    """
    return _noted(notes, "timed_out")


def left_seats(notes: Any) -> set[int]:
    """Of :func:`resigned_seats`, those another player gave to a bot because their player
    left a real-time game and did not come back in time.

    >>> sorted(left_seats([{"seat": 0, "ply": 5, "left": True}, {"seat": 1}]))
    [0]
    """
    return _noted(notes, "left")


def _noted(notes: Any, why: str) -> set[int]:
    if not isinstance(notes, list):
        return set()
    noted = [note for note in notes if isinstance(note, dict) and note.get(why) is True]
    return resigned_seats(noted)


def with_result(record: dict[str, Any], state: State) -> dict[str, Any]:
    """The record with its result filled in from a finished state."""
    done = dict(record)
    done["result"] = result_of(state, resigned_seats(record.get("resigned")))
    return done


def dumps(record: dict[str, Any]) -> str:
    return json.dumps(record, ensure_ascii=False, separators=(",", ":"))


def loads(text: str) -> dict[str, Any]:
    """Parse and check a record; raise RecordError with a readable reason."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as err:
        raise RecordError(
            f"Not JSON: {err.msg} at line {err.lineno}.", key="not_json", line=err.lineno
        ) from err
    return validate(data)


def validate(data: Any) -> dict[str, Any]:
    """Check a record's shape, then that it replays; return it unchanged."""
    if not isinstance(data, dict):
        raise RecordError("A record is a JSON object.", key="not_object")
    if data.get("format") != FORMAT:
        raise RecordError(
            f"Unknown record format {data.get('format')!r}.",
            key="format",
            format=data.get("format"),
        )
    rules = _rules(data.get("game"))
    players, seed = data.get("players"), data.get("seed")
    if not isinstance(players, int) or not rules.min_players <= players <= rules.max_players:
        raise RecordError(
            f"{rules.title} is played by {rules.min_players}-{rules.max_players}.",
            key="players",
            game=rules.title,
            min=rules.min_players,
            max=rules.max_players,
        )
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise RecordError("The seed must be a whole number.", key="seed")
    seats = data.get("seats")
    if (
        not isinstance(seats, list)
        or len(seats) != players
        or not all(isinstance(name, str) for name in seats)
    ):
        raise RecordError("Seats must list one name per player.", key="seats")
    notes = data.get("resigned")
    if isinstance(notes, list) and len(notes) > players:
        raise RecordError("A seat gives up once at most.", key="resigned")
    if any(len(name) > MAX_SEAT_NAME for name in seats + _note_names(notes)):
        raise RecordError(
            f"A seat's name has at most {MAX_SEAT_NAME} characters.",
            key="seat_name",
            max=MAX_SEAT_NAME,
        )
    options = data.get("options")
    if options is not None and not isinstance(options, dict):
        raise RecordError("Options must be a JSON object.", key="options")
    actions = data.get("actions")
    if not isinstance(actions, list) or not all(
        isinstance(a, list) and len(a) == 2 and isinstance(a[0], int) and isinstance(a[1], str)
        for a in actions
    ):
        raise RecordError('Actions must be a list of [seat, "action"] pairs.', key="actions")
    try:
        rules.validate_options(players, data.get("options"))
    except ValueError as err:
        raise RecordError(str(err), key="bad_options", reason=str(err)) from err
    replay(data)
    return data


def _note_names(notes: Any) -> list[str]:
    """The names in a record's ``resigned`` notes (one per seat that gave up), which
    replays show beside the seats' own; anything else in them is left to the reader."""
    if not isinstance(notes, list):
        return []
    texts = [note.get(key) for note in notes if isinstance(note, dict) for key in ("by", "bot")]
    return [text for text in texts if isinstance(text, str)]


def _rules(game: Any) -> Rules:
    if not isinstance(game, str) or game not in GAMES:
        raise RecordError(f"Unknown game {game!r}.", key="unknown_game", game=str(game))
    return GAMES[game]
