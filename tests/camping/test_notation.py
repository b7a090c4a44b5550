"""The notation of docs/games/camping.md: squares, edges, the action of each phase,
garbled input refused as notation, and only the canonical form accepted."""

from __future__ import annotations

import pytest

from core.engine import IllegalAction
from core.games.camping import CampingRules
from core.games.camping.grid import grid
from core.games.camping.position import position

NOT_TEXT = [None, 7, 3.5, ["stop"], b"stop", {"a1": "a2"}]


def bungalow_phase():
    state = CampingRules().new_game(2, 0, {"neutral_setup": "players"})
    for action in ["pool g7-h7", "token h1", "token h2", "token h3"]:
        state.apply(state.current, action)
    assert state.phase == "bungalow"
    return state


def caravan_phase():
    state = bungalow_phase()
    state.apply(state.current, "bungalow a1-b1")
    state.apply(state.current, "bungalow a3-b3")
    assert state.phase == "caravan"
    return state


def move_phase():
    return position(
        """
        . . . . .
        . . . . .
        . . . . .
        A . . B .
        a a . b b
        """
    )


def fence_phase():
    return position(
        """
        . . . . .
        . . . . .
        . . . . .
        A . . B .
        a a . b b
        """,
        phase="fence",
        steps_left=0,
    )


def test_squares_are_named_by_column_letter_and_row_number_from_the_bottom_left():
    g = grid(10)
    assert (g.name(0), g.name(9), g.name(90), g.name(99)) == ("a1", "j1", "a10", "j10")
    assert g.square("c4") == 3 * 10 + 2
    assert grid(8).name(63) == "h8"


def test_an_edge_is_written_lower_square_first_with_a_bar():
    g = grid(8)
    assert g.edge_name(g.edge_between(g.square("d4"), g.square("c4"))) == "c4|d4"
    assert g.edge_name(g.edge_between(g.square("c5"), g.square("c4"))) == "c4|c5"
    assert len(g.edges) == 2 * 8 * 7


@pytest.mark.parametrize("size, square", [(8, "i1"), (8, "a9"), (9, "j9"), (9, "a10")])
def test_a_square_beyond_the_board_size_is_no_square(size, square):
    with pytest.raises(IllegalAction) as info:
        grid(size).square(square)
    assert info.value.code == "notation" and info.value.key == "camping.no_square"


@pytest.mark.parametrize(
    "action",
    [*NOT_TEXT, "", " ", "bungalow", "bungalow ", "bungalow a1", "bungalow a1-", "bungalow -b1",
     "bungalow a1-b1-c1", "bungalow  a1-b1", "bungalow a1-b1 ", "bungalow a1-b1\n",
     "Bungalow a1-b1", "BUNGALOW A1-B1", "bungalow A1-B1", "bungalow b1-a1", "bungalow a2-a1",
     "bungalow k1-k2", "bungalow i1-j1", "bungalow a0-a1", "bungalow a11-b11", "bungalow a01-b01",
     "caravan a1", "pool a1-b1", "token a1", "stop", "a1-a2", "a1|a2", "bungalow:a1-b1"],
)  # fmt: skip
def test_garbled_placements_of_a_bungalow_are_refused_as_notation(refused, action):
    state = bungalow_phase()
    refused(state, state.current, action, code="notation")


@pytest.mark.parametrize(
    "action",
    [*NOT_TEXT, "", "caravan", "caravan ", "caravan k1", "caravan a9", "caravan a11",
     "caravan a01", "caravan a0", "caravan c4 ", " caravan c4", "caravan c4\n", "caravan C4",
     "caravan c4-c5", "caravans c4", "bungalow c4-c5", "c4", "c4-c5", "stop"],
)  # fmt: skip
def test_garbled_placements_of_a_caravan_are_refused_as_notation(refused, action):
    state = caravan_phase()
    refused(state, state.current, action, code="notation")


@pytest.mark.parametrize(
    "action",
    [*NOT_TEXT, "", " ", "stop ", " stop", "STOP", "Stop", "pass", "a2", "a2-", "-a3",
     "a2-a3-a4", "a2 - a3", "a2\u2013a3", "A2-A3", "a2-k2", "k1-a1", "a2-a11", "a0-a1",
     "a2-a03", "a2|a3", "caravan a3", " a2-a3",
     "a2-a3\n"],
)  # fmt: skip
def test_garbled_steps_are_refused_as_notation(refused, action):
    refused(move_phase(), 0, action, code="notation")


@pytest.mark.parametrize(
    "action",
    [*NOT_TEXT, "", " ", "stop", "c4", "c4|", "|c5", "c4||c5", "c4|c5|c6", "c4 | c5",
     "c4|c5 ", "c4|c5\n", "C4|C5", "c4/c5", "c4-c5", "k1|k2", "e5|f5", "a5|a6", "a11|a10",
     "c5|c4", "d4|c4", "c4|e4", "c4|d5", "c4|c4", "fence c4|c5"],
)  # fmt: skip
def test_garbled_fences_are_refused_as_notation(refused, action):
    refused(fence_phase(), 0, action, code="notation")


@pytest.mark.parametrize("written, canonical", [("c5|c4", "c4|c5"), ("d4|c4", "c4|d4")])
def test_an_edge_written_backwards_is_refused_with_its_canonical_form(refused, written, canonical):
    err = refused(fence_phase(), 0, written, code="notation")
    assert err.key == "canonical" and err.params["canonical"] == canonical
    assert canonical in err.message


def test_a_bungalow_written_upper_square_first_is_refused_with_its_canonical_form(refused):
    state = bungalow_phase()
    err = refused(state, state.current, "bungalow b1-a1", code="notation")
    assert err.key == "canonical" and err.params["canonical"] == "bungalow a1-b1"


@pytest.mark.parametrize("edge", ["c4|e4", "c4|d5", "c4|c4"])
def test_a_fence_between_squares_that_are_not_side_by_side_is_refused(refused, edge):
    assert refused(fence_phase(), 0, edge, code="notation").key == "camping.not_neighbours"


@pytest.mark.parametrize("action", ["k1|k2", "c4|c11", "a0|a1"])
def test_a_fence_naming_a_square_off_the_board_is_refused(refused, action):
    assert refused(fence_phase(), 0, action, code="notation").key == "camping.no_square"


def test_the_wrong_word_for_the_phase_names_the_right_one(refused):
    state = caravan_phase()
    err = refused(state, state.current, "bungalow c4-c5", code="notation")
    assert err.key == "camping.place_caravan" and "caravan c4" in err.message


def test_every_legal_action_applies_on_a_copy_and_is_recorded_as_written(playout):
    recorded = 0
    for players, seed in [(2, 1), (3, 2), (4, 3)]:
        for ply, state in enumerate(playout(players, seed, {"neutral_setup": "players"})):
            if ply % 3 or state.is_over():
                continue
            seat = state.current
            for action in state.legal_actions(seat):
                trial = state.clone()
                trial.apply(seat, action)
                view = trial.view(None)
                written = view["this_turn"] or view["last_turn"]["actions"]
                assert written[-1] == action
                recorded += 1
    assert recorded > 3000


def test_legal_actions_are_sorted_and_distinct(playout):
    for state in playout(3, 6):
        for seat in range(3):
            actions = state.legal_actions(seat)
            assert actions == sorted(set(actions))
