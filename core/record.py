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
from typing import Any

from core.engine import IllegalAction, State
from core.games import GAMES

FORMAT = 1


class RecordError(ValueError):
    """A record that cannot be read or replayed; the message says why."""


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
    actions = record.get("actions", [])
    for ply, (seat, action) in enumerate(actions[:upto]):
        try:
            state.apply(seat, action)
        except IllegalAction as err:
            raise RecordError(f"Move {ply + 1} ({action!r}) cannot be replayed: {err}") from err
    return state


def result_of(state: State) -> dict[str, Any]:
    """A record's ``result`` entry for a finished state: scores and ranking per seat."""
    return {"scores": state.scores(), "ranking": state.ranking()}


def with_result(record: dict[str, Any], state: State) -> dict[str, Any]:
    """The record with its result filled in from a finished state."""
    done = dict(record)
    done["result"] = result_of(state)
    return done


def dumps(record: dict[str, Any]) -> str:
    return json.dumps(record, ensure_ascii=False, separators=(",", ":"))


def loads(text: str) -> dict[str, Any]:
    """Parse and check a record; raise RecordError with a readable reason."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as err:
        raise RecordError(f"Not JSON: {err.msg} at line {err.lineno}.") from err
    return validate(data)


def validate(data: Any) -> dict[str, Any]:
    """Check a record's shape, then that it replays; return it unchanged."""
    if not isinstance(data, dict):
        raise RecordError("A record is a JSON object.")
    if data.get("format") != FORMAT:
        raise RecordError(f"Unknown record format {data.get('format')!r}.")
    rules = _rules(data.get("game"))
    players, seed = data.get("players"), data.get("seed")
    if not isinstance(players, int) or not rules.min_players <= players <= rules.max_players:
        raise RecordError(f"{rules.title} is played by {rules.min_players}-{rules.max_players}.")
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise RecordError("The seed must be a whole number.")
    seats = data.get("seats")
    if (
        not isinstance(seats, list)
        or len(seats) != players
        or not all(isinstance(name, str) for name in seats)
    ):
        raise RecordError("Seats must list one name per player.")
    options = data.get("options")
    if options is not None and not isinstance(options, dict):
        raise RecordError("Options must be a JSON object.")
    actions = data.get("actions")
    if not isinstance(actions, list) or not all(
        isinstance(a, list) and len(a) == 2 and isinstance(a[0], int) and isinstance(a[1], str)
        for a in actions
    ):
        raise RecordError('Actions must be a list of [seat, "action"] pairs.')
    try:
        rules.validate_options(players, data.get("options"))
    except ValueError as err:
        raise RecordError(str(err)) from err
    replay(data)
    return data


def _rules(game: Any) -> Any:
    if game not in GAMES:
        raise RecordError(f"Unknown game {game!r}.")
    return GAMES[game]
