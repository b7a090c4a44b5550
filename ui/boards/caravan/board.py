"""The Caravan table as a player sees it, drawn from one seat's view.

The board is built once per page load; each move patches only the sections
whose part of the view changed (scores and counts are relabelled, the season
row or the hand are redrawn alone). It offers the engine's legal actions as
card selections and buttons; it never decides legality itself.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import Any

from nicegui import ui

from core.games.caravan.notation import PASS, play_cards, play_top
from ui.attrs import attrs
from ui.boards.base import Board
from ui.boards.caravan import texts
from ui.boards.caravan.cards import card_name, hand_markup
from ui.boards.caravan.markup import (
    MARKUP_CSS,
    describe_play,
    indicators_html,
    pile_html,
    season_html,
    strip_html,
)
from ui.boards.caravan.plays import extendable, matching


@dataclass
class SeatPanel:
    """The parts of a player's strip that change during play."""

    strip: ui.html  # the name, thinking mark, cards in hand and their backs
    pile: ui.label
    pile_cards: ui.html


class CaravanBoard(Board):
    """One client's Caravan board. ``seat`` None shows a spectator's view."""

    # ------------------------------------------------------------------ layout

    @property
    def me(self) -> int:
        return 0 if self.seat is None else self.seat

    @property
    def opponent(self) -> int:
        return 1 - self.me

    def _build(self) -> None:
        t = self.t
        self.selected: set[str] = set()
        self._panels: dict[int, SeatPanel] = {}
        self._shown: dict[str, Any] = {}
        with ui.column().classes("w-full gap-3") as self.root:
            with ui.row().classes("w-full items-center gap-3 wrap"):
                self.hand_no = (
                    ui.label().classes("text-sm text-grey-8").props('data-testid="hand-no"')
                )
                self.turn = ui.label().classes("text-lg font-semibold")
                self.turn.props('data-testid="turn" aria-live="polite" role="status"').mark("turn")
                ui.space()
                self.scores = ui.label().classes("text-base").props('data-testid="match-scores"')
            self._seat_panel(self.opponent)
            with ui.card().classes("w-full cv-felt"):
                with ui.row().classes("w-full items-start gap-6 wrap"):
                    with ui.column().classes("gap-1"):
                        ui.label(t("caravan.indicators")).classes("text-sm font-semibold")
                        self.indicators = ui.html("", sanitize=False).classes("cv-indicators")
                        self.indicators.props('data-testid="indicators"').mark("indicators")
                        self.swapped = ui.label().classes("text-xs text-grey-8")
                    with ui.column().classes("gap-1 grow"):
                        self.season_title = ui.label().classes("text-sm font-semibold")
                        self.season = ui.html("", sanitize=False).classes("cv-season")
                        self.season.props('data-testid="season"')
                        self.news = (
                            ui.label()
                            .classes("text-sm")
                            .props('data-testid="news" aria-live="polite"')
                        )
            self._seat_panel(self.me)
            self._cover_box().classes("cv-cover")
            with ui.column().classes("w-full gap-2") as self.hand_area:
                self.hint = ui.label().classes("text-sm text-grey-8").props('data-testid="hint"')
                self.hand = ui.html("", sanitize=False).mark("hand")
                self.hand.classes("row gap-2 wrap items-end min-h-[140px] pt-3")
                attrs(self.hand, {"data-testid": "hand", "aria-label": t("caravan.your_hand")})
                self._clickable(self.hand)
                with ui.row().classes("gap-2 items-center wrap"):
                    self.play_buttons = ui.row().classes("gap-2 wrap")
                    self.pass_button = self._button(t("caravan.pass"), self._pass)
                    self.pass_button.props('outline data-testid="pass"').mark("pass")
                    self.clear_button = ui.button(t("caravan.clear"), on_click=self._clear)
                    self.clear_button.props('flat data-testid="clear"')
            if self.seat is None:
                self.hand_area.visible = False

    def _seat_panel(self, seat: int) -> None:
        """One player's strip: name, thinking, cards in hand, collected pile."""
        t = self.t
        with ui.row().classes("w-full items-center gap-3 wrap"):
            strip = ui.html("", sanitize=False).classes("row items-center no-wrap gap-3")
            ui.space()
            pile = attrs(ui.label().classes("text-sm"), {"data-testid": f"collection-{seat}"})
            with ui.expansion(t("caravan.see_collection")).classes("text-sm") as exp:
                attrs(exp.props("dense"), {"data-testid": f"collection-open-{seat}"})
                cards = ui.html("", sanitize=False).classes("cv-pile")
        self._panels[seat] = SeatPanel(strip=strip, pile=pile, pile_cards=cards)

    # ----------------------------------------------------------------- updates

    def _keep(self, view: dict[str, Any], legal: list[str]) -> None:
        self.selected &= set(self.view.get("hand") or [])

    def _draw(self) -> None:
        """Bring the board to the view, redrawing only the sections that changed."""
        view = self.view
        self._labels()
        self._section("indicators", view["indicators"], self._draw_indicators)
        self._section("season", view["season"], self._draw_season)
        for seat in (0, 1):
            self._section(f"pile{seat}", view["collections"][seat], partial(self._draw_pile, seat))
            self._section(
                f"count{seat}", view["hand_counts"][seat], partial(self._draw_count, seat)
            )
        self._controls()

    def _section(self, name: str, value: Any, draw: Callable[[], None]) -> None:
        if name in self._shown and self._shown[name] == value:
            return
        self._shown[name] = value
        draw()

    def _labels(self) -> None:
        t, view, names = self.t, self.view, self.names
        self.hand_no.set_text(texts.hand_no(t, view))
        self.scores.set_text(texts.match_scores(t, names, view))
        self.turn.set_text(texts.turn_text(t, names, view, self.seat))
        self.season_title.set_text(texts.season_title(t, view))
        self.news.set_text(texts.news(t, names, view))
        for seat in (0, 1):
            self._panels[seat].pile.set_text(texts.collection(t, view, seat))
        self.swapped.set_text(texts.swapped(t, view))

    def describe_play(self, play: dict[str, Any]) -> str:
        return describe_play(self.t, play)

    def action_text(self, action: str) -> str:
        """A move in words, for the replay's move list: card names, or 'passes'."""
        if action == PASS:
            return self.t("caravan.passes")
        names = " + ".join(card_name(self.t, code) for code in play_cards(action))
        top = play_top(action)
        return self.t("caravan.played_run", cards=names, top=top) if top is not None else names

    def _draw_indicators(self) -> None:
        self.indicators.set_content(indicators_html(self.t, self.view["indicators"]))

    def _draw_season(self) -> None:
        values = self.view.get("values", {})
        self.season.set_content(season_html(self.t, self.names, self.view["season"], values))

    def _draw_pile(self, seat: int) -> None:
        cards, values = self.view["collections"][seat], self.view.get("values", {})
        self._panels[seat].pile_cards.set_content(pile_html(self.t, seat, cards, values))

    def _draw_count(self, seat: int) -> None:
        # A bot never plays the seat a page plays: the thinking mark is the others'.
        marks = self.marks and seat != self.seat
        strip = strip_html(self.t, self.names, self.view, seat, self.seat, marks)
        self._panels[seat].strip.set_content(strip)

    # --------------------------------------------------------------- choosing

    def _controls(self) -> None:
        """Highlight the cards that can still make a play; offer the matching plays."""
        t = self.t
        active = self.active()
        reachable = extendable(self.legal, self.selected) if active else set()
        hand = self.view.get("hand") or []
        dim = set(hand) - reachable if active else set()
        cards = hand_markup(t, hand, self.view.get("values", {}), self.selected, dim)
        if cards != self.hand.content:  # a toggle redraws the hand; a move may leave it be
            self.hand.set_content(cards)
        offers = matching(self.legal, self.selected) if active else []
        if offers or self.play_buttons.default_slot.children:
            self.play_buttons.clear()
        with self.play_buttons:
            for index, offer in enumerate(offers):
                label = (
                    t("caravan.play") if offer.top is None else t("caravan.play_as", top=offer.top)
                )
                button = self._button(label, partial(self.send, offer.action))
                testid = "play" if index == 0 else f"play-top-{offer.top}"
                attrs(button.mark(testid), {"data-testid": testid})
                button.props("color=primary" if index == 0 else "color=primary outline")
        self.pass_button.visible = active and PASS in self.legal
        self.clear_button.visible = active and bool(self.selected)
        self.hint.set_text(self._hint(active))

    def _hint(self, active: bool) -> str:
        t = self.t
        if not active:
            return ""
        if self.view["phase"] == "lead":
            return t("caravan.hint_lead")
        return t("caravan.hint_answer")

    async def _click(self, kind: str, value: str) -> None:
        if kind == "sel":
            self._toggle(value)

    def _toggle(self, code: str) -> None:
        """Choose a card of the hand, or put it back (a card not in hand is no choice)."""
        if not self.active() or code not in (self.view.get("hand") or []):
            return
        self.selected ^= {code}
        self._controls()

    def _clear(self) -> None:
        self.selected = set()
        self._controls()

    async def _pass(self) -> None:
        await self.send(PASS)

    def _redraw(self) -> None:
        self._controls()

    def _sent(self, action: str) -> None:
        self.selected -= set(play_cards(action))

    # ------------------------------------------------------------------ result

    def result_details(self, view: dict[str, Any]) -> None:
        """The score of every hand, and who went out first."""
        t, names = self.t, self.names
        rows = [
            {
                "hand": h["hand"],
                "a": f"{h['totals'][0]:+d}",
                "b": f"{h['totals'][1]:+d}",
                "out": names[h["first_out"]] if h["first_out"] is not None else "—",
            }
            for h in view["history"]
        ]
        columns = [
            {"name": "hand", "label": t("result.hand"), "field": "hand", "align": "left"},
            {"name": "a", "label": names[0], "field": "a"},
            {"name": "b", "label": names[1], "field": "b"},
            {"name": "out", "label": t("result.first_out"), "field": "out"},
        ]
        ui.table(columns=columns, rows=rows, row_key="hand").props("dense flat").classes("w-full")

    # ------------------------------------------------------------------ cover

    def _hide_secrets(self, hidden: bool) -> None:
        """Hot seat: the hand is hidden behind the cover (and not sent)."""
        self.hand_area.visible = not hidden and self.seat is not None


BOARD_CSS = (
    """
.cv-felt{background:linear-gradient(135deg,#f3e7c9,#ead7ab);border:1px solid #d2bb86}
.body--dark .cv-felt{background:linear-gradient(135deg,#3a3222,#2d271b);border-color:#5a4c30}
.cv-backs .cv-mini-back{width:14px;height:22px;margin-right:-4px;padding:0;border-radius:3px}
.cv-cover{border:2px dashed #b9a98a;border-radius:12px}
.cv-collected summary{cursor:pointer;list-style:none}
.cv-collected summary::-webkit-details-marker{display:none}
.cv-collected summary::after{content:"\\25BE";margin-left:.5rem}
.cv-collected[open] summary::after{content:"\\25B4"}
.cv-hand-grid{display:grid;grid-template-columns:repeat(4,auto);gap:.25rem 1rem;
  justify-content:start;align-items:center}
"""
    + MARKUP_CSS
)
