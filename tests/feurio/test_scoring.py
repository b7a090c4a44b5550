"""D7 and D8: zones, their value (rounded up, 0 when enclosed), totals and the tie-break."""

from __future__ import annotations

import pytest

from core.games.feurio.position import position
from core.games.feurio.zones import zone_score

# A's men hold a 6 and a 5, both enclosed, and the 3 and 2 on either side of them, which
# still have free edges. The 1s around hold nobody.
ZONE_6532 = """
    . . . . . .
     . . 1 1 1 .
      . 3A 6A 5A 2A .
       . 1 1 1 . .
"""


def zones(state, colour: int = 0) -> list[dict]:
    return state.view(None)["zones"][colour]


@pytest.mark.parametrize(
    "values, edge_values, points",
    [
        ([6, 5, 3, 2], [3, 2], 8),
        ([6, 5, 4], [4], 4),
        ([6, 6], [], 0),
        ([1], [1], 1),
    ],
)
def test_the_worked_examples_of_the_rules(values, edge_values, points):
    assert zone_score(values, edge_values) == points


def test_a_zone_6_5_3_2_whose_edge_tiles_are_the_3_and_the_2_scores_16_over_2_that_is_8():
    state = position(ZONE_6532)
    assert zones(state) == [
        {"tiles": ["1,2", "2,2", "3,2", "4,2"], "total": 16, "divisor": 2, "value": 8}
    ]
    assert state.scores() == [8.0, 0.0, 0.0, 0.0]


def test_a_zone_6_5_4_with_only_the_4_on_the_edge_scores_15_over_4_rounded_up_to_4():
    state = position(ZONE_6532.replace("3A", "4A").replace("2A", "2"))
    assert zones(state) == [{"tiles": ["1,2", "2,2", "3,2"], "total": 15, "divisor": 4, "value": 4}]


def test_a_zone_6_6_with_no_free_edge_scores_nothing():
    state = position(ZONE_6532.replace("3A", "3").replace("5A", "6A").replace("2A", "2"))
    assert zones(state) == [{"tiles": ["2,2", "3,2"], "total": 12, "divisor": None, "value": 0}]
    assert state.scores()[0] == 0


def test_a_lone_1_on_the_edge_scores_1_the_best_divisor():
    state = position("1A 6")
    assert zones(state) == [{"tiles": ["0,0"], "total": 1, "divisor": 1, "value": 1}]


def test_the_divisor_is_the_lowest_value_on_the_edge_not_a_number_of_free_edges():
    state = position(". 1 2 .\n 2 6A 3A .\n  1 . . .")  # the 6 has a single free edge
    assert [t["free_edges"] for t in state.view(None)["tiles"] if t["men"][0]] == [1, 4]
    assert zones(state) == [{"tiles": ["1,1", "2,1"], "total": 9, "divisor": 3, "value": 3}]


def test_an_enclosed_low_tile_does_not_divide_its_zone():
    state = position(". 2 2 .\n 3 1A 4A .\n  3 6A . .")  # the 1 is enclosed
    assert zones(state) == [{"tiles": ["1,1", "2,1", "1,2"], "total": 11, "divisor": 4, "value": 3}]


def test_a_tile_shared_by_two_colours_counts_fully_for_each():
    state = position("5AB 3A\n 3B")
    assert zones(state, 0) == [{"tiles": ["0,0", "1,0"], "total": 8, "divisor": 3, "value": 3}]
    assert zones(state, 1) == [{"tiles": ["0,0", "0,1"], "total": 8, "divisor": 3, "value": 3}]
    assert state.scores() == [3.0, 3.0, 0.0, 0.0]


def test_tiles_join_a_zone_only_through_tiles_holding_the_same_colour():
    state = position("2A 6B 2A")
    assert [z["tiles"] for z in zones(state, 0)] == [["0,0"], ["2,0"]]
    assert [z["value"] for z in zones(state, 0)] == [1, 1]
    assert zones(state, 1) == [{"tiles": ["1,0"], "total": 6, "divisor": 6, "value": 1}]
    assert state.scores() == [2.0, 1.0, 0.0, 0.0]


def test_a_colour_scores_the_sum_of_its_zones():
    state = position("2A 6 1A 5A")
    assert [z["value"] for z in zones(state)] == [1, 6]
    assert state.view(None)["colours"][0]["score"] == 7 and state.scores()[0] == 7


def test_scores_follow_the_board_during_the_game(play):
    state = position("1 6 5", stack="")
    assert state.scores() == [0.0, 0.0, 0.0, 0.0]
    play(state, "man 1,0", "man 1,0", "done")
    assert state.scores() == [1.0, 0.0, 0.0, 0.0]
    play(state, "man 0,0")
    assert state.scores() == [1.0, 1.0, 0.0, 0.0]
    assert state.view(None)["scores"] == state.scores()


def test_on_equal_scores_more_men_in_hand_ranks_first():
    state = position("1A 3BB")
    assert state.scores()[:2] == [1.0, 1.0]
    assert state.view(None)["men_in_hand"] == [11, 10, 12, 12]
    assert state.ranking() == [1, 2, 3, 3]


def test_equal_scores_and_equal_men_in_hand_share_the_place():
    state = position("1A 1B")
    assert state.ranking() == [1, 1, 3, 3]


def test_with_two_players_the_tie_break_counts_the_men_of_both_colours():
    state = position("1A 3BB 1C 3DD", players=2)
    assert state.scores() == [2.0, 2.0]
    assert state.view(None)["men_in_hand"] == [22, 20]
    assert state.ranking() == [1, 2]


def test_with_three_players_neutral_men_in_hand_count_in_the_tie_break():
    state = position("1A 1B 2D", players=3, neutral=[3, 4, 4])
    assert state.scores() == [1.0, 1.0, 0.0]
    assert state.view(None)["men_in_hand"] == [14, 15, 16]
    assert state.ranking() == [2, 1, 3]
