"""Which Off Season actions may be taken back (``State.reversible``, see docs/games/offseason.md).

A step of a market turn, or a sale when the same turn may sell again, may be taken back
while the turn goes on and no hidden card came out; bids, the +1 step, a Supply, a Sort
that turns goods up and taking face-down goods may not.
"""

from __future__ import annotations

from core.games.offseason.position import position
from core.games.offseason.state import OffSeasonState


def steps(state: OffSeasonState, *actions: str) -> list[bool]:
    """For each action in turn: whether it was reversible; then apply it."""
    answers = []
    for action in actions:
        (seat,) = state.to_move()
        answers.append(state.reversible(seat, action))
        state.apply(seat, action)
    return answers


def test_choosing_a_market_whose_power_is_still_to_use_may_be_taken_back() -> None:
    state = position(3, markets={1: "D3 / VA", 2: "F2", 3: "", 4: "CW"}, start="market")
    assert state.reversible(0, "market 1")
    assert steps(state, "market 1") == [True]
    assert state.to_move() == {0}


def test_taking_goods_that_lay_face_down_may_not_be_taken_back() -> None:
    for power in ("purse", "skip"):
        state = position(3, markets={1: "D3 / VA", 2: "F2", 3: "", 4: "CW"}, start="market")
        state.apply(0, "market 1")
        assert not state.reversible(0, power), power


def test_face_up_goods_then_loading_then_the_token_step_walk_a_turn_of_reversible_steps() -> None:
    state = position(
        3, caravans=["3: D1", "", ""], markets={1: "", 2: "F2", 3: "", 4: "CW"}, start="market"
    )
    # tile 2 side A is +1 token; F2 waits for an empty camel; then the token may be used
    assert steps(state, "market 2", "token", "load fruit 4") == [True, True, True]
    assert state.view(0)["step"] == "saddle"
    assert not state.reversible(0, "saddle 4"), "the +1 step closes the market turn"
    assert not state.reversible(0, "skip")


def test_a_market_whose_turn_ends_at_once_may_not_be_taken_back() -> None:
    state = position(3, markets={1: "", 2: "", 3: "", 4: "CW"}, start="market")
    # tile 3 side A (Sort) on an empty market: nothing to do, the turn passes on
    assert not state.reversible(0, "market 3")
    state.apply(0, "market 3")
    assert state.to_move() == {1}


def test_supply_draws_from_the_tower_and_may_not_be_taken_back() -> None:
    state = position(3, markets={1: "", 2: "F2", 3: "", 4: ""}, sides={2: "B"}, start="market")
    state.apply(0, "market 2")
    assert "supply" in state.legal_actions(0)
    assert not state.reversible(0, "supply")
    assert state.reversible(0, "skip"), "F2 then waits for an empty camel: the turn goes on"


def test_sort_turning_goods_up_may_not_be_taken_back_but_choosing_its_market_may() -> None:
    state = position(3, markets={1: "", 2: "", 3: "D1 / VA F1", 4: ""}, start="market")
    assert steps(state, "market 3") == [True]
    assert not state.reversible(0, "sort")
    state.apply(0, "sort")
    # every good is face up now: discarding one (or none) and taking the rest hides nothing
    assert state.view(0)["step"] == "discard"
    assert all(state.reversible(0, a) for a in state.legal_actions(0))


def test_bids_may_never_be_taken_back() -> None:
    sealed = position(3, start="auction")
    assert sealed.view(None)["step"] == "bid"
    assert not any(sealed.reversible(0, a) for a in sealed.legal_actions(0))
    open_auction = position(3, start="auction", auction="once_around")
    (seat,) = open_auction.to_move()
    assert not any(open_auction.reversible(seat, a) for a in open_auction.legal_actions(seat))


def test_a_sale_may_be_taken_back_only_when_the_same_turn_may_sell_again() -> None:
    caravans = ["3: D1 D2 | 5: CR CB", "", ""]
    usual = position(3, caravans=caravans, start="sale")
    assert not usual.reversible(0, "sell D1+D2"), "one sale a turn: the turn ends"
    last = position(3, caravans=caravans, start="sale", last_round=True)
    assert steps(last, "sell D1+D2") == [True]
    assert not last.reversible(0, "sell CR+CB"), "the last camel sold ends the turn"
    assert not last.reversible(0, "pass")


def test_other_seats_and_refused_actions_are_never_reversible() -> None:
    state = position(3, markets={1: "D3 / VA", 2: "F2", 3: "", 4: "CW"}, start="market")
    assert not state.reversible(1, "market 1")
    assert not state.reversible(0, "market 6")
    assert not state.reversible(0, "garbled")
