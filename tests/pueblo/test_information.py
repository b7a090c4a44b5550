"""Views (what a 3D board and a 2D top view need), clone, and determinize (nothing is hidden)."""

from __future__ import annotations

import json
import random
import time

from core.games.pueblo import PuebloRules
from core.games.pueblo.position import position

REQUIRED = {
    "game", "seat", "players", "options", "phase", "to_move", "current", "turn", "order",
    "colours", "lower_is_better", "penalties", "scores", "cubes", "stones", "heights", "tops",
    "sacred", "chief", "path", "poses", "hands", "preview", "this_turn", "last_turn",
    "final_lap", "sacred_turns", "auction", "auctions", "result",
}  # fmt: skip
CUBE = {"x", "y", "z", "colour", "seat", "stone"}
SEEN = {"x", "y", "z", "square", "colour", "seat", "stone", "face", "points"}
ALL_ON = {"auction": True, "sacred_sites": 2, "demolition": True}


def without_seat(view: dict) -> dict:
    return {key: value for key, value in view.items() if key != "seat"}


def test_a_view_is_json_and_holds_what_a_board_needs(playout):
    for players, options in ((2, None), (4, ALL_ON)):
        for state in playout(players, 2, options):
            for seat in (None, *range(players)):
                view = state.view(seat)
                assert json.loads(json.dumps(view, allow_nan=False)) == view
                assert set(view) == REQUIRED and view["game"] == "pueblo"
                assert view["seat"] == seat and view["lower_is_better"] is True
                assert all(set(c) == CUBE for c in view["cubes"])
                assert (view["preview"] is not None) == (view["phase"] == "chief")
                assert (view["result"] is not None) == state.is_over()


def test_every_seat_and_a_spectator_see_the_same_position(playout):
    for state in playout(3, 5, ALL_ON):
        views = [without_seat(state.view(seat)) for seat in (None, 0, 1, 2)]
        assert all(view == views[0] for view in views)


def test_cubes_come_stone_by_stone_in_placement_order_with_heights_and_top_colours(play):
    state = position(stones=["R1@a1"], hands=["1N", "S7"])
    play(state, "N10@a1", "chief 1", "C0@d4")
    view = state.view(None)
    assert [c["stone"] for c in view["cubes"]] == [1] * 4 + [2] * 4 + [3] * 4
    assert view["cubes"][:4] == [
        {"x": 1, "y": 1, "z": 1, "colour": "red", "seat": 0, "stone": 1},
        {"x": 2, "y": 1, "z": 1, "colour": "red", "seat": 0, "stone": 1},
        {"x": 1, "y": 2, "z": 1, "colour": "red", "seat": 0, "stone": 1},
        {"x": 2, "y": 1, "z": 2, "colour": "red", "seat": 0, "stone": 1},
    ]
    assert view["stones"] == [
        {"id": 1, "colour": "red", "by": 0, "action": None},
        {"id": 2, "colour": "neutral", "by": 0, "action": "N10@a1"},
        {"id": 3, "colour": "blue", "by": 1, "action": "C0@d4"},
    ]
    assert view["heights"][0][:4] == [2, 2, 0, 0] and view["heights"][3][3] == 2
    assert view["tops"][0][:3] == ["neutral", "red", None]
    assert view["tops"][1][:3] == ["neutral", "neutral", None]
    assert view["tops"][3][3] == "blue" and view["tops"][4][3:5] == ["blue", "blue"]


def test_the_view_shows_stones_left_and_the_next_stone_of_each_seat(play):
    state = position(hands=["S7", "6N"])
    hands = state.view(None)["hands"]
    assert [h["next"] for h in hands] == ["coloured", "neutral"]
    assert [(h["coloured"], h["neutral"], h["left"]) for h in hands] == [(8, 7, 15), (6, 7, 13)]


def test_the_pose_table_in_the_view_places_a_ghost_where_the_action_puts_the_stone(playout):
    for state in playout(2, 12):
        if state.phase != "place" or state.turn % 4:
            continue
        view = state.view(None)
        heights = view["heights"]
        (seat,) = state.to_move()
        for action in state.legal_actions(seat)[::37]:
            pose, anchor = action[1:].split("@")
            entry = view["poses"][int(pose)]
            x, y = "abcdefgh".index(anchor[0]) + 1, int(anchor[1])
            dx, dy, off = entry["underside"][0]
            base = heights[y + dy - 1][x + dx - 1] - off
            ghost = sorted((x + a, y + b, base + c + 1) for a, b, c in entry["cells"])
            trial = state.clone()
            trial.apply(seat, action)
            after = trial.view(None)
            placed = sorted(
                (c["x"], c["y"], c["z"])
                for c in after["cubes"]
                if c["stone"] == len(after["stones"])
            )
            assert ghost == placed


def test_the_chief_step_previews_each_reachable_square():
    state = position("N RB", chief="SW", phase="chief")
    preview = state.view(0)["preview"]
    assert [(p["steps"], p["index"], p["x"], p["y"]) for p in preview] == [
        (1, 28, 0, 1), (2, 29, 0, 2), (3, 30, 0, 3), (4, 31, 0, 4)
    ]  # fmt: skip
    assert preview[0]["penalties"] == [0, 2]
    assert all(set(cube) == SEEN for cube in preview[0]["seen"])
    assert [c["face"] for c in preview[0]["seen"]] == ["west", "west"]


def test_determinize_is_a_clone_because_nothing_is_hidden(playout):
    for state in playout(3, 8, ALL_ON):
        guess = state.determinize(1, random.Random(3))
        assert guess is not state
        assert [guess.view(s) for s in (None, 0, 1, 2)] == [state.view(s) for s in (None, 0, 1, 2)]


def test_a_clone_is_independent_of_its_original(playout):
    for ply, state in enumerate(playout(4, 4, ALL_ON)):
        if ply % 6 or state.is_over():
            continue
        before = json.dumps([state.view(None), state.legal_actions(state.current)])
        copy = state.clone()
        for _ in range(8):
            if copy.is_over():
                break
            (seat,) = copy.to_move()
            copy.apply(seat, copy.legal_actions(seat)[-1])
        assert json.dumps([state.view(None), state.legal_actions(state.current)]) == before


def test_cloning_is_cheap():
    state = PuebloRules().new_game(4, 1)
    rng = random.Random(1)
    for _ in range(40):
        (seat,) = state.to_move()
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    start = time.perf_counter()
    for _ in range(2000):
        state.clone()
    per_clone = (time.perf_counter() - start) / 2000
    print(f"clone: {per_clone * 1e6:.1f} µs")
    assert per_clone < 0.0005
