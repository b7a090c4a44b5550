"""Camel Up Off Season pieces drawn as inline SVG: goods cards, card backs, coins, camels.

Pure functions (no NiceGUI): each returns an SVG or HTML fragment. Words inside
(titles for screen readers and tooltips) are passed in already translated.
"""

from __future__ import annotations

from html import escape

from core.games.offseason.cards import FACES

CARD_W, CARD_H = 30, 42

DATE_BG, DATE_INK = "#f6e7c8", "#6d3b12"
CARPET_COLOURS = {
    "R": "#c62828",
    "B": "#1565c0",
    "G": "#2e7d32",
    "Y": "#f2b705",
    "P": "#6a1b9a",
    "W": "#f4f1ea",
}
VASE_BG, VASE_INK = "#fbf3e6", "#b5542b"
FRUIT_COLOURS = {1: "#f6d32d", 2: "#f08a1c", 3: "#b3261e", 4: "#7cb342"}
BACK_BG, BACK_INK = "#8a5a34", "#f3e3c3"

# Where 1 to 4 dates sit on a card (centres).
DATE_SPOTS = {
    1: ((15, 25),),
    2: ((10.5, 25), (19.5, 25)),
    3: ((10.5, 20), (19.5, 20), (15, 31)),
    4: ((10.5, 20), (19.5, 20), (10.5, 31), (19.5, 31)),
}

# Vase silhouettes in a 20 x 24 box.
VASE_PATHS = {
    "A": (
        '<path d="M7 0H13V3C13 4 18 5 18 9C18 15 13 19 12 22H13V24H7V22H8C7 19 2 15 2 9'
        'C2 5 7 4 7 3Z"/><path d="M7 3.5C3 3 2.5 7.5 4 9M13 3.5C17 3 17.5 7.5 16 9" '
        'fill="none" stroke-width="1.6"/>'
    ),
    "J": (
        '<path d="M6 2H12L16 0L14.5 3.5C18 6.5 19 12 17 18C16 22 13 24 10 24C7 24 4 22 3 18'
        'C1.5 12 2.5 6.5 6 3.5Z"/><path d="M4.5 7C0 7.5 0 15 3.5 15.5" fill="none" '
        'stroke-width="1.6"/>'
    ),
    "B": (
        '<path d="M0.5 9H19.5C19.5 16.5 15.5 20 10 20C4.5 20 0.5 16.5 0.5 9Z"/>'
        '<path d="M7 19.5H13V22.5H7Z"/><path d="M0.5 9H19.5" stroke-width="1.6"/>'
    ),
}

# Carpet motifs (drawn in a lighter ink on the carpet), one per colour so colours never
# rely on hue alone.
CARPET_MOTIFS = {
    "R": '<path d="M15 14L21 21L15 28L9 21Z"/>',
    "B": '<circle cx="15" cy="21" r="5"/>',
    "G": '<path d="M13 13H17V19H23V23H17V29H13V23H7V19H13Z"/>',
    "Y": '<path d="M8 14H22V16.5H8ZM8 19.5H22V22H8ZM8 25H22V27.5H8Z"/>',
    "P": '<path d="M8 18L11.5 14L15 18L18.5 14L22 18V22L18.5 18L15 22L11.5 18L8 22Z'
    'M8 26L11.5 22L15 26L18.5 22L22 26V29L18.5 25.5L15 29L11.5 25.5L8 29Z"/>',
    "W": '<rect x="10" y="16" width="10" height="10"/>',
}

# Auction symbols in a 16 x 16 box, drawn in the back's ink.
AUCTION_ICONS = {
    "standard": (
        '<rect x="1.5" y="4" width="13" height="9" rx="1" fill="none" stroke-width="1.5"/>'
        '<path d="M1.5 4.5L8 9.5L14.5 4.5" fill="none" stroke-width="1.5"/>'
    ),
    "second_price": (
        '<rect x="1.5" y="5" width="13" height="9" rx="1" fill="none" stroke-width="1.5"/>'
        '<path d="M1.5 5.5L8 10.5L14.5 5.5" fill="none" stroke-width="1.5"/>'
        '<circle cx="13" cy="3.5" r="3.2" stroke="none"/>'
        '<text x="13" y="5.3" font-size="5" font-weight="700" text-anchor="middle" '
        'fill="#8a5a34" stroke="none">2</text>'
    ),
    "all_pay": (
        '<rect x="1.5" y="5" width="13" height="9" rx="1" fill="none" stroke-width="1.5"/>'
        '<path d="M1.5 5.5L8 10.5L14.5 5.5" fill="none" stroke-width="1.5"/>'
        '<circle cx="3.5" cy="2.5" r="2" stroke="none"/><circle cx="8" cy="2.5" r="2" '
        'stroke="none"/><circle cx="12.5" cy="2.5" r="2" stroke="none"/>'
    ),
    "once_around": (
        '<path d="M13 8A5 5 0 1 1 8 3" fill="none" stroke-width="1.7"/>'
        '<path d="M7 0.5L10.5 3L7 5.5Z" stroke="none"/>'
        '<path d="M6.5 10.5V6.5H9.5V10.5" fill="none" stroke-width="1.3"/>'
    ),
    "rotation": (
        '<path d="M2 8H13" fill="none" stroke-width="1.8"/>'
        '<path d="M10 4L14.5 8L10 12Z" stroke="none"/>'
        '<circle cx="3.5" cy="8" r="2.2" stroke="none"/>'
    ),
    "alms": (
        '<path d="M1.5 8H14.5C14.5 12 11.5 14 8 14C4.5 14 1.5 12 1.5 8Z" stroke="none"/>'
        '<circle cx="8" cy="4.5" r="2.6" fill="none" stroke-width="1.4"/>'
    ),
}


def _svg(inner: str, title: str, *, width: int, height: int, klass: str) -> str:
    return (
        f'<svg class="{klass}" viewBox="0 0 {CARD_W} {CARD_H}" width="{width}" '
        f'height="{height}" role="img" aria-label="{escape(title)}">'
        f"<title>{escape(title)}</title>{inner}</svg>"
    )


def _frame(fill: str, stroke: str = "#8d7b5e") -> str:
    return (
        f'<rect x="0.75" y="0.75" width="{CARD_W - 1.5}" height="{CARD_H - 1.5}" rx="4" '
        f'fill="{fill}" stroke="{stroke}" stroke-width="1.5"/>'
    )


def _corner(text: str, ink: str) -> str:
    return (
        f'<text x="4" y="10" font-size="9" font-weight="700" font-family="sans-serif" '
        f'fill="{ink}">{escape(text)}</text>'
    )


def _dates(n: int) -> str:
    dates = "".join(
        f'<ellipse cx="{x}" cy="{y}" rx="3.3" ry="5" fill="{DATE_INK}"/>'
        f'<path d="M{x - 1} {y - 3}Q{x} {y - 4.5} {x + 1} {y - 3}" stroke="#b97a3d" '
        f'stroke-width="0.9" fill="none"/>'
        for x, y in DATE_SPOTS[n]
    )
    return _frame(DATE_BG) + dates + _corner(str(n), DATE_INK)


def _carpet(colour: str) -> str:
    fill = CARPET_COLOURS[colour]
    ink = "#6b6357" if colour == "W" else "#ffffff"
    fringe = "".join(
        f'<path d="M{x} 6V9M{x} 33V36" stroke="#8d7b5e" stroke-width="1"/>'
        for x in (7, 10, 13, 16, 19, 22)
    )
    return (
        _frame("#efe6d4")
        + fringe
        + f'<rect x="5" y="9" width="20" height="24" rx="1.5" fill="{fill}" stroke="#5d4a32" '
        f'stroke-width="0.8"/>'
        + f'<rect x="7" y="11" width="16" height="20" fill="none" stroke="{ink}" '
        f'stroke-width="0.8" opacity=".8"/>'
        + f'<g fill="{ink}" opacity=".85">{CARPET_MOTIFS[colour]}</g>'
    )


def _vases(shapes: str) -> str:
    placed: list[tuple[str, float, float, float]]
    if len(shapes) == 1:
        placed = [(shapes, 5, 11, 1.0)]
    else:
        placed = [(shapes[0], 1.5, 15, 0.62), (shapes[1], 16, 15, 0.62)]
    art = "".join(
        f'<g transform="translate({x} {y}) scale({s})" fill="{VASE_INK}" stroke="{VASE_INK}">'
        f"{VASE_PATHS[shape]}</g>"
        for shape, x, y, s in placed
    )
    return _frame(VASE_BG) + art


def _fruit(value: int) -> str:
    colour = FRUIT_COLOURS[value]
    return (
        _frame("#f3f7ea")
        + f'<circle cx="15" cy="25" r="9" fill="{colour}" stroke="#4a3b20" stroke-width="0.8"/>'
        + '<path d="M15 16Q15.5 12.5 18 11" stroke="#5d4a32" stroke-width="1.2" fill="none"/>'
        + '<path d="M16 14.5C18 11.5 22 12 23 13.5C21 15.5 18 15.5 16 14.5Z" fill="#43a047"/>'
        + '<circle cx="11.5" cy="21.5" r="2" fill="#ffffff" opacity=".45"/>'
        + _corner(str(value), "#3e3a1f")
        + f'<text x="15" y="28.5" font-size="10" font-weight="700" text-anchor="middle" '
        f'font-family="sans-serif" fill="#ffffff" stroke="#3e3a1f" stroke-width="0.5">'
        f"{value}</text>"
    )


def card_svg(code: str, title: str, *, size: str = "md") -> str:
    """A goods card's face; ``size`` is md (34 x 48 px), sm or xs. Its name ends with
    the card's code as the notation writes it ("Red carpet (CR)", typed ``sell CR``)."""
    title = f"{title} ({code})"
    face = FACES[code]
    if face.type == "dates":
        inner = _dates(face.dates)
    elif face.type == "carpets":
        inner = _carpet(face.colour)
    elif face.type == "vases":
        inner = _vases(face.shapes)
    else:
        inner = _fruit(face.value)
    width, height = {"md": (34, 48), "sm": (24, 34), "xs": (15, 21)}[size]
    return _svg(inner, title, width=width, height=height, klass=f"os-card os-{face.type}")


def back_svg(auction: str, title: str, *, size: str = "md") -> str:
    """A face-down goods card: only its back, which shows an auction, is public."""
    pattern = "".join(
        f'<path d="M{x} 1L{x + 12} 41" stroke="#7a4d2b" stroke-width="2"/>'
        for x in range(-10, 30, 6)
    )
    inner = (
        _frame(BACK_BG, "#5b3a1f")
        + pattern
        + f'<rect x="5" y="13" width="20" height="17" rx="3" fill="{BACK_BG}" '
        f'stroke="{BACK_INK}" stroke-width="0.8"/>'
        + f'<g transform="translate(7 13.5)" fill="{BACK_INK}" stroke="{BACK_INK}">'
        f"{AUCTION_ICONS[auction]}</g>"
    )
    width, height = {"md": (34, 48), "sm": (24, 34), "xs": (15, 21)}[size]
    return _svg(inner, title, width=width, height=height, klass="os-card os-back")


def auction_icon(auction: str, title: str, size: int = 22) -> str:
    """An auction's symbol on its own, as on a card back."""
    return (
        f'<svg class="os-auction-icon" viewBox="0 0 16 16" width="{size}" height="{size}" '
        f'role="img" aria-label="{escape(title)}"><title>{escape(title)}</title>'
        f'<g fill="{BACK_BG}" stroke="{BACK_BG}">{AUCTION_ICONS[auction]}</g></svg>'
    )


def coin_svg(count: int | None, title: str, size: int = 22) -> str:
    """A coin with a number on it (``None``: a coin with a question mark)."""
    text = "?" if count is None else str(count)
    font = 9 if len(text) < 3 else 7
    return (
        f'<svg class="os-coin" viewBox="0 0 20 20" width="{size}" height="{size}" role="img" '
        f'aria-label="{escape(title)}"><title>{escape(title)}</title>'
        '<circle cx="10" cy="10" r="9" fill="#f2b600" stroke="#a77800" stroke-width="1.5"/>'
        '<circle cx="10" cy="10" r="6.5" fill="none" stroke="#ffe08a" stroke-width="0.8"/>'
        f'<text x="10" y="13.2" font-size="{font}" font-weight="700" text-anchor="middle" '
        f'font-family="sans-serif" fill="#5d3d00">{escape(text)}</text></svg>'
    )


def camel_svg(title: str, size: int = 30) -> str:
    """A dromedary's silhouette."""
    return (
        f'<svg class="os-camel-icon" viewBox="0 0 40 30" width="{size}" height="{size * 3 // 4}" '
        f'role="img" aria-label="{escape(title)}"><title>{escape(title)}</title>'
        '<g fill="#b07a3f">'
        '<path d="M6 15C6 10 10 9 13 9C15 4 21 3 24 9C26 12 28 12 29 10L31 4C31 2 33 1 35 2'
        'L38 3L37 5L35 5L34 12C33 17 30 19 27 19H12C8 19 6 18 6 15Z"/>'
        '<path d="M10 18H13V28H10ZM15 18H18V28H15ZM23 18H26V28H23ZM27 17H30V28H27Z"/>'
        '<path d="M6 14C4 15 3 18 3 20" stroke="#b07a3f" stroke-width="1.5" fill="none"/>'
        "</g></svg>"
    )


def marker_svg(title: str, size: int = 20) -> str:
    """The first-player marker: a small banner."""
    return (
        f'<svg class="os-marker" viewBox="0 0 20 20" width="{size}" height="{size}" role="img" '
        f'aria-label="{escape(title)}"><title>{escape(title)}</title>'
        '<path d="M4 2V19" stroke="#5d4a32" stroke-width="2"/>'
        '<path d="M5 3H17L14 7.5L17 12H5Z" fill="#c2410c"/></svg>'
    )


BOARD_CSS = """
.os-card,.os-coin,.os-auction-icon,.os-camel-icon,.os-marker{display:inline-block;
  vertical-align:middle;flex:none}
.os-goods{display:flex;flex-wrap:wrap;gap:3px;align-items:center;min-height:50px}
.os-panel{border:1px solid #d7c6a3;border-radius:10px;background:#fffaf0;padding:8px 10px}
.body--dark .os-panel{background:#2a251d;border-color:#5a4c30}
.os-markets{display:grid;grid-template-columns:repeat(auto-fill,minmax(150px,1fr));gap:8px}
.os-market{display:flex;flex-direction:column;gap:4px;text-align:left;font:inherit;color:inherit;
  border:2px solid #8fb3d9;border-radius:10px;background:#f3f8fd;padding:6px 8px;position:relative}
.os-market.os-side-B{border-color:#e3a063;background:#fdf4ec}
.body--dark .os-market{background:#1f2a36}.body--dark .os-market.os-side-B{background:#36291c}
.os-market-head{display:flex;gap:6px;align-items:center;font-weight:700;font-size:.9rem}
.os-tile-no{display:inline-flex;align-items:center;justify-content:center;width:22px;height:22px;
  border-radius:50%;color:#fff;background:#3b6ea5;font-size:.8rem}
.os-side-B .os-tile-no{background:#c2681d}
.os-power{font-size:.78rem;font-weight:600;color:#5d4a32}
.body--dark .os-power{color:#e0cfae}
.os-small{font-size:.72rem;color:#6b5d45;line-height:1.2}
.body--dark .os-small{color:#cbbd9f}
.os-market.os-taken{background:#ebe7df;border-style:dashed;border-color:#a8a29e}
.body--dark .os-market.os-taken{background:#26231e}
.os-market.os-current{box-shadow:0 0 0 3px #1d4ed8}
.os-taken-by{font-size:.75rem;font-weight:700;color:#7c2d12}
.os-warn{font-size:.72rem;font-weight:700;color:#b91c1c}
.body--dark .os-taken-by{color:#fdba74}.body--dark .os-warn{color:#fca5a5}
button.os-click{cursor:pointer;box-shadow:0 0 0 3px #fbbf24;transition:transform .1s}
button.os-click:hover{transform:translateY(-2px);box-shadow:0 0 0 4px #f59e0b}
button.os-click:focus-visible{outline:3px solid #1d4ed8;outline-offset:2px}
.os-caravan{display:grid;grid-template-columns:repeat(auto-fill,minmax(150px,1fr));gap:8px}
.os-camel{display:flex;flex-direction:column;gap:4px;text-align:left;font:inherit;color:inherit;
  border:1px solid #c9b48a;border-radius:10px;background:#fbf5e8;padding:6px 8px}
.body--dark .os-camel{background:#2d271b}
.os-camel.os-danger{border:2px solid #dc2626}
.os-camel.os-full{border-color:#a16207}
.os-camel.os-chosen{box-shadow:0 0 0 3px #1d4ed8}
.os-camel-head{display:flex;gap:4px;align-items:center;font-weight:700;font-size:.88rem;
  white-space:nowrap}
.os-load{margin-left:auto;font-size:.8rem;font-weight:700}
/* A camel's +1 token sits on its picture, so that its name and load keep to one line. */
.os-camel-pic{position:relative;display:inline-flex;flex:none}
.os-camel-pic .os-token{position:absolute;right:-8px;top:-8px;font-size:.62rem;padding:0 3px}
.os-slots{display:flex;flex-wrap:wrap;gap:3px;align-items:center;min-height:50px}
.os-slot{width:34px;height:48px;border:1.5px dashed #c9b48a;border-radius:4px;flex:none}
.os-slot.os-extra{border-color:#16a34a}
.os-pick{padding:0;border:0;background:none;border-radius:5px;line-height:0}
.os-pick.os-picked{box-shadow:0 0 0 3px #1d4ed8;transform:translateY(-3px)}
.os-token{display:inline-block;font-size:.7rem;font-weight:700;color:#fff;background:#15803d;
  border-radius:8px;padding:0 5px}
.os-seat{border-radius:8px;padding:4px 6px}
.os-mini{display:flex;gap:6px;flex-wrap:wrap;margin-top:2px}
.os-mini-camel{display:flex;gap:1px;align-items:center;border:1px solid #d7c6a3;border-radius:6px;
  padding:2px 3px;min-height:26px;background:#fffdf6}
.body--dark .os-mini-camel{background:#2a251d}
.os-mini-cap{font-size:.65rem;font-weight:700;margin-right:2px;color:#6b5d45}
.body--dark .os-mini-cap{color:#cbbd9f}
.os-bids{display:flex;flex-wrap:wrap;gap:8px 14px;align-items:center}
/* Room above the goods waiting for a camel, for the ring of those that may be clicked
   (it grows, and they rise, under the pointer): it never covers the line above. */
[data-testid=os-pending] .os-bids{padding-top:8px}
.os-bid{display:inline-flex;gap:4px;align-items:center;font-size:.85rem}
.os-bid b{font-size:1rem}
.os-cover{border:2px dashed #b9a98a;border-radius:12px}
.os-log{font-size:.75rem;line-height:1.35;max-height:260px;overflow-y:auto}
.os-log li{margin-left:1rem;list-style:disc}
"""
