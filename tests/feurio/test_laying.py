"""D4: every turn draws the top tile, which goes face up on a hottest cell."""

from __future__ import annotations

import pytest

from core.games.feurio.position import position

# The ludozine comparison: the cell 0,3 touches a 4 and a 5, the hole 3,2 touches a 2,
# a 6 and a 1. Both sum to 9, the most anywhere, so the player picks one.
FIVE_FOUR_OR_TWO_SIX_ONE = """
    . . . . . .
     . . . 2 6 .
      . 4 1 . . .
       . 5 . . . .
"""

# The diamond 3, 6, 5, 4 of the Italian rules' example (the start layout, moved down a row).
DIAMOND_3654 = """
    . 5 .
     3 6 .
      4 . .
"""


def heats(state) -> dict[str, int]:
    return {spot["cell"]: spot["heat"] for spot in state.view(None)["frontier"]}


def test_the_heat_of_an_empty_cell_is_the_sum_of_the_tiles_touching_it():
    state = position(FIVE_FOUR_OR_TWO_SIX_ONE, stack="3")
    found = heats(state)
    assert found["0,3"] == 5 + 4
    assert found["3,2"] == 2 + 6 + 1
    assert found["2,1"] == 4 + 1 + 2
    assert found["4,0"] == 2 + 6
    assert "2,2" not in found  # a tile is there
    assert "5,3" not in found  # touches no tile


def test_a_five_and_a_four_tie_with_a_two_a_six_and_a_one_and_the_player_chooses(play):
    state = position(FIVE_FOUR_OR_TWO_SIX_ONE, stack="3")
    view = state.view(0)
    assert (view["phase"], view["drawn"], view["heat"]) == ("lay", 3, 9)
    assert view["hottest"] == ["3,2", "0,3"]
    assert state.legal_actions(0) == ["lay 0,3", "lay 3,2"]
    for action in state.legal_actions(0):
        after = play(state.clone(), action)
        laid = after.view(None)["tiles"][-1]
        assert (f"lay {laid['cell']}", laid["value"], laid["face_up"]) == (action, 3, True)
        assert after.view(None)["phase"] == "men"


def test_six_and_four_give_ten_on_both_cells_that_touch_them():
    state = position(". . .\n . 6 4\n  . . .", stack="1")
    assert state.view(None)["heat"] == 10
    assert state.legal_actions(0) == ["lay 1,2", "lay 2,0"]


def test_with_3_6_5_4_in_a_diamond_the_one_hottest_cell_gets_the_tile_at_once():
    state = position(DIAMOND_3654, stack="2 1")
    view = state.view(0)
    assert view["phase"] == "men" and view["current"] == 0
    assert view["this_turn"]["auto"] == ["lay 2,0"]
    assert view["this_turn"]["laid"] == "2,0" and view["this_turn"]["drawn"] == 2
    assert [(t["cell"], t["value"]) for t in view["tiles"]][-1] == ("2,0", 2)
    assert "pass" in state.legal_actions(0)


def test_equal_tiles_in_a_diamond_offer_every_tied_cell_and_nothing_else():
    state = position(". 5 .\n 5 5 .\n  5 . .", stack="2")
    view = state.view(0)
    hottest = {spot["cell"] for spot in view["frontier"] if spot["heat"] == 10}
    assert len(hottest) == 4
    assert state.legal_actions(0) == sorted(f"lay {c}" for c in hottest)


def test_a_cell_touching_more_tiles_is_not_preferred_and_one_touching_a_single_tile_is_fine():
    # The 6 touches only a firebreak, which adds nothing: every cell around the 6 has heat 6.
    state = position("6 0B", stack="3")
    view = state.view(0)
    assert view["heat"] == 6
    assert view["hottest"] == ["0,-1", "1,-1", "-1,0", "-1,1", "0,1"]
    assert len(state.legal_actions(0)) == 5


def test_laying_anywhere_but_a_hottest_cell_is_refused_naming_the_hottest_cells(refused):
    state = position(FIVE_FOUR_OR_TWO_SIX_ONE, stack="3")
    err = refused(state, "lay 2,1")
    assert err.key == "feurio.not_hottest"
    assert err.params["hottest"] == ["3,2", "0,3"] and err.params["heat"] == 7
    assert "3,2, 0,3 (heat 9)" in err.message
    assert refused(state, "lay 9,9").params["heat"] == 0


def test_a_tile_cannot_be_laid_on_another(refused):
    state = position(FIVE_FOUR_OR_TWO_SIX_ONE, stack="3")
    assert refused(state, "lay 1,2").key == "feurio.occupied"


@pytest.mark.parametrize("action", ["pass", "done", "man 1,2", "man 3,2"])
def test_the_drawn_tile_must_be_laid_before_anything_else(refused, action):
    state = position(FIVE_FOUR_OR_TWO_SIX_ONE, stack="3")
    err = refused(state, action)
    assert err.key == "feurio.lay_first" and "a 3" in err.message


def test_the_drawn_tile_is_public_and_has_left_the_stack():
    state = position(FIVE_FOUR_OR_TWO_SIX_ONE, stack="3 6 6 1")
    view = state.view(None)
    assert view["drawn"] == 3 and view["stack"] == 3
    assert view["unseen"] == [1, 0, 0, 0, 0, 2]
    assert all(state.view(seat)["drawn"] == 3 for seat in range(4))


def test_a_new_tile_takes_a_free_edge_from_each_tile_it_touches(play):
    state = position(FIVE_FOUR_OR_TWO_SIX_ONE, stack="3")
    before = {t["cell"]: t["free_edges"] for t in state.view(None)["tiles"]}
    play(state, "lay 3,2")
    after = {t["cell"]: t["free_edges"] for t in state.view(None)["tiles"]}
    assert after.pop("3,2") == 3
    assert {c: before[c] - after[c] for c in after} == {
        "3,1": 1,
        "4,1": 1,
        "1,2": 0,
        "2,2": 1,
        "1,3": 0,
    }


def test_a_hole_inside_the_forest_is_a_free_edge_of_every_tile_around_it():
    state = position(". 2 2\n 2 . 2\n  2 2 .")
    tiles = state.view(None)["tiles"]
    assert {t["free_edges"] for t in tiles} == {4}
    assert {spot["cell"]: spot["heat"] for spot in state.view(None)["frontier"]}["1,1"] == 12


def test_the_view_shows_where_the_next_tile_will_go_while_men_are_placed(play):
    state = position(FIVE_FOUR_OR_TWO_SIX_ONE, stack="3 1")
    play(state, "lay 3,2")
    view = state.view(None)
    assert view["phase"] == "men" and view["drawn"] is None
    assert view["hottest"] == ["4,2", "0,3", "2,3"] and view["heat"] == 9


def test_once_the_stack_is_empty_turns_have_no_tile_to_lay(refused):
    state = position(FIVE_FOUR_OR_TWO_SIX_ONE)
    view = state.view(None)
    assert (view["phase"], view["stack"], view["drawn"], view["hottest"]) == ("men", 0, None, [])
    assert refused(state, "lay 3,2").key == "feurio.no_tile_to_lay"
    assert not any(a.startswith("lay") for a in state.legal_actions(0))


def test_after_laying_the_tile_it_cannot_be_laid_again(play, refused):
    state = play(position(FIVE_FOUR_OR_TWO_SIX_ONE, stack="3 1"), "lay 3,2")
    err = refused(state, "lay 2,1")
    assert err.key == "feurio.no_tile_to_lay" and "already laid" in err.message
