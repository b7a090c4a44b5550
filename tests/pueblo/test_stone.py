"""D2: the screw tetracube, its twelve poses, and how two stones nest into a cube."""

from __future__ import annotations

from itertools import product

import pytest

from core.games.pueblo import geometry
from core.games.pueblo.geometry import POSES, SCREW, poses, stone_shape

# The pose table of the specification (§2.4): cells relative to the anchor, and the
# underside offset of each covered column.
SPEC_TABLE = [
    ("A", "000 001 010 110", "00+0 01+0 11+0"),
    ("A", "000 010 100 101", "00+0 01+0 10+0"),
    ("A", "000 100 110 111", "00+0 10+0 11+0"),
    ("A", "010 011 100 110", "01+0 10+0 11+0"),
    ("B", "000 001 011 100", "00+0 01+1 10+0"),
    ("B", "000 010 011 111", "00+0 01+0 11+1"),
    ("B", "001 100 101 110", "00+1 10+0 11+0"),
    ("B", "010 101 110 111", "01+0 10+1 11+0"),
    ("C", "000 001 101 111", "00+0 10+1 11+1"),
    ("C", "001 010 011 101", "00+1 01+0 10+1"),
    ("C", "001 011 110 111", "00+1 01+1 11+0"),
    ("C", "011 100 101 111", "01+1 10+0 11+1"),
]


def cells(text: str) -> tuple[tuple[int, int, int], ...]:
    return tuple(tuple(int(d) for d in cell) for cell in text.split())


def underside(text: str) -> tuple[tuple[int, int, int], ...]:
    return tuple((int(c[0]), int(c[1]), int(c[3])) for c in text.split())


def test_the_twelve_poses_are_numbered_and_shaped_as_in_the_specification_table():
    assert len(POSES) == 12
    for pose, (kind, cubes, under) in zip(POSES, SPEC_TABLE, strict=True):
        assert (pose.kind, pose.cells, pose.underside) == (kind, cells(cubes), underside(under))


def test_the_stone_is_the_screw_an_l_on_the_ground_with_a_cube_on_an_end_not_the_corner():
    ground = {(x, y) for x, y, z in SCREW if z == 0}
    assert ground == {(0, 0), (1, 0), (0, 1)}  # an L with its corner at (0,0)
    (top,) = [(x, y) for x, y, z in SCREW if z == 1]
    assert top == (1, 0)  # on an end cube of the L


@pytest.mark.parametrize("pose", POSES, ids=lambda p: f"pose{p.number}")
def test_every_pose_is_four_cubes_two_tall_over_an_l_of_three_squares_without_gaps(pose):
    assert len(pose.cells) == 4
    assert max(z for *_, z in pose.cells) == 1
    columns = {(x, y) for x, y, _ in pose.cells}
    assert len(columns) == 3 and columns < set(product((0, 1), repeat=2))
    for column in columns:
        levels = sorted(z for x, y, z in pose.cells if (x, y) == column)
        assert levels == list(range(levels[0], levels[0] + len(levels)))  # contiguous


def test_the_only_poses_are_the_rotations_of_the_stone_and_mirror_images_are_not_among_them():
    mirrored = {p.cells for p in poses(stone_shape("left"))}
    assert len(mirrored) == 12
    assert not mirrored & {p.cells for p in POSES}


@pytest.mark.parametrize("pose", POSES, ids=lambda p: f"pose{p.number}")
def test_the_rest_of_a_2x2x2_cube_around_any_pose_is_another_stone_of_the_same_hand(pose):
    rest = tuple(sorted(set(product((0, 1), repeat=3)) - set(pose.cells)))
    assert rest in {p.cells for p in POSES}
    assert rest not in {p.cells for p in poses(stone_shape("left"))}


def test_handedness_is_one_constant_and_the_default_is_the_shape_of_the_specification():
    assert geometry.HANDEDNESS == "right"
    assert stone_shape("right") == SCREW
    with pytest.raises(ValueError):
        stone_shape("ambidextrous")


def test_a_left_handed_stone_also_has_196_placements_on_an_empty_board():
    table = geometry.candidates(poses(stone_shape("left")))
    flat = [c for c in table if c.offsets == (0, 0, 0)]
    assert len(flat) == 196


@pytest.mark.parametrize("pose", POSES, ids=lambda p: f"pose{p.number}")
def test_seen_from_above_or_from_any_side_every_pose_shows_an_l_of_three_squares(pose):
    for axes in ((0, 1), (0, 2), (1, 2)):
        shadow = {(cell[axes[0]], cell[axes[1]]) for cell in pose.cells}
        assert len(shadow) == 3 and shadow < set(product((0, 1), repeat=2))
