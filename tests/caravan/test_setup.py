"""D2, D11 and D12: dealing a hand, who starts, and how long a match lasts."""

from __future__ import annotations

import pytest

from core.games.caravan import CaravanRules
from core.games.caravan.cards import CARDS
from core.games.caravan.position import position

SEEDS = range(300)


def dealt(seed: int, hands: int = 5) -> tuple[dict, list[str], list[str]]:
    """The spectator's view of a new match and both seats' own hands."""
    state = CaravanRules().new_game(2, seed, {"hands": hands})
    return state.view(None), state.view(0)["hand"], state.view(1)["hand"]


def unseen(seed: int) -> list[str]:
    """The cards of a fresh deal that no view shows."""
    view, hand0, hand1 = dealt(seed)
    shown = set(hand0 + hand1 + [i["code"] for i in view["indicators"]])
    return [code for code in CARDS if code not in shown and code != view["swapped_out"]]


def swap_seeds() -> list[int]:
    return [seed for seed in range(2200) if dealt(seed)[0]["swapped_out"]]


def test_each_player_is_dealt_four_aces_or_crowns_and_eleven_number_cards():
    for seed in SEEDS:
        _, *hands = dealt(seed)
        for hand in hands:
            assert sum(CARDS[c].is_wild for c in hand) == 4 and len(hand) == 15


def test_two_aces_or_crowns_of_different_suits_are_turned_up_as_indicators():
    for seed in SEEDS:
        codes = [i["code"] for i in dealt(seed)[0]["indicators"]]
        assert len(codes) == 2 and all(CARDS[c].is_wild for c in codes)
        assert CARDS[codes[0]].suit != CARDS[codes[1]].suit


def test_two_number_cards_and_the_remaining_aces_or_crowns_are_set_aside_unseen():
    for seed in SEEDS:
        hidden = unseen(seed)
        wilds = 1 if dealt(seed)[0]["swapped_out"] else 2
        assert sorted(CARDS[c].is_wild for c in hidden) == [False, False] + [True] * wilds


def test_when_the_indicators_share_a_suit_the_second_is_set_aside_face_up_and_replaced():
    seeds = swap_seeds()
    assert seeds
    for seed in seeds:
        state = CaravanRules().new_game(2, seed)
        first, second = [i["code"] for i in state.view(None)["indicators"]]
        out = state.view(None)["swapped_out"]
        assert {state.view(seat)["swapped_out"] for seat in (0, 1)} == {out}
        assert CARDS[out].suit == CARDS[first].suit and CARDS[out].rank != CARDS[first].rank
        assert CARDS[second].suit != CARDS[first].suit


def test_about_one_deal_in_eleven_needs_the_swap():
    assert 150 <= len(swap_seeds()) <= 250


def test_the_same_seed_deals_the_same_hand_and_starter():
    assert dealt(42) == dealt(42)
    assert dealt(42) != dealt(43)


def test_the_first_starter_is_drawn_at_random_from_the_seed():
    starters = {dealt(seed)[0]["starter"] for seed in range(40)}
    assert starters == {0, 1}


def finish_hand_scoring_nothing(play, **counters) -> dict:
    """End hand 1 with no points at all (nobody can lead); the view of hand 2."""
    state = position(("NS", "NY"), "NV 1L", season="0:2MK", **counters)
    return play(state, "pass").view(None)


@pytest.mark.parametrize(
    "scores, previous, expected",
    [((3, 1), 1, 1), ((1, 3), 0, 0), ((2, 2), 0, 1), ((2, 2), 1, 0), ((-4, -4), 1, 0)],
)
def test_later_hands_start_with_the_lower_score_or_on_a_tie_the_other_starter(
    play, scores, previous, expected
):
    view = finish_hand_scoring_nothing(play, match_scores=scores, starter=previous)
    assert view["hand_no"] == 2 and view["match_scores"] == list(scores)
    assert view["starter"] == expected and view["to_move"] == [expected]


def test_every_hand_of_a_played_match_starts_by_the_starting_rule(playout):
    checked = 0
    for seed in range(10):
        previous = None
        for state in playout(seed):
            view = state.view(None)
            if previous and view["hand_no"] != previous["hand_no"] and not state.is_over():
                low, high = view["match_scores"]
                expected = 1 - previous["starter"] if low == high else int(high < low)
                assert view["starter"] == expected
                checked += 1
            previous = view
    assert checked == 40


def test_a_match_lasts_five_hands_by_default(playout):
    assert CaravanRules().default_options(2)["hands"] == 5
    *_, state = playout(7)
    assert len(state.view(None)["history"]) == 5 and state.is_over()


@pytest.mark.parametrize("hands", range(1, 10))
def test_the_table_may_choose_a_match_of_one_to_nine_hands(playout, hands):
    *_, state = playout(hands, {"hands": hands})
    assert len(state.view(None)["history"]) == hands


@pytest.mark.parametrize(
    "options",
    [{"hands": 0}, {"hands": 10}, {"hands": True}, {"hands": "5"}, {"wild_ranks": "1-9"}],
)
def test_other_table_options_are_refused(options):
    with pytest.raises(ValueError):
        CaravanRules().new_game(2, 1, options)


def test_the_highest_cumulative_score_wins_the_match(play):
    view = finish_hand_scoring_nothing(play, match_scores=(5, 4), hands_total=1)
    assert view["result"] == {"scores": [5.0, 4.0], "ranking": [1, 2]}


def test_a_tie_on_cumulative_score_is_a_draw(play):
    view = finish_hand_scoring_nothing(play, match_scores=(4, 4), hands_total=1)
    assert view["result"] == {"scores": [4.0, 4.0], "ranking": [1, 1]}


def test_nobody_may_act_once_the_match_is_over(play, refused):
    state = play(position(("NS", "NY"), "NV 1L", season="0:2MK", hands_total=1), "pass")
    assert state.to_move() == frozenset() and state.legal_actions(0) == []
    assert refused(state, 0, "NS").key == "game_over"
