"""Table options: defaults (the basic game) and the values each option takes."""

from __future__ import annotations

import pytest

from core.games.pueblo import PuebloRules

DEFAULTS = {
    "chief_start": "NW",
    "first_player": "random",
    "sacred_sites": 0,
    "auction": False,
    "demolition": False,
}


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_defaults_are_the_basic_game(players):
    rules = PuebloRules()
    assert (rules.id, rules.title, rules.min_players, rules.max_players) == (
        "pueblo",
        "Pueblo",
        2,
        4,
    )
    assert rules.default_options(players) == DEFAULTS
    assert rules.new_game(players, 1).view(None)["options"] == DEFAULTS


@pytest.mark.parametrize(
    "options",
    [
        {"chief_start": "SE"},
        {"first_player": 1},
        {"sacred_sites": 4},
        {"auction": True},
        {"demolition": True},
        {"chief_start": "SW", "sacred_sites": 1, "auction": True, "demolition": True},
    ],
)
def test_every_option_value_starts_a_game(options):
    state = PuebloRules().new_game(2, 1, options)
    assert state.view(None)["options"] == {**DEFAULTS, **options}
    assert state.to_move()


@pytest.mark.parametrize(
    "players, options",
    [
        (2, {"chief_start": "N"}),
        (2, {"chief_start": 0}),
        (2, {"first_player": 2}),
        (2, {"first_player": -1}),
        (2, {"first_player": True}),
        (2, {"first_player": "first"}),
        (2, {"sacred_sites": 5}),
        (2, {"sacred_sites": -1}),
        (2, {"sacred_sites": True}),
        (2, {"sacred_sites": "2"}),
        (2, {"auction": 1}),
        (2, {"demolition": "yes"}),
        (2, {"height_limit": 3}),
        (1, None),
        (5, None),
    ],
)
def test_bad_options_or_player_counts_are_refused_with_a_reason(players, options):
    with pytest.raises(ValueError, match=r"\."):
        PuebloRules().validate_options(players, options)
