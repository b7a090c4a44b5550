"""Every game's stored golden matches replay to the same plies, positions and result forever,
and the seeded ones are still what the seeded random players would play (``games.py`` says
how each was played, what its file keeps and how to regenerate the files)."""

from __future__ import annotations

from typing import Any

import pytest

from core.engine import State
from core.games import GAMES
from core.record import validate
from tests.golden.games import GOLDEN, load, play

CASES = [(game, name) for game in sorted(GOLDEN) for name in GOLDEN[game].files]
SEEDED = [(game, name) for game, name in CASES if GOLDEN[game].files[name] is not None]


def replay(game: str, record: dict[str, Any]) -> tuple[State, list[Any]]:
    """The end of ``record`` and what each of its plies left visible."""
    summary = GOLDEN[game].summary
    state = GAMES[game].new_game(record["players"], record["seed"], record["options"])
    plies = [summary(state)] if summary else []
    for seat, action in record["actions"]:
        state.apply(seat, action)
        if summary:
            plies.append(summary(state))
    return state, plies


def test_every_game_has_golden_matches() -> None:
    assert set(GOLDEN) == set(GAMES)
    assert all(
        any(deal is not None for deal in g.files.values()) for g in GOLDEN.values() if g.summary
    )


@pytest.mark.parametrize(("game", "name"), CASES)
def test_the_golden_match_replays_identically(game: str, name: str) -> None:
    golden = load(game, name)
    record = validate(golden["record"])
    assert (record["game"], record["rules_version"]) == (game, GAMES[game].version)
    end, plies = replay(game, record)
    assert end.is_over()
    if GOLDEN[game].summary:
        assert plies == golden["plies"]
    kept = GOLDEN[game].kept(end)
    assert kept == {key: golden[key] for key in kept}
    assert {"scores": end.scores(), "ranking": end.ranking()} == record["result"]


@pytest.mark.parametrize(("game", "name"), SEEDED)
def test_the_golden_match_is_still_what_the_seeded_players_would_play(game: str, name: str) -> None:
    deal = GOLDEN[game].files[name]
    assert deal is not None
    assert play(game, deal) == load(game, name)
