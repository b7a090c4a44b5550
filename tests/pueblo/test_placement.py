"""D3: stones lie on the site, every cube rests on the board or on a cube, no height limit."""

from __future__ import annotations

import time
from itertools import product

import pytest

from core.games.pueblo import PuebloRules
from core.games.pueblo.geometry import FILES, POSES, site, square_name
from core.games.pueblo.position import position


def stone_cubes(view, ident):
    return sorted((c["x"], c["y"], c["z"]) for c in view["cubes"] if c["stone"] == ident)


def test_an_empty_site_has_exactly_196_placements_all_of_them_flat():
    state = PuebloRules().new_game(2, 1, {"first_player": 0})
    legal = state.legal_actions(0)
    assert len(legal) == 196
    anchors = [f"{f}{r}" for f in FILES[:7] for r in range(1, 8)]
    assert sorted(legal) == legal
    assert set(legal) == {f"C{p}@{a}" for p in range(4) for a in anchors}


def test_a_stone_standing_on_one_square_cannot_go_on_flat_ground(refused):
    err = refused(position(), "C8@a1")
    assert err.key == "pueblo.overhang"
    assert err.params["squares"] == ["b1", "b2"]
    assert "b1, b2" in err.message


def test_a_flat_stone_cannot_bridge_a_step(refused):
    state = position("R")  # a1 is one cube high
    err = refused(state, "C1@a1")  # a1, a2, b1 at ground level
    assert err.key == "pueblo.overhang" and err.params["squares"] == ["a2", "b1"]


def test_a_stone_may_rest_at_two_heights_at_once_standing_on_its_two_square_side(play):
    state = position("N\n.")  # a2 is one cube high
    assert "C4@a1" in state.legal_actions(0)
    play(state, "C4@a1")
    view = state.view(None)
    assert stone_cubes(view, 2) == [(1, 1, 1), (1, 1, 2), (1, 2, 2), (2, 1, 1)]
    assert view["heights"][0][:2] == [2, 1] and view["heights"][1][:2] == [2, 0]


def test_a_stone_may_stand_on_its_one_square_side_against_a_step_of_two_columns(play):
    state = position(". N\n. N")  # b1 and b2 are one cube high
    play(state, "C8@a1")
    view = state.view(None)
    assert stone_cubes(view, 3) == [(1, 1, 1), (1, 1, 2), (2, 1, 2), (2, 2, 2)]
    assert [c["colour"] for c in view["cubes"] if c["stone"] == 3] == ["red"] * 4


def test_a_stone_need_not_touch_any_other_stone(play):
    state = position(stones=["R1@a1"], hands=["1N", "S7"])
    play(state, "N0@g7")
    heights = state.view(None)["heights"]
    assert heights[6][6:] == [2, 0] and heights[7][6:] == [1, 1]  # g7 g8 h8, two high on g7


def test_there_is_no_height_limit(play):
    state = position(stones=["R1@a1", "N10@a1"] * 7, hands=["1N", "S7"])
    assert state.view(None)["heights"][0][:2] == [14, 14]
    play(state, "N1@a1")
    view = state.view(None)
    assert view["heights"][0][:2] == [15, 16] and view["heights"][1][:2] == [15, 14]


@pytest.mark.parametrize("pose", range(12))
def test_no_pose_may_stick_out_of_the_site_on_the_east_or_north(refused, pose):
    state = position()
    for anchor in [f"h{r}" for r in range(1, 9)] + [f"{f}8" for f in FILES]:
        err = refused(state, f"C{pose}@{anchor}")
        assert err.key == "pueblo.off_site" and err.params["anchor"] == anchor


def test_a_pose_number_above_eleven_is_a_rule_error_not_a_notation_error(refused):
    err = refused(position(), "C12@a1")
    assert err.key == "pueblo.no_pose"


def test_nothing_is_built_on_a_sacred_site(refused):
    state = position(sacred=["d4"])
    legal = state.legal_actions(0)
    assert len(legal) == 196 - 12  # every flat pose covering d4 from its four anchors...
    assert all("d4" not in covered(a) for a in legal)
    err = refused(state, "C0@c3")  # a flat pose over c3, c4, d4
    assert err.key == "pueblo.sacred" and err.params["squares"] == ["d4"]


def covered(action: str) -> list[str]:
    pose, anchor = action[1:].split("@")
    x, y = FILES.index(anchor[0]) + 1, int(anchor[1])
    return [square_name(site(x + dx, y + dy)) for dx, dy, _ in POSES[int(pose)].underside]


def brute_force_placements(state) -> set[str]:
    """Every pose, anchor and base level where the four cubes fit in free space on the
    site and each cube has the board or a cube right under it: no height map used."""
    view = state.view(None)
    filled = {(c["x"], c["y"], c["z"]) for c in view["cubes"]}
    top = max((z for *_, z in filled), default=0)
    sacred = set(view["sacred"])
    found = set()
    for pose, ax, ay, base in product(POSES, range(1, 9), range(1, 9), range(top + 1)):
        cubes = {(ax + dx, ay + dy, base + dz + 1) for dx, dy, dz in pose.cells}
        if any(not (1 <= x <= 8 and 1 <= y <= 8) for x, y, _ in cubes):
            continue
        if cubes & filled or any(square_name(site(x, y)) in sacred for x, y, _ in cubes):
            continue
        if all(z == 1 or (x, y, z - 1) in filled | cubes for x, y, z in cubes):
            # no cube may end up under a cube already there (no digging in)
            if not any((x, y, z + 1) in filled for x, y, z in cubes):
                found.add(f"{pose.number}@{FILES[ax - 1]}{ay}")
    return found


def test_legal_placements_are_exactly_those_a_physical_check_allows(playout):
    checked = 0
    for players, options in ((2, None), (4, {"sacred_sites": 3})):
        for ply, state in enumerate(playout(players, 7, options)):
            if ply % 5 or state.phase != "place":
                continue
            (seat,) = state.to_move()
            legal = {a[1:] for a in state.legal_actions(seat)}
            assert legal == brute_force_placements(state), f"ply {ply}"
            checked += 1
    assert checked >= 10


def test_the_pueblo_is_always_a_height_map_of_gap_free_stacks(playout):
    for state in playout(3, 11):
        view = state.view(None)
        levels: dict[tuple[int, int], list[int]] = {}
        for c in view["cubes"]:
            levels.setdefault((c["x"], c["y"]), []).append(c["z"])
        for (x, y), zs in levels.items():
            assert sorted(zs) == list(range(1, len(zs) + 1))
            assert view["heights"][y - 1][x - 1] == len(zs)


def test_listing_legal_placements_is_fast(playout):
    states = [s.clone() for s in playout(4, 3) if s.phase == "place"]
    start = time.perf_counter()
    for state in states * 20:
        state._placements = None
        state.placements()
    per_call = (time.perf_counter() - start) / (len(states) * 20)
    print(f"legal placements: {per_call * 1e6:.0f} µs a position")
    assert per_call < 0.002
