"""Feurio!'s forest as one SVG picture, drawn from a view.

Pure functions (no NiceGUI): :func:`forest_svg` takes a seat's view and the cells
that may be clicked now, and returns the SVG text. Hexes are pointy-topped, in
axial coordinates (``q`` to the right, ``r`` down a row and half a hex right).
Clickable cells carry ``data-click``, ``data-testid="cell-q,r"`` and the attributes
of a named button; tiles, empty cells and zone values are named images. Each
colour's men show its number and its zones have their own dash pattern, so colour
is never the only sign.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from html import escape
from typing import Any

from core.games.feurio.notation import split_action
from ui.boards.a11y import group, piece, target
from ui.i18n import Translator

R = 36  # centre to corner
ROOT3 = math.sqrt(3)
PAD = 12

# Men: colours 0-3 (kept apart from the tiles' fire palette); 3 is neutral at 3 players.
COLOURS = ("#1565c0", "#8e24aa", "#2e7d32", "#212121")
NEUTRAL = COLOURS[3]
HEAT = {  # from water to fire; a firebreak is grey
    0: "#9e9e9e",
    1: "#b3e5fc",
    2: "#fff9c4",
    3: "#ffe082",
    4: "#ffb74d",
    5: "#ff8a65",
    6: "#e64a19",
}
DARK_TEXT = {1, 2, 3, 4, 5}
DASHES = ("6 3", "2 3", "10 3 2 3", "12 5")  # each colour's zone outline
# Axial direction -> angle (degrees, y down) of the side facing it.
SIDES = {(1, 0): 0, (0, 1): 60, (-1, 1): 120, (-1, 0): 180, (0, -1): 240, (1, -1): 300}


@dataclass
class Clicks:
    """Cells that may be clicked now, each with its click token, and their badges."""

    cells: dict[str, str] = field(default_factory=dict)
    badges: dict[str, str] = field(default_factory=dict)


def cell_qr(cell: str) -> tuple[int, int]:
    q, r = cell.split(",")
    return int(q), int(r)


def centre(q: int, r: int) -> tuple[float, float]:
    return R * ROOT3 * (q + r / 2), R * 1.5 * r


def corner(cx: float, cy: float, angle: float, radius: float = R) -> tuple[float, float]:
    a = math.radians(angle)
    return cx + radius * math.cos(a), cy + radius * math.sin(a)


def hex_points(cx: float, cy: float, radius: float = R) -> str:
    return " ".join(
        f"{x:.1f},{y:.1f}" for x, y in (corner(cx, cy, 60 * i - 30, radius) for i in range(6))
    )


def side(cx: float, cy: float, angle: float, radius: float = R) -> tuple[float, ...]:
    return (*corner(cx, cy, angle - 30, radius), *corner(cx, cy, angle + 30, radius))


def men_colour(colour: int, view: dict[str, Any]) -> str:
    info = view["colours"][colour]
    return NEUTRAL if info.get("neutral") else COLOURS[colour]


def colour_name(colour: int, t: Translator) -> str:
    return t(f"feurio.colour.{colour}")


def forest_svg(view: dict[str, Any], clicks: Clicks, t: Translator) -> str:
    cells = [(tile["q"], tile["r"]) for tile in view["tiles"]]
    cells += [cell_qr(f["cell"]) for f in view["frontier"]]
    xs = [centre(q, r)[0] for q, r in cells] or [0.0]
    ys = [centre(q, r)[1] for q, r in cells] or [0.0]
    x0, y0 = min(xs) - R - PAD, min(ys) - R - PAD
    w, h = max(xs) - min(xs) + 2 * (R + PAD), max(ys) - min(ys) + 2 * (R + PAD)
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="{x0:.0f} {y0:.0f} {w:.0f} {h:.0f}" '
        f'class="fu-forest"{group(t("feurio.board"))}>'
    ]
    out += _frontier(view, t)
    out += _tiles(view, t)
    out += _zones(view, t)
    out += _clickable(view, clicks, t)
    out.append("</svg>")
    return "".join(out)


def _frontier(view: dict[str, Any], t: Translator) -> list[str]:
    hottest = set(view.get("hottest") or [])
    out = []
    for cell in view["frontier"]:
        cx, cy = centre(*cell_qr(cell["cell"]))
        hot = cell["cell"] in hottest
        name = piece(
            t(
                "a11y.feurio.hottest" if hot else "a11y.feurio.empty",
                cell=cell["cell"],
                heat=cell["heat"],
            )
        )
        out.append(
            f'<g data-frontier="{cell["cell"]}"{" data-hottest" if hot else ""}{name}>'
            f'<polygon points="{hex_points(cx, cy, R - 2)}" '
            f'class="fu-empty{" fu-hot" if hot else ""}"/>'
            f'<text x="{cx:.1f}" y="{cy + 5:.1f}" text-anchor="middle" class="fu-heat">'
            f"{cell['heat']}</text>{_coordinates(cell['cell'], cx, cy)}</g>"
        )
    return out


def tile_name(tile: dict[str, Any], t: Translator) -> str:
    """A tile in words: where, its value (or a firebreak), its men and free spaces."""
    cell = tile["cell"]
    words = [
        t("a11y.feurio.tile", cell=cell, value=tile["value"])
        if tile["face_up"]
        else t("a11y.feurio.firebreak", cell=cell)
    ]
    men = [f"{count} {colour_name(c, t)}" for c, count in enumerate(tile["men"]) if count]
    if men:
        words.append(t("a11y.feurio.men", men=", ".join(men)))
    free = tile["spaces"] - sum(tile["men"])
    if free > 0:
        words.append(t.plural("a11y.feurio.free", free))
    return t("list.semicolon").join(words)


def _tiles(view: dict[str, Any], t: Translator) -> list[str]:
    placed = {(tile["q"], tile["r"]) for tile in view["tiles"]}
    recent = _recent_cells(view)
    out = []
    for tile in view["tiles"]:
        q, r = tile["q"], tile["r"]
        cx, cy = centre(q, r)
        value = tile["value"] if tile["face_up"] else 0
        text = "#212121" if value in DARK_TEXT else "#ffffff"
        stroke = (
            'stroke="#ff6f00" stroke-width="5"'
            if tile["cell"] in recent
            else ('stroke="#4e342e" stroke-width="1.5"')
        )
        name = piece(tile_name(tile, t))
        out.append(
            f'<g data-tile="{tile["cell"]}" data-value="{value}"'
            f"{' data-recent' if tile['cell'] in recent else ''}{name}>"
            f'<polygon points="{hex_points(cx, cy, R - 2)}" fill="{HEAT[value]}" {stroke}/>'
        )
        for (dq, dr), angle in SIDES.items():
            if (q + dq, r + dr) not in placed:
                x1, y1, x2, y2 = side(cx, cy, angle, R - 4)
                out.append(
                    f'<line x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}" '
                    'class="fu-free"/>'
                )
        label = str(value) if tile["face_up"] else "0"
        out.append(
            f'<text x="{cx:.1f}" y="{cy - 4:.1f}" text-anchor="middle" class="fu-value" '
            f'fill="{text}">{label}</text>'
        )
        out += _spaces(tile, cx, cy, view)
        out.append(_coordinates(tile["cell"], cx, cy) + "</g>")
    return out


def _coordinates(cell: str, cx: float, cy: float) -> str:
    """The cell's name as the notation writes it (``man 2,-1``), small at its foot, so that
    what the move box, the move list and the tooltips say can be found on the picture. It
    is a label of the cell already named in words, hidden from screen readers."""
    return (
        f'<text x="{cx:.1f}" y="{cy + R - 6:.1f}" text-anchor="middle" class="fu-coord" '
        f'data-cell-label="{cell}" aria-hidden="true">{cell}</text>'
    )


def _spaces(tile: dict[str, Any], cx: float, cy: float, view: dict[str, Any]) -> list[str]:
    men = [c for c, count in enumerate(tile["men"]) for _ in range(count)]
    spaces = tile["spaces"]
    out = []
    for i in range(spaces):
        x = cx + (i - (spaces - 1) / 2) * 15
        y = cy + 16
        if i < len(men):
            fill = men_colour(men[i], view)
            out.append(
                f'<circle cx="{x:.1f}" cy="{y:.1f}" r="7" fill="{fill}" stroke="#212121" '
                f'stroke-width="1.5" data-man/><text x="{x:.1f}" y="{y + 3.5:.1f}" '
                f'text-anchor="middle" class="fu-man">{men[i] + 1}</text>'
            )
        else:
            out.append(
                f'<circle cx="{x:.1f}" cy="{y:.1f}" r="7" fill="#ffffff" stroke="#757575" '
                'stroke-width="1.5"/>'
            )
    return out


def _recent_cells(view: dict[str, Any]) -> set[str]:
    turn = view.get("this_turn") or {}
    if not turn.get("laid") and not turn.get("on"):
        turn = view.get("last_turn") or {}
    return {c for c in (turn.get("laid"), turn.get("on")) if c}


def _zones(view: dict[str, Any], t: Translator) -> list[str]:
    out = []
    for colour, zones in enumerate(view["zones"]):
        if view["colours"][colour].get("neutral"):
            continue
        inset = R - 7 - 3 * colour
        for zone in zones:
            members = {cell_qr(c) for c in zone["tiles"]}
            path = []
            for q, r in sorted(members):
                cx, cy = centre(q, r)
                for (dq, dr), angle in SIDES.items():
                    if (q + dq, r + dr) not in members:
                        x1, y1, x2, y2 = side(cx, cy, angle, inset)
                        path.append(f"M{x1:.1f} {y1:.1f}L{x2:.1f} {y2:.1f}")
            out.append(
                f'<path d="{"".join(path)}" stroke="{COLOURS[colour]}" stroke-width="3" '
                f'fill="none" stroke-linecap="round" stroke-dasharray="{DASHES[colour]}" '
                'opacity="0.9"/>'
            )
            q, r = cell_qr(zone["tiles"][0])
            cx, cy = centre(q, r)
            bx, by = cx - 18 + 12 * colour, cy - R + 4
            name = piece(
                t.plural(
                    "a11y.feurio.zone",
                    zone["value"],
                    colour=colour_name(colour, t),
                    value=zone["value"],
                )
            )
            out.append(
                f'<g data-zone-value="{zone["value"]}" data-colour="{colour}"{name}>'
                f'<circle cx="{bx:.1f}" cy="{by:.1f}" r="9" fill="#ffffff" '
                f'stroke="{COLOURS[colour]}" stroke-width="2.5"/>'
                f'<text x="{bx:.1f}" y="{by + 4:.1f}" text-anchor="middle" class="fu-zone" '
                f'fill="{COLOURS[colour]}">{zone["value"]}</text></g>'
            )
    return out


def target_name(view: dict[str, Any], token: str, room: str | None, t: Translator) -> str:
    """What clicking ``token`` does, in words: "Lay the tile on 2,-1"."""
    word, cell = split_action(token.removeprefix("act:"))
    if word == "man":
        colour = view["current_colour"]
        text = t("a11y.feurio.man", colour=colour_name(colour, t), cell=cell)
    else:
        text = t(f"a11y.feurio.{word}", cell=cell)
    if room:
        text += ", " + t.plural("a11y.feurio.room", int(room))
    return text


def _clickable(view: dict[str, Any], clicks: Clicks, t: Translator) -> list[str]:
    out = []
    for cell, token in sorted(clicks.cells.items()):
        cx, cy = centre(*cell_qr(cell))
        badge = clicks.badges.get(cell)
        said = target_name(view, token, badge, t)
        # The tooltip shows the cell as the notation writes it ("Lay the tile on 2,-1").
        out.append(
            f'<g class="fu-click" data-click="{escape(token)}" data-testid="cell-{cell}"'
            f"{target(said)}><title>{escape(said)}</title>"
            f'<polygon points="{hex_points(cx, cy, R - 3)}" class="fu-target"/>'
        )
        if badge:
            out.append(
                f'<circle cx="{cx + 20:.1f}" cy="{cy - 16:.1f}" r="9" class="fu-badge"/>'
                f'<text x="{cx + 20:.1f}" y="{cy - 12:.1f}" text-anchor="middle" '
                f'class="fu-badge-text">{escape(badge)}</text>'
            )
        out.append("</g>")
    return out


# The forest grows as tiles are laid (its picture's proportions change): it is drawn as wide
# as its column and no taller than the window below the header, title, seats, the line
# saying what to do and the tiles left (about 19.5rem at desktop size), so at 1280 x 800 it
# fits without scrolling.
BOARD_CSS = """
.fu-forest{width:100%;height:auto;max-height:max(16rem,100svh - 19.5rem);user-select:none;
  display:block}
.fu-empty{fill:#f5efe0;stroke:#bcaaa4;stroke-width:1.5;stroke-dasharray:4 3}
.fu-hot{fill:#ffe0b2;stroke:#e65100;stroke-width:2.5;stroke-dasharray:none}
.fu-heat{font:italic 600 11px sans-serif;fill:#a1887f}
.fu-value{font:700 20px sans-serif}
.fu-coord{font:600 8px sans-serif;fill:#4e342e;fill-opacity:.7;pointer-events:none}
.fu-free{stroke:#e3f2fd;stroke-width:3;stroke-linecap:round;opacity:.9}
.fu-zone{font:700 11px sans-serif}
.fu-man{font:700 9px sans-serif;fill:#ffffff;pointer-events:none}
.fu-click{cursor:pointer}
.fu-target{fill:#ffd54f;fill-opacity:.25;stroke:#f57f17;stroke-width:3}
.fu-click:hover .fu-target{fill-opacity:.5}
.fu-badge{fill:#212121}
.fu-badge-text{font:700 11px sans-serif;fill:#ffffff}
.fu-chip{width:14px;height:14px;border-radius:50%;display:inline-block;border:1px solid #212121}
"""
