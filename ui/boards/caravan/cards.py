"""Decktet cards drawn in SVG: rank, both suit symbols and the card's name."""

from __future__ import annotations

from html import escape

from core.games.caravan.cards import ACE, CARDS, CROWN
from core.games.caravan.notation import rank_label, suit_letters
from ui.i18n import Translator

SUIT_COLOURS: dict[str, str] = {
    "M": "#5b6b8f",
    "S": "#c8900c",
    "V": "#1f6fb2",
    "L": "#2f8a3c",
    "Y": "#b23a3a",
    "K": "#8a5a2b",
}

_SUIT_PATHS: dict[str, str] = {
    "M": '<path d="M15.5 3.2a9 9 0 1 0 5.3 14.6A7.6 7.6 0 0 1 15.5 3.2z"/>',
    "S": '<circle cx="12" cy="12" r="4.6"/><g stroke-width="2.2" stroke-linecap="round">'
    '<path d="M12 1.8v3M12 19.2v3M1.8 12h3M19.2 12h3M4.8 4.8l2.1 2.1M17.1 17.1l2.1 2.1'
    'M4.8 19.2l2.1-2.1M17.1 6.9l2.1-2.1"/></g>',
    "V": '<g fill="none" stroke-width="2.4" stroke-linecap="round">'
    '<path d="M2 8.5c2.5-2.6 5-2.6 7.5 0s5 2.6 7.5 0 4.2-2 5-1.3"/>'
    '<path d="M2 15.5c2.5-2.6 5-2.6 7.5 0s5 2.6 7.5 0 4.2-2 5-1.3"/></g>',
    "L": '<path d="M4.5 19.5C4.5 9.5 10.5 3.8 20.5 3.5c.2 10-5.8 16-16 16z"/>'
    '<path d="M4.5 19.5 14 10" fill="none" stroke="#fff" stroke-width="1.4"/>',
    "Y": '<path d="M3 18c3.5 3 7 0 7-3s-4-4.5-4-7.5S9.5 2 13 3.2c2.4.8 3 3 5.4 2.5 1.6-.3 2.6'
    "-1.8 2.6-1.8-.2 3-2.4 5-5.2 4.6-2.2-.3-3.3-2.3-4.8-1.6-1.2.6-.2 2.6 1.6 4.6 2.2 2.5 2.4 6.8"
    '-1.4 8.8C7.8 21.9 4.5 20.6 3 18z"/>',
    "K": '<g fill="none" stroke-width="2.4"><circle cx="8.6" cy="12" r="5.2"/>'
    '<circle cx="15.4" cy="12" r="5.2"/></g>',
}


SUIT_SPRITE = (
    '<svg width="0" height="0" style="position:absolute" aria-hidden="true" focusable="false">'
    + "".join(
        f'<symbol id="cv-suit-{suit}" viewBox="0 0 24 24">{paths}</symbol>'
        for suit, paths in _SUIT_PATHS.items()
    )
    + "</svg>"
)
"""The six suit symbols, defined once in every page (``ui/layout.py``) for :func:`suit_svg`."""


def suit_svg(suit: str, size: int = 22) -> str:
    """One suit symbol in the suit's colour: a reference to the page's :data:`SUIT_SPRITE`,
    a tenth of the drawing's size (a board holds dozens of them, and a spectators' frame
    is sent whole on every move)."""
    colour = SUIT_COLOURS[suit]
    return (
        f'<svg width="{size}" height="{size}" fill="{colour}" stroke="{colour}" '
        f'aria-hidden="true" focusable="false"><use href="#cv-suit-{suit}"/></svg>'
    )


def card_name(t: Translator, code: str) -> str:
    """The card's name in the visitor's language (the Decktet names its cards)."""
    card = CARDS[code]
    if card.rank == ACE:
        return t("card.ace_of", suit=t(f"suit.{card.suit}"))
    return t(f"card.{code}")


def card_description(t: Translator, code: str) -> str:
    """What a screen reader says of a card: name, rank and suits."""
    card = CARDS[code]
    suits = t("and").join(t(f"suit.{s}") for s in card.suits)
    rank = {ACE: t("rank.ace"), CROWN: t("rank.crown")}.get(card.rank, str(card.rank))
    return t("card.describe", name=card_name(t, code), rank=rank, suits=suits)


def card_html(t: Translator, code: str) -> str:
    card = CARDS[code]
    symbols = "".join(suit_svg(s) for s in card.suits)
    # The corner: what a player types for this card (the notation's own table).
    rank, letters = rank_label(code, t.lang), suit_letters(code, t.lang)
    return (
        f'<div class="cv-rank">{rank}<span class="cv-letters">{letters}</span></div>'
        f'<div class="cv-suits">{symbols}</div>'
        f'<div class="cv-name">{card_name(t, code)}</div>'
    )


def card_inner(t: Translator, code: str, value: int) -> str:
    """The inside of a card: its face, and the badge of what it would score now."""
    face = f'<span class="cv-face">{card_html(t, code)}</span>'
    if not value:
        return face
    tone = "cv-good" if value > 0 else "cv-bad"
    return f'{face}<span class="cv-value {tone}" aria-hidden="true">{value:+d}</span>'


def card_label(t: Translator, code: str, value: int) -> str:
    """What a screen reader says of a card, with its worth when it has one."""
    text = card_description(t, code)
    return f"{text}, {t('card.worth', value=f'{value:+d}')}" if value else text


def card_markup(
    t: Translator,
    code: str,
    *,
    size: str,
    testid: str,
    value: int,
    chosen: bool | None = None,
    state: str = "",
) -> str:
    """A card as HTML: a picture with a name, or (``chosen`` given) a toggle button of its
    picture's one click handler (``data-click="sel:<code>"``), focusable and pressed while
    chosen. ``state`` adds a class of the site's (``cv-selected``, ``cv-dim``)."""
    label = escape(card_label(t, code, value), quote=True)
    role = (
        'role="img"'
        if chosen is None
        else f'role="button" tabindex="0" aria-pressed="{"true" if chosen else "false"}" '
        f'data-click="sel:{code}"'
    )
    return (
        f'<div class="cv-card cv-{size}{state}" {role} aria-label="{label}" title="{label}" '
        f'data-testid="{escape(testid)}" data-code="{code}">{card_inner(t, code, value)}</div>'
    )


def hand_markup(
    t: Translator,
    hand: list[str],
    values: dict[str, int],
    selected: set[str],
    dim: set[str],
) -> str:
    """A hand to choose from, as HTML: each card a toggle of the hand's one click handler,
    dimmed once it can no longer be part of a play. ``values`` is what each card would
    score if collected now (from the view), shown as a badge."""
    return "".join(
        card_markup(
            t,
            code,
            size="md",
            testid=f"card-{code}",
            value=int(values.get(code, 0)),
            chosen=code in selected,
            state=" cv-selected" if code in selected else " cv-dim" if code in dim else "",
        )
        for code in hand
    )


CARD_CSS = """
.cv-card{display:inline-flex;flex-direction:column;position:relative;
  border:1px solid #b9a98a;border-radius:10px;background:#fffdf6;color:#2b2418;
  box-shadow:0 1px 2px rgba(0,0,0,.15);padding:4px 6px;text-align:left;font:inherit;
  transition:transform .12s, box-shadow .12s, opacity .12s;}
.cv-md{width:86px;height:122px}
@media (max-width:599.98px){.cv-md{width:78px;height:112px}}
.cv-sm{width:58px;height:82px;font-size:11px;padding:3px 4px}
.cv-xs{width:44px;height:62px;font-size:9px;padding:2px 3px}
.cv-face{display:flex;flex-direction:column;justify-content:space-between;height:100%}
.cv-value{position:absolute;right:4px;top:3px;font-size:.8em;font-weight:700;border-radius:8px;
  padding:0 4px;line-height:1.3}
.cv-good{background:#dcfce7;color:#166534}.cv-bad{background:#fee2e2;color:#991b1b}
.cv-rank{font-weight:700;font-size:1.25em;line-height:1}
.cv-letters{font-size:.55em;font-weight:600;margin-left:3px;color:#6b5d45;vertical-align:top}
.cv-suits{display:flex;gap:4px;justify-content:center}
.cv-md .cv-suits svg{width:28px;height:28px}
.cv-sm .cv-suits svg{width:16px;height:16px}.cv-xs .cv-suits svg{width:12px;height:12px}
.cv-name{font-size:.72em;line-height:1.1;color:#4a3f2c;min-height:2.2em}
.cv-xs .cv-name{display:none}
.cv-card[role=button]{cursor:pointer}
.cv-card[role=button]:not(.cv-selected):hover{transform:translateY(-4px)}
.cv-card[role=button]:focus-visible{outline:3px solid #1d4ed8;outline-offset:2px}
.cv-card.cv-selected{transform:translateY(-12px);border:2px solid #1d4ed8;
  box-shadow:0 6px 14px rgba(29,78,216,.35)}
.cv-card.cv-dim{background:#e4ded2;border-style:dashed;filter:grayscale(1)}
.cv-back{background:repeating-linear-gradient(45deg,#7b4b2a,#7b4b2a 6px,#8f5a34 6px,#8f5a34 12px);
  border-color:#5b361d}
/* The dark theme keeps the faces light, as cards on a dark table: suit colours stay legible. */
.body--dark .cv-card:not(.cv-back){background:#efe7d6;border-color:#8a7a5c}
.body--dark .cv-card.cv-dim{background:#e4ded2}
"""
