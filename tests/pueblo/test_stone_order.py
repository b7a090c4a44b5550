"""D4 and D5: stones and colours by player count, the single stone, then pairs."""

from __future__ import annotations

import pytest

from core.games.pueblo import PuebloRules
from core.games.pueblo.position import position


@pytest.mark.parametrize(
    "players, coloured, neutral, colours",
    [
        (2, 8, 7, ["red", "blue"]),
        (3, 6, 5, ["red", "blue", "green"]),
        (4, 5, 4, ["red", "blue", "green", "purple"]),
    ],
)
def test_each_player_gets_the_coloured_and_neutral_stones_of_the_player_count(
    players, coloured, neutral, colours
):
    view = PuebloRules().new_game(players, 3).view(None)
    assert view["colours"] == colours
    for seat, hand in enumerate(view["hands"]):
        assert hand["colour"] == colours[seat]
        assert (hand["coloured"], hand["neutral"], hand["left"]) == (
            coloured,
            neutral,
            coloured + neutral,
        )
        assert (hand["single"], hand["pairs"], hand["open_half"]) == (True, neutral, None)
        assert hand["next"] == "coloured"


@pytest.mark.parametrize("players, placed", [(2, 15), (3, 11), (4, 9)])
def test_every_stone_is_placed_single_first_then_both_halves_of_each_pair_in_turn(
    playout, players, placed
):
    kinds: dict[int, list[str]] = {seat: [] for seat in range(players)}
    *_, state = playout(players, 40 + players)
    final = state.view(None)
    for stone in final["stones"]:
        kinds[stone["by"]].append("C" if stone["colour"] != "neutral" else "N")
    for seat, sequence in kinds.items():
        assert len(sequence) == placed
        assert sequence[0] == "C"
        pairs = [sequence[i : i + 2] for i in range(1, placed, 2)]
        assert all(sorted(pair) == ["C", "N"] for pair in pairs), sequence
        assert all(
            stone["colour"] == final["colours"][seat]
            for stone in final["stones"]
            if stone["by"] == seat and stone["colour"] != "neutral"
        )


def test_the_first_stone_is_the_single_coloured_one(refused):
    state = position()
    assert all(action.startswith("C") for action in state.legal_actions(0))
    err = refused(state, "N0@a1")
    assert err.key == "pueblo.wrong_stone"
    assert err.message == "Your first stone is your single coloured stone."
    assert err.params == {"stone": "neutral", "required": "coloured"}


def test_opening_a_pair_the_player_chooses_either_half(play):
    state = position(hands=["7", "S7"])
    legal = state.legal_actions(0)
    assert len(legal) == 2 * 196
    assert legal[:196] == [a.replace("N", "C", 1) for a in legal[196:]]
    assert state.view(None)["hands"][0]["next"] == "either"
    play(state, "N0@a1")
    hand = state.view(None)["hands"][0]
    assert (hand["pairs"], hand["open_half"], hand["coloured"], hand["neutral"]) == (
        6,
        "coloured",
        7,
        6,
    )


def test_the_other_half_of_an_opened_pair_must_come_next(play, refused):
    state = position(hands=["7", "7"])
    play(state, "N0@a1", "chief 1", "C0@c1", "chief 1")
    assert state.view(None)["hands"][0]["next"] == "coloured"
    err = refused(state, "N0@e1")
    assert err.key == "pueblo.wrong_stone"
    assert err.message == "You opened a pair: now place its coloured half."
    play(state, "C0@e1", "chief 1")
    assert state.view(None)["hands"][1]["next"] == "neutral"
    assert refused(state, "C0@e3").key == "pueblo.wrong_stone"


def test_a_coloured_stone_is_the_movers_colour_and_a_neutral_one_nobodys(play):
    state = position(players=3, current=2, hands=["S5", "S5", "5"])
    play(state, "C0@a1")
    view = state.view(None)
    assert {(c["colour"], c["seat"]) for c in view["cubes"]} == {("green", 2)}
    state = position(players=3, current=2, hands=["S5", "S5", "5"])
    play(state, "N0@a1")
    view = state.view(None)
    assert {(c["colour"], c["seat"]) for c in view["cubes"]} == {("neutral", None)}
    assert view["stones"] == [{"id": 1, "colour": "neutral", "by": 2, "action": "N0@a1"}]


def test_a_player_with_no_stones_left_is_skipped_and_the_others_play_on(play):
    state = position(players=3, hands=["1", "0", "S1"])
    play(state, "C0@a1", "chief 1")
    assert state.to_move() == {2}
