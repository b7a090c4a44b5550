"""D9 and the per-suit test vectors of spec §4.3: what collected cards score."""

from __future__ import annotations

import pytest

from core.games.caravan.cards import CARDS
from core.games.caravan.position import position


def value(indicators: str, card: str) -> int:
    """What ``card`` scores in seat 0's collection under these indicators."""
    return position(indicators=indicators, collections=(card, "")).view(None)["collection_values"][
        0
    ]


@pytest.mark.parametrize(
    "card, points",
    [("9MS", 0), ("5ML", 1), ("2SY", -1), ("1M", 1), ("NS", -1), ("7VY", 0)],
)
def test_with_the_crown_of_moons_and_the_ace_of_suns(card, points):
    assert value("NM 1S", card) == points


@pytest.mark.parametrize(
    "card, points",
    [("2VL", 2), ("4VL", 2), ("8VL", 2), ("3MV", 1), ("3LY", 1), ("9MS", 0)],
)
def test_with_the_crowns_of_waves_and_leaves(card, points):
    assert value("NV NL", card) == points


@pytest.mark.parametrize(
    "card, points",
    [("4YK", -2), ("5YK", -2), ("8YK", -2), ("2SY", -1), ("NK", -1), ("8VL", 0)],
)
def test_with_the_aces_of_wyrms_and_knots(card, points):
    assert value("1Y 1K", card) == points


@pytest.mark.parametrize("card, points", [("8VL", -1), ("9LK", 1)])
def test_with_the_ace_of_waves_and_the_crown_of_knots(card, points):
    assert value("1V NK", card) == points


def test_with_an_ace_and_a_crown_of_a_pair_no_card_shares_no_card_is_worth_two():
    others = [code for code in CARDS if code not in ("1V", "NK")]
    assert {value("1V NK", code) for code in others} == {-1, 0, 1}


def test_two_crowns_up_mean_collecting_can_only_gain_and_two_aces_only_lose():
    assert min(value("NV NL", code) for code in CARDS if code not in ("NV", "NL")) == 0
    assert max(value("1Y 1K", code) for code in CARDS if code not in ("1Y", "1K")) == 0


def test_a_card_bearing_a_crown_suit_and_an_ace_suit_scores_zero():
    assert value("NM 1S", "4MS") == value("NM 1S", "8MS") == 0


def test_collecting_every_card_under_the_crowns_of_moons_and_suns_scores_eighteen():
    others = " ".join(code for code in CARDS if code not in ("NM", "NS"))
    assert position(indicators="NM NS", collections=(others, "")).view(None)[
        "collection_values"
    ] == [18, 0]


def test_a_collection_is_the_sum_of_its_cards():
    state = position(indicators="NM 1S", collections=("9MS 5ML 2SY 1M", "NS 7VY"))
    assert state.view(None)["collection_values"] == [1, -1]


def test_the_hand_score_adds_collections_and_bonus_and_may_be_negative(play):
    state = position(
        ("2SY NV", "3SK NL"),
        collections=("5SV 7SK", "5ML"),
        match_scores=(4, 4),
        hands_total=1,
    )
    play(state, "2SY", "3SK", "pass")
    last = state.view(None)["history"][-1]
    assert last["collected"] == [-2, -1] and last["bonus"] == [0, 0]
    assert last["totals"] == [-2, -1]
    assert state.scores() == [2.0, 3.0] and state.ranking() == [2, 1]


def test_indicators_set_aside_cards_and_cards_left_in_hand_score_nothing(play):
    state = position(
        ("4MS", "2SY 5ML 7ML"),
        "NM 1S",
        swapped_out="1M",
        unseen_wilds="NL",
        unseen_numbers="3MV 6MV",
        hands_total=1,
    )
    play(state, "4MS", "pass")
    last = state.view(None)["history"][-1]
    assert last["collected"] == [0, 0]
    assert last["totals"] == [8, 0] and state.scores() == [8.0, 0.0]
