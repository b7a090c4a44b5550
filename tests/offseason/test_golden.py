"""Stored seeded games must replay to the same plies, positions and result forever.

Each game is played by seeded random choices (the seat among those to move, then
its action). If a rules change alters them, bump ``OffSeasonRules.version`` and keep
old records replayable (see docs/architecture.md) before regenerating the files
with ``.venv/bin/python tests/offseason/test_golden.py``.
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

from core.games.offseason import OffSeasonRules  # noqa: E402

GOLDEN = Path(__file__).with_name("golden")
GAMES = {
    "three_players.json": (3, 20261130, {}, ["ann", "bob", "cem"]),
    "two_players_variant.json": (2, 7, {}, ["ann", "bob"]),
    "five_players_open_coins.json": (
        5,
        31,
        {"open_coins": True, "fruit_rule": "lowest_price", "tiles": "fixed"},
        ["ann", "bob", "cem", "dan", "eve"],
    ),
}


def summary(state: Any) -> list[Any]:
    """What a ply leaves: round, phase, step, who moves, holder, piles, true coins."""
    view = state.view(None)
    return [
        view["round"],
        view["phase"],
        view["step"],
        view["to_move"],
        view["holder"],
        view["tower"],
        view["discard"],
        [int(s) for s in state.scores()],
    ]


def play(players: int, seed: int, options: dict[str, Any], seats: list[str]) -> dict[str, Any]:
    """A seeded game of random legal actions, as a record with what each ply showed."""
    rules = OffSeasonRules()
    state = rules.new_game(players, seed, options)
    rng = random.Random(seed)
    actions, plies = [], [summary(state)]
    while not state.is_over():
        seat = rng.choice(sorted(state.to_move()))
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
    rules = OffSeasonRules()
    assert (record["game"], record["rules_version"]) == (rules.id, rules.version)
    state = rules.new_game(record["players"], record["seed"], record["options"])
    plies = [summary(state)]
    for seat, action in record["actions"]:
        state.apply(seat, action)
        plies.append(summary(state))
    return state, plies


def dump(golden: dict[str, Any]) -> str:
    """One ply per line, so a drift shows as a short diff."""
    plies = ",\n".join("  " + json.dumps(p) for p in golden["plies"])
    return (
        '{\n "record": ' + json.dumps(golden["record"], ensure_ascii=False) + ',\n "plies": [\n'
        + plies + '\n ],\n "final": ' + json.dumps(golden["final"], ensure_ascii=False) + "\n}\n"
    )  # fmt: skip


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


def test_the_golden_games_show_the_rules_at_work():
    """The stored games are worth keeping: they hold auctions, powers and an end."""
    seen: set[str] = set()
    for filename in GAMES:
        golden = json.loads((GOLDEN / filename).read_text(encoding="utf-8"))
        seen.update(action.split(" ")[0] for _, action in golden["record"]["actions"])
        assert golden["final"]["phase"] == "over" and golden["final"]["end_triggered"]
    assert {"bid", "market", "load", "sell", "pass", "skip"} <= seen
    assert len(seen & {"purse", "token", "supply", "sort", "unload", "swap", "saddle"}) >= 5


if __name__ == "__main__":
    GOLDEN.mkdir(exist_ok=True)
    for filename, arguments in GAMES.items():
        (GOLDEN / filename).write_text(dump(play(*arguments)), encoding="utf-8")
        print("wrote", GOLDEN / filename)
