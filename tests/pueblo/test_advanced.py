"""D10: the advanced rules, as table options: sacred sites and the turn-order auction."""

from __future__ import annotations

from core.games.pueblo import PuebloRules
from core.games.pueblo.auction import MAX_BID
from core.games.pueblo.geometry import FILES, POSES


def new(players: int, **options):
    return PuebloRules().new_game(players, 1, {"first_player": 0, **options})


def test_the_basic_game_has_no_sacred_sites_and_no_auction():
    view = PuebloRules().new_game(3, 1).view(None)
    assert view["phase"] == "place" and view["sacred"] == [] and view["auction"] is None
    assert view["options"]["sacred_sites"] == 0 and view["options"]["auction"] is False


def test_sacred_sites_are_placed_in_turn_from_the_last_player_before_the_first_stone(play):
    state = new(3, sacred_sites=4)
    view = state.view(None)
    assert view["phase"] == "sacred" and view["sacred_turns"] == [2, 0, 1, 2]
    assert state.to_move() == {2}
    legal = state.legal_actions(2)
    assert len(legal) == 64 and legal == sorted(legal) and legal[0] == "sacred a1"
    play(state, "sacred d4", "sacred e5", "sacred a1")
    assert state.to_move() == {2} and state.view(None)["sacred_turns"] == [2]
    assert "sacred d4" not in state.legal_actions(2)
    play(state, "sacred h8")
    view = state.view(None)
    assert view["sacred"] == ["d4", "e5", "a1", "h8"]
    assert view["phase"] == "place" and view["current"] == 0 and view["turn"] == 1
    assert not any(
        square in {"d4", "e5", "a1", "h8"}
        for action in state.legal_actions(0)
        for square in covered(action)
    )


def covered(action: str) -> list[str]:
    pose, anchor = action[1:].split("@")
    x, y = FILES.index(anchor[0]), int(anchor[1])
    return [f"{FILES[x + dx]}{y + dy}" for dx, dy, _ in POSES[int(pose)].underside]


def test_a_sacred_site_cannot_be_placed_twice_on_one_square(play, refused):
    state = play(new(2, sacred_sites=2), "sacred c3")
    err = refused(state, "sacred c3")
    assert err.key == "pueblo.sacred_taken" and err.params == {"square": "c3"}
    assert refused(state, "C0@a1").key == "pueblo.not_now"


def test_the_auction_opens_the_game_each_bids_higher_or_passes(play, refused):
    state = new(3, auction=True)
    view = state.view(None)
    assert view["phase"] == "auction" and view["current"] == 0
    assert view["auction"]["round"] == 1 and view["auction"]["cards"] == [1, 2, 3]
    assert state.legal_actions(0) == sorted(["pass", *(f"bid {b}" for b in range(MAX_BID + 1))])
    play(state, "bid 2", "bid 5")
    assert refused(state, "bid 5").key == "pueblo.bid_too_low"
    assert refused(state, f"bid {MAX_BID + 1}").key == "pueblo.bid_too_high"
    assert state.legal_actions(2)[:2] == [
        "bid 10",
        "bid 11",
    ] and "bid 5" not in state.legal_actions(2)
    play(state, "pass")  # seat 2 drops out of this card
    assert state.to_move() == {0}
    play(state, "pass")  # seat 0 too: seat 1 wins the card for 5 penalty points
    assert state.phase == "card" and state.to_move() == {1}
    assert state.penalties == [0, 5, 0]
    assert state.legal_actions(1) == ["card 1", "card 2", "card 3"]
    play(state, "card 1")
    auction = state.view(None)["auction"]
    assert auction["won"] == [{"seat": 1, "bid": 5, "card": 1}]
    assert auction["bidders"] == [0, 2] and state.to_move() == {0}
    play(state, "pass")  # nobody bid: seat 2 takes a card for nothing
    assert state.phase == "card" and state.to_move() == {2} and state.penalties == [0, 5, 0]
    assert refused(state, "card 1").key == "pueblo.no_card"
    play(state, "card 3")  # seat 0 gets the last card, 2, for free
    view = state.view(None)
    assert view["order"] == [1, 0, 2] and view["auction"] is None
    assert view["auctions"] == [
        {
            "round": 1,
            "won": [
                {"seat": 1, "bid": 5, "card": 1},
                {"seat": 2, "bid": 0, "card": 3},
                {"seat": 0, "bid": 0, "card": 2},
            ],
        }
    ]
    assert view["phase"] == "place" and view["current"] == 1


def test_the_high_bidder_is_not_asked_again_until_outbid(play):
    state = new(3, auction=True)
    play(state, "bid 1", "pass", "bid 3")  # 0 leads, 1 out, 2 outbids 0
    assert state.to_move() == {0}
    play(state, "bid 4")
    assert state.to_move() == {2}  # seat 1 has passed, seat 0 leads
    play(state, "pass")
    assert state.phase == "card" and state.to_move() == {0} and state.penalties == [4, 0, 0]


def test_at_the_highest_bid_the_others_can_only_pass(play):
    state = new(2, auction=True)
    play(state, f"bid {MAX_BID}")
    assert state.legal_actions(1) == ["pass"]


def test_the_auction_comes_first_then_the_sacred_sites_from_the_last_in_the_new_order(play):
    state = new(2, auction=True, sacred_sites=1)
    play(state, "pass", "card 1")  # seat 1 takes card 1 for nothing; seat 0 gets card 2
    view = state.view(None)
    assert view["order"] == [1, 0] and view["phase"] == "sacred" and view["current"] == 0


def test_a_second_auction_is_held_when_every_player_has_two_pairs_left(playout):
    for players in (2, 3, 4):
        held = []
        for state in playout(players, 80 + players, {"auction": True}):
            view = state.view(None)
            if view["phase"] == "auction" and not view["auction"]["won"]:
                if not view["auction"]["bids"]:
                    held.append((view["auction"]["round"], [h["left"] for h in view["hands"]]))
            if view["phase"] == "place" and len(view["auctions"]) == 2 and len(held) == 2:
                orders = [lot["seat"] for lot in sorted(view["auctions"][1]["won"], key=_card)]
                assert view["order"] == orders
        full = {2: 15, 3: 11, 4: 9}[players]
        assert held == [(1, [full] * players), (2, [4] * players)]


def _card(lot):
    return lot["card"]
