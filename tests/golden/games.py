"""The stored golden games of every game: how each was played and what its file keeps.

A file ``tests/golden/<game>/<name>.json`` holds a finished match's ``record``, what each
ply left visible (``plies``, for the games with a ``summary``) and parts of the final
position. Most are seeded random games: the seat to move (drawn among those to move where
the game draws it) then its action drawn with ``random.Random(seed).choice`` from
``legal_actions``. If a deliberate rules change alters one, bump the game's
``Rules.version``, keep old records replayable (see docs/architecture.md), then regenerate
the seeded files with ``.venv/bin/python -m tests.golden.games [game ...]`` and review
the diff before committing.
"""

from __future__ import annotations

import json
import random
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from core.engine import State
from core.games import GAMES

HERE = Path(__file__).resolve().parent

# players, seed, options, seat names
Deal = tuple[int, int, dict[str, Any] | None, list[str]]


def _indented(golden: dict[str, Any]) -> str:
    return json.dumps(golden, indent=1, ensure_ascii=False) + "\n"


def _ply_a_line(golden: dict[str, Any]) -> str:
    """One ply per line, so a drift shows as a short diff."""
    plies = ",\n".join("  " + json.dumps(p) for p in golden["plies"])
    return (
        '{\n "record": ' + json.dumps(golden["record"], ensure_ascii=False) + ',\n "plies": [\n'
        + plies + '\n ],\n "final": ' + json.dumps(golden["final"], ensure_ascii=False) + "\n}\n"
    )  # fmt: skip


@dataclass(frozen=True)
class Golden:
    """One game's golden files and what of a game they keep."""

    files: dict[str, Deal | None]  # None: a match not played by the seeded random players
    kept: Callable[[State], dict[str, Any]]  # the final position's parts the file keeps
    summary: Callable[[State], list[Any]] | None = None  # what each ply leaves visible
    draws_seat: bool = False  # the seat is drawn among those to move, even when one
    dump: Callable[[dict[str, Any]], str] = field(default=_indented)


def _feurio_ply(state: State) -> list[Any]:
    """Turn, colour, step, drawn tile, stack size, scores."""
    view = state.view(None)
    keys = ("turn", "current_colour", "phase", "drawn", "stack", "scores")
    return [view[key] for key in keys]


def _offseason_ply(state: State) -> list[Any]:
    """Round, phase, step, who moves, holder, piles, true coins."""
    view = state.view(None)
    keys = ("round", "phase", "step", "to_move", "holder", "tower", "discard")
    return [*(view[key] for key in keys), [int(s) for s in state.scores()]]


def _pueblo_ply(state: State) -> list[Any]:
    """Turn, step, who moves, the chief, penalties, cubes."""
    view = state.view(None)
    return [
        view["turn"],
        view["phase"],
        view["current"],
        view["chief"]["index"],
        view["penalties"],
        len(view["cubes"]),
    ]


def _pueblo_final(state: State) -> dict[str, Any]:
    view = state.view(None)
    keys = ("heights", "sacred", "order", "auctions", "final_lap", "last_turn", "result")
    return {
        "final": {
            "cubes": [[c["x"], c["y"], c["z"], c["colour"], c["stone"]] for c in view["cubes"]],
            **{key: view[key] for key in keys},
        }
    }


def _view_parts(*keys: str) -> Callable[[State], dict[str, Any]]:
    return lambda state: {key: state.view(None)[key] for key in keys}


def _whole_view(state: State) -> dict[str, Any]:
    return {"final": state.view(None)}


GOLDEN: dict[str, Golden] = {
    "caravan": Golden(files={"three_hands.json": None}, kept=_view_parts("history")),
    "camping": Golden(
        files={"two_players_seed7.json": (2, 7, None, ["ann", "bob"])},
        kept=_view_parts("fences", "regions"),
        dump=lambda golden: json.dumps(golden, indent=1) + "\n",
    ),
    "feurio": Golden(
        files={
            "two_players.json": (2, 20261130, {"firebreak": False}, ["ann", "bob"]),
            "three_players_firebreak.json": (3, 2003, {"firebreak": True}, ["ann", "bob", "cem"]),
        },
        kept=_whole_view,
        summary=_feurio_ply,
    ),
    "offseason": Golden(
        files={
            "three_players.json": (3, 20261130, {}, ["ann", "bob", "cem"]),
            "two_players_variant.json": (2, 7, {}, ["ann", "bob"]),
            "five_players_open_coins.json": (
                5,
                31,
                {"open_coins": True, "fruit_rule": "lowest_price", "tiles": "fixed"},
                ["ann", "bob", "cem", "dan", "eve"],
            ),
        },
        kept=_whole_view,
        summary=_offseason_ply,
        draws_seat=True,
        dump=_ply_a_line,
    ),
    "pueblo": Golden(
        files={
            "two_players.json": (2, 20021130, None, ["ann", "bob"]),
            "four_players_advanced.json": (
                4,
                2002,
                {"chief_start": "SE", "sacred_sites": 2, "auction": True, "demolition": True},
                ["ann", "bob", "cem", "dee"],
            ),
        },
        kept=_pueblo_final,
        summary=_pueblo_ply,
    ),
}


def path(game: str, name: str) -> Path:
    return HERE / game / name


def load(game: str, name: str) -> dict[str, Any]:
    result: dict[str, Any] = json.loads(path(game, name).read_text(encoding="utf-8"))
    return result


def play(game: str, deal: Deal) -> dict[str, Any]:
    """A seeded game of random legal actions: its record, plies and kept final parts."""
    players, seed, options, seats = deal
    rules, golden = GAMES[game], GOLDEN[game]
    state = rules.new_game(players, seed, options)
    rng = random.Random(seed)
    actions, plies = [], [golden.summary(state)] if golden.summary else []
    while not state.is_over():
        if golden.draws_seat:
            seat = rng.choice(sorted(state.to_move()))
        else:
            (seat,) = state.to_move()
        action = rng.choice(state.legal_actions(seat))
        state.apply(seat, action)
        actions.append([seat, action])
        if golden.summary:
            plies.append(golden.summary(state))
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
    return {"record": record, **({"plies": plies} if golden.summary else {}), **golden.kept(state)}


def regenerate(games: list[str]) -> None:
    for game in games:
        for name, deal in GOLDEN[game].files.items():
            if deal is not None:
                path(game, name).parent.mkdir(exist_ok=True)
                path(game, name).write_text(GOLDEN[game].dump(play(game, deal)), encoding="utf-8")
                print("wrote", path(game, name))


if __name__ == "__main__":
    regenerate(sys.argv[1:] or sorted(GOLDEN))
