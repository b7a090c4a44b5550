"""D1-D3: the tiles, the colours, the start layout, who begins, and the table options."""

from __future__ import annotations

from collections import Counter

import pytest

from core.games.feurio import FeurioRules
from core.games.feurio.hexes import DIAMOND, SPACES, TRIANGLE, neighbours
from core.games.feurio.position import position

RULES = FeurioRules()
SEEDS = range(40)


def start(players: int, seed: int) -> dict:
    """The spectator's view of a new game, before any tile beyond the start layout is laid."""
    state = RULES.new_game(players, seed)
    return state.view(None)


def all_values(view: dict) -> Counter:
    """Values on the board (face up), the drawn tile and the unseen stack together."""
    values = Counter(t["value"] for t in view["tiles"])
    if view["drawn"]:
        values[view["drawn"]] += 1
    for value, count in enumerate(view["unseen"], start=1):
        values[value] += count
    return values


def test_the_rules_describe_feurio_for_two_to_four_players():
    assert (RULES.id, RULES.title, RULES.min_players, RULES.max_players) == (
        "feurio",
        "Feurio!",
        2,
        4,
    )


@pytest.mark.parametrize("players", [2, 3, 4])
def test_there_are_thirty_six_tiles_six_of_each_value_from_1_to_6(players):
    for seed in SEEDS:
        assert all_values(start(players, seed)) == {value: 6 for value in range(1, 7)}


def test_ones_and_twos_have_one_space_threes_and_fours_two_fives_and_sixes_three():
    assert SPACES == {0: 1, 1: 1, 2: 1, 3: 2, 4: 2, 5: 3, 6: 3}
    state = position("1 2 3\n 4 5 6")
    assert [(t["value"], t["spaces"]) for t in state.view(None)["tiles"]] == [
        (1, 1),
        (2, 1),
        (3, 2),
        (4, 2),
        (5, 3),
        (6, 3),
    ]


def test_a_hex_has_six_neighbours():
    assert len(set(neighbours((3, -2)))) == 6
    assert all(neighbours(n).count((3, -2)) == 1 for n in neighbours((3, -2)))


@pytest.mark.parametrize("players", [2, 4])
def test_with_four_colours_the_game_starts_from_four_tiles_in_a_diamond(players):
    middle, tips = DIAMOND[:2], DIAMOND[2:]
    assert middle[1] in neighbours(middle[0])
    assert all(tip in neighbours(m) for tip in tips for m in middle)
    assert tips[1] not in neighbours(tips[0])
    for seed in SEEDS:
        cells = [(t["q"], t["r"]) for t in start(players, seed)["tiles"]]
        assert cells[:4] == list(DIAMOND)


def test_with_three_players_the_game_starts_from_three_tiles_in_a_triangle():
    assert all(a in neighbours(b) for a in TRIANGLE for b in TRIANGLE if a != b)
    for seed in SEEDS:
        cells = [(t["q"], t["r"]) for t in start(3, seed)["tiles"]]
        assert cells[:3] == list(TRIANGLE)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_start_tiles_are_face_up_random_draws_from_the_stack(players):
    layouts = set()
    for seed in SEEDS:
        tiles = start(players, seed)["tiles"]
        assert all(t["face_up"] and t["men"] == [0, 0, 0, 0] for t in tiles)
        layouts.add(tuple(t["value"] for t in tiles[: 3 if players == 3 else 4]))
    assert len(layouts) > 20


@pytest.mark.parametrize("players, colours", [(2, 4), (3, 3), (4, 4)])
def test_the_first_colour_is_drawn_at_random_from_the_seed(players, colours):
    firsts = {start(players, seed)["first_colour"] for seed in SEEDS}
    assert firsts == set(range(colours))
    assert start(players, 7) == start(players, 7)


def test_with_four_players_each_plays_one_colour_of_twelve_men():
    view = start(4, 3)
    assert [(c["colour"], c["seat"], c["in_hand"]) for c in view["colours"]] == [
        (0, 0, 12),
        (1, 1, 12),
        (2, 2, 12),
        (3, 3, 12),
    ]
    assert view["men_in_hand"] == [12, 12, 12, 12]


def test_with_two_players_each_plays_two_colours_and_the_turns_alternate(play):
    view = start(2, 3)
    assert [c["seat"] for c in view["colours"]] == [0, 1, 0, 1]
    assert view["men_in_hand"] == [24, 24]
    state = position("5 5\n 5 .", players=2, colour=0, stack="1 1 1 1 1 1")
    seen = []
    while len(seen) < 6:
        view = state.view(None)
        seen.append((view["current_colour"], view["current"]))
        if view["phase"] == "lay":
            play(state, state.legal_actions(view["current"])[0])
        play(state, "pass")
    assert seen == [(0, 0), (1, 1), (2, 0), (3, 1), (0, 0), (1, 1)]


def test_with_three_players_three_colours_take_turns_and_each_holds_four_neutral_men():
    view = start(3, 3)
    assert [(c["seat"], c["neutral"], c["in_hand"]) for c in view["colours"]] == [
        (0, False, 12),
        (1, False, 12),
        (2, False, 12),
        (None, True, 12),
    ]
    assert view["neutral_in_hand"] == [4, 4, 4]
    assert view["men_in_hand"] == [16, 16, 16]


def test_play_goes_round_the_colours_in_order_from_the_first():
    for seed in SEEDS:
        state = RULES.new_game(4, seed)
        first = state.view(None)["first_colour"]
        turns = {}
        while len(turns) < 6:
            view = state.view(None)
            turns[view["turn"]] = view["current_colour"]
            (seat,) = state.to_move()
            state.apply(seat, "pass" if view["phase"] == "men" else state.legal_actions(seat)[0])
        assert sorted(turns) == list(range(1, 7))
        assert [turns[t] for t in sorted(turns)] == [(first + i) % 4 for i in range(6)]


def test_the_first_turn_begins_by_drawing_the_top_tile():
    view = start(4, 11)
    assert view["stack"] + (1 if view["drawn"] else 0) == 32
    assert view["turn"] == 1 and view["this_turn"]["drawn"] in range(1, 7)


def test_the_firebreak_variant_is_off_by_default():
    for players in (2, 3, 4):
        assert RULES.default_options(players) == {"firebreak": False}
        assert RULES.validate_options(players, None) == {"firebreak": False}
        assert RULES.validate_options(players, {"firebreak": True}) == {"firebreak": True}


def test_options_none_start_the_same_game_as_the_defaults():
    assert RULES.new_game(3, 9).view(1) == RULES.new_game(3, 9, {"firebreak": False}).view(1)


@pytest.mark.parametrize(
    "players, options, words",
    [
        (1, None, "2 to 4 players"),
        (5, None, "2 to 4 players"),
        (2, {"firebreak": "yes"}, "either on"),
        (2, {"firebreak": 1}, "either on"),
        (2, {"size": 9}, "Unknown table option"),
        (2, ["firebreak"], "mapping"),
    ],
)
def test_bad_table_options_are_refused_with_a_readable_message(players, options, words):
    with pytest.raises(ValueError, match=words):
        RULES.validate_options(players, options)
    with pytest.raises(ValueError):
        RULES.new_game(players, 1, options)
