"""D6-D8: what the chief sees from a side square (level by level) and from a corner."""

from __future__ import annotations

import pytest

from core.games.pueblo.position import position

# Path squares (clockwise from the north-west corner, 0).
NW, NE, SE, SW = 0, 9, 18, 27


def north(file: int) -> int:  # above file 1-8 (a-h), looking south
    return file


def east(row: int) -> int:  # right of row 1-8, looking west
    return 18 - row


def south(file: int) -> int:  # below file 1-8, looking north
    return 27 - file


def west(row: int) -> int:  # left of row 1-8, looking east
    return 27 + row


def look(diagram: str, square: int, players: int = 2, **kwargs):
    """Move the chief one step onto path ``square``; return (penalties, seen cubes)."""
    state = position(diagram, players=players, phase="chief", chief=(square - 1) % 36, **kwargs)
    (seat,) = state.to_move()
    state.apply(seat, "chief 1")
    seen = state.view(None)["last_turn"]["seen"]
    return state.penalties, [(c["square"], c["z"], c["colour"], c["points"]) for c in seen]


def test_the_worked_example_neutral_on_the_ground_red_on_two_blue_on_three():
    penalties, seen = look("N NR NNB", west(1))
    assert penalties == [2, 3]
    assert seen == [("a1", 1, "neutral", 0), ("b1", 2, "red", 2), ("c1", 3, "blue", 3)]
    assert look("NRB", west(1))[0] == [2, 3]  # the same faces in one column


def test_a_lower_nearer_column_does_not_hide_a_higher_level_behind_it():
    diagram = "NNB\nR"  # a1: red; a2: neutral, neutral, blue
    penalties, seen = look(diagram, south(1))
    assert penalties == [1, 3]
    assert seen == [("a1", 1, "red", 1), ("a2", 2, "neutral", 0), ("a2", 3, "blue", 3)]


def test_a_low_column_in_front_of_a_tall_one_hides_only_its_own_levels():
    # Row 1 seen from the west: a1 is 1 high, b1 2 high, c1 4 high, d1 5 high.
    diagram = "N RR NNBB NNNNR"
    penalties, seen = look(diagram, west(1))
    assert [(sq, z) for sq, z, *_ in seen] == [
        ("a1", 1), ("b1", 2), ("c1", 3), ("c1", 4), ("d1", 5)
    ]  # fmt: skip
    assert penalties == [2 + 5, 3 + 4]


def test_the_same_file_seen_from_its_two_ends_can_score_differently():
    diagram = "NNB\nR"
    assert look(diagram, south(1))[0] == [1, 3]
    assert look(diagram, north(1))[0] == [0, 3]  # a2 hides a1 from the north


def test_a_nearer_cube_hides_every_cube_behind_it_at_the_same_level():
    assert look("R B", west(1))[0] == [1, 0]
    assert look("R B", east(1))[0] == [0, 1]


def test_a_neutral_face_scores_nothing_but_still_hides_what_is_behind():
    penalties, seen = look("N R", west(1))
    assert penalties == [0, 0] and seen == [("a1", 1, "neutral", 0)]


def test_top_faces_are_not_seen_from_the_side():
    # b1's red cube shows its top to the sky, but from the west a1 hides its side.
    assert look("NN R", west(1))[0] == [0, 0]


def test_one_stone_showing_two_faces_is_charged_for_each():
    state = position(stones=["R1@a1"], phase="chief", chief=east(1) - 1)
    state.apply(0, "chief 1")  # from the east along row 1: b1 is red on levels 1 and 2
    seen = state.view(None)["last_turn"]["seen"]
    assert [(c["square"], c["z"], c["stone"], c["points"]) for c in seen] == [
        ("b1", 1, 1, 1),
        ("b1", 2, 1, 2),
    ]
    assert state.penalties == [3, 0]


@pytest.mark.parametrize(
    "square, face",
    [(north(3), "north"), (east(3), "east"), (south(3), "south"), (west(3), "west")],
)
def test_from_each_side_he_looks_straight_across_at_the_faces_turned_towards_him(square, face):
    state = position(diagram_with({"c3": "R"}), phase="chief", chief=square - 1)
    state.apply(0, "chief 1")
    (cube,) = state.view(None)["last_turn"]["seen"]
    assert (cube["square"], cube["face"], cube["points"]) == ("c3", face, 1)
    assert state.view(None)["chief"]["looks"] == {
        "north": "south", "east": "west", "south": "north", "west": "east"
    }[face]  # fmt: skip


@pytest.mark.parametrize("square", [north(2), north(4), east(1), east(4), south(4), west(1)])
def test_a_line_that_misses_every_coloured_cube_scores_nothing(square):
    assert look(diagram_with({"c3": "R"}), square) == ([0, 0], [])


CORNERS = [
    # corner, its quarter's corner squares, a square just outside the quarter
    (NW, "a5", "d8", "e8"),
    (NE, "e5", "h8", "d8"),
    (SE, "e1", "h4", "e5"),
    (SW, "a1", "d4", "a5"),
]


def diagram_with(stacks: dict[str, str]) -> str:
    rows = [["."] * 8 for _ in range(8)]
    for square, stack in stacks.items():
        rows[int(square[1]) - 1][ord(square[0]) - ord("a")] = stack
    return "\n".join(" ".join(row) for row in reversed(rows))


@pytest.mark.parametrize("corner, near, far, outside", CORNERS)
def test_from_a_corner_each_coloured_top_in_its_quarter_scores_one_whatever_its_height(
    corner, near, far, outside
):
    diagram = diagram_with({near: "R", far: "NNNNR", outside: "B"})
    penalties, seen = look(diagram, corner)
    assert penalties == [2, 0]
    assert sorted(seen) == sorted([(near, 1, "red", 1), (far, 5, "red", 1)])


def test_from_a_corner_a_neutral_top_hides_the_colour_under_it_and_empty_columns_score_nothing():
    penalties, seen = look(diagram_with({"a5": "RN", "b6": "BBN", "c7": "B"}), NW)
    assert penalties == [0, 1]
    assert [(sq, z, pts) for sq, z, _, pts in sorted(seen)] == [
        ("a5", 2, 0), ("b6", 3, 0), ("c7", 1, 1)
    ]  # fmt: skip
    state = position(diagram_with({"c7": "B"}), phase="chief", chief=35)
    state.apply(0, "chief 1")
    assert state.view(None)["last_turn"]["seen"][0]["face"] == "top"


def test_a_sacred_site_is_an_empty_column_that_hides_nothing():
    assert look(". R", west(1), sacred=["a1"])[0] == [1, 0]
    assert look(diagram_with({"b1": "R"}), SW, sacred=["a1"])[0] == [1, 0]


def test_every_player_whose_colour_he_sees_is_penalised_not_only_the_mover():
    penalties, _ = look("NRB\nG", south(1), players=3, current=0)
    assert penalties == [2, 3, 1]


def test_only_the_square_where_he_stops_scores_not_those_he_passes():
    diagram = diagram_with({"a8": "R", "b8": "R", "c8": "R"})  # seen from north(1..3)
    state = position(diagram, phase="chief", chief=NW)
    state.apply(0, "chief 4")  # over north(1), (2), (3) to north(4): file d is empty
    assert state.penalties == [0, 0]
    state = position(diagram, phase="chief", chief=NW, penalties=[5, 7])
    state.apply(0, "chief 3")
    assert state.penalties == [6, 7]  # added to what each had


def test_the_chief_goes_on_round_the_ring_past_the_north_west_corner():
    state = position(diagram_with({"a8": "B"}), phase="chief", chief=35)
    state.apply(0, "chief 2")
    assert state.view(None)["chief"] == {
        "index": 1, "x": 1, "y": 9, "corner": False, "looks": "south"
    }  # fmt: skip
    assert state.penalties == [0, 1]


def reference_sight(view, square: int) -> list[int]:
    """The specification's pseudo-code, run on the cubes of a view."""
    path = view["path"][square]
    cubes = {(c["x"], c["y"], c["z"]): c for c in view["cubes"]}
    height = {(x + 1, y + 1): h for y, row in enumerate(view["heights"]) for x, h in enumerate(row)}
    points = [0] * view["players"]
    if path["corner"]:
        xs = range(1, 5) if path["x"] == 0 else range(5, 9)
        ys = range(1, 5) if path["y"] == 0 else range(5, 9)
        for x in xs:
            for y in ys:
                if height[(x, y)] and cubes[(x, y, height[(x, y)])]["seat"] is not None:
                    points[cubes[(x, y, height[(x, y)])]["seat"]] += 1
        return points
    x, y = path["x"], path["y"]
    line = {
        "south": [(x, j) for j in range(8, 0, -1)],
        "north": [(x, j) for j in range(1, 9)],
        "west": [(i, y) for i in range(8, 0, -1)],
        "east": [(i, y) for i in range(1, 9)],
    }[path["looks"]]
    for level in range(1, 1 + max(height[c] for c in line)):
        nearest = next(c for c in line if height[c] >= level)
        seat = cubes[(*nearest, level)]["seat"]
        if seat is not None:
            points[seat] += level
    return points


def test_the_preview_of_each_step_is_what_the_move_then_scores(playout):
    checked = 0
    for ply, state in enumerate(playout(3, 5)):
        if state.phase != "chief" or ply % 3:
            continue
        view = state.view(None)
        (seat,) = state.to_move()
        for preview in view["preview"]:
            trial = state.clone()
            trial.apply(seat, f"chief {preview['steps']}")
            after = trial.view(None)
            gained = [b - a for a, b in zip(view["penalties"], after["penalties"], strict=True)]
            if after["final_lap"] is None:
                assert gained == preview["penalties"]
            assert after["last_turn"]["penalties"] == preview["penalties"]
            assert after["last_turn"]["seen"] == preview["seen"]
            assert preview["penalties"] == reference_sight(view, preview["index"])
            checked += 1
    assert checked > 40


def test_the_view_from_every_path_square_matches_the_specifications_algorithm(playout):
    *_, state = playout(4, 9)
    view = state.view(None)
    for square in range(36):
        seen, points = state.sight(square)
        assert points == reference_sight(view, square), square
        if not view["path"][square]["corner"]:
            levels = [level for _, level, *_ in seen]
            assert levels == list(range(1, len(levels) + 1))  # one face a level, each level
