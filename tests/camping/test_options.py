"""Table options: board size (D1), caravans each (D2) and who places the neutral
pieces (D3); anything else is refused with a readable message."""

from __future__ import annotations

import pytest

from core.games.camping import CampingRules

RULES = CampingRules()


@pytest.mark.parametrize(
    "players, defaults",
    [
        (2, {"size": 8, "caravans": 4, "neutral_setup": "random"}),
        (3, {"size": 9, "caravans": 3, "neutral_setup": "random"}),
        (4, {"size": 10, "caravans": 3, "neutral_setup": "random"}),
    ],
)
def test_the_default_options_follow_the_player_count(players, defaults):
    assert RULES.default_options(players) == defaults
    assert RULES.validate_options(players, None) == defaults
    assert RULES.new_game(players, 1).view(None)["options"] == defaults


def test_an_option_left_out_keeps_its_default():
    assert RULES.validate_options(3, {"caravans": 5}) == {
        "size": 9,
        "caravans": 5,
        "neutral_setup": "random",
    }


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("size, caravans", [(8, 6), (10, 2), (9, 5)])
def test_any_allowed_size_and_caravan_count_plays_to_the_end(players, size, caravans, playout):
    options = {"size": size, "caravans": caravans}
    *_, end = playout(players, size + caravans, options)
    view = end.view(None)
    assert end.is_over() and view["size"] == size
    assert [len(c) for c in view["caravans"]] == [caravans] * players


def test_six_caravans_each_at_two_players_as_in_the_published_play_report(playout):
    *_, end = playout(2, 31, {"caravans": 6, "size": 9})
    assert end.is_over() and [len(c) for c in end.view(None)["caravans"]] == [6, 6]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_players_may_place_the_pool_and_the_tokens_themselves(players, playout):
    *_, end = playout(players, 40 + players, {"neutral_setup": "players"})
    view = end.view(None)
    assert end.is_over() and len(view["pool"]) == 2 and view["pest"] is not None


@pytest.mark.parametrize(
    "options",
    [
        {"size": 7},
        {"size": 11},
        {"size": "8"},
        {"size": True},
        {"size": None},
        {"caravans": 1},
        {"caravans": 7},
        {"caravans": True},
        {"caravans": 3.0},
        {"caravans": "4"},
        {"neutral_setup": "fixed"},
        {"neutral_setup": "players_alternate"},
        {"neutral_setup": None},
        {"fence_supply": 20},
        {"board_w": 9},
        {"size": 8.0},
    ],
)
def test_options_outside_the_table_choices_are_refused_with_a_readable_message(options):
    with pytest.raises(ValueError) as info:
        RULES.new_game(2, 1, options)
    assert str(info.value).endswith(".")


@pytest.mark.parametrize("players", [1, 5])
def test_the_game_takes_two_to_four_players(players):
    with pytest.raises(ValueError, match="2 to 4"):
        RULES.new_game(players, 1)


def test_options_must_be_a_mapping():
    with pytest.raises(ValueError):
        RULES.new_game(2, 1, ["size", 8])  # type: ignore[arg-type]
