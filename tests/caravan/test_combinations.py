"""D3-D5 and the examples of spec §2.6 and §2.7: caravans, wild readings and bandits."""

from __future__ import annotations

import functools
import random

import pytest

from core.games.caravan import position as positions
from core.games.caravan.cards import DECK
from core.games.caravan.combos import hand_caravans, read_play
from core.games.caravan.state import CaravanState

# Indicators do not matter here; these two are used by no test below.
position = functools.partial(positions.position, indicators="NY 1L")


def leads(hand: str, wild_ranks: str = "2-9") -> list[str]:
    """Every lead the hand allows to seat 0."""
    return position((hand, "2VL"), wild_ranks=wild_ranks).legal_actions(0)


def answer(season: str, hand: str) -> tuple[CaravanState, list[str]]:
    """Seat 0 to answer seat 1's plays ``season`` with ``hand``: the state and its options."""
    state = position((hand, "2VL"), season=season)
    return state, state.legal_actions(0)


def test_a_single_number_card_is_a_caravan_of_its_own_rank(play):
    state = play(position(("5ML", "2VL")), "5ML")
    assert state.view(None)["season"][-1]["kind"] == "caravan"
    assert state.view(None)["season"][-1]["top"] == 5


def test_the_author_and_the_journey_make_the_moons_run_two_three(play):
    state = play(position(("2MK 3MV", "2VL")), "2MK+3MV")
    last = state.view(None)["season"][-1]
    assert (last["kind"], last["length"], last["top"]) == ("caravan", 2, 3)


def test_the_sailor_and_the_discovery_beat_the_author_and_the_journey(play):
    state, options = answer("1:2MK+3MV", "4VL 5SV")
    assert "4VL+5SV" in options
    assert play(state, "4VL+5SV").view(None)["season"][-1]["top"] == 5


def test_the_origin_and_the_sailor_are_no_run_because_a_rank_is_skipped(refused):
    state = position(("2VL 4VL", "2MK"))
    assert "2VL+4VL" not in state.legal_actions(0)
    assert refused(state, 0, "2VL+4VL").key == "not_a_combination"


def test_the_ace_of_knots_and_the_castle_read_as_knots_six_seven_or_seven_eight():
    assert leads("1K 7SK") == ["1K+7SK@7", "1K+7SK@8", "7SK"]


def test_the_forest_with_the_ace_and_crown_of_moons_reads_three_five_four_six_or_five_seven():
    triples = [a for a in leads("1M 5ML NM") if a.count("+") == 2]
    assert triples == ["1M+5ML+NM@5", "1M+5ML+NM@6", "1M+5ML+NM@7"]


def test_the_ace_and_crown_of_moons_are_no_caravan_but_the_top_bandit(refused, play):
    assert refused(position(("1M NM 5ML", "2VL")), 0, "1M+NM").key == "lead_caravan"
    state, options = answer("1:5ML", "1M NM")
    assert "1M+NM" in options
    assert play(state, "1M+NM").view(None)["season"][-1]["level"] == 4


def test_two_crowns_are_neither_a_caravan_nor_a_bandit(refused):
    state, options = answer("1:5ML", "NV NK")
    assert "NK+NV" not in options and "NV+NK" not in options
    assert refused(state, 0, "NV+NK").key == "not_a_combination"


def test_a_caravan_needs_at_least_one_number_card():
    options = leads("1M NM 5ML")
    assert len(options) == 8
    assert all("5ML" in action for action in options)


def test_wilds_stand_for_ranks_two_to_nine_only_by_default(refused):
    assert leads("9MS NM") == ["9MS", "9MS+NM@9"]
    assert leads("1M 2MK") == ["1M+2MK@3", "2MK"]
    assert refused(position(("9MS NM", "2VL")), 0, "9MS+NM@10").key == "bad_top"


def test_the_one_to_ten_option_lets_either_wild_stand_for_rank_one_or_ten():
    assert leads("9MS NM", "1-10") == ["9MS", "9MS+NM@10", "9MS+NM@9"]
    assert leads("1M 9MS", "1-10") == ["1M+9MS@10", "1M+9MS@9", "9MS"]
    assert leads("2MK NM", "1-10") == ["2MK", "2MK+NM@2", "2MK+NM@3"]


def test_runs_do_not_wrap_around_from_crown_to_ace(refused):
    state = position(("1M 2MK 9MS NM", "2VL"), wild_ranks="1-10")
    assert not [a for a in state.legal_actions(0) if a.count("+") == 3]
    for top in (2, 10):
        refused(state, 0, f"1M+2MK+9MS+NM@{top}")


def test_a_wild_must_carry_the_suit_shared_by_the_whole_run(refused):
    state = position(("1V 2MK", "2VL"))
    assert state.legal_actions(0) == ["2MK"]
    assert refused(state, 0, "1V+2MK@3").key == "not_a_combination"


def test_a_wild_may_stand_in_for_a_number_card_that_is_held_back():
    assert "1M+6MV@6" in leads("1M 5ML 6MV")


@pytest.mark.parametrize("cards", ["2MK+2SY", "2MK+3LY", "8MS+9MS+2MK"])
def test_equal_ranks_and_sequences_without_a_common_suit_are_no_caravan(refused, cards):
    state = position(("2MK 2SY 3LY 8MS 9MS", "2VL"))
    assert refused(state, 0, cards).key == "not_a_combination"


def test_a_caravan_must_be_answered_by_one_of_the_same_length(refused):
    state, options = answer("1:5ML", "6MV 7ML")
    assert options == ["6MV", "7ML", "pass"]
    assert refused(state, 0, "6MV+7ML").key == "same_length"


def test_an_equal_top_rank_does_not_beat_a_caravan(refused):
    state, options = answer("1:2MK+3MV", "2SY 3SK")
    assert options == ["pass"]
    assert refused(state, 0, "2SY+3SK").key == "higher_top"


def test_the_declared_top_rank_is_what_a_wild_caravan_is_compared_by(refused, play):
    state, options = answer("1:6LK+7ML", "1K 7SK")
    assert options == ["1K", "1K+7SK@8", "pass"]
    assert refused(state, 0, "1K+7SK@7").key == "higher_top"
    assert play(state, "1K+7SK@8").view(None)["season"][-1]["top"] == 8


def test_bandits_rise_from_lone_ace_to_lone_crown_to_mixed_pair_to_matched_pair(play):
    state = position(("1S 1V NS 2VL", "NK 1M NM 3SK"), season="1:5ML")
    play(state, "1S", "NK", "1V+NS", "1M+NM")
    assert [p["level"] for p in state.view(None)["season"]] == [0, 1, 2, 3, 4]
    assert state.legal_actions(0) == ["pass"]


def test_any_bandit_beats_any_caravan_whatever_its_length(play):
    state, options = answer("1:2MK+3MV+4MS+5ML", "1Y 6SY")
    assert options == ["1Y", "pass"]
    assert play(state, "1Y").view(None)["season"][-1]["kind"] == "bandit"


@pytest.mark.parametrize(
    "season, hand, bandit",
    [
        ("0:5ML 1:NS", "1K 6MV", "1K"),
        ("0:5ML 1:1S+NK", "1V+NL 6MV", "1V+NL"),
    ],
)
def test_a_bandit_is_answered_only_by_a_strictly_higher_bandit(refused, season, hand, bandit):
    state = position((hand.replace("+", " "), "2VL"), season=season)
    assert state.legal_actions(0) == ["pass"]
    assert refused(state, 0, bandit).key == "beat_bandit"


def test_a_lone_crown_cannot_answer_a_lone_crown(refused):
    state = position(("NK 6MV", "2VL"), season="0:5ML 1:NS", turn=0)
    assert refused(state, 0, "NK").key == "beat_bandit"


def test_no_caravan_may_follow_a_bandit(refused):
    state = position(("6MV 7ML", "2VL"), season="0:5ML 1:1S")
    assert state.legal_actions(0) == ["pass"]
    assert refused(state, 0, "6MV").key == "beat_bandit"


@pytest.mark.parametrize("cards", ["1M+1S", "NM+NS", "1M+1S+NK"])
def test_two_aces_two_crowns_or_three_wilds_are_no_bandit(refused, cards):
    state = position(("1M 1S NM NS NK", "2VL"), season="1:5ML")
    assert refused(state, 0, cards).key == "not_a_combination"


@pytest.mark.parametrize("ranks", [(2, 9), (1, 10)])
def test_the_caravans_of_part_of_a_hand_are_the_hands_caravans_among_those_cards(ranks):
    # The bots rely on it: what a hand's part can make is one list for the whole deck.
    rng = random.Random(7)
    codes = [card.code for card in DECK]
    for _ in range(300):
        hand = rng.sample(codes, rng.randint(1, 20))
        part = set(rng.sample(hand, rng.randint(0, len(hand))))
        within = {c.notation for c in hand_caravans(hand, ranks) if set(c.cards) <= part}
        assert within == {c.notation for c in hand_caravans(sorted(part), ranks)}


def test_every_caravan_of_the_deck_is_read_by_the_rules_as_listed():
    for combo in hand_caravans([card.code for card in DECK], (2, 9)):
        assert read_play(combo.notation, (2, 9)) == combo
