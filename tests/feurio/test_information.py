"""D10: the stack order is the only secret; views, determinize and clone keep it so."""

from __future__ import annotations

import json
import random

from core.games.feurio import FeurioRules
from core.games.feurio.position import position

REQUIRED = {
    "game", "seat", "players", "options", "phase", "to_move", "current", "current_colour",
    "colours", "men_in_hand", "drawn", "stack", "unseen", "tiles", "hottest", "heat",
    "frontier", "placing", "zones", "scores", "passes", "this_turn", "last_turn", "result",
}  # fmt: skip
TILE_KEYS = {"cell", "q", "r", "value", "face_up", "spaces", "free_edges", "men", "room"}


def without_seat(view: dict) -> dict:
    return {key: value for key, value in view.items() if key != "seat"}


def test_a_view_is_json_and_holds_what_a_board_needs(playout):
    for players in (2, 3, 4):
        for state in playout(players, 1, {"firebreak": True}):
            for seat in (None, *range(players)):
                view = state.view(seat)
                assert json.loads(json.dumps(view, allow_nan=False)) == view
                assert REQUIRED <= set(view) and view["game"] == "feurio"
                assert view["seat"] == seat and view["players"] == players
                assert all(set(t) == TILE_KEYS for t in view["tiles"])


def test_every_seat_and_a_spectator_see_the_same_public_position(playout):
    for state in playout(3, 5):
        views = [without_seat(state.view(seat)) for seat in (None, 0, 1, 2)]
        assert all(view == views[0] for view in views)


def test_no_view_depends_on_the_order_of_the_stack():
    state = FeurioRules().new_game(4, 21)
    other = state.clone()
    other.stack.reverse()
    assert other.stack != state.stack
    for seat in (None, 0, 1, 2, 3):
        assert other.view(seat) == state.view(seat)


def test_the_unseen_tiles_are_counted_by_value_but_never_ordered():
    state = position(". 5 .\n 5 5 .\n  5 . .", stack="3 6 1 6 2")
    view = state.view(None)
    assert view["drawn"] == 3 and view["stack"] == 4
    assert view["unseen"] == [1, 1, 0, 0, 0, 2]
    text = json.dumps(view)
    assert "6, 1, 6, 2" not in text and "2, 6, 1, 6" not in text


def test_determinize_shuffles_the_stack_and_keeps_every_view(playout):
    for players in (2, 3, 4):
        for step, state in enumerate(playout(players, 3)):
            if step % 9:
                continue
            for seat in range(players):
                guess = state.determinize(seat, random.Random(step))
                assert guess is not state
                assert sorted(guess.stack) == sorted(state.stack)
                for who in (None, *range(players)):
                    assert guess.view(who) == state.view(who)
                assert guess.legal_actions(seat) == state.legal_actions(seat)
                assert guess.to_move() == state.to_move()


def test_determinize_resamples_what_will_be_drawn_and_leaves_the_original_alone():
    state = FeurioRules().new_game(2, 4)
    before = list(state.stack)
    orders = {tuple(state.determinize(0, random.Random(k)).stack) for k in range(10)}
    assert len(orders) == 10
    assert state.stack == before


def test_a_clone_is_independent_of_its_original(play, playout):
    for step, state in enumerate(playout(4, 8, {"firebreak": True})):
        if step % 11 or state.is_over():
            continue
        before = json.dumps([state.view(None), state.legal_actions(state.colour)])
        copy = state.clone()
        assert copy.view(None) == state.view(None)
        while not copy.is_over():
            (seat,) = copy.to_move()
            copy.apply(seat, copy.legal_actions(seat)[-1])
        assert json.dumps([state.view(None), state.legal_actions(state.colour)]) == before


def test_a_clone_shares_no_mutable_part_with_its_original(play):
    state = play(position("1 2 3 4 5 6", players=3, stack="5 5"), "lay 5,-1", "pass")
    state.view(None)  # fills the heat cache
    assert state.last_turn is not None and state._heat is not None
    copy = state.clone()
    shared = {"last_turn", "_heat"}  # replaced as a whole, never changed in place
    for attribute, value in vars(state).items():
        if isinstance(value, list | dict | set) and attribute not in shared:
            assert getattr(copy, attribute) is not value, attribute
