"""D5: 0-3 men on one tile, each on a free space, never more men than free edges."""

from __future__ import annotations

import pytest

from core.games.feurio.position import position

# The 6 at 1,1 touches five tiles: one free edge (towards 1,2) for its three spaces.
ONE_FREE_EDGE = """
    . 1 2 .
     2 6 1 .
      1 . . .
"""

# The same 6, enclosed by a 3 at 1,2, with one of A's men already on it.
ENCLOSED = """
    . 1 2 .
     2 6A 1 .
      1 3 . .
"""

# A row of one tile of each value: the middle ones have four free edges, the ends five.
ROW = "1 2 3 4 5 6"


def tile(state, cell: str) -> dict:
    return next(t for t in state.view(None)["tiles"] if t["cell"] == cell)


def test_a_man_may_go_on_any_tile_not_only_the_one_just_laid(play):
    state = play(position(ROW, stack="2 2"), "lay 5,-1")
    assert state.view(None)["this_turn"]["laid"] == "5,-1"
    assert state.legal_actions(0) == sorted(
        ["pass"] + [f"man {q},0" for q in range(6)] + ["man 5,-1"]
    )
    play(state, "man 0,0")
    assert tile(state, "0,0")["men"] == [1, 0, 0, 0]


def test_a_one_or_two_holds_one_man_a_three_or_four_two_and_a_five_or_six_three():
    state = position(ROW)
    assert [(t["value"], t["free_edges"], t["room"]) for t in state.view(None)["tiles"]] == [
        (1, 5, 1),
        (2, 4, 1),
        (3, 4, 2),
        (4, 4, 2),
        (5, 4, 3),
        (6, 5, 3),
    ]


@pytest.mark.parametrize("cell, fits", [("0,0", 1), ("1,0", 1), ("2,0", 2), ("3,0", 2)])
def test_a_tile_takes_men_until_its_spaces_are_full(play, refused, cell, fits):
    state = position(ROW)
    play(state, *[f"man {cell}"] * fits)
    assert tile(state, cell)["men"] == [fits, 0, 0, 0] and tile(state, cell)["room"] == 0
    assert state.view(None)["last_turn"]["auto"] == ["done"]
    assert state.view(None)["current_colour"] == 1
    err = refused(state, f"man {cell}")
    assert err.key == "feurio.no_space" and err.params["spaces"] == (2 if fits == 2 else 1)


def test_a_six_with_one_free_edge_takes_one_man_and_refuses_a_second(play, refused):
    state = position(ONE_FREE_EDGE)
    assert tile(state, "1,1")["free_edges"] == 1 and tile(state, "1,1")["room"] == 1
    play(state, "man 1,1")
    assert tile(state, "1,1")["men"] == [1, 0, 0, 0]
    assert state.view(None)["last_turn"]["actions"] == ["man 1,1"]
    err = refused(state, "man 1,1")
    assert err.key == "feurio.free_edges" and err.params["free_edges"] == 1
    assert err.message == (
        "Firemen come in from outside: this tile has 1 free edge, so it holds at most 1 man."
    )


def test_the_free_edge_limit_counts_the_men_of_every_colour(play, refused):
    state = position(". 1 2 .\n 2 6B 1 .\n  . . . .")  # the 6 has two free edges
    assert tile(state, "1,1")["room"] == 1
    play(state, "man 1,1")
    assert tile(state, "1,1")["men"] == [1, 1, 0, 0]
    assert refused(state, "man 1,1").key == "feurio.free_edges"


def test_men_of_different_colours_share_a_tile(play):
    state = position("5B 1")
    play(state, "man 0,0", "man 0,0")
    assert tile(state, "0,0")["men"] == [2, 1, 0, 0]


def test_an_enclosed_tile_takes_no_man_but_keeps_those_on_it(refused):
    state = position(ENCLOSED)
    assert tile(state, "1,1")["free_edges"] == 0 and tile(state, "1,1")["room"] == 0
    err = refused(state, "man 1,1")
    assert (err.key, err.message) == (
        "feurio.enclosed",
        "This tile is enclosed: no fireman can go on it.",
    )
    assert "man 1,1" not in state.legal_actions(0)
    assert tile(state, "1,1")["men"] == [1, 0, 0, 0]


def test_men_stay_on_a_tile_when_the_fire_encloses_it(play):
    state = position(ONE_FREE_EDGE.replace("6", "6AB"), stack="3")  # 1,2 is the hottest cell
    assert state.view(None)["this_turn"]["auto"] == ["lay 1,2"]
    assert tile(state, "1,1")["free_edges"] == 0
    assert tile(state, "1,1")["men"] == [1, 1, 0, 0]
    assert "man 1,1" not in state.legal_actions(0)


def test_all_the_men_of_a_turn_go_on_one_tile(play, refused):
    state = play(position(ROW), "man 4,0")
    assert state.legal_actions(0) == ["done", "man 4,0"]
    err = refused(state, "man 5,0")
    assert err.key == "feurio.one_tile" and err.params["chosen"] == "4,0"


def test_the_turn_ends_by_itself_after_the_third_man(play):
    state = play(position(ROW), "man 5,0", "man 5,0", "man 5,0")
    last = state.view(None)["last_turn"]
    assert last["men"] == [3, 0, 0, 0] and last["on"] == "5,0" and last["auto"] == ["done"]
    assert state.view(None)["current_colour"] == 1
    assert state.view(None)["colours"][0]["in_hand"] == 9


def test_done_ends_the_turn_after_one_or_two_men(play):
    for men in (1, 2):
        state = play(position(ROW), *["man 5,0"] * men, "done")
        last = state.view(None)["last_turn"]
        assert last["actions"] == ["man 5,0"] * men + ["done"] and not last["passed"]
        assert tile(state, "5,0")["men"] == [men, 0, 0, 0]


def test_pass_places_no_man(play):
    state = play(position(ROW), "pass")
    last = state.view(None)["last_turn"]
    assert last["passed"] and last["men"] == [0, 0, 0, 0] and last["on"] is None
    assert state.view(None)["colours"][0]["in_hand"] == 12


def test_pass_after_a_man_and_done_before_any_are_refused(play, refused):
    state = position(ROW)
    assert refused(state, "done").key == "feurio.done_without_men"
    play(state, "man 5,0")
    assert refused(state, "pass").key == "feurio.pass_after_men"


def test_a_man_needs_a_tile(refused):
    err = refused(position(ROW), "man 7,7")
    assert err.key == "feurio.no_tile" and err.params["cell"] == "7,7"


def test_the_last_man_in_hand_ends_the_turn(play):
    state = play(position(ROW, hands=[1, 12, 12, 12]), "man 5,0")
    assert state.view(None)["last_turn"]["auto"] == ["done"]
    assert state.view(None)["colours"][0]["in_hand"] == 0


def test_a_colour_without_men_passes_by_itself():
    state = position(". 5 .\n 3 6 .\n  4 . .", hands=[0, 12, 12, 12], stack="1 1")
    view = state.view(None)
    assert view["current_colour"] == 1
    last = view["last_turn"]
    assert last["colour"] == 0 and last["passed"] and last["auto"][-1] == "pass"
    assert last["auto"] == ["lay 2,0", "pass"]  # it still drew and laid its tile


def test_a_colour_without_men_refuses_man_and_offers_only_its_other_steps(refused):
    state = position(ROW, players=3, hands=[0, 12, 12, 0])
    assert all(not a.startswith("man ") for a in state.legal_actions(0))
    assert refused(state, "man 5,0").key == "feurio.no_men_left"


def test_men_never_move_or_leave(playout):
    for players in (2, 3, 4):
        before: dict[str, list[int]] = {}
        for state in playout(players, players):
            now = {t["cell"]: t["men"] for t in state.view(None)["tiles"]}
            for cell, men in before.items():
                assert all(a >= b for a, b in zip(now[cell], men, strict=True))
            before = now
