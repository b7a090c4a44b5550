"""Stored seeded games must replay to the same turns, board, scores and result forever.

If a rules change alters them, bump ``FeurioRules.version`` and keep old records
replayable (see docs/architecture.md) before regenerating the files with
``.venv/bin/python tests/feurio/test_golden.py``.
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:  # when run as a script to regenerate the files
    sys.path.insert(0, str(ROOT))

from core.games.feurio import FeurioRules  # noqa: E402

GOLDEN = Path(__file__).with_name("golden")
GAMES = {
    "two_players.json": (2, 20261130, {"firebreak": False}, ["ann", "bob"]),
    "three_players_firebreak.json": (3, 2003, {"firebreak": True}, ["ann", "bob", "cem"]),
}


def summary(state: Any) -> list[Any]:
    """What a ply leaves visible: turn, colour, step, drawn tile, stack size, scores."""
    view = state.view(None)
    return [
        view["turn"],
        view["current_colour"],
        view["phase"],
        view["drawn"],
        view["stack"],
        view["scores"],
    ]


def play(players: int, seed: int, options: dict[str, Any], seats: list[str]) -> dict[str, Any]:
    """A seeded game of random legal actions, as a record with what each ply showed."""
    rules = FeurioRules()
    state = rules.new_game(players, seed, options)
    rng = random.Random(seed)
    actions, plies = [], [summary(state)]
    while not state.is_over():
        (seat,) = state.to_move()
        action = rng.choice(state.legal_actions(seat))
        state.apply(seat, action)
        actions.append([seat, action])
        plies.append(summary(state))
    record = {
        "format": 1,
        "game": rules.id,
        "rules_version": rules.version,
        "players": players,
        "seed": seed,
        "options": rules.validate_options(players, options),
        "seats": seats,
        "actions": actions,
        "result": {"scores": state.scores(), "ranking": state.ranking()},
    }
    return {"record": record, "plies": plies, "final": state.view(None)}


def replay(record: dict[str, Any]) -> tuple[Any, list[Any]]:
    rules = FeurioRules()
    assert (record["game"], record["rules_version"]) == (rules.id, rules.version)
    state = rules.new_game(record["players"], record["seed"], record["options"])
    plies = [summary(state)]
    for seat, action in record["actions"]:
        state.apply(seat, action)
        plies.append(summary(state))
    return state, plies


@pytest.mark.parametrize("filename", sorted(GAMES))
def test_the_golden_game_replays_identically(filename):
    golden = json.loads((GOLDEN / filename).read_text(encoding="utf-8"))
    record = golden["record"]
    end, plies = replay(record)
    assert end.is_over()
    assert plies == golden["plies"]
    assert end.view(None) == golden["final"]
    assert {"scores": end.scores(), "ranking": end.ranking()} == record["result"]


def test_the_golden_games_are_still_what_the_seeded_players_would_play():
    for filename, (players, seed, options, seats) in GAMES.items():
        golden = json.loads((GOLDEN / filename).read_text(encoding="utf-8"))
        assert play(players, seed, options, seats) == golden


if __name__ == "__main__":
    GOLDEN.mkdir(exist_ok=True)
    for filename, arguments in GAMES.items():
        text = json.dumps(play(*arguments), indent=1, ensure_ascii=False)
        (GOLDEN / filename).write_text(text + "\n", encoding="utf-8")
        print("wrote", GOLDEN / filename)
