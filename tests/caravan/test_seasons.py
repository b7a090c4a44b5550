"""D6 and D7: leading, answering, passing, collecting and the next leader."""

from __future__ import annotations

from core.games.caravan import CaravanRules
from core.games.caravan.position import position


def test_a_hand_opens_with_the_starter_to_lead_and_no_pass_allowed():
    state = CaravanRules().new_game(2, seed=3)
    view = state.view(None)
    assert view["phase"] == "lead" and view["to_move"] == [view["starter"]]
    assert "pass" not in state.legal_actions(view["starter"])
    assert state.legal_actions(1 - view["starter"]) == []


def test_the_leader_must_open_with_a_caravan_not_a_bandit(refused):
    state = position(("1K 5ML", "6MV"))
    assert "1K" not in state.legal_actions(0)
    assert refused(state, 0, "1K").key == "lead_caravan"


def test_the_leader_may_not_pass_before_leading(refused):
    state = position(("5ML", "6MV"))
    assert refused(state, 0, "pass").key == "leader_cannot_pass"


def test_only_the_seat_to_move_may_act(refused):
    state = position(("7VY", "6MV 8VL"), season="0:5ML")
    assert state.legal_actions(0) == []
    assert refused(state, 0, "7VY").key == "not_your_turn"


def test_the_responder_may_pass_even_when_it_could_beat(play):
    state = position(("5ML", "6MV 8VL"), season="0:2SY")
    assert {"6MV", "8VL", "pass"} <= set(state.legal_actions(1))
    play(state, "pass")
    assert state.view(None)["last_season"]["passed"] == 1


def test_plays_alternate_until_the_first_pass_ends_the_season(play):
    state = position(("2SY 4YK 7VY", "3LY 5YK 8VL"))
    play(state, "2SY", "3LY", "4YK", "5YK")
    assert [p["seat"] for p in state.view(None)["season"]] == [0, 1, 0, 1]
    play(state, "pass")
    view = state.view(None)
    assert view["season"] == [] and view["last_season"]["passed"] == 0
    assert view["last_season"]["cards"] == ["2SY", "3LY", "4YK", "5YK"]


def test_the_player_of_a_closing_caravan_collects_every_card_of_the_season(play):
    state = position(("7VY", "9VY"), season="0:2MK 1:5ML 0:6MV")
    play(state, "pass")
    assert state.view(None)["collections"] == [["2MK", "5ML", "6MV"], []]
    assert state.view(None)["last_season"]["collector"] == 0


def test_the_opponent_of_a_closing_bandit_collects_every_card_of_the_season(play):
    state = position(("7VY", "9VY"), season="0:2MK 1:1Y 0:NK")
    play(state, "pass")
    assert state.view(None)["collections"] == [[], ["2MK", "1Y", "NK"]]
    assert state.view(None)["last_season"]["collector"] == 1


def test_the_player_who_did_not_pass_leads_the_next_season(play):
    state = position(("7VY", "9VY"), season="0:2MK 1:5ML")
    play(state, "pass")
    view = state.view(None)
    assert (view["phase"], view["to_move"], view["notice"]) == ("lead", [1], None)


def test_after_a_closing_bandit_its_player_leads_though_the_opponent_collects(play):
    state = position(("7VY", "9VY"), season="0:2MK 1:1K")
    play(state, "pass")
    view = state.view(None)
    assert view["last_season"]["collector"] == 0
    assert (view["phase"], view["to_move"]) == ("lead", [1])


def test_a_leader_holding_only_aces_and_crowns_passes_the_lead_to_the_opponent(play):
    state = position(("NV 1L", "3MV 5ML"), season="0:2VL")
    play(state, "pass")
    view = state.view(None)
    assert (view["phase"], view["to_move"]) == ("lead", [1])
    assert view["notice"] == {"kind": "lead_passes", "seat": 0}
    assert state.legal_actions(0) == []


def test_a_leader_with_one_number_card_among_wilds_still_leads(play):
    state = position(("NV 1L 4VL", "3MV 5ML"), season="0:2VL")
    play(state, "pass")
    assert state.view(None)["to_move"] == [0]
    assert state.legal_actions(0) == ["1L+4VL@4", "1L+4VL@5", "4VL", "4VL+NV@4", "4VL+NV@5"]


def test_the_hand_ends_at_once_when_neither_player_can_lead_a_caravan(play):
    state = position(("NS 1L", "NM"), "NK 1V", season="0:2VL", hands_total=1)
    play(state, "pass")
    view = state.view(None)
    assert view["phase"] == "over" and view["notice"]["kind"] == "nobody_can_lead"
    last = view["history"][-1]
    assert (last["ended"], last["first_out"], last["bonus"]) == ("stuck", None, [0, 0])
    assert last["cards_left"] == [2, 1]
    assert last["collected"] == [-1, 0] and view["match_scores"] == [-1, 0]


def test_after_a_stuck_hand_the_next_hand_is_dealt(play):
    state = position(("NS", "NM"), "NK 1V", season="0:2VL", hand_no=1, hands_total=2)
    play(state, "pass")
    view = state.view(None)
    assert (view["hand_no"], view["phase"], view["hand_counts"]) == (2, "lead", [15, 15])
    assert view["collections"] == [[], []]
