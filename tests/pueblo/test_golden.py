"""Stored seeded games must replay to the same turns, pueblo, penalties and result forever.

If a rules change alters them, bump ``PuebloRules.version`` and keep old records
replayable (see docs/architecture.md) before regenerating the files with
``.venv/bin/python tests/pueblo/test_golden.py``.
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

from core.games.pueblo import PuebloRules  # noqa: E402

GOLDEN = Path(__file__).with_name("golden")
GAMES = {
    "two_players.json": (2, 20021130, None, ["ann", "bob"]),
    "four_players_advanced.json": (
        4,
        2002,
        {"chief_start": "SE", "sacred_sites": 2, "auction": True, "demolition": True},
        ["ann", "bob", "cem", "dee"],
    ),
}


def summary(state: Any) -> list[Any]:
    """What a ply leaves visible: turn, step, who moves, the chief, penalties, cubes."""
    view = state.view(None)
    return [
        view["turn"],
        view["phase"],
        view["current"],
        view["chief"]["index"],
        view["penalties"],
        len(view["cubes"]),
    ]


def final(state: Any) -> dict[str, Any]:
    view = state.view(None)
    return {
        "cubes": [[c["x"], c["y"], c["z"], c["colour"], c["stone"]] for c in view["cubes"]],
        "heights": view["heights"],
        "sacred": view["sacred"],
        "order": view["order"],
        "auctions": view["auctions"],
        "final_lap": view["final_lap"],
        "last_turn": view["last_turn"],
        "result": view["result"],
    }


def play(
    players: int, seed: int, options: dict[str, Any] | None, seats: list[str]
) -> dict[str, Any]:
    """A seeded game of random legal actions, as a record with what each ply showed."""
    rules = PuebloRules()
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
    return {"record": record, "plies": plies, "final": final(state)}


def replay(record: dict[str, Any]) -> tuple[Any, list[Any]]:
    rules = PuebloRules()
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
    assert final(end) == golden["final"]
    assert {"scores": end.scores(), "ranking": end.ranking()} == record["result"]


def test_the_golden_games_are_still_what_the_seeded_players_would_play():
    for filename, (players, seed, options, seats) in GAMES.items():
        golden = json.loads((GOLDEN / filename).read_text(encoding="utf-8"))
        assert play(players, seed, options, seats) == golden


def test_the_golden_games_cover_the_whole_game():
    two = json.loads((GOLDEN / "two_players.json").read_text(encoding="utf-8"))
    phases = {ply[1] for ply in two["plies"]}
    assert phases == {"place", "chief", "over"}
    four = json.loads((GOLDEN / "four_players_advanced.json").read_text(encoding="utf-8"))
    phases = {ply[1] for ply in four["plies"]}
    assert phases == {"auction", "card", "sacred", "place", "chief", "remove", "over"}
    assert len(four["final"]["auctions"]) == 2 and len(four["final"]["sacred"]) == 2


if __name__ == "__main__":
    GOLDEN.mkdir(exist_ok=True)
    for filename, arguments in GAMES.items():
        text = json.dumps(play(*arguments), indent=1, ensure_ascii=False)
        (GOLDEN / filename).write_text(text + "\n", encoding="utf-8")
        print("wrote", GOLDEN / filename)
