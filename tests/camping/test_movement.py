"""D4: up to two steps of your own caravans or the pest; what blocks a step."""

from __future__ import annotations

import pytest

from core.games.camping.position import position

# Seat 0's caravans on c3 and c2 are hemmed in by every kind of piece:
# an ice cream, the pool, the pest, each other and their own bungalow.
CROWDED = """
    B . . b b
    . . I . .
    . P A X .
    . P A a .
    . . . a .
"""


def open_board():
    return position(
        """
        . . . .
        . A . .
        . . . X
        a a b b
        """,
        fences=["b3|c3"],
    )


def test_a_step_moves_one_of_your_caravans_one_square_orthogonally(play):
    state = play(open_board(), "b3-b4")
    view = state.view(None)
    assert view["caravans"][0] == ["b4"] and view["steps_left"] == 1
    assert view["this_turn"] == ["b3-b4"] and view["phase"] == "move"


def test_legal_steps_are_every_open_neighbour_of_your_caravans_and_of_the_pest_and_stop():
    assert open_board().legal_actions(0) == [
        "b3-a3",
        "b3-b2",
        "b3-b4",
        "d2-c2",
        "d2-d3",
        "stop",
    ]


def test_the_same_caravan_may_take_both_steps(play):
    state = play(open_board(), "b3-b4", "b4-c4")
    assert state.view(None)["caravans"][0] == ["c4"]


def test_two_different_pieces_may_take_one_step_each(play):
    state = play(open_board(), "b3-a3", "d2-d3")
    view = state.view(None)
    assert view["caravans"][0] == ["a3"] and view["pest"] == "d3"


def test_the_movement_ends_after_two_steps_and_the_fence_step_begins(play):
    state = play(open_board(), "b3-b4", "b4-b3")
    view = state.view(None)
    assert view["phase"] == "fence" and view["current"] == 0 and view["steps_left"] == 0


@pytest.mark.parametrize("steps", [[], ["b3-b4"]])
def test_a_player_may_stop_after_no_step_or_after_one(play, steps):
    state = play(open_board(), *steps, "stop")
    view = state.view(None)
    assert view["phase"] == "fence" and view["this_turn"] == [*steps, "stop"]


def test_stop_is_always_a_legal_action_while_moving():
    state = position(CROWDED)
    assert "stop" in state.legal_actions(0)


def test_either_player_may_move_the_pest(play):
    state = play(open_board(), "d2-d3", "stop", "a2|a3")
    assert state.current == 1 and "d3-d4" in state.legal_actions(1)
    play(state, "d3-d4", "stop")
    assert state.view(None)["pest"] == "d4"


def test_the_pest_may_take_both_steps(play):
    state = play(open_board(), "d2-c2", "c2-c3")
    assert state.view(None)["pest"] == "c3"


@pytest.mark.parametrize(
    "step, blocker",
    [
        ("c3-c4", "an ice cream"),
        ("c3-b3", "the pool"),
        ("c3-d3", "the pest"),
        ("c3-c2", "your own caravan"),
        ("c2-d2", "your own bungalow"),
        ("c2-b2", "the pool's other half"),
        ("d3-c3", "a caravan (the pest moving)"),
        ("d3-d2", "a bungalow (the pest moving)"),
    ],
)
def test_a_step_into_a_square_holding_any_piece_is_refused(refused, step, blocker):
    state = position(CROWDED)
    err = refused(state, 0, step)
    assert err.key == "camping.occupied", blocker
    assert err.params["square"] == step[-2:]


def test_a_crowded_caravan_can_still_step_into_the_one_empty_square_next_to_it():
    assert position(CROWDED).legal_actions(0) == ["c2-c1", "d3-d4", "d3-e3", "stop"]


def test_a_step_into_an_opponents_caravan_is_refused_even_before_any_fence_is_up(play, refused):
    state = position(
        """
        . . . .
        . . . .
        A . B .
        a a b b
        """
    )
    play(state, "a2-b2")
    assert "b2|c2" not in state.view(None)["fences"]
    assert refused(state, 0, "b2-c2").key == "camping.occupied"
    assert refused(state, 0, "b2-b1").key == "camping.occupied"


def test_a_step_across_a_fence_is_refused(refused):
    err = refused(open_board(), 0, "b3-c3")
    assert err.key == "camping.fence_in_way" and err.params["edge"] == "b3|c3"


def test_an_automatic_fence_blocks_a_step_like_any_other(refused):
    state = position(
        """
        . . . .
        . A B .
        . . . .
        a a b b
        """
    )
    assert "b3|c3" in state.view(None)["fences"]
    assert refused(state, 0, "b3-c3").key == "camping.fence_in_way"


def test_the_board_edge_is_a_wall():
    state = position(
        """
        A . .
        . . .
        a a B
        """
    )
    assert state.legal_actions(0) == ["a3-a2", "a3-b3", "stop"]


def test_a_step_off_the_board_does_not_even_name_a_square(refused):
    state = position(
        """
        A . .
        . . .
        a a B
        """
    )
    assert refused(state, 0, "a3-a4", code="notation").key == "camping.no_square"


@pytest.mark.parametrize("step", ["b3-c4", "b3-b1", "b3-d3", "b3-b3"])
def test_a_step_goes_exactly_one_square_up_down_left_or_right(refused, step):
    assert refused(open_board(), 0, step).key == "camping.one_square"


@pytest.mark.parametrize("step", ["a1-a2", "b1-b2"])
def test_bungalows_never_move(refused, step):
    assert refused(open_board(), 0, step).key == "camping.not_your_piece"


def test_an_opponents_caravan_cannot_be_moved(refused):
    state = position(
        """
        . . . .
        . A . B
        . . . .
        a a b b
        """
    )
    assert refused(state, 0, "d3-d4").key == "camping.not_your_piece"
    assert refused(state, 0, "c1-c2").key == "camping.not_your_piece"


def test_only_the_seat_to_move_may_move(refused):
    state = open_board()
    assert state.legal_actions(1) == []
    assert refused(state, 1, "d2-d3").key == "not_your_turn"
    assert refused(state, 5, "stop").key == "not_your_turn"


def test_the_legal_steps_match_a_count_of_open_neighbours_throughout_random_games(playout):
    """Independent of the engine: every caravan of the mover and the pest, each of its
    four neighbours on the board, no fence between, nothing standing there."""
    letters = "abcdefghij"
    checked = 0
    for players, seed in [(2, 1), (3, 2), (4, 3)]:
        for state in playout(players, seed):
            if state.phase != "move":
                continue
            view = state.view(None)
            n, fences = view["size"], set(view["fences"])
            pieces = set(view["pool"]) | {t["square"] for t in view["tokens"]} | {view["pest"]}
            pieces |= {s for piece in view["bungalows"] + view["caravans"] for s in piece}
            expected = ["stop"]
            for square in [*view["caravans"][state.current], view["pest"]]:
                col, row = letters.index(square[0]), int(square[1:]) - 1
                for c, r in ((col + 1, row), (col - 1, row), (col, row + 1), (col, row - 1)):
                    if not (0 <= c < n and 0 <= r < n):
                        continue
                    target = f"{letters[c]}{r + 1}"
                    low, high = sorted([(row, col, square), (r, c, target)])
                    if f"{low[2]}|{high[2]}" in fences or target in pieces:
                        continue
                    expected.append(f"{square}-{target}")
            assert state.legal_actions(state.current) == sorted(expected)
            checked += 1
    assert checked > 150
