"""D8: what each seat may see; determinize and clone keep the secrets and the state apart."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

from core.games.offseason import OffSeasonRules
from core.games.offseason.cards import BACK_OF
from core.games.offseason.position import position

REQUIRED = {
    "game", "seat", "players", "options", "round", "last_round", "end_triggered", "phase",
    "step", "to_move", "current", "holder", "order", "auction", "top_back", "tower", "discard",
    "discarded", "out", "markets", "caravans", "coins", "scores", "turn", "sold", "tiebreak",
    "log", "last_turn", "result",
}  # fmt: skip
MARKET_KEYS = {
    "tile", "side", "colour", "up", "down", "power", "other_side", "coins", "face_up",
    "face_down", "face_down_backs", "chosen_by",
}  # fmt: skip
CAMEL_KEYS = {"camel", "capacity", "token", "type", "cards", "load", "room", "full", "danger"}


def public(view: dict) -> dict:
    """A view without what differs between seats: the seat, coins and one's own bid."""
    text = json.loads(json.dumps(view))
    for key in ("seat", "coins", "scores"):
        text.pop(key)
    for caravan in text["caravans"]:
        caravan.pop("coins")
    text["auction"].pop("my_bid")
    if text["last_turn"]:
        text["last_turn"].pop("action")
    return text


def test_a_view_is_json_and_holds_what_a_board_needs(playout):
    for players in (2, 3, 4, 5):
        for state in playout(players, players):
            for seat in (None, *range(players)):
                view = state.view(seat)
                assert json.loads(json.dumps(view, allow_nan=False)) == view
                assert REQUIRED <= set(view) and view["game"] == "offseason"
                assert view["seat"] == seat and view["players"] == players
                assert view["to_move"] == sorted(state.to_move())
                assert all(set(m) == MARKET_KEYS for m in view["markets"])
                assert all(set(c) == CAMEL_KEYS for cv in view["caravans"] for c in cv["camels"])


def test_every_seat_sees_the_same_public_position(playout):
    for state in playout(4, 5):
        views = [public(state.view(seat)) for seat in (None, 0, 1, 2, 3)]
        assert all(view == views[0] for view in views)


def test_coins_are_secret_a_seat_sees_only_its_own_until_the_game_is_over(playout):
    for state in playout(3, 2):
        for seat in range(3):
            view = state.view(seat)
            if state.is_over():
                assert view["coins"] == state.coins == view["scores"]
                continue
            assert view["coins"][seat] == state.coins[seat]
            assert [c for s, c in enumerate(view["coins"]) if s != seat] == [None, None]
            assert view["caravans"][(seat + 1) % 3]["coins"] is None
        if not state.is_over():
            assert state.view(None)["coins"] == [None, None, None]
    assert state.view(None)["result"]["scores"] == state.scores()


def test_with_open_coins_everybody_sees_every_count():
    state = OffSeasonRules().new_game(4, 3, {"open_coins": True})
    for seat in (None, 0, 1, 2, 3):
        assert state.view(seat)["coins"] == [5, 5, 5, 5]


def test_face_down_goods_are_hidden_but_their_backs_are_shown():
    state = position(3, markets={1: "D1", 2: "CR / VJB@alms CB", 3: "", 4: ""}, start="market")
    market = state.view(0)["markets"][1]
    assert (market["face_up"], market["face_down"]) == (["CR"], 2)
    assert market["face_down_backs"] == ["alms", "standard"]
    assert "VJB" not in json.dumps(state.view(0)["markets"])


def test_no_view_depends_on_which_hidden_cards_lie_where():
    state = OffSeasonRules().new_game(3, 9)
    other = state.clone()
    other.tower[:-1] = reversed(other.tower[:-1])  # keep the visible top card
    market = next(m for m in other.markets if m.down)
    swap = next(i for i, c in enumerate(other.tower[:-1]) if BACK_OF[c] == BACK_OF[market.down[0]])
    market.down[0], other.tower[swap] = other.tower[swap], market.down[0]
    assert other.markets != state.markets
    for seat in (None, 0, 1, 2):
        assert other.view(seat) == state.view(seat)


def hidden(state) -> Counter:
    return Counter(state.tower + state.out + [c for m in state.markets for c in m.down])


def test_determinize_keeps_every_view_and_re_deals_only_the_hidden_cards(playout):
    for players in (2, 3, 5):
        for step, state in enumerate(playout(players, 30 + players)):
            if step % 13:
                continue
            before = json.dumps([state.view(s) for s in (None, *range(players))])
            for seat in range(players):
                guess = state.determinize(seat, random.Random(step))
                assert guess.view(seat) == state.view(seat)
                assert guess.view(None) == state.view(None)
                assert guess.legal_actions(seat) == state.legal_actions(seat)
                assert guess.to_move() == state.to_move()
                assert hidden(guess) == hidden(state)
                assert guess.coins == state.coins and guess.camels == state.camels
                assert sorted(guess.discard) == sorted(state.discard)
                if state.tower:
                    assert BACK_OF[guess.tower[-1]] == BACK_OF[state.tower[-1]]
                for mine, theirs in zip(guess.markets, state.markets, strict=True):
                    assert [BACK_OF[c] for c in mine.down] == [BACK_OF[c] for c in theirs.down]
            assert json.dumps([state.view(s) for s in (None, *range(players))]) == before


def test_determinize_really_re_deals_the_tower_the_face_down_goods_and_the_cards_left_out():
    state = OffSeasonRules().new_game(2, 4)
    guesses = [state.determinize(0, random.Random(k)) for k in range(8)]
    assert len({tuple(g.tower) for g in guesses}) == 8
    assert len({tuple(c for m in g.markets for c in m.down) for g in guesses}) > 1
    assert len({tuple(sorted(g.out)) for g in guesses}) > 1
    assert all(g.seed != state.seed for g in guesses)  # the seed would tell the deal


def test_cards_reshuffled_from_the_discard_stay_in_the_new_tower_when_re_dealt():
    state = position(
        3,
        markets={1: "", 2: "", 3: "VA / F1 F2", 4: ""},
        chosen={1: 0, 2: 1, 4: 2},
        tower="D1 D2",
        discard="CR CB CG CY CP CW F3 F4 D4 D3 CR CB",
        rest="out",
        start="sale",
    )
    assert state.view(None)["tower"] == 2 + 12 - 9 and state.out
    reshuffled = {c for c, epoch in enumerate(state.epoch) if epoch == 1}
    assert len(reshuffled) == 12 and set(state.tower) <= reshuffled
    for k in range(10):
        guess = state.determinize(1, random.Random(k))
        assert set(guess.tower) <= reshuffled  # never swapped with the cards left out
        assert not set(guess.out) & reshuffled


def test_determinize_re_draws_the_other_seats_hidden_bids_but_keeps_ones_own(bids):
    state = position(3, auction="standard", coins=[9, 9, 9])
    state.apply(1, "bid 7")
    state.apply(2, "bid 3")
    guesses = [state.determinize(2, random.Random(k)) for k in range(12)]
    assert {g.auction.bids[2] for g in guesses} == {3}
    assert len({g.auction.bids[1] for g in guesses}) > 3
    assert all(g.last["action"] == f"bid {g.auction.bids[2]}" for g in guesses)
    from_one = [state.determinize(0, random.Random(k)) for k in range(12)]
    assert all(g.last["action"] == f"bid {g.auction.bids[2]}" for g in from_one)
    assert len({g.auction.bids[1] for g in from_one}) > 3
    assert state.auction.bids == [None, 7, 3]


def test_the_reshuffles_to_come_are_not_foretold_by_a_determinized_state():
    state = position(
        3,
        sides={2: "B"},
        markets={1: "", 2: "CR", 3: "", 4: ""},
        tower="",
        discard="D1 D2 D3 D4 F1 F2 F3 F4",
        rest="out",
        start="market",
    )
    state.apply(0, "market 2")
    orders = set()
    for k in range(6):
        guess = state.determinize(1, random.Random(k))
        guess.apply(0, "supply")
        orders.add(tuple(guess.tower))
    assert len(orders) > 1


def test_a_clone_is_independent_of_its_original(playout):
    for step, state in enumerate(playout(4, 8)):
        if step % 17 or state.is_over():
            continue
        before = json.dumps([state.view(s) for s in (None, 0, 1, 2, 3)])
        copy = state.clone()
        assert copy.view(None) == state.view(None)
        while not copy.is_over():
            seat = min(copy.to_move())
            copy.apply(seat, copy.legal_actions(seat)[-1])
        assert json.dumps([state.view(s) for s in (None, 0, 1, 2, 3)]) == before


@pytest.mark.parametrize("start", ["auction", "market"])
def test_a_clone_shares_no_mutable_part_with_its_original(start):
    state = position(3, caravans=["3: D1", "", ""], start=start, auction="standard")
    copy = state.clone()
    shared = {"last", "log", "_now", "_auto"}
    for name, value in vars(state).items():
        if isinstance(value, list | dict | set) and name not in shared:
            assert getattr(copy, name) is not value, name
    assert copy.auction is not state.auction and copy.auction.bids is not state.auction.bids
    assert all(a is not b for a, b in zip(copy.markets, state.markets, strict=True))
    assert all(a is not b for a, b in zip(copy.camels[0], state.camels[0], strict=True))
