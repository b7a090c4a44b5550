"""The golden matches are worth keeping: between them they take each game through its rules
(the game-specific half of the golden suite; ``test_golden.py`` replays them all)."""

from __future__ import annotations

from tests.golden.games import GOLDEN, load


def test_the_camping_match_ends_as_it_always_did() -> None:
    record = load("camping", "two_players_seed7.json")["record"]
    assert record["result"] == {"scores": [28.0, 62.0], "ranking": [2, 1]}


def test_the_offseason_matches_show_the_rules_at_work() -> None:
    """They hold auctions, powers and an end."""
    seen: set[str] = set()
    for name in GOLDEN["offseason"].files:
        golden = load("offseason", name)
        seen.update(action.split(" ")[0] for _, action in golden["record"]["actions"])
        assert golden["final"]["phase"] == "over" and golden["final"]["end_triggered"]
    assert {"bid", "market", "load", "sell", "pass", "skip"} <= seen
    assert len(seen & {"purse", "token", "supply", "sort", "unload", "swap", "saddle"}) >= 5


def test_the_pueblo_matches_cover_the_whole_game() -> None:
    two = load("pueblo", "two_players.json")
    phases = {ply[1] for ply in two["plies"]}
    assert phases == {"place", "chief", "over"}
    four = load("pueblo", "four_players_advanced.json")
    phases = {ply[1] for ply in four["plies"]}
    assert phases == {"auction", "card", "sacred", "place", "chief", "remove", "over"}
    assert len(four["final"]["auctions"]) == 2 and len(four["final"]["sacred"]) == 2
