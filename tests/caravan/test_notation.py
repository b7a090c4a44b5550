"""D13: play notation, its round trips, and legal actions against a brute-force count."""

from __future__ import annotations

import random
from itertools import combinations
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from core.games.caravan import CaravanRules
from core.games.caravan.cards import CARDS, DECK, SUITS
from core.games.caravan.position import position

ORDER = {card.code: i for i, card in enumerate(DECK)}


def test_every_legal_action_applies_on_a_clone_and_is_recorded_as_written(playout):
    recorded = 0
    for seed in range(12):
        options = {"hands": 1, "wild_ranks": ("2-9", "1-10")[seed % 2]}
        for state in playout(seed, options):
            for seat in state.to_move():
                for action in state.legal_actions(seat):
                    trial = state.clone()
                    trial.apply(seat, action)
                    season = trial.view(None)["season"]
                    if season and season[-1]["seat"] == seat:
                        assert season[-1]["action"] == action
                        recorded += 1
    assert recorded > 1000


def test_legal_actions_are_sorted_and_distinct(playout):
    for state in playout(5):
        for seat in state.to_move():
            actions = state.legal_actions(seat)
            assert actions == sorted(set(actions))


@pytest.mark.parametrize(
    "action",
    ["", " ", "2mk", "2MK ", "2MK+", "+2MK", "2MK++3MV", "2MK 3MV", "ZZ", "2MK+2MK", "PASS",
     "@8", "1K+7SK@x", "1K+7SK@-8", "1K+7SK@8@8", "1K+7SK@\u00b2", "1K+7SK@", None, 7, ["2MK"]],
)  # fmt: skip
def test_garbled_notation_is_refused_as_notation(refused, action):
    state = position(("1K 2MK 3MV 7SK", "5ML"))
    refused(state, 0, action, code="notation")


def test_a_caravan_with_a_wild_must_declare_its_top_rank(refused):
    state = position(("1K 7SK", "5ML"))
    assert refused(state, 0, "1K+7SK", code="notation").key == "top_needed"


def test_a_bandit_declares_no_top_rank(refused):
    state = position(("1K 7SK", "2VL"), season="1:5ML")
    assert refused(state, 0, "1K@1", code="notation").key == "bandit_has_no_top"


def test_a_caravan_without_wilds_cannot_declare_another_top_rank(refused):
    state = position(("2MK 3MV", "5ML"))
    assert refused(state, 0, "2MK+3MV@4").key == "bad_top"


def test_a_card_that_is_not_in_hand_cannot_be_played(refused):
    state = position(("2MK 3MV", "5ML"))
    assert refused(state, 0, "5ML").key == "not_in_hand"


# ---------------------------------------------------------------- brute force


def readings(cards: tuple[str, ...], low: int, high: int) -> set[tuple[str, str, int, int]]:
    """(notation, kind, length or level, top) of every way to read these cards."""
    wilds = [CARDS[c] for c in cards if CARDS[c].is_wild]
    ranks = [CARDS[c].rank for c in cards if not CARDS[c].is_wild]
    text = "+".join(sorted(cards, key=ORDER.__getitem__))
    if not ranks:
        kinds = sorted(w.rank for w in wilds)
        if len(wilds) == 1:
            return {(text, "bandit", 1 if kinds == [1] else 2, 0)}
        if kinds == [1, 10]:
            return {(text, "bandit", 4 if wilds[0].suit == wilds[1].suit else 3, 0)}
        return set()
    if len(cards) == 1:
        return {(text, "caravan", 1, ranks[0])}
    found = set()
    for suit in SUITS:
        if not all(suit in CARDS[c].suits for c in cards) or len(set(ranks)) < len(ranks):
            continue
        for top in range(low + len(cards) - 1, high + 1):
            if all(top - len(cards) < rank <= top for rank in ranks):
                found.add((text + (f"@{top}" if wilds else ""), "caravan", len(cards), top))
    return found


def brute_force(hand: list[str], season: list[dict[str, Any]], wild_ranks: str) -> list[str]:
    """Every legal action, from every subset of the hand that could be a combination.

    Two or more cards of a caravan share a suit, so larger subsets are drawn from
    the cards of one suit; bandits and single caravans are the subsets of one or two.
    """
    low, high = (1, 10) if wild_ranks == "1-10" else (2, 9)
    subsets = {s for size in (1, 2) for s in combinations(hand, size)}
    for suit in SUITS:
        cards = [c for c in hand if suit in CARDS[c].suits]
        subsets |= {s for size in range(3, len(cards) + 1) for s in combinations(cards, size)}
    options = {r for s in subsets for r in readings(s, low, high)}
    if not season:
        return sorted(text for text, kind, _, _ in options if kind == "caravan")
    last = season[-1]
    if last["kind"] == "bandit":
        beat = {t for t, kind, level, _ in options if kind == "bandit" and level > last["level"]}
    else:
        beat = {
            t
            for t, kind, length, top in options
            if kind == "bandit" or (length == last["length"] and top > last["top"])
        }
    return sorted(beat | {"pass"})


def assert_matches_brute_force(state) -> None:
    for seat in state.to_move():
        view = state.view(seat)
        assert state.legal_actions(seat) == brute_force(
            view["hand"], view["season"], view["wild_ranks"]
        )


@settings(max_examples=150, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    steps=st.integers(0, 80),
    wild_ranks=st.sampled_from(["2-9", "1-10"]),
)
def test_legal_actions_of_reached_positions_equal_a_brute_force_enumeration(
    seed, steps, wild_ranks
):
    state = CaravanRules().new_game(2, seed, {"hands": 2, "wild_ranks": wild_ranks})
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_over():
            break
        (seat,) = state.to_move()
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    assert_matches_brute_force(state)


@settings(max_examples=150, deadline=None)
@given(data=st.data())
def test_legal_actions_of_random_hands_equal_a_brute_force_enumeration(data):
    pool = data.draw(st.permutations([code for code in CARDS if code not in ("NM", "1S")]))
    sizes = data.draw(st.tuples(st.integers(1, 15), st.integers(1, 15)))
    hands = (" ".join(pool[: sizes[0]]), " ".join(pool[sizes[0] : sum(sizes)]))
    state = position(hands, wild_ranks=data.draw(st.sampled_from(["2-9", "1-10"])))
    for _ in range(data.draw(st.integers(0, 4))):
        (seat,) = state.to_move()
        plays = [action for action in state.legal_actions(seat) if action != "pass"]
        if not plays or state.view(None)["phase"] == "final":
            break
        state.apply(seat, data.draw(st.sampled_from(plays)))
    assert_matches_brute_force(state)
