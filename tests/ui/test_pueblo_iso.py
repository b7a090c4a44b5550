"""The pueblo as Pueblo's spectators see it in 3D (``ui/boards/pueblo/iso.py``): one still
isometric picture, whole SVG, with every cube in sight drawn once where it stands, in
painter's order, and the chief on his square."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET
from typing import Any

import pytest

from core.games import GAMES
from ui.boards.pueblo import iso
from ui.boards.pueblo.top import LETTER

SVG = "{http://www.w3.org/2000/svg}"
Cube = tuple[int, int, int]


def views(players: int, seed: int, every: int = 6) -> list[dict[str, Any]]:
    """Spectators' views of a random game: every ``every``-th ply, and the last."""
    state = GAMES["pueblo"].new_game(players, seed)
    rng = random.Random(seed)
    found, ply = [], 0
    while not state.is_over():
        if ply % every == 0:
            found.append(state.view(None))
        seat = rng.choice(sorted(state.to_move()))
        state.apply(seat, rng.choice(state.legal_actions(seat)))
        ply += 1
    return [*found, state.view(None)]


GAMES_SEEN = [view for players, seed in ((2, 1), (3, 8), (4, 5)) for view in views(players, seed)]
LAST = [views(players, seed, every=1000)[-1] for players, seed in ((2, 1), (3, 8), (4, 5))]


def drawn(view: dict[str, Any]) -> list[ET.Element]:
    """The picture's elements in the order they are painted (defs left out)."""
    root = ET.fromstring(iso.iso_svg(view, "The pueblo"))
    defs = {id(el) for d in root.iter(f"{SVG}defs") for el in d.iter()}
    return [el for el in root.iter() if id(el) not in defs]


def cubes_drawn(view: dict[str, Any]) -> list[Cube]:
    out = []
    for el in drawn(view):
        if "data-cube" in el.attrib:
            x, y, z = map(int, el.attrib["data-cube"].split(","))
            out.append((x, y, z))
    return out


def cubes_of(view: dict[str, Any]) -> set[Cube]:
    return {(c["x"], c["y"], c["z"]) for c in view["cubes"]}


def made(cubes: list[Cube], chief: tuple[int, int] | None = None) -> dict[str, Any]:
    """A view with these neutral cubes and the chief on this path square."""
    view = dict(LAST[0], cubes=[{"x": x, "y": y, "z": z, "colour": "neutral"} for x, y, z in cubes])
    view.update(this_turn=None, last_turn=None, sacred=[])
    view["chief"] = None
    if chief is not None:
        (square,) = [p for p in view["path"] if (p["x"], p["y"]) == chief]
        view["chief"] = square
    return view


@pytest.mark.parametrize("view", GAMES_SEEN, ids=lambda v: f"{v['players']}p-{len(v['cubes'])}")
def test_every_cube_in_sight_is_drawn_once_in_its_colour_where_it_stands(
    view: dict[str, Any],
) -> None:
    cubes = cubes_of(view)
    shown = cubes_drawn(view)
    assert len(shown) == len(set(shown)), "a cube drawn twice"
    assert set(shown) <= cubes
    for x, y, z in cubes - set(shown):  # left out only when covered on all three faces seen
        assert {(x, y, z + 1), (x - 1, y, z), (x, y - 1, z)} <= cubes
    colours = {(c["x"], c["y"], c["z"]): c["colour"] for c in view["cubes"]}
    for el in drawn(view):
        if "data-cube" not in el.attrib:
            continue
        x, y, z = map(int, el.attrib["data-cube"].split(","))
        assert el.attrib["href"] == f"#pb-{LETTER[colours[x, y, z]] or 'N'}"
        assert (float(el.attrib["x"]), float(el.attrib["y"])) == iso.project(x, y, z - 1)


def test_a_cube_with_a_face_in_sight_is_drawn() -> None:
    """The west column of a 2x1x2 block shows its west faces, the south row its south
    faces, the top its tops: only a cube with all three covered is left out."""
    block = [(x, y, z) for x in (3, 4) for y in (3, 4) for z in (1, 2)]
    assert sorted(cubes_drawn(made(block))) == sorted(c for c in block if c != (4, 4, 1))


@pytest.mark.parametrize("view", GAMES_SEEN, ids=lambda v: f"{v['players']}p-{len(v['cubes'])}")
def test_a_cube_in_front_or_above_is_painted_after_the_one_it_covers(
    view: dict[str, Any],
) -> None:
    order = {cube: n for n, cube in enumerate(cubes_drawn(view))}
    for behind, a in order.items():
        for front, b in order.items():
            if front != behind and all(f <= h for f, h in zip(front[:2], behind[:2], strict=True)):
                if front[2] >= behind[2]:
                    assert b > a, f"{front} is painted before {behind}, which it covers"


def test_the_painters_order_of_a_small_pueblo() -> None:
    # a tower at d4, a cube against its west side, one on its south side, one behind
    view = made([(4, 4, 1), (4, 4, 2), (3, 4, 1), (4, 3, 2), (5, 5, 3), (5, 5, 1), (5, 5, 2)])
    order = cubes_drawn(view)
    assert order.index((5, 5, 3)) < order.index((4, 4, 1))  # behind first, however high
    assert order.index((4, 4, 1)) < order.index((4, 4, 2))  # then bottom to top
    assert order.index((4, 4, 2)) < order.index((3, 4, 1))  # the west neighbour in front
    assert order.index((4, 4, 2)) < order.index((4, 3, 2))  # the south one, even floating


@pytest.mark.parametrize("view", GAMES_SEEN, ids=lambda v: f"{v['players']}p-{len(v['cubes'])}")
def test_the_chief_stands_on_his_square_between_the_cubes_behind_and_in_front(
    view: dict[str, Any],
) -> None:
    chief = view["chief"]
    elements = drawn(view)
    (figure,) = [el for el in elements if "data-chief" in el.attrib]
    assert figure.attrib["data-chief"] == str(chief["index"])
    sx, sy = float(figure.attrib["x"]), float(figure.attrib["y"])
    # back from the screen to the ground: x - y and x + y of the square's front corner
    assert (sx / iso.UNIT, -2 * sy / iso.UNIT) == (chief["x"] - chief["y"], chief["x"] + chief["y"])
    at = elements.index(figure)
    for n, el in enumerate(elements):
        if "data-cube" not in el.attrib:
            continue
        x, y, _ = map(int, el.attrib["data-cube"].split(","))
        if x <= chief["x"] and y <= chief["y"]:
            assert n > at, "a cube in front of the chief is painted before him"
        if x >= chief["x"] and y >= chief["y"]:
            assert n < at, "a cube behind the chief is painted after him"


def test_the_chief_hidden_behind_a_tower_shows_his_outline_over_it() -> None:
    def ghost(view: dict[str, Any]) -> list[int]:
        elements = drawn(view)
        return [n for n, el in enumerate(elements) if el.get("href") == "#pb-chief-ghost"]

    assert ghost(made([], chief=(9, 5))) == []
    assert ghost(made([(2, 2, 1)], chief=(9, 5))) == []  # far from him
    tower = made([(8, 5, z) for z in (1, 2, 3)], chief=(9, 5))
    (outline,) = ghost(tower)
    assert outline == len(drawn(tower)) - 1  # over everything
    assert ghost(made([(8, 5, z) for z in (1, 2, 3)], chief=(4, 0))) == []  # behind him
    assert not any("data-chief" in el.attrib for el in drawn(made([(3, 3, 1)])))


def test_the_faces_the_chief_saw_are_marked_when_this_picture_shows_them() -> None:
    view = made([(4, 1, 1), (4, 1, 2), (4, 2, 3)], chief=(4, 0))
    seen = [
        {"x": 4, "y": 1, "z": 1, "face": "south"},
        {"x": 4, "y": 1, "z": 2, "face": "south"},
        {"x": 4, "y": 2, "z": 3, "face": "north"},  # the far side: not in this picture
        {"x": 4, "y": 1, "z": 2, "face": "top"},
    ]
    view["last_turn"] = {"seat": 0, "actions": ["chief 1"], "seen": seen}
    elements = drawn(view)
    marks = [(n, el.get("href")) for n, el in enumerate(elements) if "seen" in el.get("href", "")]
    assert [href for _, href in marks] == ["#pb-seen-r", "#pb-seen-r", "#pb-seen-t"]
    cube_at = {el.get("data-cube"): n for n, el in enumerate(elements) if el.get("data-cube")}
    assert marks[0][0] == cube_at["4,1,1"] + 1  # right after its cube, before the next
    assert [n for n, _ in marks[1:]] == [cube_at["4,1,2"] + 1, cube_at["4,1,2"] + 2]
    view["this_turn"] = {"stone": {"cubes": []}}  # a stone placed since he looked
    assert not any("seen" in el.get("href", "") for el in drawn(view))


@pytest.mark.parametrize("tall", [0, 3, 6, 12])
def test_the_picture_grows_so_that_a_tall_pueblo_is_never_cut(tall: int) -> None:
    view = made([(8, 8, z) for z in range(1, tall + 1)] + [(1, 1, 1)], chief=(9, 9))
    root = ET.fromstring(iso.iso_svg(view, "The pueblo"))
    left, top, width, height = map(float, root.attrib["viewBox"].split())
    for x, y, z in cubes_of(view):
        for cx, cy, cz in ((x, y, z - 1), (x + 1, y + 1, z), (x + 1, y, z - 1), (x, y + 1, z - 1)):
            px, py = iso.project(cx, cy, cz)
            assert left <= px <= left + width and top <= py <= top + height
    if tall <= 3:  # a usual pueblo: the picture keeps its size from move to move
        empty = ET.fromstring(iso.iso_svg(made([]), "x")).attrib["viewBox"]
        assert empty == root.attrib["viewBox"]


def test_the_picture_is_one_named_image_of_well_formed_svg() -> None:
    title = 'Le pueblo <en 3D> & "vu"'
    text = iso.iso_svg(LAST[2], title)
    root = ET.fromstring(text)  # raises on markup that is not well formed
    assert root.tag == f"{SVG}svg"
    assert root.attrib["role"] == "img" and root.attrib["aria-label"] == title
    assert root.attrib["data-testid"] == "pueblo-3d"
    ids = {el.attrib["id"] for el in root.iter() if "id" in el.attrib}
    used = {el.attrib["href"][1:] for el in root.iter(f"{SVG}use")}
    assert used <= ids, "a use of a shape the picture does not define"
    tiles = [el.attrib["href"] for el in root.iter(f"{SVG}use") if "path" in el.attrib["href"]]
    corners = [el for el in root.iter(f"{SVG}use") if el.attrib["href"] == "#pb-corner"]
    assert len(tiles) == 32 and len(corners) == 4  # the chief's path around the site
    labels = [el.text for el in root.iter(f"{SVG}text")]
    assert sorted(labels) == sorted([*"12345678", *"abcdefgh"])


def test_a_full_pueblo_stays_a_few_kilobytes() -> None:
    assert max(len(iso.iso_svg(view, "The pueblo").encode()) for view in LAST) < 11_000
