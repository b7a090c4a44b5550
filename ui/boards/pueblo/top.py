"""Pueblo seen from above, as one SVG picture drawn from a view.

Pure functions (no NiceGUI). The 10x10 picture holds the 8x8 building site
(files a-h, rows 1-8) inside the chief's path. Each column shows its top colour
and its height. Clickable targets carry ``data-click`` and a ``data-testid``:
anchors of the chosen pose (``anchor-d4``: hovering shows a ghost of the stone),
path squares the chief may reach (``step-2``), squares for a sacred site
(``site-d4``) and stones that may be removed (``stone-7``). Targets are named
buttons and the columns, the sacred site and the chief named images
(:mod:`ui.boards.a11y`); each column's top colour also shows as a letter.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from html import escape
from typing import Any

from core.games.pueblo import notation
from core.games.pueblo.geometry import FILES  # the files the notation reads
from ui.boards.a11y import group, piece, target
from ui.i18n import Translator

CELL = 48
MARGIN = 22
COLOURS = {
    "red": "#d32f2f",
    "blue": "#1976d2",
    "green": "#388e3c",
    "purple": "#7b1fa2",
    "neutral": "#e2c48f",
}
LETTER = {"red": "R", "blue": "B", "green": "G", "purple": "P", "neutral": ""}
RECENT = "#ff6f00"


@dataclass
class Targets:
    """What may be clicked now, each mapped to its click token."""

    anchors: dict[str, tuple[str, list[tuple[int, int, int]]]] = field(default_factory=dict)
    steps: dict[int, str] = field(default_factory=dict)  # path index -> token
    sites: dict[str, str] = field(default_factory=dict)
    stones: dict[int, str] = field(default_factory=dict)
    ghost_colour: str = "#ffd54f"


def xy(x: int, y: int) -> tuple[int, int]:
    """Top-left corner of board cell (x, y); y grows northwards, drawn upwards."""
    return MARGIN + x * CELL, MARGIN + (9 - y) * CELL


def square_name(x: int, y: int) -> str:
    return f"{FILES[x - 1]}{y}"


def square_xy(name: str) -> tuple[int, int]:
    return FILES.index(name[0]) + 1, int(name[1:])


def top_svg(view: dict[str, Any], targets: Targets, t: Translator) -> str:
    size = 2 * MARGIN + 10 * CELL
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {size} {size}" class="pb-top"'
        f"{group(t('pueblo.top_view'))}>"
    ]
    out += _path(view, targets)
    out += _site(view, t)
    out += _recent(view)
    out += _coordinates()
    out += _chief(view, t)
    out += _clickable(view, targets, t)
    out.append("</svg>")
    return "".join(out)


def _path(view: dict[str, Any], targets: Targets) -> list[str]:
    out = []
    for square in view["path"]:
        px, py = xy(square["x"], square["y"])
        cls = "pb-corner" if square["corner"] else "pb-path"
        out.append(
            f'<rect x="{px + 1}" y="{py + 1}" width="{CELL - 2}" height="{CELL - 2}" rx="5" '
            f'class="{cls}" data-path="{square["index"]}"/>'
        )
    return out


def _site(view: dict[str, Any], t: Translator) -> list[str]:
    out = []
    sacred = set(view.get("sacred") or [])
    for row in range(1, 9):
        for col in range(1, 9):
            px, py = xy(col, row)
            height = view["heights"][row - 1][col - 1]
            top = view["tops"][row - 1][col - 1]
            name = square_name(col, row)
            fill = COLOURS.get(top, "#f7f1e3") if top else "#f7f1e3"
            shade = min(0.45, 0.09 * height)
            named = ""
            if height:
                colour = t(f"a11y.pueblo.colour.{top}") if top in COLOURS else "?"
                named = piece(t("a11y.pueblo.column", square=name, height=height, colour=colour))
            out.append(
                f'<rect x="{px}" y="{py}" width="{CELL}" height="{CELL}" fill="{fill}" '
                f'stroke="#a1887f" stroke-width="1" data-square="{name}" data-height="{height}"'
                f"{named}/>"
            )
            if height:
                out.append(
                    f'<rect x="{px}" y="{py}" width="{CELL}" height="{CELL}" fill="#000" '
                    f'fill-opacity="{shade:.2f}" pointer-events="none"/>'
                    f'<text x="{px + CELL - 6}" y="{py + 15}" text-anchor="end" '
                    f'class="pb-height" aria-hidden="true">{height}</text>'
                )
                letter = LETTER.get(top or "", "")
                if letter:
                    out.append(
                        f'<text x="{px + 8}" y="{py + CELL - 8}" class="pb-letter" '
                        f'aria-hidden="true">{letter}</text>'
                    )
            if name in sacred:
                cx, cy = px + CELL / 2, py + CELL / 2
                site = piece(t("a11y.pueblo.sacred_site", square=name))
                out.append(
                    f'<circle cx="{cx}" cy="{cy}" r="13" fill="#fff8e1" stroke="#bf360c" '
                    f'stroke-width="2.5" data-sacred="{name}"{site}/>'
                    f'<circle cx="{cx}" cy="{cy}" r="5" fill="#bf360c"/>'
                )
    return out


def _recent(view: dict[str, Any]) -> list[str]:
    turn = view.get("this_turn") or {}
    stone = turn.get("stone") or (view.get("last_turn") or {}).get("stone")
    out = []
    if stone and stone.get("on_board", True):
        columns = {(c["x"], c["y"]) for c in stone["cubes"]}
        for x, y in columns:
            px, py = xy(x, y)
            out.append(
                f'<rect x="{px + 3}" y="{py + 3}" width="{CELL - 6}" height="{CELL - 6}" '
                f'fill="none" stroke="{RECENT}" stroke-width="4" rx="3" data-recent="stone"/>'
            )
    seen = (view.get("last_turn") or {}).get("seen") or []
    if not turn.get("stone"):
        for cube in seen:
            px, py = xy(cube["x"], cube["y"])
            out.append(
                f'<circle cx="{px + CELL / 2}" cy="{py + CELL / 2}" r="6" fill="#fff176" '
                'stroke="#212121" stroke-width="1.5" data-seen="1"/>'
            )
    return out


def _coordinates() -> list[str]:
    out = []
    for i in range(1, 9):
        px, _ = xy(i, 0)
        out.append(
            f'<text x="{px + CELL / 2}" y="{MARGIN + 10 * CELL + 16}" text-anchor="middle" '
            f'class="pb-coord" aria-hidden="true">{FILES[i - 1]}</text>'
        )
        _, py = xy(0, i)
        out.append(
            f'<text x="{MARGIN - 11}" y="{py + CELL / 2 + 5}" text-anchor="middle" '
            f'class="pb-coord" aria-hidden="true">{i}</text>'
        )
    return out


def _chief(view: dict[str, Any], t: Translator) -> list[str]:
    chief = view.get("chief")
    if not chief:
        return []
    px, py = xy(chief["x"], chief["y"])
    cx, cy = px + CELL / 2, py + CELL / 2
    name = piece(t("a11y.pueblo.chief_at", n=chief["index"] + 1))
    return [
        f'<g data-chief="{chief["index"]}"{name}>'
        f'<circle cx="{cx}" cy="{cy + 6}" r="12" fill="#5d4037" stroke="#212121" stroke-width="2"/>'
        f'<circle cx="{cx}" cy="{cy - 8}" r="8" fill="#8d6e63" stroke="#212121" stroke-width="2"/>'
        f'<path d="M{cx - 2} {cy - 15} l 4 -10 l 3 9 z" fill="#c62828"/></g>'
    ]


def target_name(token: str, t: Translator) -> str:
    """What clicking ``token`` does, in words: "Move the chief 3 squares on"."""
    p = notation.read(token.removeprefix("act:"))
    assert p is not None, token
    if p.word == "place":
        stone = t("pueblo.coloured_stone") if p.letter == "C" else t("pueblo.neutral_stone")
        return t("a11y.pueblo.place", stone=stone, pose=str(p.number), square=p.anchor)
    if p.word == "chief":
        return t.plural("a11y.pueblo.chief", p.number)
    if p.word == "sacred":
        return t("a11y.pueblo.sacred", square=p.anchor)
    return t("a11y.pueblo.remove", n=str(p.number))


def _clickable(view: dict[str, Any], targets: Targets, t: Translator) -> list[str]:
    out = []
    for anchor, (token, cubes) in sorted(targets.anchors.items()):
        x, y = square_xy(anchor)
        px, py = xy(x, y)
        ghost = []
        tops: dict[tuple[int, int], int] = {}
        for cx, cy, cz in cubes:
            tops[(cx, cy)] = max(tops.get((cx, cy), 0), cz)
        for (cx, cy), level in sorted(tops.items()):
            gx, gy = xy(cx, cy)
            ghost.append(
                f'<rect x="{gx + 4}" y="{gy + 4}" width="{CELL - 8}" height="{CELL - 8}" rx="4" '
                f'fill="{targets.ghost_colour}" class="pb-ghost-cell"/>'
                f'<text x="{gx + CELL / 2}" y="{gy + CELL / 2 + 5}" text-anchor="middle" '
                f'class="pb-ghost-level">{level}</text>'
            )
        out.append(
            f'<g class="pb-anchor" data-click="{escape(token)}"{target(target_name(token, t))}>'
            f'<rect x="{px + 2}" y="{py + 2}" width="{CELL - 4}" height="{CELL - 4}" rx="4" '
            f'class="pb-hit" data-testid="anchor-{anchor}"/>'
            f'<g class="pb-ghost">{"".join(ghost)}</g></g>'
        )
    by_index = {square["index"]: square for square in view["path"]}
    for index, token in sorted(targets.steps.items()):
        square = by_index[index]
        px, py = xy(square["x"], square["y"])
        parsed = notation.read(token.removeprefix("act:"))
        steps = "" if parsed is None else str(parsed.number)
        out.append(
            f'<g class="pb-step" data-click="{escape(token)}" data-testid="step-{steps}"'
            f"{target(target_name(token, t))}>"
            f'<rect x="{px + 3}" y="{py + 3}" width="{CELL - 6}" height="{CELL - 6}" rx="6" '
            f'class="pb-hit-step"/><text x="{px + CELL / 2}" y="{py + CELL / 2 + 7}" '
            f'text-anchor="middle" class="pb-step-n">{steps}</text></g>'
        )
    for name, token in sorted(targets.sites.items()):
        px, py = xy(*square_xy(name))
        out.append(
            f'<rect x="{px + 3}" y="{py + 3}" width="{CELL - 6}" height="{CELL - 6}" rx="4" '
            f'class="pb-hit-site" data-click="{escape(token)}" data-testid="site-{name}"'
            f"{target(target_name(token, t))}/>"
        )
    if targets.stones:
        owner = {}
        for cube in view["cubes"]:
            owner[(cube["x"], cube["y"])] = cube["stone"]
        for stone, token in sorted(targets.stones.items()):
            columns = [c for c, s in owner.items() if s == stone]
            said = target_name(token, t)  # also the tooltip: the stone's number ("remove 7")
            for i, (x, y) in enumerate(sorted(columns)):
                px, py = xy(x, y)
                # One button per stone; its other squares answer the mouse only.
                first = f' data-testid="stone-{stone}"{target(said)}'
                marks = first if i == 0 else ' aria-hidden="true"'
                out.append(
                    f'<rect x="{px + 3}" y="{py + 3}" width="{CELL - 6}" height="{CELL - 6}" '
                    f'rx="4" class="pb-hit-site" data-click="{escape(token)}"{marks}>'
                    f"<title>{escape(said)}</title></rect>"
                )
    return out


def pose_svg(cells: list[list[int]], colour: str, size: int = 92) -> str:
    """A small isometric picture of one pose, for the pose chooser."""
    fill = COLOURS.get(colour, colour)
    unit = 13

    def project(x: float, y: float, z: float) -> tuple[float, float]:
        return size / 2 + (x - y) * unit, size * 0.62 - (x + y) * unit * 0.5 - z * unit

    faces = []
    for dx, dy, dz in sorted(cells, key=lambda c: (-(c[0] + c[1]), c[2])):
        corners = {
            "top": [
                (dx, dy, dz + 1),
                (dx + 1, dy, dz + 1),
                (dx + 1, dy + 1, dz + 1),
                (dx, dy + 1, dz + 1),
            ],
            "left": [(dx, dy, dz), (dx, dy, dz + 1), (dx, dy + 1, dz + 1), (dx, dy + 1, dz)],
            "right": [(dx, dy, dz), (dx + 1, dy, dz), (dx + 1, dy, dz + 1), (dx, dy, dz + 1)],
        }
        for face, shade in (("left", 0.75), ("right", 0.55), ("top", 1.0)):
            points = " ".join(
                f"{px:.1f},{py:.1f}" for px, py in (project(*c) for c in corners[face])
            )
            faces.append(
                f'<polygon points="{points}" fill="{fill}" stroke="#212121" stroke-width="1" '
                f'fill-opacity="{shade}"/>'
            )
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {size} {size}" width="{size}" '
        f'height="{size}" class="pb-pose" aria-hidden="true">{"".join(faces)}</svg>'
    )


# The top view is as wide as its column allows, up to 560 px, and no taller than the window
# below the header, title, seats, the line saying what to do and the stone being placed
# (about 25rem at desktop size): at 1280 x 800 it fits without scrolling.
BOARD_CSS = f"""
.pb-top{{width:min(100%,560px,max(16rem,100svh - 25rem));height:auto;user-select:none;
  display:block}}
.pb-path{{fill:#efe3c8;stroke:#bca77b;stroke-width:1.5}}
.pb-corner{{fill:#d7c08e;stroke:#8d6e3f;stroke-width:2}}
.pb-coord{{font:600 13px sans-serif;fill:#6d5b3e}}
.pb-height{{font:700 13px sans-serif;fill:#fff;paint-order:stroke;stroke:#212121;stroke-width:2px}}
.pb-letter{{font:700 12px sans-serif;fill:#fff;paint-order:stroke;stroke:#212121;stroke-width:2px}}
.pb-anchor{{cursor:pointer}}
.pb-hit{{fill:#ffd54f;fill-opacity:.18;stroke:#f9a825;stroke-width:1.5;stroke-dasharray:4 3}}
.pb-ghost{{opacity:0;pointer-events:none}}
.pb-anchor:hover .pb-ghost,.pb-anchor:focus .pb-ghost{{opacity:.85}}
.pb-anchor:hover .pb-hit{{fill-opacity:.45}}
.pb-ghost-cell{{stroke:#212121;stroke-width:2;stroke-dasharray:5 3}}
.pb-ghost-level{{font:700 16px sans-serif;fill:#212121}}
.pb-step{{cursor:pointer}}
.pb-hit-step{{fill:#fff176;fill-opacity:.75;stroke:{RECENT};stroke-width:3}}
.pb-step:hover .pb-hit-step{{fill:#ffca28}}
.pb-step-n{{font:700 20px sans-serif;fill:#bf360c;pointer-events:none}}
.pb-hit-site{{fill:#ffd54f;fill-opacity:.3;stroke:#f57f17;stroke-width:2;cursor:pointer}}
.pb-hit-site:hover{{fill-opacity:.6}}
.pb-chip{{width:14px;height:14px;border-radius:3px;display:inline-block;border:1px solid #212121}}
.pb-scene{{border-radius:8px;overflow:hidden}}
.pb-iso{{width:100%;max-width:560px;height:auto;display:block;background:#f3ead6;border-radius:8px}}
.pb-iso-coord{{font:600 10px sans-serif;fill:#6d5b3e;text-anchor:middle}}
.body--dark .pb-coord{{fill:#c4bcae}}
.body--dark .pb-scene,.body--dark .pb-iso{{filter:brightness(.85)}}
"""
