"""A stored seeded random game must replay to the same fences, scores and result forever.

The game: 2 players, seed 7, default options, every action drawn with
``random.Random(7).choice`` from ``legal_actions`` of the seat to move. The file keeps
the full record (``core.record`` format), the final fences and the final regions.

If a deliberate rules change alters it, bump ``CampingRules.version``, keep old
records replayable (see docs/architecture.md), then regenerate the file with::

    .venv/bin/python tests/camping/test_golden.py

and review the diff of ``tests/camping/golden/two_players_seed7.json`` before committing.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

from core.games import GAMES
from core.record import new_record, replay, validate, with_result

GOLDEN = Path(__file__).with_name("golden") / "two_players_seed7.json"
PLAYERS, SEED = 2, 7


def play_seeded_game() -> dict[str, Any]:
    """The record, final fences and regions of the seeded random game."""
    record = new_record("camping", PLAYERS, SEED, None, ["ann", "bob"])
    state = replay(record)
    rng = random.Random(SEED)
    while not state.is_over():
        (seat,) = state.to_move()
        action = rng.choice(state.legal_actions(seat))
        state.apply(seat, action)
        record["actions"].append([seat, action])
    view = state.view(None)
    return {
        "record": with_result(record, state),
        "fences": view["fences"],
        "regions": view["regions"],
    }


def regenerate() -> None:
    GOLDEN.parent.mkdir(exist_ok=True)
    GOLDEN.write_text(json.dumps(play_seeded_game(), indent=1) + "\n", encoding="utf-8")


def test_the_golden_seeded_game_replays_identically():
    golden = json.loads(GOLDEN.read_text(encoding="utf-8"))
    record = validate(golden["record"])
    assert record["rules_version"] == GAMES["camping"].version
    end = replay(record)
    assert end.is_over()
    view = end.view(None)
    assert view["fences"] == golden["fences"]
    assert view["regions"] == golden["regions"]
    assert {"scores": end.scores(), "ranking": end.ranking()} == record["result"]
    assert record["result"] == {"scores": [28.0, 62.0], "ranking": [2, 1]}


def test_the_same_seed_still_draws_the_same_game():
    golden = json.loads(GOLDEN.read_text(encoding="utf-8"))
    assert play_seeded_game() == golden


if __name__ == "__main__":
    regenerate()
