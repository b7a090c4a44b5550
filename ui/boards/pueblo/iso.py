"""The pueblo as a still isometric picture, drawn from a view: the spectators' 3D view.

Pure functions (no NiceGUI). A spectators' frame (``spectator.py``) is one HTML string
shared by every spectator of a table, so it cannot hold a 3D scene of its own; this draws
what the scene (``scene3d.py``) shows, seen from the south-west corner: the ground, the
chief's path around the 8x8 site, the cubes and the chief in painter's order (back to
front, then bottom to top), and the faces the chief saw on his last move. A cube covered on
its top and on both sides seen is left out, since the cubes painted after it hide all of
it; the chief, when a cube in front of him hides some of him, also shows as an outline over
everything.

World coordinates are the scene's: a square (x, y) spans [x, x+1] x [y, y+1] (the site is
x, y in 1..8, the path the ring 0 and 9 around it), and a cube of level z spans
[z-1, z] upwards. Each cube is one ``<use>`` of its colour's cube (``data-cube="x,y,z"``),
each path square one of a tile, the chief one of his figure (``data-chief``, his path
index), so that a full board stays near ten kilobytes.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from core.games.pueblo.geometry import FILES
from ui.boards.a11y import piece
from ui.boards.pueblo.top import COLOURS, LETTER, square_xy

UNIT = 16  # a square's half width on screen, in px; even, so that every cube lands on pixels
PAD = 12  # around the ground and the tallest column
TOP = 12.5  # the least height kept above the front corner, in units: taller pueblos grow it
SLAB = 0.3  # the ground's thickness, in levels
GROUND = "#c9a66b"
PATH = "#d9c193"
CORNER = "#a1804a"
CHIEF = ("#5d4037", "#8d6e63", "#c62828")  # body, head, feather
CHIEF_BODY, CHIEF_HEAD = 0.95, 1.25  # how high his body and the centre of his head reach
SEEN = "#ffeb3b"
EDGE = "#3b2a1e"
SHADES = {"t": 0.12, "l": -0.2, "r": -0.38}  # top lighter, west side darker, south darkest
VISIBLE = {"top": "t", "west": "l", "south": "r"}  # the faces seen from the south-west


def project(x: float, y: float, z: float) -> tuple[float, float]:
    """Screen position of world point (x, y, z): x runs to the right and up, y to the left
    and up, z up; the ground's front corner (0, 0, 0) is at the origin."""
    return (x - y) * UNIT, -((x + y) / 2 + z) * UNIT


def num(value: float) -> str:
    """A coordinate rounded to one decimal, without a trailing ".0"."""
    text = f"{round(value, 1) + 0.0:.1f}"  # + 0.0: no "-0"
    return text[:-2] if text.endswith(".0") else text


def points(corners: Sequence[tuple[float, float, float]]) -> str:
    return " ".join(",".join(map(num, project(*corner))) for corner in corners)


def shade(colour: str, amount: float) -> str:
    """``colour`` (#rrggbb) mixed with white (``amount`` > 0) or black (< 0)."""
    rgb = [int(colour[i : i + 2], 16) for i in (1, 3, 5)]
    target = 255 if amount > 0 else 0
    return "#" + "".join(f"{round(c + (target - c) * abs(amount)):02x}" for c in rgb)


FACES = {  # a unit cube's visible faces, from its corner (0, 0, 0)
    "t": [(0, 0, 1), (1, 0, 1), (1, 1, 1), (0, 1, 1)],
    "l": [(0, 0, 0), (0, 1, 0), (0, 1, 1), (0, 0, 1)],
    "r": [(0, 0, 0), (1, 0, 0), (1, 0, 1), (0, 0, 1)],
}


def _inset(face: str, by: float = 0.3) -> list[tuple[float, float, float]]:
    """A face shrunk towards its centre: the mark of a face the chief saw."""
    corners = FACES[face]
    cx, cy, cz = (sum(c[i] for c in corners) / 4 for i in range(3))
    return [(x + (cx - x) * by, y + (cy - y) * by, z + (cz - z) * by) for x, y, z in corners]


def _cube_def(colour: str) -> str:
    fill = COLOURS.get(colour, "#9e9e9e")
    faces = "".join(
        f'<polygon points="{points(FACES[face])}" fill="{shade(fill, SHADES[face])}"/>'
        for face in ("l", "r", "t")
    )
    return f'<g id="pb-{_colour(colour)}">{faces}</g>'


def _tile_def(name: str, fill: str) -> str:
    gap = 0.04
    corners = [(gap, gap, 0), (1 - gap, gap, 0), (1 - gap, 1 - gap, 0), (gap, 1 - gap, 0)]
    return f'<polygon id="pb-{name}" points="{points(corners)}" fill="{fill}"/>'


def _chief_def() -> str:
    """The chief standing on the centre of his square: a shadow, a body, a head, a feather;
    and his outline alone, drawn over whatever stands in front of him."""
    body, head, feather = CHIEF
    x0, y0 = project(0.5, 0.5, 0)
    _, y1 = project(0.5, 0.5, CHIEF_BODY)
    _, yh = project(0.5, 0.5, CHIEF_HEAD)
    low, high = 0.36 * 1.41 * UNIT, 0.27 * 1.41 * UNIT  # the body's half widths on screen
    shape = (
        f'<path d="M{num(x0 - low)} {num(y0)}A{num(low)} {num(low / 2)} 0 0 0 {num(x0 + low)} '
        f"{num(y0)}L{num(x0 + high)} {num(y1)}A{num(high)} {num(high / 2)} 0 0 0 "
        f'{num(x0 - high)} {num(y1)}Z"{{}}/>'
        f'<circle cx="{num(x0)}" cy="{num(yh)}" r="{num(0.34 * UNIT)}"{{}}/>'
    )
    halo = ' fill="none" stroke="#fff" stroke-width="2.5" stroke-opacity=".8"'
    ghost = f' fill="none" stroke="{body}" stroke-width="1.2" stroke-dasharray="3 2"'
    return (
        '<g id="pb-chief">'
        f'<ellipse cx="{num(x0)}" cy="{num(y0)}" rx="{num(low * 1.3)}" ry="{num(low * 0.65)}" '
        'fill="#000" fill-opacity=".25" stroke="none"/>'
        + shape.format(f' fill="{body}"', f' fill="{head}"')
        + f'<path d="M{num(x0 - 2.5)} {num(yh - 4.5)}l3 -10 3.5 9z" fill="{feather}"/></g>'
        f'<g id="pb-chief-ghost">{shape.format(halo, halo)}{shape.format(ghost, ghost)}</g>'
    )


def hides_chief(cube: dict[str, Any], chief: dict[str, Any]) -> bool:
    """Whether ``cube`` stands in front of the chief and covers part of him on screen."""
    if cube["x"] > chief["x"] or cube["y"] > chief["y"]:
        return False
    cx, feet = project(chief["x"] + 0.5, chief["y"] + 0.5, 0)
    x, bottom = project(cube["x"], cube["y"], cube["z"] - 1)  # its front corner's foot
    crown = feet - (CHIEF_HEAD + 0.34) * UNIT
    return abs(cx - x) < 1.5 * UNIT and bottom > crown and bottom - 2 * UNIT < feet + UNIT / 4


def _seen_defs() -> str:
    return "".join(
        f'<polygon id="pb-seen-{face}" points="{points(_inset(face))}" fill="{SEEN}" '
        'stroke="#212121" stroke-width=".8"/>'
        for face in ("t", "l", "r")
    )


def seen_faces(view: dict[str, Any]) -> dict[tuple[int, int, int], list[str]]:
    """The faces the chief saw on his last move that this picture shows (``t``, ``l`` or
    ``r``), by cube; none once a stone was placed since (as in the 3D scene)."""
    turn = view.get("this_turn") or {}
    if turn.get("stone") and not turn.get("chief"):
        return {}
    last = turn if turn.get("chief") else (view.get("last_turn") or {})
    seen: dict[tuple[int, int, int], list[str]] = {}
    for cube in last.get("seen") or []:
        face = VISIBLE.get(cube.get("face", "top"))
        if face:
            seen.setdefault((cube["x"], cube["y"], cube["z"]), []).append(face)
    return seen


def _colour(colour: str) -> str:
    """A cube colour as this picture names it: its cube is ``pb-R``, ... ``pb-N``."""
    return (LETTER[colour] or "N") if colour in COLOURS else "X"


def cube_top(x: int, y: int, z: int) -> float:
    """How high (in units above the front corner) cube (x, y, level z) reaches on screen."""
    return (x + y + 2) / 2 + z


def hidden(cubes: set[tuple[int, int, int]], x: int, y: int, z: int) -> bool:
    """Whether cube (x, y, z) is out of sight: a cube on it and one against each of the two
    sides seen (west and south) cover all of it, and they are painted after it."""
    return {(x, y, z + 1), (x - 1, y, z), (x, y - 1, z)} <= cubes


def painted(view: dict[str, Any]) -> list[tuple[str, dict[str, Any]]]:
    """The cubes in sight and the chief in the order they are painted: back to front (the
    sum of x and y falling), then bottom to top. Pieces on one diagonal never overlap on
    screen."""
    at = {(c["x"], c["y"], c["z"]) for c in view["cubes"]}
    items: list[tuple[tuple[int, int], str, dict[str, Any]]] = [
        ((-(c["x"] + c["y"]), c["z"]), "cube", c)
        for c in view["cubes"]
        if not hidden(at, c["x"], c["y"], c["z"])
    ]
    chief = view.get("chief")
    if chief:
        items.append(((-(chief["x"] + chief["y"]), 0), "chief", chief))
    items.sort(key=lambda item: item[0])
    return [(kind, thing) for _, kind, thing in items]


def iso_svg(view: dict[str, Any], title: str) -> str:
    """The whole picture; ``title`` names it for a screen reader."""
    cubes = view["cubes"]
    top = max([TOP, *(cube_top(c["x"], c["y"], c["z"]) for c in cubes)])
    left, width = -10 * UNIT - PAD, 20 * UNIT + 2 * PAD
    high = -top * UNIT - PAD
    height = (SLAB + 1.2) * UNIT + PAD - high  # the slab and the letters under the front corner
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="{left} {num(high)} {width} '
        f'{num(height)}" class="pb-iso" data-testid="pueblo-3d"{piece(title)}>'
        "<defs>"
        + "".join(_cube_def(colour) for colour in sorted({c["colour"] for c in cubes}))
        + _tile_def("path", PATH)
        + _tile_def("corner", CORNER)
        + _chief_def()
        + _seen_defs()
        + "</defs>"
    ]
    out += _ground(view)
    out.append(f'<g stroke="{EDGE}" stroke-width=".8" stroke-linejoin="round">')
    seen = seen_faces(view)
    for kind, thing in painted(view):
        x, y = thing["x"], thing["y"]
        if kind == "chief":
            px, py = project(x, y, 0)
            out.append(
                f'<use href="#pb-chief" x="{num(px)}" y="{num(py)}" data-chief="{thing["index"]}"/>'
            )
            continue
        z = thing["z"]
        px, py = project(x, y, z - 1)
        at = f'x="{num(px)}" y="{num(py)}"'
        out.append(f'<use href="#pb-{_colour(thing["colour"])}" {at} data-cube="{x},{y},{z}"/>')
        out += [f'<use href="#pb-seen-{face}" {at}/>' for face in seen.get((x, y, z), [])]
    out.append("</g>")
    chief = view.get("chief")
    if chief and any(hides_chief(cube, chief) for cube in cubes):
        px, py = project(chief["x"], chief["y"], 0)
        out.append(f'<use href="#pb-chief-ghost" x="{num(px)}" y="{num(py)}"/>')
    out.append("</svg>")
    return "".join(out)


def _ground(view: dict[str, Any]) -> list[str]:
    """The ground slab, the site with its grid, the path squares, the sacred sites and the
    files and rows along the front edges."""
    slab = [
        f'<polygon points="{points([(0, 0, 0), (10, 0, 0), (10, 0, -SLAB), (0, 0, -SLAB)])}" '
        f'fill="{shade(GROUND, -0.38)}"/>',
        f'<polygon points="{points([(0, 0, 0), (0, 10, 0), (0, 10, -SLAB), (0, 0, -SLAB)])}" '
        f'fill="{shade(GROUND, -0.2)}"/>',
        f'<polygon points="{points([(0, 0, 0), (10, 0, 0), (10, 10, 0), (0, 10, 0)])}" '
        f'fill="{shade(GROUND, -0.1)}"/>',
        f'<polygon points="{points([(1, 1, 0), (9, 1, 0), (9, 9, 0), (1, 9, 0)])}" '
        f'fill="{GROUND}"/>',
    ]
    lines = "".join(
        f"M{points([(i, 1, 0)]).replace(',', ' ')}L{points([(i, 9, 0)]).replace(',', ' ')}"
        f"M{points([(1, i, 0)]).replace(',', ' ')}L{points([(9, i, 0)]).replace(',', ' ')}"
        for i in range(2, 9)
    )
    slab.append(f'<path d="{lines}" stroke="{EDGE}" stroke-opacity=".22" fill="none"/>')
    for square in view["path"]:
        px, py = project(square["x"], square["y"], 0)
        tile = "corner" if square["corner"] else "path"
        slab.append(f'<use href="#pb-{tile}" x="{num(px)}" y="{num(py)}"/>')
    for name in view.get("sacred") or []:
        x, y = square_xy(name)
        cx, cy = project(x + 0.5, y + 0.5, 0)
        slab.append(
            f'<ellipse cx="{num(cx)}" cy="{num(cy)}" rx="{num(UNIT * 0.6)}" '
            f'ry="{num(UNIT * 0.3)}" fill="#fff8e1" stroke="#bf360c" stroke-width="2" '
            f'data-sacred="{name}"/>'
        )
    labels = []
    for i, letter in enumerate(FILES, start=1):  # under the front corner of each edge square
        fx, fy = project(i, 0, -SLAB)
        rx, ry = project(0, i, -SLAB)
        labels.append(
            f'<text x="{num(fx)}" y="{num(fy + 11)}">{letter}</text>'
            f'<text x="{num(rx)}" y="{num(ry + 11)}">{i}</text>'
        )
    slab.append(f'<g class="pb-iso-coord" aria-hidden="true">{"".join(labels)}</g>')
    return slab
