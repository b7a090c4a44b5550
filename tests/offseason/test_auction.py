"""D4, §5.1: the round's auction, read from the back of the Tower's top card."""

from __future__ import annotations

import json

import pytest

from core.games.offseason.position import position


def sealed(kind="standard", players=3, coins=None, holder=0, **more):
    return position(players, auction=kind, coins=coins, holder=holder, **more)


def test_sealed_bids_are_simultaneous_and_to_move_shrinks_as_seats_bid(refused):
    state = sealed(coins=[5, 3, 0])
    assert state.to_move() == {0, 1, 2}
    assert state.legal_actions(1) == ["bid 0", "bid 1", "bid 2", "bid 3"]
    assert state.legal_actions(2) == ["bid 0"]
    state.apply(1, "bid 2")
    assert state.to_move() == {0, 2} and state.legal_actions(1) == []
    err = refused(state, "bid 1", seat=1)
    assert err.key == "offseason.already_bid"
    state.apply(0, "bid 4")
    assert state.to_move() == {2}
    state.apply(2, "bid 0")
    assert state.view(None)["phase"] == "market"


def test_a_bid_stays_hidden_from_the_others_until_every_bid_is_in():
    state = sealed(coins=[5, 7, 6])
    state.apply(1, "bid 6")
    for seat in (None, 0, 2):
        view = state.view(seat)
        assert view["auction"]["has_bid"] == [False, True, False]
        assert view["auction"]["my_bid"] is None
        assert view["last_turn"]["action"] is None and view["last_turn"]["seat"] == 1
        assert '"bid 6"' not in json.dumps(view)
        assert all("amount" not in e and "bids" not in e for e in view["log"])
    mine = state.view(1)
    assert mine["auction"]["my_bid"] == 6 and mine["last_turn"]["action"] == "bid 6"
    state.apply(0, "bid 1")
    state.apply(2, "bid 3")
    for seat in (None, 0, 1, 2):
        view = state.view(seat)
        assert view["auction"]["revealed"] == [[1, 6, 3]]
        assert view["auction"]["winner"] == 1 and view["last_turn"]["action"] == "bid 3"


def test_the_highest_bid_wins_pays_the_bank_and_the_others_keep_their_coins(bids):
    state = bids(sealed(coins=[5, 7, 6], holder=0), 1, 6, 3)
    assert state.holder == 1 and state.coins == [5, 1, 6]
    assert state.auction.paid == [0, 6, 0] and state.auction.outcome == "won"
    assert state.view(None)["phase"] == "market" and state.current == 1


def test_tied_high_bids_cancel_and_the_highest_unmatched_bid_wins(bids):
    state = bids(sealed(players=4, coins=[9, 9, 9, 9]), 5, 5, 3, 1)
    assert state.holder == 2 and state.coins == [9, 9, 6, 9]


def test_with_bids_5_5_0_the_player_who_bid_nothing_wins_for_free(bids):
    state = bids(sealed(coins=[5, 5, 5], holder=0), 5, 0, 5)
    assert state.holder == 1 and state.coins == [5, 5, 5]


def test_when_every_bid_is_tied_the_auction_is_repeated_once(bids):
    state = bids(sealed(players=4, coins=[5, 5, 5, 5], holder=3), 3, 3, 1, 1)
    view = state.view(None)
    assert view["phase"] == "auction" and view["auction"]["attempt"] == 2
    assert view["auction"]["revealed"] == [[3, 3, 1, 1]]
    assert state.to_move() == {0, 1, 2, 3} and state.coins == [5] * 4
    bids(state, 2, 0, 0, 4)
    assert state.holder == 3 and state.coins == [5, 5, 5, 1]


def test_a_second_failed_auction_leaves_the_marker_with_its_holder_and_nobody_pays(bids):
    state = bids(sealed(players=4, coins=[5, 5, 5, 5], holder=2), 3, 3, 1, 1)
    bids(state, 0, 0, 4, 4)
    assert state.holder == 2 and state.coins == [5] * 4
    assert state.auction.outcome == "kept" and state.auction.revealed == [
        [3, 3, 1, 1],
        [0, 0, 4, 4],
    ]
    assert state.current == 2  # the holder chooses first


def test_two_players_bidding_nothing_twice_leave_the_marker_where_it_was(bids):
    state = bids(bids(sealed(players=2, coins=[5, 5], holder=1), 0, 0), 0, 0)
    assert state.holder == 1 and state.view(None)["phase"] == "market"


def test_a_bid_above_your_coins_is_refused_and_changes_nothing(refused):
    state = sealed(coins=[2, 5, 5])
    err = refused(state, "bid 3", seat=0)
    assert err.key == "offseason.bid_too_high" and err.params == {"bid": 3, "coins": 2}
    assert refused(state, "bid 999999", seat=0).key == "offseason.bid_too_high"
    assert refused(state, "market 1", seat=0).key == "offseason.not_now"


def test_the_second_price_winner_pays_the_next_lower_revealed_bid(bids):
    state = bids(sealed("second_price", players=4, coins=[9, 9, 9, 9]), 5, 5, 3, 1)
    assert state.holder == 2 and state.coins == [9, 9, 8, 9]
    state = bids(sealed("second_price", coins=[9, 9, 9]), 6, 2, 4)
    assert state.holder == 0 and state.coins == [5, 9, 9]


def test_the_second_price_winner_with_no_lower_bid_pays_nothing(bids):
    state = bids(sealed("second_price", coins=[9, 9, 9]), 4, 4, 0)
    assert state.holder == 2 and state.coins == [9, 9, 9]


def test_in_an_all_pay_auction_everybody_pays_their_bid_once_there_is_a_winner(bids):
    state = bids(sealed("all_pay", coins=[9, 9, 9]), 4, 2, 3)
    assert state.holder == 0 and state.coins == [5, 7, 6]


def test_a_failed_all_pay_attempt_costs_nobody_anything(bids):
    state = bids(sealed("all_pay", coins=[9, 9, 9]), 2, 2, 2)
    assert state.coins == [9, 9, 9] and state.auction.attempt == 2
    bids(state, 1, 1, 1)
    assert state.coins == [9, 9, 9] and state.holder == 0


def test_the_once_around_auction_goes_from_the_left_of_the_holder_back_to_the_holder(refused, play):
    state = position(4, auction="once_around", holder=1, coins=[6, 6, 3, 6])
    assert state.current == 2 and state.view(None)["auction"]["open"]["order"] == [2, 3, 0, 1]
    assert state.legal_actions(2) == ["bid 1", "bid 2", "bid 3", "pass"]
    play(state, "bid 2")
    assert state.current == 3 and state.legal_actions(3)[0] == "bid 3"
    err = refused(state, "bid 2")
    assert err.key == "offseason.bid_too_low" and err.params["minimum"] == 3
    assert refused(state, "bid 7").key == "offseason.bid_too_high"
    play(state, "pass", "bid 4", "pass")
    assert state.holder == 0 and state.coins == [2, 6, 3, 6]
    assert state.auction.acted == ["bid 4", "pass", "bid 2", "pass"]
    assert state.view(None)["phase"] == "market" and state.current == 0


def test_a_player_without_enough_coins_can_only_pass_in_the_once_around_auction(play):
    state = position(3, auction="once_around", holder=0, coins=[5, 0, 5])
    assert state.legal_actions(1) == ["pass"]
    play(state, "pass", "pass", "pass")
    assert state.holder == 0 and state.auction.outcome == "kept"


def test_the_rotation_card_passes_the_marker_to_the_left_without_bidding():
    state = position(3, auction="rotation", holder=2)
    assert state.holder == 0 and state.view(None)["phase"] == "market"
    assert state.current == 0 and state.auction.outcome == "rotation"


def test_the_alms_card_gives_the_marker_to_the_poorest_player_for_free():
    state = position(4, auction="alms", holder=0, coins=[5, 7, 2, 3])
    assert state.holder == 2 and state.coins == [5, 7, 2, 3]


def test_among_tied_poorest_players_the_alms_go_to_the_first_clockwise_from_the_holder():
    assert position(4, auction="alms", holder=1, coins=[2, 5, 3, 2]).holder == 3
    assert position(4, auction="alms", holder=3, coins=[2, 5, 3, 2]).holder == 3
    assert position(3, auction="alms", holder=1, coins=[4, 4, 4]).holder == 1


def test_with_an_empty_tower_the_auction_is_the_standard_one():
    state = position(3, rest="out", tower="")
    view = state.view(None)
    assert view["tower"] == 0 and view["top_back"] is None
    assert view["auction"]["type"] == "standard" and state.to_move() == {0, 1, 2}


@pytest.mark.parametrize("kind", ["standard", "second_price", "all_pay", "once_around"])
def test_the_card_that_sets_the_auction_stays_on_top_of_the_tower(kind):
    state = position(3, auction=kind, tower="D1 D2")
    assert state.view(None)["top_back"] == kind and state.view(None)["tower"] == 127
    assert state.view(None)["auction"]["type"] == kind
