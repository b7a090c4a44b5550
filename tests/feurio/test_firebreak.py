"""D9: the firebreak variant, a table option that is off by default."""

from __future__ import annotations

from core.games.feurio import FeurioRules
from core.games.feurio.position import position

DIAMOND = ". 5 .\n 5 5 .\n  5 . ."  # four hottest cells: every draw waits for a choice
FRONTIER = ["1,-1", "2,-1", "0,0", "2,0", "-1,1", "2,1", "-1,2", "1,2", "-1,3", "0,3"]


def tile(state, cell: str) -> dict:
    return next(t for t in state.view(None)["tiles"] if t["cell"] == cell)


def test_without_the_option_no_firebreak_is_offered_or_accepted(refused):
    state = position(DIAMOND, stack="6")
    assert not any(a.startswith("break") for a in state.legal_actions(0))
    assert refused(state, "break 0,0").key == "feurio.no_firebreak"
    assert FeurioRules().new_game(2, 1).view(None)["options"] == {"firebreak": False}


def test_with_the_option_a_drawn_tile_may_go_face_down_on_any_cell_touching_the_forest():
    state = position(DIAMOND, stack="6", firebreak=True)
    frontier = [spot["cell"] for spot in state.view(None)["frontier"]]
    assert sorted(frontier) == sorted(FRONTIER)
    assert state.legal_actions(0) == sorted(
        [f"break {c}" for c in frontier] + [f"lay {c}" for c in state.view(None)["hottest"]]
    )


def test_a_firebreak_is_face_down_worth_0_and_carries_one_of_the_players_men(play):
    state = play(position(DIAMOND, stack="6 1", firebreak=True), "break 0,0")
    laid = tile(state, "0,0")
    assert (laid["value"], laid["face_up"], laid["spaces"], laid["men"], laid["room"]) == (
        0,
        False,
        1,
        [1, 0, 0, 0],
        0,
    )
    view = state.view(None)
    assert view["colours"][0]["in_hand"] == 11
    assert view["this_turn"]["firebreak"] and view["this_turn"]["laid"] == "0,0"
    assert view["unseen"] == [1, 0, 0, 0, 0, 0]  # the 6 was seen when drawn


def test_after_a_firebreak_the_player_may_still_place_men(play):
    state = play(position(DIAMOND, stack="6 1", firebreak=True), "break 0,0")
    view = state.view(None)
    assert (view["phase"], view["current_colour"]) == ("men", 0)
    assert "pass" in state.legal_actions(0) and "man 1,1" in state.legal_actions(0)
    play(state, "man 1,1", "done")
    assert state.view(None)["last_turn"]["actions"] == ["break 0,0", "man 1,1", "done"]


def test_a_firebreak_adds_nothing_to_the_heat_of_its_neighbours(play):
    state = position(DIAMOND, stack="6 1", firebreak=True)
    before = {s["cell"]: s["heat"] for s in state.view(None)["frontier"]}
    play(state, "break 0,0")
    after = {s["cell"]: s["heat"] for s in state.view(None)["frontier"]}
    assert all(after[c] == before[c] for c in before if c != "0,0")
    assert after["-1,0"] == 0 and after["0,-1"] == 0  # cells that touch only the firebreak


def test_a_firebreak_takes_a_free_edge_from_the_tiles_it_touches(play):
    state = position(DIAMOND, stack="6 1", firebreak=True)
    before = {t["cell"]: t["free_edges"] for t in state.view(None)["tiles"]}
    play(state, "break 0,0")
    after = {t["cell"]: t["free_edges"] for t in state.view(None)["tiles"]}
    assert {c: before[c] - after[c] for c in before} == {"1,0": 1, "0,1": 1, "1,1": 0, "0,2": 0}


def test_a_firebreak_is_never_scored_and_joins_no_zones():
    state = position("2A 0A 2A")
    assert [z["tiles"] for z in state.view(None)["zones"][0]] == [["0,0"], ["2,0"]]
    assert state.scores()[0] == 2.0  # joined through the firebreak they would make 4 / 2


def test_a_firebreak_holds_only_the_man_who_laid_it(refused):
    err = refused(position("2A 0B 2"), "man 1,0")
    assert err.key == "feurio.no_space"


def test_a_firebreak_must_touch_the_forest_and_an_empty_cell(refused):
    state = position(DIAMOND, stack="6", firebreak=True)
    assert refused(state, "break 5,5").key == "feurio.firebreak_apart"
    assert refused(state, "break 1,1").key == "feurio.occupied"


def test_a_firebreak_costs_a_man_of_the_colour_in_turn(refused):
    state = position(DIAMOND, stack="6", firebreak=True, hands=[0, 12, 12, 12])
    assert not any(a.startswith("break") for a in state.legal_actions(0))
    assert refused(state, "break 0,0").key == "feurio.firebreak_no_man"


def test_a_neutral_man_cannot_pay_for_a_firebreak():
    state = position(DIAMOND, players=3, stack="6", firebreak=True, hands=[0, 12, 12, 0])
    assert state.view(None)["neutral_in_hand"] == [4, 4, 4]
    assert not any(a.startswith("break") for a in state.legal_actions(0))


def test_with_the_option_a_single_hottest_cell_still_leaves_the_choice_of_a_firebreak():
    diamond_3654 = ". 5 .\n 3 6 .\n  4 . ."
    state = position(diamond_3654, stack="2", firebreak=True)
    assert state.view(None)["phase"] == "lay"
    assert "lay 2,0" in state.legal_actions(0) and "break 2,0" in state.legal_actions(0)
    without_men = position(diamond_3654, stack="2", firebreak=True, hands=[0, 12, 12, 12])
    assert without_men.view(None)["last_turn"]["auto"] == ["lay 2,0", "pass"]
