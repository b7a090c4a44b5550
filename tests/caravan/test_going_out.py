"""D8 and the "Going out" examples of spec §4.3: the final response and the bonus."""

from __future__ import annotations

from core.games.caravan.position import position

# Seat 0 (X) leads its last three cards, the Moons run 2-4. Indicators: Crown of
# Moons, Ace of Suns.
X_LAST_CARDS = "2MK 3MV 4MS"
X_GOES_OUT = "2MK+3MV+4MS"


def test_playing_the_last_card_gives_the_opponent_one_final_response(play):
    state = play(position((X_LAST_CARDS, "5SV 6SY 7SK 9VY")), X_GOES_OUT)
    view = state.view(None)
    assert (view["phase"], view["to_move"], view["first_out"]) == ("final", [1], 0)
    assert state.legal_actions(1) == ["5SV+6SY+7SK", "pass"]
    assert state.legal_actions(0) == []


def test_x_out_and_y_beating_with_three_cards_leaving_four_gives_x_nine_and_y_the_cards(play):
    y_hand = "5SV 6SY 7SK 9VY 8VL 6LK 1L"
    state = play(position((X_LAST_CARDS, y_hand), hands_total=1), X_GOES_OUT, "5SV+6SY+7SK")
    last = state.view(None)["history"][-1]
    assert last["cards_left"] == [0, 4]
    assert last["bonus"] == [9, 0]
    assert last["collections"] == [[], ["2MK", "3MV", "4MS", "5SV", "6SY", "7SK"]]
    assert last["collected"] == [0, -1] and last["totals"] == [9, -1]
    assert state.is_over() and state.scores() == [9.0, -1.0]


def test_x_out_and_y_answering_with_a_lone_ace_leaving_none_gives_x_five_and_the_cards(play):
    state = play(position((X_LAST_CARDS, "1L"), hands_total=1), X_GOES_OUT, "1L")
    last = state.view(None)["history"][-1]
    assert last["cards_left"] == [0, 0]
    assert last["collections"] == [["1L", "2MK", "3MV", "4MS"], []]
    assert last["bonus"] == [5, 0] and last["totals"] == [7, 0]


def test_when_both_empty_their_hands_only_the_first_out_gets_a_bonus(play):
    state = play(position((X_LAST_CARDS, "5SV 6SY 7SK"), hands_total=1), X_GOES_OUT)
    play(state, "5SV+6SY+7SK")
    last = state.view(None)["history"][-1]
    assert (last["first_out"], last["cards_left"]) == (0, [0, 0])
    assert last["bonus"] == [5, 0]


def test_the_bonus_counts_the_opponents_cards_after_the_final_response_not_before(play):
    state = play(position((X_LAST_CARDS, "5SV 6SY 7SK 9VY")), X_GOES_OUT)
    assert state.view(None)["hand_counts"] == [0, 4]
    play(state, "5SV+6SY+7SK")
    assert state.view(None)["history"][-1]["bonus"] == [6, 0]


def test_a_pass_after_going_out_ends_the_hand_and_the_last_caravan_collects(play):
    state = play(position((X_LAST_CARDS, "5SV 6SY 7SK 9VY"), hands_total=1), X_GOES_OUT, "pass")
    last = state.view(None)["history"][-1]
    assert last["collections"] == [["2MK", "3MV", "4MS"], []]
    assert last["bonus"] == [9, 0] and last["ended"] == "out"


def test_the_final_response_must_beat_under_the_normal_rules(play, refused):
    state = play(position(("5ML 6MV 7ML", "2SY 3SK 4MS 9VY")), "5ML+6MV+7ML")
    assert state.legal_actions(1) == ["pass"]
    assert refused(state, 1, "2SY+3SK+4MS").key == "higher_top"


def test_the_season_ends_after_the_final_response_without_a_pass(play):
    state = play(position((X_LAST_CARDS, "5SV 6SY 7SK 9VY")), X_GOES_OUT, "5SV+6SY+7SK")
    view = state.view(None)
    assert view["last_season"] is None and view["history"][-1]["hand"] == 1
    assert (view["hand_no"], view["phase"], view["hand_counts"]) == (2, "lead", [15, 15])


def test_a_player_may_go_out_by_answering_with_a_bandit(play):
    state = position(("NK 9VY", "1S"), "NV 1L", season="0:5ML", hands_total=1)
    play(state, "1S")
    assert state.view(None)["first_out"] == 1
    play(state, "NK")
    last = state.view(None)["history"][-1]
    assert last["collections"] == [[], ["1S", "5ML", "NK"]]
    assert last["bonus"] == [0, 6]


def test_the_hand_score_is_added_to_the_match_score_and_a_new_hand_is_dealt(play):
    state = position((X_LAST_CARDS, "5SV 6SY 7SK 9VY"), match_scores=(2, 1))
    play(state, X_GOES_OUT, "5SV+6SY+7SK")
    view = state.view(None)
    assert view["match_scores"] == [8, 0]
    assert view["collections"] == [[], []] and view["first_out"] is None
