"""The Caravan sections every viewer sees alike, as HTML made once and shared.

The indicators, the season row, the collected piles and the rows of card backs show only public
parts of the view, so every spectator (and every player) of a table sees the same
markup for them. Drawing them as element trees cost each client some twenty-five
elements per move; here each section is one string, built once per language and
content (the caches below) and set as the content of one element per client.
Nothing interactive lives here: the hand, whose cards may be chosen, is drawn for its one
page (``cards.hand_markup``). A player's strip (:func:`strip_html`) is one element too,
drawn per page for the "(you)" after its own name.
"""

from __future__ import annotations

import json
from functools import lru_cache
from html import escape
from typing import Any

from ui.boards.caravan.cards import card_markup, suit_svg
from ui.boards.frames import mark_html, name_html, text_html
from ui.i18n import Translator


def describe_play(t: Translator, play: dict[str, Any]) -> str:
    """A play of the season in words: 'a bandit', 'a single 7', 'a run of 3 to 8'."""
    if play["kind"] == "bandit":
        return t(f"caravan.bandit.{play['level']}")
    if play["length"] == 1:
        return t("caravan.single", top=play["top"])
    return t("caravan.run", length=play["length"], top=play["top"])


def season_html(
    t: Translator, names: list[str], season: list[dict[str, Any]], values: dict[str, int]
) -> str:
    """The plays of the current season, oldest first, each with who played it.
    ``values`` may hold more cards than the season (a player's hand): only the season's count."""
    worth = {code: values.get(code, 0) for play in season for code in play["cards"]}
    return _season(t.lang, tuple(names), json.dumps(season), json.dumps(worth))


def pile_html(t: Translator, seat: int, cards: list[str], values: dict[str, int]) -> str:
    """A player's collected cards, small."""
    worth = tuple(values.get(code, 0) for code in cards)
    return _pile(t.lang, seat, tuple(cards), worth)


def indicators_html(t: Translator, indicators: list[dict[str, Any]]) -> str:
    """The hand's face-up indicators, each with what it does to its suit."""
    return _indicators(t.lang, tuple((i["code"], i["suit"], i["role"]) for i in indicators))


@lru_cache(maxsize=512)
def backs_html(count: int) -> str:
    """The backs of an opponent's hand (at most fifteen drawn)."""
    return '<div class="cv-card cv-sm cv-back cv-mini-back"></div>' * min(count, 15)


def strip_html(
    t: Translator,
    names: list[str],
    view: dict[str, Any],
    seat: int,
    you: int | None,
    thinking: bool,
) -> str:
    """The start of a player's strip: a person (filled for the seat the page plays, ``you``),
    the name, the thinking mark where the page shows it, the cards in hand and, for a hand
    the page does not hold, their backs."""
    count = view["hand_counts"][seat]
    person = "person" if seat == you else "person_outline"
    return (
        f'<i class="q-icon notranslate material-icons text-xl" aria-hidden="true">{person}</i>'
        + name_html(t, names, seat, "text-base font-semibold", you)
        + mark_html(seat, thinking, t("thinking"))
        + text_html(
            "div", "text-sm", t.plural("caravan.cards_in_hand", count), f"hand-count-{seat}"
        )
        + f'<div class="cv-backs">{"" if seat == you else backs_html(count)}</div>'
    )


@lru_cache(maxsize=512)
def _season(lang: str, names: tuple[str, ...], season_json: str, values_json: str) -> str:
    t, values = Translator(lang), json.loads(values_json)
    parts = []
    for index, play in enumerate(json.loads(season_json)):
        marks = " ".join(f'data-{k}="{escape(str(play[k]))}"' for k in ("kind", "length", "top"))
        who = escape(f"{names[play['seat']]} · {describe_play(t, play)}")
        cards = "".join(
            card_markup(t, code, size="sm", testid=f"played-{code}", value=int(values.get(code, 0)))
            for code in play["cards"]
        )
        parts.append(
            f'<div class="cv-play" data-testid="season-play-{index}" {marks}>'
            f'<div class="text-xs">{who}</div><div class="cv-play-cards">{cards}</div></div>'
        )
    return "".join(parts)


@lru_cache(maxsize=512)
def _pile(lang: str, seat: int, cards: tuple[str, ...], worth: tuple[int, ...]) -> str:
    t = Translator(lang)
    return "".join(
        card_markup(t, code, size="xs", testid=f"collected-{seat}-{code}", value=int(value))
        for code, value in zip(cards, worth, strict=True)
    )


@lru_cache(maxsize=256)
def _indicators(lang: str, indicators: tuple[tuple[str, str, str], ...]) -> str:
    t = Translator(lang)
    parts = []
    for code, suit, role in indicators:
        crown = role == "crown"
        effect = t(
            "caravan.indicator_crown" if crown else "caravan.indicator_ace", suit=t(f"suit.{suit}")
        )
        tone = "text-positive" if crown else "text-negative"
        card = card_markup(t, code, size="sm", testid=f"indicator-{code}", value=0)
        parts.append(
            f'<div class="cv-indicator">{card}<div class="cv-effect">{suit_svg(suit, 14)}'
            f'<span class="text-xs {tone}">{escape(effect)}</span></div></div>'
        )
    return "".join(parts)


MARKUP_CSS = """
.cv-season{display:flex;flex-wrap:wrap;gap:.75rem;align-items:flex-end;min-height:90px}
.cv-play{display:flex;flex-direction:column;align-items:center;gap:.25rem}
.cv-play-cards{display:flex;flex-wrap:wrap;gap:.25rem;justify-content:center}
.cv-pile{display:flex;flex-wrap:wrap;gap:.25rem}
.cv-backs{display:flex}
.cv-indicators{display:flex;flex-wrap:wrap;gap:.5rem}
.cv-indicator{display:flex;flex-direction:column;align-items:center}
.cv-effect{display:flex;align-items:center;gap:.25rem;white-space:nowrap}
"""
