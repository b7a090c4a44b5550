"""Whether an analysis document belongs to a record and is well formed.

A document may come from an uploaded file, so nothing in it is trusted: its shape, its
sizes and its numbers are checked, and it is tied to the record by the rules version and
the digest of the moves (``core.analysis.moves_digest``). The game is replayed once to
check each ply's mover, move, forced label and best move against the rules.
:func:`check_document` says what is wrong, in a sentence, or None;
``core.analysis.check_analysis`` raises it as an ``AnalysisError``.
"""

from __future__ import annotations

import math
from typing import Any

from core.analysis_labels import FORCED, LABELS, value_kind
from core.engine import IllegalAction
from core.record import RecordError, replay

MAX_PLIES = 20_000  # far beyond any game of the five
MAX_ACTION = 200  # characters of a move's notation
MAX_CANDIDATES = 64
VALUES = ("before", "after", "best_value", "loss")
KEYS = ("seat", "played", "best", "label", "values", "rounds", *VALUES)


def check_document(record: dict[str, Any], analysis: Any, digest: str, fmt: int) -> str | None:
    """What is wrong with ``analysis`` as the document of ``record``, or None."""
    if not isinstance(analysis, dict):
        return "An analysis is a JSON object."
    if analysis.get("format") != fmt:
        return f"Unknown analysis format {_shown(analysis.get('format'))}."
    if analysis.get("game") != record.get("game"):
        return f"This analysis is of another game ({_shown(analysis.get('game'))})."
    if analysis.get("rules_version") != record.get("rules_version"):
        return (
            f"This analysis is of rules version {_shown(analysis.get('rules_version'))}, "
            f"the game of version {_shown(record.get('rules_version'))}."
        )
    if analysis.get("digest") != digest:
        return "This analysis is of other moves than this game's."
    players = record["players"]
    if analysis.get("value") != value_kind(players):
        return f"The values of a {players}-player game are {value_kind(players)!r}."
    return (
        _budget(analysis.get("budget"))
        or _accuracy(analysis.get("accuracy"), players)
        or _plies(record, analysis.get("plies"))
    )


def _budget(budget: Any) -> str | None:
    if not isinstance(budget, dict):
        return "The budget is a JSON object."
    seconds: Any = budget.get("seconds")
    rounds: Any = budget.get("rounds")
    candidates: Any = budget.get("candidates")
    if seconds is not None and not (_number(seconds) and 0 <= seconds <= 3600):
        return "The budget's seconds are a number from 0 to 3600, or null."
    if rounds is not None and not (_whole(rounds) and rounds >= 1):
        return "The budget's rounds are a whole number of at least 1, or null."
    if not (_whole(candidates) and 1 <= candidates <= MAX_CANDIDATES):
        return f"The budget's candidates are a whole number from 1 to {MAX_CANDIDATES}."
    return None


def _accuracy(accuracy: Any, players: int) -> str | None:
    if not isinstance(accuracy, list) or len(accuracy) != players:
        return f"The accuracy lists one entry per seat ({players})."
    if not all(a is None or (_number(a) and 0 <= a <= 100) for a in accuracy):
        return "An accuracy is a number from 0 to 100, or null."
    return None


def _plies(record: dict[str, Any], plies: Any) -> str | None:
    actions = record.get("actions", [])
    if not isinstance(plies, list) or len(plies) > MAX_PLIES:
        return "The plies are a list."
    if len(plies) != len(actions):
        return f"The analysis has {len(plies)} plies, the game {len(actions)}."
    for number, entry in enumerate(plies, start=1):
        problem = _entry(entry, number, actions[number - 1], record["players"])
        if problem:
            return f"Ply {number}: {problem}"
    return _against_the_rules(record, plies)


def _entry(entry: Any, number: int, move: list[Any], players: int) -> str | None:
    if not isinstance(entry, dict) or any(key not in entry for key in KEYS):
        return f"an entry is an object with {', '.join(KEYS)}."
    if entry.get("ply") != number:
        return f"the entry is numbered {_shown(entry.get('ply'))}."
    seat, played = move
    if entry["seat"] != seat or entry["played"] != played:
        return "the mover or the move is not the game's."
    if not isinstance(entry["best"], str) or len(entry["best"]) > MAX_ACTION:
        return "the best move is a move's notation."
    if entry["label"] not in LABELS + (FORCED,):
        return f"unknown label {_shown(entry['label'])}."
    if not all(_fraction(entry[key]) for key in VALUES):
        return "before, after, best_value and loss are numbers from 0 to 1."
    values = entry["values"]
    if not isinstance(values, list) or len(values) != players or not all(map(_fraction, values)):
        return f"the values are {players} numbers from 0 to 1."
    if not _whole(entry["rounds"]) or entry["rounds"] < 0:
        return "the rounds are a whole number."
    return _candidates(entry.get("candidates"))


def _candidates(candidates: Any) -> str | None:
    if candidates is None:
        return None
    if not isinstance(candidates, list) or len(candidates) > MAX_CANDIDATES + 1:
        return "the candidates are a short list."
    for pair in candidates:
        if not (
            isinstance(pair, list)
            and len(pair) == 2
            and isinstance(pair[0], str)
            and len(pair[0]) <= MAX_ACTION
            and _fraction(pair[1])
        ):
            return "each candidate is a move and its value from 0 to 1."
    return None


def _against_the_rules(record: dict[str, Any], plies: list[dict[str, Any]]) -> str | None:
    """Each ply's best move is legal for its mover, and "forced" marks exactly the plies
    with one legal move."""
    try:
        state = replay(record, upto=0)
        for entry in plies:
            legal = state.legal_actions(entry["seat"])
            if entry["best"] not in legal:
                return f"Ply {entry['ply']}: the best move {entry['best']!r} is not legal."
            if (entry["label"] == FORCED) != (len(legal) == 1):
                return f"Ply {entry['ply']}: only a ply with one legal move is forced."
            state.apply(entry["seat"], entry["played"])
    except (IllegalAction, RecordError) as err:
        return f"The game does not replay: {err}"
    return None


def _number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _fraction(value: Any) -> bool:
    return _number(value) and 0 <= value <= 1


def _shown(value: Any) -> str:
    """A value from the document, short enough to quote in a message."""
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."
