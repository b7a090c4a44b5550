"""D5: after the movement, a fence on every open edge between campers of different
players (caravans and bungalow halves). The pest, the pool and ice creams never
trigger one."""

from __future__ import annotations

from core.games.camping.position import position


def before_a_bungalow():
    return position(
        """
        . . . . a
        . . . . a
        . A A . .
        . . . . .
        . b b . .
        """
    )


def test_a_caravan_stepping_next_to_an_opponents_bungalow_gets_one_fence_between_them(play):
    state = play(before_a_bungalow(), "b3-b2", "stop")
    assert state.view(None)["fences"] == ["b1|b2"]
    assert state.view(None)["auto"] == ["b1|b2"]


def test_two_caravans_beside_both_halves_of_a_bungalow_get_two_fences(play):
    state = play(before_a_bungalow(), "b3-b2", "c3-c2")
    assert state.view(None)["fences"] == ["b1|b2", "c1|c2"]


def test_the_automatic_fences_are_recorded_with_the_turn_that_caused_them(play):
    state = play(before_a_bungalow(), "b3-b2", "c3-c2", "a3|b3")
    last = state.view(None)["last_turn"]
    assert last == {"seat": 0, "actions": ["b3-b2", "c3-c2", "a3|b3"], "auto": ["b1|b2", "c1|c2"]}


def test_a_caravan_stepping_between_two_opponent_caravans_is_fenced_on_both_sides(play):
    state = position(
        """
        . . . .
        . A . .
        B . B .
        a a b b
        """
    )
    assert state.view(None)["fences"] == ["a1|a2", "b1|c1"]
    play(state, "b3-b2", "stop")
    assert state.view(None)["auto"] == ["a2|b2", "b2|c2"]


def test_no_fence_goes_up_until_the_movement_is_over(play):
    state = play(before_a_bungalow(), "b3-b2")
    assert state.view(None)["fences"] == []
    play(state, "b2-a2")
    assert state.view(None)["fences"] == [] and state.view(None)["auto"] == []


def test_campers_of_the_same_player_are_never_fenced_apart(play):
    state = position(
        """
        . . . .
        A . . .
        . . . B
        a a b b
        """
    )
    play(state, "a3-a2", "stop")
    assert state.view(None)["fences"] == ["b1|c1"]


def test_the_pest_never_triggers_a_fence(play):
    state = position(
        """
        . . . .
        . X . .
        A . B .
        a a b b
        """
    )
    play(state, "b3-b2", "stop")
    assert state.view(None)["pest"] == "b2"
    assert state.view(None)["fences"] == ["b1|c1"] and state.view(None)["auto"] == []


def test_the_pool_and_ice_creams_never_trigger_a_fence(play):
    state = position(
        """
        . . . .
        P P I .
        . A . .
        a a . B
        """
    )
    play(state, "b2-c2", "stop")
    assert state.view(None)["fences"] == []


def test_an_edge_already_fenced_is_not_fenced_twice(play):
    state = position(
        """
        . . . .
        A . B .
        . . . .
        a a b b
        """,
        fences=["b3|c3"],
    )
    play(state, "a3-b3", "stop")
    view = state.view(None)
    assert view["fences"] == ["b1|c1", "b3|c3"] and view["auto"] == []
