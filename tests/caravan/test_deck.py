"""D1 and D13: the 36-card basic Decktet and its card codes."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

import pytest

from core.games.caravan.cards import CARDS, DECK, NUMBER_CODES, SUITS, WILD_CODES


def test_the_basic_deck_has_six_aces_twenty_four_number_cards_and_six_crowns():
    ranks = Counter(card.rank for card in DECK)
    assert len(DECK) == len(CARDS) == 36
    assert ranks[1] == 6 and ranks[10] == 6
    assert all(ranks[rank] == 3 for rank in range(2, 10))


def test_every_suit_has_exactly_one_card_of_each_rank_from_ace_to_crown():
    for suit in SUITS:
        assert sorted(card.rank for card in DECK if suit in card.suits) == list(range(1, 11))


def test_number_cards_carry_two_suits_and_aces_and_crowns_one():
    for card in DECK:
        assert len(card.suits) == (1 if card.rank in (1, 10) else 2)


def test_only_aces_and_crowns_are_wild():
    assert sorted(WILD_CODES) == sorted(c.code for c in DECK if c.rank in (1, 10))
    assert len(WILD_CODES) == 12 and len(NUMBER_CODES) == 24
    assert all(CARDS[code].is_wild for code in WILD_CODES)
    assert not any(CARDS[code].is_wild for code in NUMBER_CODES)


def test_a_code_is_the_rank_then_the_suit_letters_in_canonical_order():
    for card in DECK:
        rank = {1: "1", 10: "N"}.get(card.rank, str(card.rank))
        assert card.code == rank + "".join(card.suits)
        assert list(card.suits) == sorted(card.suits, key=SUITS.index)


@pytest.mark.parametrize(
    "code, name, rank, suits",
    [
        ("1M", "Ace of Moons", 1, ("M",)),
        ("2MK", "The Author", 2, ("M", "K")),
        ("3LY", "The Savage", 3, ("L", "Y")),
        ("7SK", "The Castle", 7, ("S", "K")),
        ("9MS", "The Pact", 9, ("M", "S")),
        ("NL", "The End", 10, ("L",)),
        ("NV", "The Sea", 10, ("V",)),
        ("NK", "The Windfall", 10, ("K",)),
    ],
)
def test_card_codes_name_the_cards_of_the_decktet(code, name, rank, suits):
    card = CARDS[code]
    assert (card.name, card.rank, card.suits) == (name, rank, suits)


def test_the_savage_is_the_only_leaves_and_wyrms_card():
    assert [c.code for c in DECK if set(c.suits) == {"L", "Y"}] == ["3LY"]


def test_moons_and_suns_meet_at_ranks_four_eight_and_nine():
    assert [c.rank for c in DECK if set(c.suits) == {"M", "S"}] == [4, 8, 9]


def test_twelve_of_the_fifteen_suit_pairs_occur_on_a_number_card():
    pairs = {frozenset(c.suits) for c in DECK if len(c.suits) == 2}
    missing = {frozenset(pair) for pair in combinations(SUITS, 2)} - pairs
    assert len(pairs) == 12
    assert missing == {frozenset("MY"), frozenset("SL"), frozenset("VK")}
