"""D5, §5.2-5.3: choosing markets, their powers, loading camels and collapses."""

from __future__ import annotations

from core.games.offseason.position import position

MARKETS = {1: "D3 D4", 2: "CR / CB", 3: "VA / F1 F2", 4: "F1 F1 F2"}


def market_phase(caravans=None, markets=None, **more):
    return position(3, caravans=caravans, markets=markets or dict(MARKETS), start="market", **more)


# ------------------------------------------------------------------ choosing


def test_from_the_holder_each_player_clockwise_chooses_a_market_not_yet_chosen(play, refused):
    state = market_phase(holder=1)
    assert state.to_move() == {1}
    assert state.legal_actions(1) == ["market 1", "market 2", "market 3", "market 4"]
    play(state, "market 4", "load fruit 3")  # tile 4, side A: Unload, nothing to unload
    assert state.view(None)["markets"][3]["chosen_by"] == 1
    assert state.to_move() == {2}
    assert state.legal_actions(2) == ["market 1", "market 2", "market 3"]
    err = refused(state, "market 4")
    assert err.key == "offseason.market_taken" and err.params["market"] == 4
    assert refused(state, "market 6").key == "offseason.no_such_market"
    assert refused(state, "load dates 3").key == "offseason.not_now"


def test_choosing_a_market_takes_its_coins_even_when_its_power_is_not_used(play):
    state = market_phase(market_coins={2: 3}, coins=[1, 5, 5])
    play(state, "market 2")
    assert state.coins[0] == 4 and state.view(None)["markets"][1]["coins"] == 0
    play(state, "skip")
    assert state.coins[0] == 4


def test_a_market_without_goods_may_still_be_chosen(play):
    state = market_phase(markets={1: "", 2: "CR", 3: "VA", 4: "F1"}, market_coins={1: 2})
    play(state, "market 1", "purse")
    assert state.coins[0] == 9 and state.to_move() == {1}


# ------------------------------------------------------------------ powers


def test_purse_plus_two_takes_two_coins_from_the_bank(play):
    state = play(market_phase(), "market 1")
    assert state.legal_actions(0) == ["purse", "skip"]
    play(state, "purse")
    assert state.coins[0] == 7


def test_purse_plus_three_is_on_the_orange_side_of_tile_4(play):
    state = play(market_phase(sides={4: "B"}, markets={**MARKETS, 4: "/ F1 F1 F2"}), "market 4")
    assert state.legal_actions(0) == ["purse", "skip"]
    play(state, "purse")
    assert state.coins[0] == 8


def test_powers_are_optional(play):
    state = play(market_phase(), "market 1", "skip")
    assert state.coins[0] == 5 and state.tokens[0] == 0


def test_the_plus_one_power_gives_a_token_to_use_when_loading(play):
    state = play(market_phase(markets={**MARKETS, 2: "D1 / D2"}), "market 2")
    assert state.legal_actions(0) == ["skip", "token"]
    play(state, "token")
    assert state.tokens[0] == 1
    # The dates need a camel; the token may then go on a loaded camel.
    play(state, "load dates 3")
    assert state.legal_actions(0) == ["saddle 3", "skip"]
    play(state, "saddle 3")
    view = state.view(None)["caravans"][0]
    assert view["tokens"] == 0 and view["camels"][0]["capacity"] == 4


def test_a_token_saves_a_camel_one_card_over_its_capacity(play, camels):
    state = market_phase(
        caravans=["3: D1 D1 D2", "", ""], tokens=[1, 0, 0], markets={**MARKETS, 4: "D3"}
    )
    play(state, "market 4")  # Unload power offered: the dates camel is loaded
    play(state, "skip")
    assert state.legal_actions(0) == ["saddle 3", "skip"]
    play(state, "saddle 3")
    assert camels(state, 0) == {3: ["D1", "D1", "D2", "D3"]}
    assert state.saddled[0] == [True, False, False, False]


def test_without_a_token_a_camel_over_its_capacity_collapses_into_the_discard(play, camels, events):
    state = market_phase(caravans=["3: D1 D1 D2", "", ""], markets={**MARKETS, 4: "D3"})
    play(state, "market 4", "skip")
    assert camels(state, 0) == {}
    assert events(state, "collapse") == [
        {"round": 1, "event": "collapse", "seat": 0, "camel": 3, "cards": ["D1", "D1", "D2", "D3"]}
    ]
    assert state.view(None)["discard"] == 4


def test_a_camel_loaded_exactly_to_capacity_does_not_collapse(play, camels):
    state = market_phase(caravans=["4: D1 D1", "", ""], markets={**MARKETS, 1: "D3 D4"})
    play(state, "market 1", "skip")
    assert camels(state, 0) == {4: ["D1", "D1", "D3", "D4"]}


def test_the_token_leaves_a_camel_when_it_is_emptied(play, camels):
    state = market_phase(
        caravans=["3+: F1 F1", "", ""], sides={3: "B"}, markets={**MARKETS, 3: "CR CB"}
    )
    play(state, "market 3")  # Quick sale
    play(state, "sell F1+F1")
    assert state.coins[0] == 7 and state.saddled[0] == [False] * 4


def test_a_camel_takes_at_most_one_token_and_only_when_loaded(play, refused):
    state = market_phase(
        caravans=["3+: F1 F1", "", ""], tokens=[2, 0, 0], markets={**MARKETS, 1: "D1"}
    )
    play(state, "market 1", "skip", "load dates 4")
    assert state.legal_actions(0) == ["saddle 4", "skip"]
    assert refused(state, "saddle 3").key == "offseason.already_saddled"
    assert refused(state, "saddle 5").key == "offseason.saddle_empty"
    assert refused(state, "saddle 7").key == "offseason.no_such_camel"
    play(state, "skip")
    assert state.tokens[0] == 2 and state.to_move() == {1}


def test_supply_draws_two_goods_from_the_tower_and_takes_them_with_the_market(play, camels):
    state = market_phase(
        sides={2: "B"}, markets={**MARKETS, 2: "CR CB / CG"}, tower="F3 CW", rest="out"
    )
    play(state, "market 2")
    assert state.legal_actions(0) == ["skip", "supply"]
    play(state, "supply")
    assert state.legal_actions(0) == [
        "load carpets 3", "load carpets 4", "load carpets 5", "load carpets 6",
        "load fruit 3", "load fruit 4", "load fruit 5", "load fruit 6",
    ]  # fmt: skip
    play(state, "load carpets 6", "load fruit 3")
    assert camels(state, 0) == {3: ["F3"], 6: ["CR", "CB", "CW", "CG"]}
    assert state.view(None)["tower"] == 0


def test_supply_from_a_short_tower_shuffles_the_discard_in_and_triggers_the_end(play, events):
    state = market_phase(
        sides={2: "B"}, markets={**MARKETS, 2: "CR"}, tower="F3", discard="D1 D1", rest="out"
    )
    play(state, "market 2", "supply")
    assert [e["event"] for e in state.last["events"]][:4] == [
        "end_triggered", "reshuffle", "power", "take",
    ]  # fmt: skip
    assert events(state, "power")[0]["cards"] == ["F3", "D1"]
    view = state.view(None)
    assert view["end_triggered"] and state.last_round == 2
    assert view["tower"] == 1 and view["discard"] == 0


def test_sort_turns_the_face_down_goods_up_and_may_discard_one_of_them(play, refused, camels):
    state = market_phase(markets={**MARKETS, 3: "VA / D4 VB"})
    play(state, "market 3")
    assert state.legal_actions(0) == ["skip", "sort"]
    play(state, "sort")
    market = state.view(None)["markets"][2]
    assert market["face_up"] == ["VA", "D4", "VB"] and market["face_down"] == 0
    assert state.legal_actions(0) == ["discard D4", "discard VA", "discard VB", "skip"]
    assert refused(state, "discard F1").key == "offseason.not_in_market"
    play(state, "discard VB", "load dates 3", "load vases 4")
    assert camels(state, 0) == {3: ["D4"], 4: ["VA"]}
    assert state.view(None)["discarded"] == {"VB": 1}


def test_sort_may_be_used_without_discarding(play):
    state = play(market_phase(markets={**MARKETS, 3: "VA / VB"}), "market 3", "sort", "skip")
    assert state.view(None)["discard"] == 0
    assert state.legal_actions(0) == [
        "load vases 3",
        "load vases 4",
        "load vases 5",
        "load vases 6",
    ]


def test_quick_sale_sells_a_lot_before_the_goods_arrive(play, camels):
    state = market_phase(
        caravans=["3: D4 D4 D3", "", ""], markets={**MARKETS, 3: "D1 D1"}, sides={3: "B"}
    )
    play(state, "market 3")
    assert state.legal_actions(0) == [
        "sell D3", "sell D3+D4", "sell D3+D4+D4", "sell D4", "sell D4+D4", "skip",
    ]  # fmt: skip
    play(state, "sell D4+D4")  # 8 dates: 7 coins
    assert state.coins[0] == 5 + 7 and camels(state, 0) == {3: ["D3", "D1", "D1"]}


def test_quick_sale_is_on_side_a_of_tile_6_too_and_refuses_an_illegal_lot(play, refused):
    state = position(
        3,
        caravans=["5: CR CR CB", "", ""],
        markets={3: "", 4: "", 5: "", 6: "D1"},
        start="market",
    )
    play(state, "market 6")
    assert refused(state, "sell CR+CR").key == "offseason.carpet_colours"
    assert refused(state, "sell VA").key == "offseason.not_carried"
    assert refused(state, "purse").key == "offseason.wrong_power"
    play(state, "sell CR+CB")
    assert state.coins[0] == 8


def test_unload_discards_the_whole_load_of_one_camel(play, camels):
    state = market_phase(caravans=["3: D1 D1 D1 | 6: F1", "", ""])
    play(state, "market 4")
    assert state.legal_actions(0) == ["skip", "unload 3", "unload 6"]
    play(state, "unload 6")
    assert camels(state, 0) == {3: ["D1", "D1", "D1"]} and state.step == "load"
    assert state.view(None)["discarded"] == {"F1": 1}


def test_unload_makes_room_so_goods_arriving_after_it_do_not_collapse(play, camels):
    state = market_phase(caravans=["3: F1 F1 F1", "", ""])
    play(state, "market 4", "unload 3")
    assert state.step == "load"  # the fruit is a new type again
    play(state, "load fruit 3")
    assert camels(state, 0) == {3: ["F1", "F1", "F2"]}


def test_rearrange_swaps_two_loads_and_the_token_moves_with_its_load(play, camels, refused, events):
    state = position(
        3,
        caravans=["3: D1 D1 D1 | 4: VA | 5+: CR CB CG CY CP CW", "", ""],
        markets={3: "", 4: "", 5: "D1", 6: ""},
        start="market",
    )
    play(state, "market 5")
    # Six carpets fit on camel 6, or on camel 5 with its token, nowhere else.
    assert state.legal_actions(0) == ["skip", "swap 3 4", "swap 3 6", "swap 4 6", "swap 5 6"]
    err = refused(state, "swap 4 3", code="notation")
    assert "'swap 3 4'" in err.message
    play(state, "swap 5 6")
    assert camels(state, 0)[6] == ["CR", "CB", "CG", "CY", "CP", "CW"]
    assert state.saddled[0] == [False, False, False, True]
    assert 3 not in camels(state, 0)  # the fourth date was too much for camel 3
    assert events(state, "collapse")[0]["cards"] == ["D1", "D1", "D1", "D1"]


def test_rearrange_may_not_put_a_load_on_a_camel_too_small_for_it(play, refused):
    state = position(
        3,
        caravans=["3: VA | 6: D1 D1 D1 D1 D1", "", ""],
        markets={3: "", 4: "", 5: "", 6: ""},
        start="market",
    )
    play(state, "market 5")
    assert "swap 3 6" not in state.legal_actions(0)
    err = refused(state, "swap 3 6")
    assert err.key == "offseason.swap_overload"
    assert refused(state, "swap 4 5").key == "offseason.swap_empty"
    assert refused(state, "unload 3").key == "offseason.wrong_power"
    play(state, "swap 5 6")  # the dates move onto the empty camel 5
    assert state.camels[0][2] and not state.camels[0][3]


def test_a_power_with_nothing_to_act_on_is_skipped_automatically(play):
    state = play(market_phase(), "market 4")  # Unload, but every camel is empty
    assert state.last["auto"][0] == "skip"
    assert state.to_move() == {0} and state.step == "load"


# ------------------------------------------------------------------ loading


def test_goods_of_a_type_already_carried_join_its_camel_automatically(play, camels):
    state = market_phase(caravans=["5: F3", "", ""])
    play(state, "market 4", "skip")
    assert camels(state, 0) == {5: ["F3", "F1", "F1", "F2"]} and state.to_move() == {1}


def test_new_types_go_to_empty_camels_of_the_players_choice_one_type_each(play, refused, camels):
    state = market_phase(caravans=["4: D1 | 6: CR", "", ""], markets={**MARKETS, 3: "VA / F1 D2"})
    play(state, "market 3", "skip")
    assert camels(state, 0)[4] == ["D1", "D2"]
    assert state.legal_actions(0) == [
        "load fruit 3", "load fruit 5", "load vases 3", "load vases 5",
    ]  # fmt: skip
    assert refused(state, "load vases 6").key == "offseason.camel_busy"
    assert refused(state, "load dates 3").key == "offseason.type_on_other_camel"
    assert refused(state, "load carpets 3").key == "offseason.type_on_other_camel"
    assert refused(state, "load carpets 5", seat=0).key == "offseason.type_on_other_camel"
    play(state, "load vases 3")
    assert state.last["auto"] == ["load fruit 5"]
    assert camels(state, 0) == {3: ["VA"], 4: ["D1", "D2"], 5: ["F1"], 6: ["CR"]}


def test_loading_a_type_that_is_not_waiting_is_refused(play, refused):
    state = play(market_phase(markets={**MARKETS, 3: "VA / F1 F2"}), "market 3", "skip")
    assert refused(state, "load dates 3").key == "offseason.nothing_to_load"
    assert refused(state, "load vases 9").key == "offseason.no_such_camel"


def test_only_camels_that_received_goods_can_collapse(play, camels):
    state = market_phase(caravans=["3+: D1 D1 D1 D1", "", ""], markets={**MARKETS, 4: "F1"})
    play(state, "market 4", "skip", "load fruit 4")
    assert camels(state, 0) == {3: ["D1", "D1", "D1", "D1"], 4: ["F1"]}


def test_face_down_goods_are_revealed_when_taken(play):
    state = market_phase(markets={**MARKETS, 2: "CR / CB"})
    assert state.view(1)["markets"][1]["face_down"] == 1
    assert "CB" not in state.view(1)["markets"][1]["face_up"]
    play(state, "market 2", "skip", "load carpets 4")
    assert state.view(1)["caravans"][0]["camels"][1]["cards"] == ["CR", "CB"]
    taken = [e for e in state.view(1)["log"] if e["event"] == "take"]
    assert taken == [{"round": 1, "event": "take", "seat": 0, "market": 2, "cards": ["CR", "CB"]}]


def test_after_the_last_market_turn_the_sale_phase_starts_with_the_holder(play):
    state = market_phase(holder=2)
    play(state, "market 1", "skip")  # seat 2
    play(state, "load dates 4")
    assert state.to_move() == {0}
    play(state, "market 2", "skip", "load carpets 3")
    play(state, "market 3", "skip", "load vases 3", "load fruit 4")
    view = state.view(None)
    assert view["phase"] == "sale" and view["current"] == 2
    assert [m["chosen_by"] for m in view["markets"]] == [2, 0, 1, None]


def test_every_side_offers_its_own_power_once_a_market_is_chosen(play):
    expected = {
        (1, "A"): ["purse", "skip"],
        (1, "B"): ["skip", "token"],
        (2, "A"): ["skip", "token"],
        (2, "B"): ["skip", "supply"],
        (3, "A"): ["skip", "sort"],
        (3, "B"): ["sell D1", "skip"],
        (4, "A"): ["skip", "unload 3"],
        (4, "B"): ["purse", "skip"],
        (5, "A"): ["skip", "swap 3 4", "swap 3 5", "swap 3 6"],
        (5, "B"): ["skip", "sort"],
        (6, "A"): ["sell D1", "skip"],
        (6, "B"): ["skip", "unload 3"],
    }
    for (tile, side), actions in expected.items():
        others = [t for t in range(1, 7) if t != tile][:3]
        state = position(
            3,
            caravans=["3: D1", "", ""],
            markets={tile: "CR", **{t: "" for t in others}},
            sides={tile: side},
            start="market",
        )
        play(state, f"market {tile}")
        assert state.legal_actions(0) == actions, (tile, side)


def test_a_power_that_could_do_nothing_is_skipped_for_you(play):
    cases = [
        (3, "B", ""),  # Quick sale with nothing to sell
        (5, "A", ""),  # Rearrange with every camel empty
        (3, "A", ""),  # Sort on an empty market
        (2, "B", ""),  # Supply with no card in the Tower or the discard pile
    ]
    for tile, side, goods in cases:
        others = [t for t in range(1, 7) if t != tile][:3]
        state = position(
            3,
            markets={tile: goods, **{t: "" for t in others}},
            sides={tile: side},
            rest="out",
            start="market",
        )
        play(state, f"market {tile}")
        assert state.last["auto"] == ["skip"] and state.to_move() == {1}, (tile, side)


def test_a_camel_shows_its_room_and_the_markets_that_would_surely_collapse_it(play):
    state = market_phase(
        caravans=["3: D1 D2 | 5+: F1 F2", "", ""],
        markets={1: "D3 D4", 2: "D1", 3: "F1 F1 / F3", 4: "F1 F1 F2"},
    )
    camels = state.view(1)["caravans"][0]["camels"]
    assert [(c["camel"], c["capacity"], c["room"], c["full"]) for c in camels] == [
        (3, 3, 1, False), (4, 4, 4, False), (5, 6, 4, False), (6, 6, 6, False),
    ]  # fmt: skip
    assert [c["danger"] for c in camels] == [[1], [], [], []]
    play(state, "market 2", "skip")  # D1 joins camel 3: full
    assert state.view(1)["caravans"][0]["camels"][0]["full"] is True


def test_the_turn_shows_the_chosen_market_and_the_goods_waiting_for_a_camel(play):
    state = play(market_phase(markets={**MARKETS, 3: "VA / F1 D2"}), "market 3", "skip")
    assert state.view(2)["turn"] == {
        "seat": 0,
        "market": 3,
        "power": "sort",
        "pending": {"vases": ["VA"], "fruit": ["F1"], "dates": ["D2"]},
        "received": [],
    }
