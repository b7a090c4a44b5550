"""D6: a turn is one stone, then the chief moves clockwise 1-4 squares; seats take turns."""

from __future__ import annotations

import pytest

from core.games.pueblo import PuebloRules
from core.games.pueblo.position import position


@pytest.mark.parametrize(
    "corner, index, x, y", [("NW", 0, 0, 9), ("NE", 9, 9, 9), ("SE", 18, 9, 0), ("SW", 27, 0, 0)]
)
def test_the_chief_starts_on_the_chosen_corner_north_west_by_default(corner, index, x, y):
    options = None if corner == "NW" else {"chief_start": corner}
    view = PuebloRules().new_game(2, 1, options).view(None)
    assert view["chief"] == {"index": index, "x": x, "y": y, "corner": True, "looks": "down"}
    assert view["penalties"] == [0, 0] and view["last_turn"] is None


def test_the_path_is_a_clockwise_ring_of_36_squares_round_the_site():
    path = PuebloRules().new_game(2, 1).view(None)["path"]
    assert len(path) == 36 and [p["index"] for p in path] == list(range(36))
    assert [(p["x"], p["y"]) for p in path[:3]] == [(0, 9), (1, 9), (2, 9)]  # east along north
    assert [(p["x"], p["y"]) for p in path[9:12]] == [(9, 9), (9, 8), (9, 7)]  # then south
    assert [(p["x"], p["y"]) for p in path[18:21]] == [(9, 0), (8, 0), (7, 0)]  # then west
    assert [(p["x"], p["y"]) for p in path[27:30]] == [(0, 0), (0, 1), (0, 2)]  # then north
    assert [p["index"] for p in path if p["corner"]] == [0, 9, 18, 27]
    squares = {(p["x"], p["y"]) for p in path}
    assert squares == {(x, y) for x in range(10) for y in range(10)} - {
        (x, y) for x in range(1, 9) for y in range(1, 9)
    }


def test_after_placing_the_same_player_must_move_the_chief_one_to_four_squares(play):
    state = position()
    play(state, "C0@d4")
    assert state.to_move() == {0} and state.phase == "chief"
    assert state.legal_actions(0) == ["chief 1", "chief 2", "chief 3", "chief 4"]
    assert state.legal_actions(1) == []
    this_turn = state.view(None)["this_turn"]
    assert this_turn["stone"]["action"] == "C0@d4" and this_turn["stone"]["id"] == 1
    assert "chief" not in this_turn


@pytest.mark.parametrize("steps", [0, 5, 6, 12, 99])
def test_the_chief_moves_at_least_one_and_at_most_four_squares(play, refused, steps):
    state = play(position(), "C0@d4")
    err = refused(state, f"chief {steps}")
    assert err.key == "pueblo.chief_steps" and err.params == {"steps": steps}
    assert "1 to 4" in err.message


def test_a_second_stone_or_the_chief_before_a_stone_is_refused(play, refused):
    state = position()
    err = refused(state, "chief 1")
    assert err.key == "pueblo.not_now" and err.params == {"phase": "place"}
    play(state, "C0@d4")
    err = refused(state, "C0@a1")
    assert err.key == "pueblo.not_now" and err.params == {"phase": "chief"}
    for action in ("remove 1", "sacred a1", "bid 1", "pass", "card 1"):
        assert refused(state, action).key == "pueblo.not_now"


def test_then_the_next_seat_plays_and_the_last_turn_records_stone_chief_and_penalties(play):
    state = position(". R", players=3, current=1)
    play(state, "C0@d4", "chief 2")  # NW corner to north(2): file b, red on b1
    assert state.to_move() == {2} and state.phase == "place"
    last = state.view(None)["last_turn"]
    assert last["seat"] == 1 and last["actions"] == ["C0@d4", "chief 2"]
    assert last["stone"]["cubes"] == [
        {"x": 4, "y": 4, "z": 1}, {"x": 4, "y": 5, "z": 1},
        {"x": 5, "y": 5, "z": 1}, {"x": 4, "y": 4, "z": 2},
    ]  # fmt: skip
    assert last["chief"] == {"steps": 2, "from": 0, "to": 2}
    assert last["penalties"] == [1, 0, 0] and state.penalties == [1, 0, 0]
    play(state, "C0@a3", "chief 1", "C0@f6", "chief 1")
    assert state.to_move() == {1}  # round the table in seat order


def test_the_first_player_is_drawn_from_the_seed_or_fixed_by_an_option():
    firsts = {PuebloRules().new_game(4, seed).current for seed in range(30)}
    assert firsts == {0, 1, 2, 3}
    again = {PuebloRules().new_game(4, 17).current for _ in range(3)}
    assert len(again) == 1
    state = PuebloRules().new_game(3, 5, {"first_player": 2})
    assert state.current == 2 and state.view(None)["order"] == [2, 0, 1]


def test_the_seat_not_to_move_has_no_actions_and_is_refused(refused):
    state = position(players=3)
    assert [bool(state.legal_actions(s)) for s in range(3)] == [True, False, False]
    for seat in (1, 2, -1, 3, 99):
        assert state.legal_actions(seat) == []
        assert refused(state, "C0@a1", seat=seat).key == "not_your_turn"
