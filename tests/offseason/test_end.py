"""D6, D7, §5.5-5.6: end-of-round upkeep, the end trigger, the last round and the winner."""

from __future__ import annotations

from core.games.offseason.cards import BACK_OF
from core.games.offseason.position import position

CHOSEN = {1: 0, 2: 1, 4: 2}  # tile 3 is left unchosen


def round_over(**more):
    """A sale phase with nothing to sell: the round ends at once."""
    layout = {1: "", 2: "", 3: "VA / F1 F2", 4: ""}
    return position(3, markets=more.pop("markets", layout), chosen=CHOSEN, start="sale", **more)


def test_after_the_sales_the_unchosen_market_gets_a_coin_and_keeps_its_side_and_goods():
    state = round_over(market_coins={3: 2})
    market = state.view(None)["markets"][2]
    assert (market["tile"], market["side"], market["coins"]) == (3, "A", 3)
    assert (market["face_up"], market["face_down"]) == (["VA"], 2)
    assert [e["event"] for e in state.log][:4] == ["pass", "pass", "pass", "flip"]


def test_chosen_markets_flip_and_refill_from_the_tower_with_their_new_sides_counts():
    state = round_over(tower="D1 D2 D3 CR CB CG D4 F1 F2 F3")
    view = state.view(None)
    assert [(m["tile"], m["side"], m["colour"]) for m in view["markets"]] == [
        (1, "B", "orange"), (2, "B", "orange"), (3, "A", "blue"), (4, "B", "orange"),
    ]  # fmt: skip
    assert [view["markets"][i]["face_up"] for i in (0, 1, 3)] == [["D1"], ["CR", "CB"], []]
    assert [view["markets"][i]["face_down"] for i in (0, 1, 3)] == [2, 1, 3]
    assert view["round"] == 2 and view["top_back"] is not None
    assert view["tower"] == 127 - 3 - 9


def test_the_top_card_that_set_an_auction_is_drawn_like_any_other_at_the_refill():
    state = round_over(auction="once_around", tower="D2", rest="out")
    first = state.view(None)["markets"][0]
    assert (first["face_up"], first["face_down"]) == (["D1"], 1)
    assert BACK_OF[state.markets[0].up[0]] == "once_around"
    assert state.view(None)["auction"]["type"] == "standard"  # the Tower is empty now


def test_running_out_during_the_refill_shuffles_the_discard_in_and_the_next_round_is_last():
    state = round_over(tower="D1 D2", discard="CR CB CG CY CP CW F1", rest="out")
    view = state.view(None)
    assert view["end_triggered"] and state.last_round == 2 and view["last_round"]
    names = [e["event"] for e in state.log]
    assert names.index("end_triggered") < names.index("reshuffle")
    assert [m["face_down"] + len(m["face_up"]) for m in view["markets"]] == [3, 3, 3, 3]
    assert view["tower"] == 0 and view["discard"] == 0


def test_an_empty_tower_right_after_the_refill_also_triggers_the_end():
    state = round_over(tower="D1 D2 D3 D4 F1 F2 F3 F4 CR", discard="VA VB", rest="out")
    view = state.view(None)
    assert view["end_triggered"] and state.last_round == 2
    assert view["tower"] == 2 and view["top_back"] == "standard"


def test_with_tower_and_discard_both_exhausted_markets_are_filled_as_far_as_possible():
    state = round_over(tower="D1 D2", rest="out")
    view = state.view(None)
    assert view["end_triggered"] and state.last_round == 2
    assert [(m["face_up"], m["face_down"]) for m in view["markets"]] == [
        (["D1"], 1), ([], 0), (["VA"], 2), ([], 0),
    ]  # fmt: skip
    assert view["auction"]["type"] == "standard"


def test_the_end_is_triggered_once_and_the_round_that_triggers_it_still_has_its_upkeep(
    play, events
):
    state = position(
        3,
        sides={2: "B"},
        markets={1: "", 2: "CR", 3: "", 4: ""},
        tower="F3",
        discard="D1",
        rest="out",
        start="market",
    )
    play(state, "market 2", "supply")  # the Tower runs dry: the discard is shuffled in
    assert state.last_round == 2 and events(state, "end_triggered")
    play(state, "load carpets 3", "load dates 4", "load fruit 5")
    play(state, "market 1", "skip")  # seat 1
    play(state, "market 3")  # seat 2: Sort, nothing to sort; the sale phase follows
    play(state, "sell CR")  # the refill runs dry again: that changes nothing
    view = state.view(None)
    assert view["round"] == 2 and state.last_round == 2 and view["last_round"]
    assert view["markets"][3]["coins"] == 1  # upkeep after the triggering round
    assert sum(e["event"] == "end_triggered" for e in state.log) == 1


def test_the_game_ends_after_the_last_rounds_sales_without_upkeep_and_most_coins_wins(play):
    state = position(
        3,
        caravans=["3: D4", "", ""],
        coins=[9, 5, 7],
        chosen=CHOSEN,
        last_round=True,
        start="sale",
    )
    play(state, "pass")
    assert state.is_over() and state.to_move() == frozenset()
    view = state.view(1)
    assert view["phase"] == "over" and view["coins"] == [9, 5, 7]
    assert view["result"] == {"scores": [9.0, 5.0, 7.0], "ranking": [1, 3, 2]}
    assert view["markets"][2]["coins"] == 0 and view["round"] == 1
    assert state.scores() == [9.0, 5.0, 7.0]  # goods left on camels are worth nothing


def test_players_tied_for_the_lead_make_one_extra_sale_per_camel_and_the_best_wins(play):
    state = position(
        3,
        caravans=["3: D4 D4 | 5: CR CB CG", "4: VA VA", "6: F2"],
        coins=[10, 10, 6],
        last_round=True,
        start="sale",
    )
    play(state, "pass", "pass", "pass")
    view = state.view(2)
    assert view["phase"] == "tiebreak" and state.to_move() == {0}
    assert view["coins"] == [10, 10, 6]  # the game is over for coins: all are shown
    assert view["tiebreak"] == {"seats": [0, 1], "coins": [0, 0, 0]}
    play(state, "sell D4+D4", "sell CR+CB+CG")
    assert state.to_move() == {1}
    play(state, "sell VA+VA")
    assert state.is_over()
    assert state.scores() == [10.0, 10.0, 6.0] and state.ranking() == [1, 2, 3]
    assert state.view(None)["tiebreak"] == {"seats": [0, 1], "coins": [13, 3, 0]}
    assert state.view(None)["result"]["ranking"] == [1, 2, 3]


def test_players_still_tied_after_the_extra_sales_share_the_place(play):
    state = position(
        4,
        caravans=["3: D4", "", "3: D4", "4: VA"],
        coins=[8, 8, 8, 3],
        holder=2,
        last_round=True,
        start="sale",
    )
    play(state, "pass", "pass", "pass")  # seats 2, 3, 0 (seat 1 has nothing to sell)
    assert state.view(None)["tiebreak"]["seats"] == [0, 1, 2]
    assert state.to_move() == {2}  # clockwise from the holder; seat 1 has nothing
    play(state, "sell D4", "sell D4")
    assert state.ranking() == [1, 3, 1, 4]


def test_tied_players_with_nothing_left_to_sell_share_the_win_at_once(play):
    state = position(3, caravans=["", "", "3: D1"], coins=[7, 7, 2], last_round=True, start="sale")
    play(state, "pass")
    assert state.is_over() and state.ranking() == [1, 1, 3]


def test_a_tie_below_the_lead_is_not_broken(play):
    state = position(
        3, caravans=["3: D1", "3: D1", ""], coins=[9, 5, 5], last_round=True, start="sale"
    )
    play(state, "pass", "pass")
    assert state.is_over() and state.ranking() == [1, 2, 2]
    assert state.view(None)["tiebreak"] is None
