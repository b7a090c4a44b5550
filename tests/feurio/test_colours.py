"""D2: two colours each with two players, neutral men with three, one colour each with four."""

from __future__ import annotations

import pytest

from core.games.feurio.position import position

ROW = "1 2 3 4 5 6"


def men_on(state, cell: str) -> list[int]:
    return next(t["men"] for t in state.view(None)["tiles"] if t["cell"] == cell)


def test_with_two_players_each_colour_has_a_full_turn_of_its_own(play):
    state = position(ROW, players=2)
    assert state.to_move() == {0}
    play(state, "man 5,0", "done")  # colour 0, seat 0
    assert state.to_move() == {1} and state.view(None)["current_colour"] == 1
    play(state, "man 5,0", "done")  # colour 1, seat 1
    assert state.to_move() == {0} and state.view(None)["current_colour"] == 2
    assert state.legal_actions(1) == []
    play(state, "man 4,0", "man 4,0")  # colour 2, seat 0: its own tile, its own men
    assert men_on(state, "5,0") == [1, 1, 0, 0]
    assert men_on(state, "4,0") == [0, 0, 2, 0]
    assert state.view(None)["colours"][2]["in_hand"] == 10
    assert state.view(None)["men_in_hand"] == [11 + 10, 11 + 12]


def test_with_two_players_a_seat_scores_the_zones_of_both_its_colours():
    state = position("1A 6C 3C 1B", players=2)
    colours = [c["score"] for c in state.view(None)["colours"]]
    assert colours == [1, 1, 3, 0]  # colour 2 holds the 6 and the 3: 9 / 3
    assert state.scores() == [4.0, 1.0]


def test_with_three_players_a_turn_may_mix_own_and_neutral_men_on_one_tile(play):
    state = position(ROW, players=3)
    assert "neutral 5,0" in state.legal_actions(0)
    play(state, "man 5,0", "neutral 5,0", "man 5,0")
    assert men_on(state, "5,0") == [2, 0, 0, 1]
    view = state.view(None)
    assert view["neutral_in_hand"] == [3, 4, 4]
    assert view["men_in_hand"] == [10 + 3, 16, 16]
    assert view["last_turn"]["men"] == [2, 0, 0, 1]


def test_with_three_players_neutral_men_may_be_placed_alone(play):
    state = play(position(ROW, players=3), "neutral 3,0", "neutral 3,0")  # a 4: two spaces
    assert men_on(state, "3,0") == [0, 0, 0, 2]
    assert state.view(None)["current_colour"] == 1


def test_each_player_places_only_the_neutral_men_they_hold(refused):
    state = position(ROW, players=3, neutral=[0, 4, 4])
    assert not any(a.startswith("neutral") for a in state.legal_actions(0))
    assert refused(state, "neutral 5,0").key == "feurio.no_neutral_left"


def test_a_player_with_only_neutral_men_left_still_plays(play):
    state = position(ROW, players=3, hands=[0, 12, 12, 0], neutral=[2, 4, 4])
    assert state.view(None)["current_colour"] == 0
    assert state.legal_actions(0) == sorted(["pass"] + [f"neutral {q},0" for q in range(6)])
    play(state, "neutral 5,0", "neutral 5,0")
    assert state.view(None)["last_turn"]["auto"] == ["done"]


def test_neutral_men_score_for_nobody():
    state = position("6D 1D 1A", players=3, neutral=[4, 4, 2])
    view = state.view(None)
    assert [c["score"] for c in view["colours"]] == [1, 0, 0, 0]
    assert state.scores() == [1.0, 0.0, 0.0]
    assert len(view["zones"]) == 3  # the neutral colour has no zones


@pytest.mark.parametrize("players", [2, 4])
def test_neutral_men_exist_only_with_three_players(refused, players):
    state = position(ROW, players=players)
    assert not any(a.startswith("neutral") for a in state.legal_actions(0))
    assert refused(state, "neutral 5,0").key == "feurio.no_neutral"


def test_with_four_players_each_seat_plays_its_own_colour(play):
    state = position(ROW)
    for colour in range(4):
        assert state.to_move() == {colour} and state.view(None)["current_colour"] == colour
        play(state, f"man {5 - colour},0", "done")
    assert [men_on(state, f"{q},0") for q in (5, 4)] == [[1, 0, 0, 0], [0, 1, 0, 0]]
