"""D10 and the published score lines of spec A.2: what an owned region is worth."""

from __future__ import annotations

from core.games.camping import CampingRules
from core.games.camping.position import position

# Seat 0 owns the 2x2 block in the bottom-left corner; seat 1 the other 12 squares.
CORNER_BLOCK = """
    y y y y
    y y y y
    x x y y
    x x y y
"""


def corner_block(walls, diagram: str):
    return position(diagram, fences=walls(CORNER_BLOCK))


def test_an_owned_region_scores_one_point_per_square_occupied_or_not():
    state = position(
        """
        A . . .
        . . . .
        . . . A
        a a . .
        """
    )
    assert state.scores() == [16.0, 0.0]
    assert state.view(None)["regions"][0]["value"] == 16


def test_the_pool_doubles_its_region():
    state = position(
        """
        A . . .
        . P P .
        . . . A
        a a . .
        """
    )
    assert state.scores() == [32.0, 0.0]


def test_each_ice_cream_adds_five():
    state = position(
        """
        A . . I
        . . . .
        I . . A
        a a . .
        """
    )
    assert state.scores() == [16.0 + 5 + 5, 0.0]


def test_the_pest_takes_off_ten():
    state = position(
        """
        A . . .
        . . X .
        . . . A
        a a . .
        """
    )
    assert state.scores() == [6.0, 0.0]


def test_a_region_never_scores_below_zero_however_small_with_the_pest(walls):
    state = corner_block(
        walls,
        """
        B . . .
        . . . .
        A X . .
        . . b b
        """,
    )
    assert state.scores() == [0.0, 12.0]
    values = {r["label"]: r["value"] for r in state.view(None)["regions"]}
    assert values == {"a1": 0, "c1": 12}


def test_the_floor_applies_per_region_not_to_the_players_total(walls):
    state = position(
        """
        A . . .
        . . . .
        A X . .
        . . B .
        """,
        fences=walls(
            """
            z z z z
            z z z z
            x x y y
            x x y y
            """
        ),
    )
    assert state.scores() == [8.0, 4.0]


def test_pool_ice_cream_and_pest_together_make_double_the_squares_plus_five_minus_ten():
    state = position(
        """
        A . . .
        . P P .
        . I X A
        a a . .
        """
    )
    assert state.scores() == [16 * 2 + 5 - 10, 0.0]


def test_the_pool_doubles_only_the_squares_not_the_ice_cream_bonus(walls):
    state = corner_block(
        walls,
        """
        B . . .
        . . . .
        A I . .
        P P b b
        """,
    )
    assert state.scores() == [4 * 2 + 5, 12.0]


def test_a_player_scores_the_sum_of_every_region_they_own(walls):
    state = position(
        """
        A . . .
        . I . .
        A . . .
        . . B .
        """,
        fences=walls(
            """
            z z z z
            z z z z
            x x y y
            x x y y
            """
        ),
    )
    assert state.scores() == [4 + 8 + 5, 4.0]


def test_a_contested_region_scores_for_nobody(walls):
    state = position(
        """
        A . . B
        . . . .
        A . . .
        . . B .
        """,
        fences=walls(
            """
            z z z z
            z z z z
            x x y y
            x x y y
            """
        ),
    )
    assert state.scores() == [4.0, 4.0]


def test_a_23_square_region_with_the_pool_and_an_ice_cream_scores_51(walls):
    state = position(
        """
        . . . . .
        . P P . .
        . . B . I
        . . . . .
        a a . . .
        """,
        fences=["a1|a2", "b1|b2", "b1|c1"],
    )
    values = {r["label"]: (r["size"], r["value"]) for r in state.view(None)["regions"]}
    assert values == {"a1": (2, 2), "c1": (23, 23 * 2 + 5)}
    assert state.scores() == [2.0, 51.0]


# Spec A.2, the published two-player score sheet, on a 9x9 board: Red (seat 0) had
# 37 squares + 0 (no pool) + 5 (an ice cream) - 10 (the pest) = 32; White (seat 1)
# 32 squares, of which the 23 around the pool count twice, + 5 (an ice cream) = 60.
# The sheet scores 69 squares; the 12 left over on 9x9 go to a third player here.
A2_REGIONS = """
    w w w w w w w w w
    c c c c c c v v v
    c c c c c c v v v
    v v v v v v v v v
    r v v v v v v v v
    r r r r r r r r r
    r r r r r r r r r
    r r r r r r r r r
    r r r r r r r r r
"""
A2_PIECES = """
    . . . . B . . . .
    c c . . . . . I .
    . . . . . . . . .
    . P P . . . . . .
    . . b b B . . . .
    . . . . . . . . .
    . . a a . . I . .
    . . . . X . . . .
    A . . . . . . . A
"""


def test_the_published_score_lines_red_32_and_white_60_are_reproduced(walls):
    state = position(A2_PIECES, fences=walls(A2_REGIONS))
    regions = {r["label"]: r for r in state.view(None)["regions"]}
    red, white_pool, white_small, third = (regions[s] for s in ("a1", "b5", "a9", "a7"))
    assert (red["size"], red["icecreams"], red["pest"], red["pool"]) == (37, 1, True, False)
    assert red["value"] == 37 + 0 + 5 - 10 == 32
    assert (white_pool["size"], white_pool["pool"], white_pool["icecreams"]) == (23, True, 1)
    assert white_pool["value"] == 23 * 2 + 5 == 51
    assert white_small["size"] + white_pool["size"] == 32
    assert white_small["value"] + white_pool["value"] == 32 + 23 + 5 + 0 == 60
    assert state.scores() == [32.0, 60.0, 12.0]
    assert state.ranking() == [2, 1, 3]


def test_equal_totals_share_the_win():
    state = position(
        """
        A . . .
        . . . .
        . . . .
        . . B .
        """,
        fences=["a2|a3", "b2|b3", "c2|c3", "d2|d3"],
    )
    assert state.scores() == [8.0, 8.0] and state.ranking() == [1, 1]


def test_the_final_result_shows_the_scores_and_the_ranking(play):
    state = position(
        """
        . A . .
        I . . .
        . . . .
        . . B .
        """,
        fences=["a2|a3", "b2|b3", "c2|c3"],
        phase="fence",
        steps_left=0,
    )
    play(state, "d2|d3")
    result = state.view(1)["result"]
    assert result == {"scores": [13.0, 8.0], "ranking": [1, 2]}
    assert state.view(None)["result"] == result == state.view(0)["result"]


def test_nobody_scores_before_the_reveal():
    state = CampingRules().new_game(2, 3)
    assert state.scores() == [0.0, 0.0] and state.view(None)["regions"] == []
