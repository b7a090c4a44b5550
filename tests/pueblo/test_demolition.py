"""D11: the demolition variant: after the final lap, free stones come off one by one."""

from __future__ import annotations

from core.games.pueblo.position import position

ON = {"demolition": True}


def demolition(stones, **kwargs):
    return position(stones=stones, phase="remove", options=ON, **kwargs)


def test_the_demolition_is_off_by_default_and_the_game_ends_after_the_final_lap(play):
    state = position(stones=["R1@a1"], hands=["S0", "0"])
    play(state, "C0@d4", "chief 1")
    assert state.is_over() and state.view(None)["options"]["demolition"] is False


def test_with_the_variant_the_game_goes_on_after_the_final_lap_with_the_next_player(play):
    state = position(stones=["B1@a1"], hands=["S0", "0"], options=ON)
    play(state, "C0@d4", "chief 1")
    view = state.view(None)
    assert not state.is_over() and view["final_lap"] is not None
    assert view["phase"] == "remove" and view["current"] == 1
    assert state.legal_actions(1) == ["remove 1"]  # blue's stone; red's is stone 2


def test_a_player_removes_a_free_stone_of_their_colour_or_a_neutral_one(play, refused):
    # 1: red, flat on a1; 2: neutral, nested on it; 3: blue on d4.
    state = demolition(["R1@a1", "N10@a1", "B0@d4"])
    assert state.legal_actions(0) == ["remove 2"]
    err = refused(state, "remove 1")
    assert err.key == "pueblo.not_free" and "stone 2 rests on it" in err.message
    assert refused(state, "remove 3").key == "pueblo.not_yours"
    assert refused(state, "remove 9").key == "pueblo.no_stone"
    assert refused(state, "chief 1").key == "pueblo.not_now"
    play(state, "remove 2")
    view = state.view(None)
    assert view["phase"] == "chief" and [s["id"] for s in view["stones"]] == [1, 3]
    assert view["heights"][0][:2] == [1, 2] and view["heights"][1][:2] == [1, 0]
    assert view["this_turn"]["removed"]["id"] == 2
    assert len(view["this_turn"]["removed"]["cubes"]) == 4
    play(state, "chief 4")  # and the chief moves and scores as usual
    last = state.view(None)["last_turn"]
    assert last["removed"]["colour"] == "neutral" and last["chief"]["to"] == 4
    assert state.to_move() == {1} and state.legal_actions(1) == ["remove 3"]


def test_a_neutral_stone_may_go_only_while_one_of_your_coloured_stones_is_on_the_board(
    play, refused
):
    state = demolition(["R1@a1", "N0@d4"], current=1)
    # seat 1 (blue) has no stone left on the board, so it cannot take the neutral one
    assert state.phase == "chief" and state.legal_actions(1)[0] == "chief 1"
    state = demolition(["R1@a1", "N0@d4"])
    assert state.legal_actions(0) == ["remove 1", "remove 2"]
    play(state, "remove 1", "chief 1")  # red's last stone is gone: nobody may take stone 2
    assert state.is_over() and [s["id"] for s in state.view(None)["stones"]] == [2]


def test_the_demolition_ends_when_nobody_can_remove_a_stone(play):
    state = demolition(["R1@a1", "B0@d4"])
    play(state, "remove 1", "chief 1", "remove 2", "chief 1")
    assert state.is_over() and state.view(None)["cubes"] == []


def test_the_last_turn_keeps_what_the_chief_saw_even_after_those_cubes_are_removed(play):
    state = demolition(["R1@a1", "B0@e5"], chief=35)
    play(state, "remove 1", "chief 2")  # north(1): nothing left on file a
    assert state.view(None)["last_turn"]["seen"] == []
    state = demolition(["R1@a1", "B0@a4"], chief=35, current=1)
    play(state, "remove 2", "chief 2")  # file a from the north: a2 and a1 are red
    seen = state.view(None)["last_turn"]["seen"]
    assert [(c["square"], c["z"], c["colour"]) for c in seen] == [("a2", 1, "red")]
    play(state, "remove 1")
    assert state.view(None)["last_turn"]["seen"][0]["colour"] == "red"


def test_seeded_games_with_the_demolition_end(playout):
    for players in (2, 4):
        *_, state = playout(players, 90 + players, ON)
        view = state.view(None)
        assert state.is_over() and view["final_lap"] is not None
        for seat in range(players):
            assert state.removable(seat) == []
