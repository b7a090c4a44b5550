"""D1, D2, §4: the components, the table options and the start of a game."""

from __future__ import annotations

import re
from collections import Counter

import pytest

from core.games.offseason import OffSeasonRules
from core.games.offseason.cards import (
    AUCTIONS,
    CARDS,
    CODE_OF,
    FACES,
    SPECIALS,
    STANDARD,
    TILES,
    TYPES,
)

RULES = OffSeasonRules()


def test_the_rules_describe_themselves():
    assert (RULES.id, RULES.title) == ("offseason", "Camel Up Off Season")
    assert (RULES.min_players, RULES.max_players) == (2, 5)


def test_the_deck_has_127_goods_cards_in_four_types_with_the_designed_attributes():
    by_type = Counter(card.type for card in CARDS)
    assert by_type == {"dates": 32, "carpets": 30, "vases": 33, "fruit": 32}
    codes = Counter(CODE_OF)
    assert [codes[c] for c in ("D1", "D2", "D3", "D4")] == [10, 10, 8, 4]
    assert sum(FACES[c].dates * codes[c] for c in codes if FACES[c].type == "dates") == 70
    assert [codes["C" + c] for c in "RBGYPW"] == [5] * 6
    assert [codes[c] for c in ("VA", "VJ", "VB", "VAJ", "VAB", "VJB")] == [8, 8, 8, 3, 3, 3]
    assert [codes[c] for c in ("F1", "F2", "F3", "F4")] == [10, 9, 8, 5]


def test_each_special_auction_is_on_the_back_of_one_card_of_each_goods_type():
    backs = Counter(card.back for card in CARDS)
    assert backs[STANDARD] == 107 and set(backs) == set(AUCTIONS)
    for special in SPECIALS:
        assert sorted(c.type for c in CARDS if c.back == special) == sorted(TYPES)


def test_the_six_market_tiles_have_the_designed_sides():
    sides = {t: [(s.name, s.colour, s.up, s.down, s.power) for s in TILES[t]] for t in TILES}
    assert sides == {
        1: [("A", "blue", 2, 0, "purse2"), ("B", "orange", 1, 2, "token")],
        2: [("A", "blue", 2, 1, "token"), ("B", "orange", 2, 1, "supply")],
        3: [("A", "blue", 1, 2, "sort"), ("B", "orange", 2, 0, "quick_sale")],
        4: [("A", "blue", 3, 0, "unload"), ("B", "orange", 0, 3, "purse3")],
        5: [("A", "blue", 2, 2, "rearrange"), ("B", "orange", 2, 1, "sort")],
        6: [("A", "blue", 1, 1, "quick_sale"), ("B", "orange", 3, 1, "unload")],
    }


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_every_seat_starts_with_five_coins_and_four_empty_camels_of_capacity_3_to_6(players):
    state = RULES.new_game(players, 11)
    assert state.coins == [5] * players and state.tokens == [0] * players
    for caravan in state.view(None)["caravans"]:
        camels = caravan["camels"]
        assert [(c["camel"], c["capacity"], c["load"], c["token"]) for c in camels] == [
            (3, 3, 0, False),
            (4, 4, 0, False),
            (5, 5, 0, False),
            (6, 6, 0, False),
        ]


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_players_plus_one_markets_are_drawn_blue_side_up_and_filled_from_the_tower(players):
    tiles_seen = set()
    for seed in range(12):
        state = RULES.new_game(players, seed)
        view = state.view(None)
        assert len(view["markets"]) == players + 1
        tiles = [m["tile"] for m in view["markets"]]
        assert tiles == sorted(set(tiles))
        tiles_seen.update(tiles)
        dealt = 0
        for market in view["markets"]:
            side = TILES[market["tile"]][0]
            assert (market["side"], market["colour"], market["coins"]) == ("A", "blue", 0)
            assert len(market["face_up"]) == side.up and market["face_down"] == side.down
            assert market["chosen_by"] is None
            dealt += side.up + side.down
        total = 80 if players == 2 else 127
        assert view["tower"] == total - dealt and view["discard"] == 0
    if players < 5:
        assert len(tiles_seen) == 6  # drawn at random from the six


def test_the_fixed_tiles_option_puts_out_tiles_1_to_players_plus_one():
    state = RULES.new_game(4, 3, {"tiles": "fixed"})
    assert [m.tile for m in state.markets] == [1, 2, 3, 4, 5]


def test_the_first_marker_holder_is_drawn_at_random():
    holders = {RULES.new_game(4, seed).holder for seed in range(40)}
    assert holders == {0, 1, 2, 3}


def test_the_first_round_starts_with_the_auction_on_the_back_of_the_towers_top_card():
    for seed in range(30):
        state = RULES.new_game(3, seed)
        view = state.view(None)
        assert view["round"] == 1 and view["auction"]["type"] in AUCTIONS
        top = view["top_back"]
        assert view["auction"]["type"] == top or (
            top in ("rotation", "alms") and view["phase"] == "market"
        )


def test_two_players_play_with_an_80_card_tower_and_the_other_cards_left_out_unseen():
    state = RULES.new_game(2, 5)
    assert state.options["two_player_variant"] is True
    on_markets = sum(len(m.up) + len(m.down) for m in state.markets)
    assert len(state.markets) == 3
    assert len(state.tower) + on_markets == 80 and len(state.out) == 47
    view = state.view(0)
    assert view["out"] == 47 and "out_cards" not in view
    assert len(RULES.new_game(3, 5).out) == 0


def test_default_options_and_their_validation():
    assert RULES.default_options(2) == {
        "two_player_variant": True,
        "open_coins": False,
        "fruit_rule": "lowest_only",
        "tiles": "random",
    }
    assert RULES.default_options(4)["two_player_variant"] is False
    assert RULES.validate_options(3, {"open_coins": True})["open_coins"] is True
    assert RULES.validate_options(3, {"fruit_rule": "lowest_price"})["fruit_rule"] == (
        "lowest_price"
    )


@pytest.mark.parametrize(
    "players, options, words",
    [
        (1, None, "2 to 5 players"),
        (6, None, "2 to 5 players"),
        (2, {"two_player_variant": False}, "Two players always"),
        (3, {"two_player_variant": True}, "three to five players never"),
        (3, {"open_coins": "yes"}, "on (true) or off (false)"),
        (3, {"fruit_rule": "cheapest"}, "fruit rule"),
        (3, {"tiles": "mine"}, "'random'"),
        (3, {"solo": True}, "Unknown table option"),
        (3, ["open_coins"], "mapping"),
    ],
)
def test_bad_options_are_refused_with_a_readable_message(players, options, words):
    with pytest.raises(ValueError, match=re.escape(words)):
        RULES.new_game(players, 1, options)


def test_the_same_seed_deals_the_same_game_and_another_seed_another():
    first, again, other = (RULES.new_game(4, s) for s in (8, 8, 9))
    assert first.view(None) == again.view(None) and first.tower == again.tower
    assert first.tower != other.tower
