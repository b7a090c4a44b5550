"""Deluxe Camping's board as one SVG picture, drawn from a view.

Pure functions (no NiceGUI): :func:`board_svg` takes a seat's view and what the
player may click right now, and returns the SVG text. Clickable squares and
edges carry ``data-click`` (what the board does with the click), a ``data-testid``
and the attributes of a named button (:mod:`ui.boards.a11y`); the pieces, fences
and region values are named images, so the board can be read without seeing it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from html import escape
from typing import Any

from core.games.camping.grid import LETTERS  # the column letters the notation reads
from core.games.camping.notation import (
    PAIR_PHASES,
    SETUP_PHASES,
    is_edge,
    split_edge,
    split_place,
    split_step,
)
from ui.boards.a11y import group, piece, target
from ui.i18n import Translator

CELL = 56
MARGIN = 26

COLOURS = ("#c62828", "#1565c0", "#2e7d32", "#6a1b9a")  # seats 0-3
TINTS = ("#ef9a9a", "#90caf9", "#a5d6a7", "#ce93d8")
FENCE = "#4e342e"
RECENT = "#ff8f00"
CLICKABLE = "#ffd54f"
HIT = 18  # thickness of an edge's click area


@dataclass
class Clicks:
    """What may be clicked: squares and edges by name, each with its click token."""

    squares: dict[str, str] = field(default_factory=dict)
    edges: dict[str, str] = field(default_factory=dict)
    selected: str | None = None


def square_xy(name: str, n: int) -> tuple[int, int]:
    """Top-left corner of a square in picture units (row 1 at the bottom)."""
    col, row = LETTERS.index(name[0]), int(name[1:]) - 1
    return MARGIN + col * CELL, MARGIN + (n - 1 - row) * CELL


def centre(name: str, n: int) -> tuple[float, float]:
    x, y = square_xy(name, n)
    return x + CELL / 2, y + CELL / 2


def edge_line(edge: str, n: int) -> tuple[float, float, float, float]:
    """The segment a fence on ``edge`` covers."""
    a, b = split_edge(edge)
    (ax, ay), (bx, by) = square_xy(a, n), square_xy(b, n)
    if ay == by:  # side by side: a vertical segment between them
        x = max(ax, bx)
        return x, ay, x, ay + CELL
    y = max(ay, by)
    return ax, y, ax + CELL, y


def names_of(n: int) -> list[str]:
    return [f"{LETTERS[c]}{r + 1}" for r in range(n) for c in range(n)]


def occupied(view: dict[str, Any]) -> set[str]:
    taken = set(view["pool"]) | {t["square"] for t in view["tokens"]}
    if view["pest"]:
        taken.add(view["pest"])
    for squares in (*view["bungalows"], *view["caravans"]):
        taken.update(squares)
    return taken


def label_squares(view: dict[str, Any]) -> dict[int, str]:
    """Where each region's value badge goes: a free square near the region's middle."""
    n = view["size"]
    names = names_of(n)
    taken = occupied(view)
    members: dict[int, list[int]] = {}
    for index, label in enumerate(view["region_of"]):
        members.setdefault(label, []).append(index)
    spots = {}
    for label, squares in members.items():
        cx = sum(s % n for s in squares) / len(squares)
        cy = sum(s // n for s in squares) / len(squares)

        def cost(s: int, cx: float = cx, cy: float = cy) -> tuple[bool, float, int]:
            return (names[s] in taken, (s % n - cx) ** 2 + (s // n - cy) ** 2, s)

        spots[label] = names[min(squares, key=cost)]
    return spots


def board_svg(view: dict[str, Any], clicks: Clicks, t: Translator, names: list[str]) -> str:
    n = view["size"]
    size = 2 * MARGIN + n * CELL
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {size} {size}" '
        f'class="cp-board"{group(t("camping.board"))}>',
        f'<rect x="{MARGIN}" y="{MARGIN}" width="{n * CELL}" height="{n * CELL}" '
        'fill="#e6f2d8" stroke="#5b7f3a" stroke-width="3" rx="4"/>',
    ]
    out += _regions(view)
    out += _grid(n)
    out += _recent_steps(view)
    out += _pieces(view, t, names)
    out += _fences(view, t)
    out += _values(view, t, names)
    out += _clickable(view, clicks, t)
    out += _coordinates(n)
    out.append("</svg>")
    return "".join(out)


def _regions(view: dict[str, Any]) -> list[str]:
    n, regions = view["size"], view["regions"]
    out = []
    for index, label in enumerate(view["region_of"]):
        owner = regions[label]["owner"]
        if owner is None:
            continue
        name = names_of(n)[index]
        x, y = square_xy(name, n)
        out.append(
            f'<rect x="{x}" y="{y}" width="{CELL}" height="{CELL}" fill="{TINTS[owner]}" '
            'fill-opacity="0.55"/>'
        )
    return out


def _grid(n: int) -> list[str]:
    out = []
    for i in range(1, n):
        p = MARGIN + i * CELL
        out.append(
            f'<line x1="{p}" y1="{MARGIN}" x2="{p}" y2="{MARGIN + n * CELL}" '
            'stroke="#9cbf86" stroke-width="1"/>'
        )
        out.append(
            f'<line x1="{MARGIN}" y1="{p}" x2="{MARGIN + n * CELL}" y2="{p}" '
            'stroke="#9cbf86" stroke-width="1"/>'
        )
    return out


def _coordinates(n: int) -> list[str]:
    out = []
    for i in range(n):
        x = MARGIN + i * CELL + CELL / 2
        out.append(
            f'<text x="{x}" y="{MARGIN + n * CELL + 18}" text-anchor="middle" '
            f'class="cp-coord" aria-hidden="true">{LETTERS[i]}</text>'
        )
        y = MARGIN + (n - 1 - i) * CELL + CELL / 2 + 5
        out.append(
            f'<text x="{MARGIN - 13}" y="{y}" text-anchor="middle" class="cp-coord" '
            f'aria-hidden="true">{i + 1}</text>'
        )
    return out


def _pair_box(a: str, b: str, n: int, inset: float) -> tuple[float, float, float, float]:
    (ax, ay), (bx, by) = square_xy(a, n), square_xy(b, n)
    x, y = min(ax, bx) + inset, min(ay, by) + inset
    w = abs(ax - bx) + CELL - 2 * inset
    h = abs(ay - by) + CELL - 2 * inset
    return x, y, w, h


def _pieces(view: dict[str, Any], t: Translator, names: list[str]) -> list[str]:
    n = view["size"]
    out = []
    if view["pool"]:
        a, b = view["pool"]
        x, y, w, h = _pair_box(a, b, n, 6)
        name = piece(t("a11y.camping.pool", a=a, b=b))
        out.append(
            f'<g data-piece="pool"{name}>'
            f'<rect x="{x}" y="{y}" width="{w}" height="{h}" rx="10" '
            'fill="#4fc3f7" stroke="#0277bd" stroke-width="3"/>'
        )
        for k in (0.35, 0.65):
            yy, xx = y + h * k, x + 8
            out.append(
                f'<path d="M{xx} {yy} q {(w - 16) / 4} -6 {(w - 16) / 2} 0 t {(w - 16) / 2} 0" '
                'fill="none" stroke="#e1f5fe" stroke-width="2.5"/>'
            )
        out.append("</g>")
    for seat, squares in enumerate(view["bungalows"]):
        if len(squares) == 2:
            a, b = squares
            name = t("a11y.camping.bungalow", name=names[seat], a=a, b=b)
            out.append(_bungalow(squares, seat, n, name))
    for seat, squares in enumerate(view["caravans"]):
        for square in squares:
            name = t("a11y.camping.caravan", name=names[seat], square=square)
            out.append(_caravan(square, seat, n, name))
    for token in view["tokens"]:
        kind = "token" if token["kind"] == "hidden" else "icecream"
        out.append(_token(token, n, t(f"a11y.camping.{kind}", square=token["square"])))
    if view["pest"]:
        out.append(_pest(view["pest"], n, t("a11y.camping.pest", square=view["pest"])))
    return out


def _bungalow(squares: list[str], seat: int, n: int, name: str) -> str:
    x, y, w, h = _pair_box(squares[0], squares[1], n, 5)
    colour = COLOURS[seat]
    cx, cy = x + w / 2, y + h / 2
    return (
        f'<g data-piece="bungalow-{seat}"{piece(name)}>'
        f'<rect x="{x}" y="{y}" width="{w}" height="{h}" rx="6" '
        f'fill="{colour}" stroke="#212121" stroke-width="2"/>'
        f'<rect x="{x + 5}" y="{y + 5}" width="{w - 10}" height="{h - 10}" rx="3" fill="none" '
        'stroke="#ffffff" stroke-opacity="0.6" stroke-width="2" stroke-dasharray="5 4"/>'
        f'<path d="M{cx - 10} {cy + 2} l 10 -10 l 10 10 v 10 h -20 z" fill="#fff8e1" '
        'stroke="#212121" stroke-width="1.5"/>'
        f'<text x="{cx}" y="{cy + 12}" text-anchor="middle" class="cp-seat">{seat + 1}</text></g>'
    )


def _caravan(square: str, seat: int, n: int, name: str) -> str:
    x, y = square_xy(square, n)
    colour = COLOURS[seat]
    return (
        f'<g data-piece="caravan-{seat}" data-square="{square}"{piece(name)}>'
        f'<rect x="{x + 8}" y="{y + 12}" width="{CELL - 16}" height="{CELL - 26}" rx="7" '
        f'fill="{colour}" stroke="#212121" stroke-width="2"/>'
        f'<rect x="{x + 14}" y="{y + 17}" width="10" height="8" rx="2" fill="#e3f2fd"/>'
        f'<circle cx="{x + 18}" cy="{y + CELL - 13}" r="5" fill="#212121"/>'
        f'<circle cx="{x + CELL - 18}" cy="{y + CELL - 13}" r="5" fill="#212121"/>'
        f'<text x="{x + CELL / 2 + 8}" y="{y + 32}" text-anchor="middle" class="cp-seat">'
        f"{seat + 1}</text></g>"
    )


def _token(token: dict[str, Any], n: int, name: str) -> str:
    x, y = square_xy(token["square"], n)
    cx, cy = x + CELL / 2, y + CELL / 2
    if token["kind"] == "hidden":
        return (
            f'<g data-piece="token"{piece(name)}><rect x="{x + 9}" y="{y + 9}" width="{CELL - 18}" '
            f'height="{CELL - 18}" rx="8" fill="#8d6e63" stroke="#3e2723" stroke-width="2"/>'
            f'<text x="{cx}" y="{cy + 8}" text-anchor="middle" class="cp-mystery">?</text></g>'
        )
    return (
        f'<g data-piece="icecream"{piece(name)}>'
        f'<path d="M{cx - 9} {cy - 2} L{cx} {cy + 20} L{cx + 9} {cy - 2} z" '
        'fill="#ffcc80" stroke="#8d6e63" stroke-width="2"/>'
        f'<circle cx="{cx - 5}" cy="{cy - 7}" r="8" fill="#f48fb1" '
        'stroke="#ad1457" stroke-width="1.5"/>'
        f'<circle cx="{cx + 5}" cy="{cy - 9}" r="8" fill="#fff59d" '
        'stroke="#f9a825" stroke-width="1.5"/>'
        "</g>"
    )


def _pest(square: str, n: int, name: str) -> str:
    x, y = square_xy(square, n)
    cx, cy = x + CELL / 2, y + CELL / 2
    return (
        f'<g data-piece="pest" data-square="{square}"{piece(name)}>'
        f'<ellipse cx="{cx}" cy="{cy + 10}" rx="15" ry="8" fill="#4a148c"/>'
        f'<circle cx="{cx}" cy="{cy - 4}" r="13" fill="#7b1fa2" stroke="#1a0033" stroke-width="2"/>'
        f'<circle cx="{cx - 5}" cy="{cy - 7}" r="3" fill="#fff"/>'
        f'<circle cx="{cx + 5}" cy="{cy - 7}" r="3" fill="#fff"/>'
        f'<path d="M{cx - 6} {cy + 2} q 6 -5 12 0" stroke="#fff" stroke-width="2" fill="none"/>'
        "</g>"
    )


def _turn_parts(view: dict[str, Any]) -> tuple[list[str], set[str]]:
    """The steps and fences of the turn being played, else of the last one."""
    actions = list(view["this_turn"])
    recent_fences = set(view["auto"]) if view["phase"] in ("fence", "over") else set()
    last = view["last_turn"]
    if not actions and last:
        actions = list(last["actions"])
        recent_fences = set(last["auto"])
    steps = [a for a in actions if "-" in a and " " not in a]
    recent_fences |= {a for a in actions if "|" in a}
    return steps, recent_fences


def _recent_steps(view: dict[str, Any]) -> list[str]:
    n = view["size"]
    steps, _ = _turn_parts(view)
    out = []
    for step in steps:
        a, b = split_step(step)
        (ax, ay), (bx, by) = centre(a, n), centre(b, n)
        out.append(
            f'<circle cx="{ax}" cy="{ay}" r="9" fill="none" stroke="{RECENT}" stroke-width="3" '
            'stroke-dasharray="4 3"/>'
            f'<line x1="{ax}" y1="{ay}" x2="{bx}" y2="{by}" stroke="{RECENT}" stroke-width="5" '
            'stroke-linecap="round" stroke-opacity="0.7" data-recent="step"/>'
        )
    last = view["last_turn"]
    if last and not view["this_turn"]:
        for action in last["actions"]:
            word, squares = split_place(action)
            if word in SETUP_PHASES:
                for square in squares:
                    x, y = square_xy(square, n)
                    out.append(
                        f'<rect x="{x + 2}" y="{y + 2}" width="{CELL - 4}" height="{CELL - 4}" '
                        f'fill="none" stroke="{RECENT}" stroke-width="4" rx="4" '
                        'data-recent="place"/>'
                    )
    return out


def _fences(view: dict[str, Any], t: Translator) -> list[str]:
    n = view["size"]
    _, recent = _turn_parts(view)
    out = []
    for edge in view["fences"]:
        x1, y1, x2, y2 = edge_line(edge, n)
        colour, width = (RECENT, 8) if edge in recent else (FENCE, 6)
        a, b = split_edge(edge)
        name = piece(t("a11y.camping.fence_up", a=a, b=b))
        out.append(
            f'<line x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" stroke="{colour}" '
            f'stroke-width="{width}" stroke-linecap="round" data-fence="{edge}"{name}/>'
        )
    return out


def _values(view: dict[str, Any], t: Translator, names: list[str]) -> list[str]:
    n, regions = view["size"], view["regions"]
    if not regions:
        return []
    out = []
    taken = occupied(view)
    for label, square in label_squares(view).items():
        region = regions[label]
        if region["owner"] is None:
            continue
        cx, cy = centre(square, n)
        if square in taken:  # no free square: a smaller badge in the corner
            cx, cy = cx + CELL / 2 - 17, cy - CELL / 2 + 10
        owner = region["owner"]
        colour = COLOURS[owner]
        name = t.plural(
            "a11y.camping.region", region["value"], name=names[owner], value=region["value"]
        )
        # The owner's number beside the value: the colour is not the only sign.
        out.append(
            f'<g data-region-value="{region["value"]}" data-owner="{owner}"{piece(name)}>'
            f'<rect x="{cx - 21}" y="{cy - 10}" width="42" height="20" rx="10" fill="#ffffff" '
            f'stroke="{colour}" stroke-width="2.5"/>'
            f'<circle cx="{cx - 11}" cy="{cy}" r="7.5" fill="{colour}"/>'
            f'<text x="{cx - 11}" y="{cy + 4}" text-anchor="middle" class="cp-seat">'
            f"{owner + 1}</text>"
            f'<text x="{cx + 6}" y="{cy + 5}" text-anchor="middle" class="cp-value" '
            f'fill="{colour}">{region["value"]}</text></g>'
        )
    return out


def target_name(view: dict[str, Any], token: str, selected: str | None, t: Translator) -> str:
    """What clicking ``token`` does, in words: "Fence between c3 and d3"."""
    kind, _, value = token.partition(":")
    phase = view["phase"]
    if kind == "sel":
        if value == selected:
            return t("a11y.camping.unselect", square=value)
        if phase in ("pool", "bungalow"):
            return t(f"a11y.camping.half.{phase}", square=value)
        mover = "pest" if value == view["pest"] else "caravan"
        return t(f"a11y.camping.pick.{mover}", square=value)
    word, squares = split_place(value)
    if word in PAIR_PHASES:
        a, b = squares
        return t(f"a11y.camping.place.{word}", a=a, b=b)
    if word in SETUP_PHASES:
        return t(f"a11y.camping.place.{word}", square=squares[0])
    if is_edge(value):
        a, b = split_edge(value)
        return t("a11y.camping.fence", a=a, b=b)
    a, b = split_step(value)
    return t("a11y.camping.step", a=a, b=b)


def _clickable(view: dict[str, Any], clicks: Clicks, t: Translator) -> list[str]:
    n = view["size"]
    out = []
    for square, token in sorted(clicks.squares.items()):
        x, y = square_xy(square, n)
        chosen = square == clicks.selected
        name = target_name(view, token, clicks.selected, t)
        out.append(
            f'<rect x="{x + 2}" y="{y + 2}" width="{CELL - 4}" height="{CELL - 4}" rx="6" '
            f'class="cp-hot{" cp-chosen" if chosen else ""}" data-click="{escape(token)}" '
            f'data-testid="sq-{square}"{target(name)}/>'
        )
    for edge, token in sorted(clicks.edges.items()):
        x1, y1, x2, y2 = edge_line(edge, n)
        # The hit area is a rectangle along the edge (a bare line has an empty box).
        if y1 == y2:
            hx, hy, hw, hh = x1 + 6, y1 - HIT / 2, CELL - 12, HIT
        else:
            hx, hy, hw, hh = x1 - HIT / 2, y1 + 6, HIT, CELL - 12
        name = target_name(view, token, clicks.selected, t)
        out.append(
            f'<g class="cp-edge" data-click="{escape(token)}" data-testid="edge-{edge}"'
            f"{target(name)}>"
            f'<rect x="{hx}" y="{hy}" width="{hw}" height="{hh}" '
            'class="cp-edge-hit"/>'
            f'<line x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" class="cp-edge-mark"/></g>'
        )
    return out


# The square board is as wide as its column allows, up to 640 px, and no taller than the
# window below the page's header, title, seats and the line saying what to do (about 17.5rem
# at desktop size, with that line on two lines): at 1280 x 800 it fits without scrolling.
BOARD_CSS = f"""
.cp-board{{width:min(100%,640px,max(18rem,100svh - 17.5rem));height:auto;user-select:none;
  display:block}}
.cp-coord{{font:600 13px sans-serif;fill:#5d6b4f}}
.cp-seat{{font:700 12px sans-serif;fill:#ffffff}}
.cp-mystery{{font:700 24px sans-serif;fill:#fff8e1}}
.cp-value{{font:700 13px sans-serif}}
.cp-hot{{fill:{CLICKABLE};fill-opacity:.28;stroke:#f9a825;stroke-width:2.5;cursor:pointer}}
.cp-hot:hover{{fill-opacity:.5}}
.cp-chosen{{fill-opacity:.55;stroke:#e65100;stroke-width:4}}
.cp-edge{{cursor:pointer}}
.cp-edge-hit{{fill:transparent}}
.cp-edge-mark{{stroke:#f9a825;stroke-width:4;stroke-dasharray:7 5;stroke-linecap:round;opacity:.85}}
.cp-edge:hover .cp-edge-mark{{stroke:#e65100;stroke-width:7;stroke-dasharray:none}}
.cp-chip{{width:14px;height:14px;border-radius:4px;display:inline-block;border:1px solid #212121}}
"""
