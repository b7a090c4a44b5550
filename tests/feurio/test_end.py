"""D6: after the last tile, a full round of passes (or nobody able to place) ends the game."""

from __future__ import annotations

from core.games.feurio.position import position

ROW = "1 2 3 4 5 6"
# Equal tiles in a diamond: every draw has a choice of cells, so every turn waits for a lay.
DIAMOND = ". 5 .\n 5 5 .\n  5 . ."


def lay_and_pass(state, turns: int) -> None:
    """``turns`` turns in which the colour lays its tile (if any) on the first cell and passes."""
    for _ in range(turns):
        (seat,) = state.to_move()
        if state.view(None)["phase"] == "lay":
            state.apply(seat, state.legal_actions(seat)[0])
        state.apply(seat, "pass")


def test_once_the_stack_is_empty_a_full_round_of_passes_ends_the_game(play):
    state = play(position(ROW), "pass", "pass", "pass")
    assert not state.is_over() and state.view(None)["passes"] == 3
    play(state, "pass")
    assert state.is_over() and state.view(None)["phase"] == "over"


def test_with_three_players_the_round_is_three_passes(play):
    state = play(position(ROW, players=3), "pass", "pass")
    assert not state.is_over()
    assert play(state, "pass").is_over()


def test_a_man_placed_starts_the_round_of_passes_again(play):
    state = play(position(ROW), "pass", "pass", "man 5,0", "done", "pass", "pass", "pass")
    assert not state.is_over() and state.view(None)["passes"] == 3
    assert play(state, "pass").is_over()


def test_passes_while_tiles_remain_do_not_end_the_game():
    state = position(DIAMOND, stack="1 1 1 1 1")
    lay_and_pass(state, 4)
    view = state.view(None)
    assert not state.is_over() and view["passes"] == 0 and view["stack"] == 0
    assert view["phase"] == "lay"  # the fifth colour's turn draws the last tile


def test_the_turn_that_lays_the_last_tile_counts_in_the_round_of_passes():
    state = position(DIAMOND, stack="1 1")
    lay_and_pass(state, 1)
    assert state.view(None)["passes"] == 0
    lay_and_pass(state, 1)  # lays the last tile and passes
    assert state.view(None)["passes"] == 1
    lay_and_pass(state, 2)
    assert not state.is_over()
    lay_and_pass(state, 1)
    assert state.is_over()


def test_a_colour_that_cannot_place_passes_by_itself_and_its_pass_counts(play):
    state = position(ROW, hands=[0, 12, 12, 12])
    view = state.view(None)
    assert view["current_colour"] == 1 and view["passes"] == 1
    assert view["last_turn"]["auto"] == ["pass"]
    assert play(state, "pass", "pass", "pass").is_over()


def test_when_no_man_can_go_anywhere_the_game_ends_at_once(play):
    assert position("1A 1B 2C").is_over()
    state = play(position("1A 1B 2"), "man 2,0")
    assert state.is_over() and state.view(None)["last_turn"]["men"] == [1, 0, 0, 0]


def test_when_no_colour_has_men_left_the_game_ends_at_once():
    assert position(ROW, hands=[0, 0, 0, 0]).is_over()
    assert not position(ROW, hands=[0, 0, 0, 1]).is_over()
    assert position(ROW, players=3, hands=[0, 0, 0, 0], neutral=[0, 0, 0]).is_over()
    assert not position(ROW, players=3, hands=[0, 0, 0, 0], neutral=[0, 1, 0]).is_over()


def test_passes_already_made_carry_on_into_the_position(play):
    assert play(position(ROW, passes=3), "pass").is_over()


def test_a_finished_game_has_nobody_to_move_and_refuses_every_action(play, refused):
    state = play(position(ROW), "pass", "pass", "pass", "pass")
    assert state.to_move() == frozenset()
    assert all(state.legal_actions(seat) == [] for seat in range(4))
    view = state.view(2)
    assert (view["to_move"], view["current"], view["current_colour"]) == ([], None, None)
    for action in ("pass", "man 5,0", "lay 0,1", "garbage"):
        for seat in range(4):
            assert refused(state, action, seat=seat).key == "game_over"


def test_the_result_holds_scores_and_ranking_only_once_the_game_is_over(play):
    state = play(position("1 2A 3B 4 5 6C"), "pass", "pass", "pass")
    assert state.view(None)["result"] is None
    play(state, "pass")
    result = state.view(None)["result"]
    assert result == {"scores": [1.0, 1.0, 1.0, 0.0], "ranking": [1, 1, 1, 4]}
    assert result == {"scores": state.scores(), "ranking": state.ranking()}


def test_every_seeded_random_game_ends_with_the_stack_empty(playout):
    for players in (2, 3, 4):
        for seed in range(4):
            *_, end = playout(players, seed)
            view = end.view(None)
            assert end.is_over() and view["stack"] == 0 and len(view["tiles"]) == 36
