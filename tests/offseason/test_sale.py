"""D6, §5.4: the sale phase, one lot from one camel (one per camel in the last round)."""

from __future__ import annotations

import pytest

from core.games.offseason.position import position

CHOSEN = {1: 0, 2: 1, 3: 2}


def sale(caravans, holder=0, **more):
    return position(3, caravans=caravans, holder=holder, start="sale", chosen=CHOSEN, **more)


def test_clockwise_from_the_holder_each_player_may_sell_one_lot_from_one_camel(play, camels):
    state = sale(["3: D2 D3 | 5: CR CB", "6: F1 F1 F2", "4: VA"], holder=1)
    assert state.to_move() == {1}
    assert state.legal_actions(1) == ["pass", "sell F1", "sell F1+F1"]
    play(state, "sell F1+F1")
    assert state.coins == [5, 7, 5] and camels(state, 1) == {6: ["F2"]}
    assert state.to_move() == {2}
    play(state, "pass")
    assert state.to_move() == {0}
    assert state.legal_actions(0) == [
        "pass", "sell CB", "sell CR", "sell CR+CB", "sell D2", "sell D2+D3", "sell D3",
    ]  # fmt: skip
    play(state, "sell D2+D3")  # 5 dates: 4 coins
    assert state.coins == [9, 7, 5] and camels(state, 0) == {5: ["CR", "CB"]}
    view = state.view(None)
    assert view["round"] == 2 and view["phase"] in ("auction", "market")
    assert view["discarded"] == {"D2": 1, "D3": 1, "F1": 2}


def test_a_player_with_nothing_to_sell_passes_automatically(play):
    state = sale(["", "6: F1", ""], holder=0)
    assert state.to_move() == {1} and state.last is None
    assert [e["seat"] for e in state.log if e["event"] == "pass"] == [0]
    play(state, "sell F1")
    assert state.view(None)["round"] == 2


@pytest.mark.parametrize(
    "action, key",
    [
        ("sell CR+CR", "offseason.carpet_colours"),
        ("sell VA+VB", "offseason.vase_shape"),
        ("sell F3", "offseason.fruit_lowest"),
        ("sell D1", "offseason.not_carried"),
        ("sell VA+VA+VA", "offseason.not_on_camel"),
        ("sell CR+VA", "offseason.mixed_lot"),
        ("market 3", "offseason.not_now"),
        ("skip", "offseason.not_now"),
    ],
)
def test_a_lot_breaking_its_types_restriction_is_refused(refused, action, key):
    state = sale(["3: CR CR CB | 4: VA VB VAB | 6: F3 F2 F2", "", ""])
    assert refused(state, action).key == key


def test_with_the_lowest_price_reading_any_fruit_sells_at_the_lowest_value_in_the_lot(play):
    state = sale(["6: F3 F2 F4", "", ""], fruit_rule="lowest_price")
    assert "sell F2+F3+F4" in state.legal_actions(0) and "sell F4" in state.legal_actions(0)
    play(state, "sell F2+F3+F4")
    assert state.coins[0] == 5 + 6


def test_in_the_last_round_each_camel_may_sell_once(play, refused, camels):
    state = sale(["3: D4 D4 | 4: CR CB | 6: F1 F1 F2", "", ""], last_round=True)
    play(state, "sell D4")
    assert state.to_move() == {0} and state.view(0)["sold"] == [3]
    assert not any(a.startswith("sell D") for a in state.legal_actions(0))
    err = refused(state, "sell D4")
    assert err.key == "offseason.camel_sold" and err.params["camel"] == 3
    play(state, "sell CR+CB", "sell F1+F1")  # the F2 is left: one sale per camel
    assert state.is_over()
    assert state.coins == [5 + 3 + 3 + 2, 5, 5] and camels(state, 0) == {3: ["D4"], 6: ["F2"]}


def test_in_the_last_round_a_player_may_stop_selling_with_pass(play):
    state = sale(["3: D4 | 4: CR", "5: VA", ""], last_round=True)
    play(state, "sell D4", "pass")
    assert state.to_move() == {1}


def test_after_selling_from_every_loaded_camel_the_turn_ends_by_itself(play):
    state = sale(["3: D4", "5: VA", ""], last_round=True)
    play(state, "sell D4")
    assert state.to_move() == {1} and state.last["auto"] == ["pass"]


def test_the_quick_sale_is_extra_even_in_the_last_round(play):
    state = position(
        3,
        caravans=["3: D4 D4 D4", "", ""],
        markets={3: "", 4: "", 5: "", 6: ""},
        last_round=True,
        start="market",
    )
    play(state, "market 6", "sell D4")  # quick sale (tile 6, side A)
    assert state.coins[0] == 8
    play(state, "market 3")  # seat 1: Sort, but nothing to sort
    play(state, "market 4")  # seat 2: Unload, nothing to unload: the sale phase starts
    assert state.view(None)["phase"] == "sale" and state.to_move() == {0}
    play(state, "sell D4+D4")
    assert state.coins[0] == 8 + 7 and state.is_over()
