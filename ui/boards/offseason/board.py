"""The Camel Up Off Season table as a player sees it, drawn from one seat's view.

The board is built once; each move patches it in place: the auction panel, the
markets and the caravan are HTML fragments (``art.py``) whose content is replaced,
the action buttons are rebuilt only when the legal actions change. Everything
that may be clicked comes from the engine's legal actions: a market to choose,
a camel to load, unload, saddle or swap, a card to add to the lot being built
(``lots.py``), a bid, a power. The board never decides a rule itself.

The board's root carries ``data-sent``, which changes once each action it sent has
been answered (applied or refused): with simultaneous bids other seats move at any
time, so a browser test waits on this rather than on the move count.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from html import escape
from typing import Any
from uuid import uuid4

from nicegui import ui

from core.games.offseason import notation
from core.games.offseason.notation import type_word
from ui.attrs import attrs
from ui.boards.offseason.art import (
    auction_icon,
    back_svg,
    camel_svg,
    card_svg,
    coin_svg,
    marker_svg,
)
from ui.boards.offseason.lots import can_add, lot_action, lot_price
from ui.boards.offseason.words import (
    POWER_WORDS,
    action_text,
    back_name,
    card_name,
    cards_text,
    event_text,
    goods_count,
)
from ui.i18n import Translator

Submit = Callable[[str], Awaitable[bool]]


@dataclass
class SeatRow:
    """The parts of a merchant's entry in the side panel that change during play."""

    row: ui.element
    marker: ui.html
    coins: ui.html
    note: ui.label
    camels: ui.html


CLICK_JS = "(e) => { const el = e.target.closest('[data-click]'); if (el) emit(el.dataset.click); }"
NEWS_EVENTS = 6
LOG_EVENTS = 40


class OffSeasonBoard:
    """One client's Camel Up Off Season board. ``seat`` None shows a spectator's view."""

    def __init__(
        self,
        t: Translator,
        *,
        names: list[str],
        seat: int | None,
        on_action: Submit | None,
        thinking: Any | None = None,
    ) -> None:
        self.t, self.names, self.seat, self.on_action = t, names, seat, on_action
        self.view: dict[str, Any] = {}
        self.legal: list[str] = []
        self.busy = False
        self.picked: list[tuple[int, int]] = []  # (camel, index) of the cards in the lot
        self.first: int | None = None  # Rearrange: the first camel clicked
        self.kind: str | None = None  # loading: the goods type being placed
        self._buttons_for: tuple[Any, ...] | None = None
        self._seat_rows: dict[int, SeatRow] = {}
        self._board_id = uuid4().hex[:8]
        self._sent = 0  # actions sent and answered (or refused) by this board
        with ui.column().classes("w-full gap-3") as self.root:
            attrs(self.root, {"data-sent": f"{self._board_id}-0"})
            self.cover = ui.column().classes("w-full items-center gap-2 p-6 os-cover")
            self.cover.props('data-testid="cover"')
            self.cover.visible = False
            with ui.row().classes("w-full gap-4 items-start wrap") as self.body:
                with (
                    ui.column()
                    .classes("gap-3 items-stretch")
                    .style("flex:1 1 460px;min-width:0;max-width:700px")
                ):
                    self._main(t)
                with ui.card().classes("gap-2 cs-side").style("flex:1 1 260px;max-width:340px"):
                    self._side(t, thinking)

    # ------------------------------------------------------------------ layout

    def _main(self, t: Translator) -> None:
        self.turn = ui.label().classes("text-lg font-semibold")
        self.turn.props('data-testid="turn" aria-live="polite" role="status"').mark("turn")
        self.status = ui.html("", sanitize=False).classes("text-sm")
        self.status.props('data-testid="os-status"')
        self.auction = ui.html("", sanitize=False).classes("w-full os-panel")
        self.auction.props('data-testid="os-auction"').mark("os-auction")
        with ui.column().classes("w-full gap-2 os-panel") as self.actions:
            self.actions.props('data-testid="os-actions"')
            self.hint = ui.label().classes("text-sm").props('data-testid="hint"')
            self.pending = ui.html("", sanitize=False).classes("w-full")
            self.pending.props('data-testid="os-pending"').mark("os-pending")
            self.pending.on("click", self._clicked, js_handler=CLICK_JS)
            self.buttons = ui.row().classes("gap-2 wrap items-center")
            self.buttons.props('data-testid="os-buttons"')
        # Markets first, or the caravan first when the step is about its camels.
        with ui.column().classes("w-full gap-3") as self.middle:
            with ui.column().classes("w-full gap-2") as self.market_box:
                ui.label(t("offseason.markets")).classes("text-base font-bold")
                self.markets = ui.html("", sanitize=False).classes("w-full")
                self.markets.props('data-testid="os-markets"').mark("os-markets")
                self.markets.on("click", self._clicked, js_handler=CLICK_JS)
            with ui.column().classes("w-full gap-2") as self.caravan_box:
                ui.label(t("offseason.your_caravan")).classes("text-base font-bold")
                self.caravan = ui.html("", sanitize=False).classes("w-full")
                self.caravan.props('data-testid="os-caravan"').mark("os-caravan")
                self.caravan.on("click", self._clicked, js_handler=CLICK_JS)
                with ui.row().classes("gap-2 items-center wrap os-panel w-full") as self.lot_row:
                    self.lot = ui.label().classes("text-sm").props('data-testid="lot"')
                    self.sell_button = ui.button(t("offseason.sell"), on_click=self._sell)
                    self.sell_button.props('color=primary no-caps data-testid="sell"')
                    self.sell_button.classes("os-act").mark("sell")
                    self.clear_button = ui.button(t("offseason.clear"), on_click=self._clear)
                    self.clear_button.props('flat no-caps data-testid="clear"')
        self.news = ui.label().classes("text-sm text-grey-8").props('data-testid="news"')

    def _side(self, t: Translator, thinking: Any | None) -> None:
        ui.label(t("offseason.merchants")).classes("text-base font-bold")
        for seat, name in enumerate(self.names):
            with ui.column().classes("w-full gap-0 os-seat") as row:
                attrs(row, {"data-testid": f"player-{seat}"})
                with ui.row().classes("w-full items-center gap-1 no-wrap"):
                    marker = ui.html("", sanitize=False)
                    mine = seat == self.seat
                    label = ui.label(name + (f" ({t('you')})" if mine else ""))
                    label.classes("text-sm font-semibold cs-name")
                    attrs(label, {"data-testid": f"name-{seat}"})
                    if thinking is not None:
                        spin = attrs(ui.spinner(size="xs"), {"data-testid": f"thinking-{seat}"})
                        thinking.add(seat, spin)
                    ui.space()
                    coins = attrs(ui.html("", sanitize=False), {"data-testid": f"coins-{seat}"})
                    coins.mark(f"coins-{seat}")
                note = ui.label().classes("text-xs text-grey-8")
                attrs(note, {"data-testid": f"note-{seat}"})
                camels = attrs(ui.html("", sanitize=False), {"data-testid": f"camels-{seat}"})
            self._seat_rows[seat] = SeatRow(row, marker, coins, note, camels)
        ui.separator()
        with ui.expansion(t("offseason.log")).classes("w-full text-sm") as log:
            log.props('dense data-testid="log-open"')
            self.log = ui.html("", sanitize=False).props('data-testid="log"')
        with ui.column().classes("gap-0 text-xs text-grey-8"):
            for key in ("legend_coins", "legend_danger", "legend_backs"):
                ui.label(t(f"offseason.{key}"))

    # ----------------------------------------------------------------- updates

    def show(self, view: dict[str, Any], legal: list[str]) -> None:
        if legal != self.legal or view.get("step") != self.view.get("step"):
            self.picked, self.first, self.kind = [], None, None
        self.view, self.legal = view, legal
        self.picked = [p for p in self.picked if self._code_at(*p) is not None]
        self._draw()

    def _draw(self) -> None:
        view = self.view
        if not view:
            return
        self.turn.set_text(self._prompt())
        self.status.set_content(self._status())
        self.auction.set_content(self._auction())
        self.markets.set_content(self._markets())
        me = view.get("seat")
        self.caravan_box.visible = me is not None
        self.caravan.set_content(self._caravan() if me is not None else "")
        caravan_first = self._mine() and self._camel_step()
        if caravan_first != (list(self.middle)[0] is self.caravan_box):
            (self.caravan_box if caravan_first else self.market_box).move(self.middle, 0)
        self._controls()
        for seat in range(view["players"]):
            self._seat(seat)
        self.news.set_text(self._news())
        self.log.set_content(self._log())

    def _camel_step(self) -> bool:
        """Whether this step is played on the camels (loading, tokens, sales, powers on camels)."""
        if self.view.get("step") in ("load", "saddle", "sell"):
            return True
        return any(self._offered(word) for word in ("sell", "unload", "swap"))

    def _offered(self, word: str) -> list[tuple[Any, ...]]:
        """The arguments of every legal action with this word (``load``: its types and
        camels), as the notation reads them."""
        found = []
        for action in self.legal:
            parsed = notation.read(action)
            if parsed is not None and parsed[0] == word:
                found.append(parsed[1])
        return found

    def _mine(self) -> bool:
        return self.view.get("seat") is not None and self.on_action is not None and bool(self.legal)

    def _active(self) -> bool:
        return self._mine() and not self.busy

    # ----------------------------------------------------------------- status

    def _status(self) -> str:
        t, view = self.t, self.view
        parts = [escape(t("offseason.round", n=view["round"]))]
        if view["last_round"]:
            parts.append(f'<b class="text-negative">{escape(t("offseason.last_round"))}</b>')
        elif view["end_triggered"]:
            parts.append(f"<b>{escape(t('offseason.end_triggered'))}</b>")
        parts.append(escape(t.plural("offseason.tower", view["tower"])))
        top = view.get("top_back")
        if top:
            name = t(f"offseason.auction.{top}")
            parts.append(
                f'{escape(t("offseason.top_back"))} <span data-testid="top-back" '
                f'data-auction="{top}">{auction_icon(top, name, 16)} {escape(name)}</span>'
            )
        parts.append(escape(t.plural("offseason.discard", view["discard"])))
        return " · ".join(parts)

    def _auction(self) -> str:
        t, view = self.t, self.view
        auction = view["auction"]
        kind = auction["type"]
        name = t(f"offseason.auction.{kind}")
        out = [
            '<div class="os-market-head" data-testid="auction-type" '
            f'data-auction="{kind}">{auction_icon(kind, name)}'
            f"<span>{escape(t('offseason.this_auction', auction=name))}</span></div>",
            f'<div class="os-small">{escape(t(f"offseason.auction_help.{kind}"))}</div>',
        ]
        if auction["attempt"] == 2 and auction["has_bid"] is not None:
            out.append(f'<div class="os-warn">{escape(t("offseason.second_attempt"))}</div>')
        if auction["has_bid"] is not None:
            chips = []
            for seat, done in enumerate(auction["has_bid"]):
                word = t("offseason.has_bid") if done else t("offseason.choosing")
                chips.append(
                    f'<span class="os-bid" data-testid="has-bid-{seat}" '
                    f'data-done="{str(done).lower()}">'
                    + t("labelled", label=escape(self.names[seat]), text=f"<i>{escape(word)}</i>")
                    + "</span>"
                )
            out.append(f'<div class="os-bids">{"".join(chips)}</div>')
        if auction["my_bid"] is not None:
            out.append(
                f'<div class="os-bid" data-testid="my-bid" data-bid="{auction["my_bid"]}">'
                f"{escape(t('offseason.your_bid', amount=auction['my_bid']))}</div>"
            )
        for attempt, bids in enumerate(auction["revealed"], start=1):
            shown = "".join(
                f'<span class="os-bid" data-testid="revealed-bid-{seat}" data-bid="{bid}">'
                f"{escape(self.names[seat])} <b>{bid}</b></span>"
                for seat, bid in enumerate(bids)
            )
            label = t("offseason.revealed", n=attempt)
            out.append(
                f'<div class="os-bids" data-testid="reveal-{attempt}">'
                f"<span>{escape(label)}</span>{shown}</div>"
            )
        open_state = auction.get("open")
        if open_state is not None:
            cells = []
            for seat, acted in enumerate(open_state["acted"]):
                if acted is None:
                    word = t("offseason.open_waiting")
                elif acted == "pass":
                    word = t("offseason.open_passed")
                else:
                    parsed = notation.read(acted)
                    amount = parsed[1][0] if parsed is not None else acted
                    word = t("offseason.open_bid", amount=amount)
                cells.append(
                    f'<span class="os-bid" data-testid="open-{seat}">'
                    + t("labelled", label=escape(self.names[seat]), text=f"<i>{escape(word)}</i>")
                    + "</span>"
                )
            out.append(f'<div class="os-bids">{"".join(cells)}</div>')
            if open_state["bidder"] is not None and auction["outcome"] is None:
                out.append(
                    '<div class="os-small">'
                    + escape(
                        t(
                            "offseason.open_best",
                            amount=open_state["best"],
                            name=self.names[open_state["bidder"]],
                        )
                    )
                    + "</div>"
                )
        if auction["outcome"] is not None:
            out.append(f'<div data-testid="auction-outcome"><b>{escape(self._outcome())}</b></div>')
        return "".join(out)

    def _outcome(self) -> str:
        t, view = self.t, self.view
        auction = view["auction"]
        holder = self.names[view["holder"]]
        text = t(f"offseason.outcome.{auction['outcome']}", name=holder)
        paid = [(s, p) for s, p in enumerate(auction["paid"] or []) if p]
        if paid:
            text += " " + t(
                "offseason.ev.paid",
                payments=", ".join(f"{self.names[s]} {p}" for s, p in paid),
            )
        return text

    # ----------------------------------------------------------------- markets

    def _markets(self) -> str:
        t, view = self.t, self.view
        active = self._active()
        step = view.get("step")
        me = view.get("seat")
        dangers: dict[int, list[int]] = {}
        if me is not None:
            for camel in view["caravans"][me]["camels"]:
                for tile in camel["danger"]:
                    dangers.setdefault(tile, []).append(camel["camel"])
        turn = view.get("turn") or {}
        tiles = []
        for market in view["markets"]:
            tile = market["tile"]
            action = notation.market(tile)
            clickable = active and step == "choose" and action in self.legal
            power = t(f"offseason.power.{market['power']}")
            taken = market["chosen_by"] is not None
            current = turn.get("market") == tile
            classes = f"os-market os-side-{market['side']}"
            if current:
                classes += " os-current"
            elif taken:
                classes += " os-taken"
            if clickable:
                classes += " os-click"
            goods = []
            discarding = active and step == "discard" and turn.get("market") == tile
            for code in market["face_up"]:
                art = card_svg(code, card_name(t, code))
                discard = notation.discard(code)
                if discarding and discard in self.legal:
                    label = escape(t("offseason.discard_card", card=card_name(t, code)))
                    goods.append(
                        f'<button type="button" class="os-pick os-click" '
                        f'data-click="act:{discard}" data-testid="discard-{code}" '
                        f'aria-label="{label}">{art}</button>'
                    )
                else:
                    goods.append(art)
            goods += [back_svg(b, back_name(t, b)) for b in market["face_down_backs"]]
            other = market["other_side"]
            power_help = escape(t(f"offseason.power_help.{market['power']}"))
            coins = market["coins"]
            coin = coin_svg(coins, t.plural("offseason.coins", coins))
            counts = goods_count(t, len(market["face_up"]), market["face_down"])
            lines = [
                f'<div class="os-market-head"><span class="os-tile-no">{tile}</span>'
                f"<span>{escape(t('offseason.market', n=tile))}</span>"
                f'<span class="os-small">{escape(t("offseason.side", side=market["side"]))}'
                "</span></div>",
                f'<div class="os-power" title="{power_help}">{escape(power)}</div>',
                f'<div class="os-market-head" data-testid="market-coins-{tile}" '
                f'data-coins="{coins}">{coin}<span class="os-small">'
                f"{escape(t.plural('offseason.coins_here', coins))}</span></div>",
                f'<div class="os-goods">{"".join(goods)}</div>',
                f'<div class="os-small">{escape(counts)}</div>',
                '<div class="os-small">'
                + escape(
                    t(
                        "offseason.other_side",
                        up=t.plural("offseason.goods_up", other["up"]),
                        down=t.plural("offseason.goods_down", other["down"]),
                        power=t(f"offseason.power.{other['power']}"),
                    )
                )
                + "</div>",
            ]
            if taken:
                lines.append(
                    f'<div class="os-taken-by" data-testid="taken-{tile}">'
                    + escape(t("offseason.taken_by", name=self.names[market["chosen_by"]]))
                    + "</div>"
                )
            if tile in dangers and not taken:
                camels = ", ".join(str(c) for c in dangers[tile])
                warning = escape(t("offseason.market_danger", camels=camels))
                lines.append(f'<div class="os-warn" data-testid="danger-{tile}">{warning}</div>')
            inner = "".join(lines)
            label = escape(t("offseason.choose_market", n=tile))
            if clickable:
                tiles.append(
                    f'<button type="button" class="{classes}" data-click="act:{action}" '
                    f'data-testid="market-{tile}" aria-label="{label}">{inner}</button>'
                )
            else:
                tiles.append(f'<div class="{classes}" data-testid="market-{tile}">{inner}</div>')
        return f'<div class="os-markets">{"".join(tiles)}</div>'

    # ----------------------------------------------------------------- caravan

    def _my_camels(self) -> list[dict[str, Any]]:
        me = self.view.get("seat")
        return [] if me is None else self.view["caravans"][me]["camels"]

    def _code_at(self, camel: int, index: int) -> str | None:
        for c in self._my_camels():
            if c["camel"] == camel and 0 <= index < len(c["cards"]):
                return str(c["cards"][index])
        return None

    def _picked_codes(self) -> list[str]:
        return [code for p in self.picked if (code := self._code_at(*p)) is not None]

    def _selling(self) -> bool:
        return self._active() and bool(self._offered("sell"))

    def _camel_action(self, cap: int) -> str | None:
        """The click token of a camel now: an action, or the first half of a swap."""
        if not self._active():
            return None
        step = self.view.get("step")
        if step == "load":
            kind = self._load_kind()
            action = notation.load(kind, cap) if kind is not None else None
            return f"act:{action}" if action in self.legal else None
        if step == "saddle" and notation.saddle(cap) in self.legal:
            return f"act:{notation.saddle(cap)}"
        if step == "power":
            if notation.unload(cap) in self.legal:
                return f"act:{notation.unload(cap)}"
            swaps = self._offered("swap")
            if self.first is None:
                if any(cap in pair for pair in swaps):
                    return f"sel:{cap}"
                return None
            if cap == self.first:
                return f"sel:{cap}"
            if notation.swap(cap, self.first) in self.legal:
                return f"act:{notation.swap(cap, self.first)}"
        return None

    def _caravan(self) -> str:
        t, view = self.t, self.view
        me = view["seat"]
        selling = self._selling()
        codes = self._picked_codes()
        sold = set(view.get("sold") or []) if view.get("current") == me else set()
        boxes = []
        for camel in view["caravans"][me]["camels"]:
            cap = camel["camel"]
            token = self._camel_action(cap)
            slots = []
            for index, code in enumerate(camel["cards"]):
                art = card_svg(code, card_name(t, code))
                if not selling:
                    slots.append(art)
                    continue
                chosen = (cap, index) in self.picked
                if chosen or can_add(self.legal, codes, code):
                    klass = "os-pick os-picked" if chosen else "os-pick os-click"
                    slots.append(
                        f'<button type="button" class="{klass}" data-click="pick:{cap}:{index}" '
                        f'data-testid="pick-{cap}-{index}" data-code="{code}" '
                        f'aria-pressed="{str(chosen).lower()}" '
                        f'aria-label="{escape(card_name(t, code))}">{art}</button>'
                    )
                else:
                    slots.append(art)
            for extra in range(max(0, camel["capacity"] - camel["load"])):
                last = camel["token"] and extra == camel["capacity"] - camel["load"] - 1
                slots.append(f'<span class="os-slot{" os-extra" if last else ""}"></span>')
            notes = []
            if camel["type"]:
                notes.append(type_word(camel["type"], t.lang))
            else:
                notes.append(t("offseason.empty"))
            if camel["full"]:
                notes.append(t("offseason.full"))
            if cap in sold:
                notes.append(t("offseason.sold_here"))
            warn = ""
            if camel["danger"]:
                tiles = ", ".join(str(d) for d in camel["danger"])
                warning = escape(t("offseason.camel_danger", markets=tiles))
                warn = f'<div class="os-warn">{warning}</div>'
            badge = '<span class="os-token">+1</span>' if camel["token"] else ""
            classes = "os-camel"
            if camel["danger"]:
                classes += " os-danger"
            if camel["full"]:
                classes += " os-full"
            if self.first == cap:
                classes += " os-chosen"
            inner = (
                f'<div class="os-camel-head"><span class="os-camel-pic">'
                f"{camel_svg(t('offseason.camel', n=cap))}{badge}</span>"
                f"<span>{escape(t('offseason.camel', n=cap))}</span>"
                f'<span class="os-load" data-testid="load-{cap}">'
                f"{camel['load']}/{camel['capacity']}</span></div>"
                f'<div class="os-slots">{"".join(slots)}</div>'
                f'<div class="os-small">{escape(" · ".join(notes))}</div>{warn}'
            )
            testid = f'data-testid="camel-{cap}" data-type="{camel["type"] or ""}"'
            if token is not None:
                label = escape(self._camel_label(token, cap))
                boxes.append(
                    f'<button type="button" class="{classes} os-click" data-click="{token}" '
                    f'{testid} aria-label="{label}">{inner}</button>'
                )
            else:
                boxes.append(f'<div class="{classes}" {testid}>{inner}</div>')
        picked = "+".join(codes)
        tokens = view["caravans"][me]["tokens"]
        reserve = (
            f'<div class="os-small">{escape(t.plural("offseason.tokens", tokens))}</div>'
            if tokens
            else ""
        )
        return f'<div class="os-caravan" data-picked="{picked}">{"".join(boxes)}</div>{reserve}'

    def _camel_label(self, token: str, cap: int) -> str:
        kind, _, value = token.partition(":")
        if kind == "sel":
            return self.t("offseason.swap_pick", n=cap)
        return action_text(self.t, value)

    # ----------------------------------------------------------------- controls

    def _load_kind(self) -> str | None:
        kinds = sorted({kind for kind, _ in self._offered("load")})
        if not kinds:
            return None
        if self.kind not in kinds:
            self.kind = kinds[0]
        return self.kind

    def _controls(self) -> None:
        t, view = self.t, self.view
        active = self._active()
        mine = self._mine()
        self.hint.set_text(self._hint() if mine else "")
        self.hint.visible = mine
        pending = self._pending()
        self.pending.set_content(pending)
        self.pending.visible = bool(pending)
        self.actions.visible = mine or bool(pending)
        key = (tuple(self.legal), self.busy, view.get("step"), mine)
        if key != self._buttons_for:
            self._buttons_for = key
            self.buttons.clear()
            with self.buttons:
                self._make_buttons(active)
            self.buttons.visible = bool(list(self.buttons))
        selling = self._selling()
        self.lot_row.visible = selling
        codes = self._picked_codes()
        action = lot_action(self.legal, codes)
        if not codes:
            self.lot.set_text(t("offseason.lot_empty"))
        elif action is None:
            self.lot.set_text(t("offseason.lot_partial", cards=cards_text(t, codes)))
        else:
            self.lot.set_text(
                t.plural("offseason.lot_ready", lot_price(codes), cards=cards_text(t, codes))
            )
        self.sell_button.set_text(
            t.plural("offseason.sell_for", lot_price(codes)) if action else t("offseason.sell")
        )
        self.sell_button.set_enabled(action is not None and active)
        self.clear_button.visible = bool(self.picked)

    def _make_buttons(self, active: bool) -> None:
        t, view = self.t, self.view
        if not active:
            return
        step = view.get("step")
        bids = sorted(
            (amount for (amount,) in self._offered("bid")),
        )
        if bids:
            ui.label(t("offseason.bid_label")).classes("text-sm font-semibold")
            for amount in bids:
                action = notation.bid(amount)
                button = ui.button(str(amount), on_click=lambda a=action: self._send(a))
                button.props("color=primary dense no-caps").classes("os-act min-w-[2.4rem]")
                bid = {
                    "data-testid": f"bid-{amount}",
                    "aria-label": t("offseason.act.bid", amount=amount),
                }
                attrs(button, bid).mark(f"bid-{amount}")
        power = (view.get("turn") or {}).get("power")
        for word in POWER_WORDS:
            if word in self.legal:
                key = f"offseason.use.{power}" if word == "purse" else f"offseason.use.{word}"
                button = ui.button(t(key), on_click=lambda a=word: self._send(a))
                button.props("color=primary no-caps").classes("os-act")
                attrs(button, {"data-testid": f"act-{word}"})
                button.mark(f"act-{word}")
        if "pass" in self.legal:
            label = t("offseason.pass_bid") if step == "open" else t("offseason.pass_sale")
            button = ui.button(label, on_click=lambda: self._send("pass"))
            button.props('outline no-caps data-testid="pass"').classes("os-act").mark("pass")
        if "skip" in self.legal:
            button = ui.button(t(f"offseason.skip.{step}"), on_click=lambda: self._send("skip"))
            button.props('outline no-caps data-testid="skip"').classes("os-act").mark("skip")

    def _pending(self) -> str:
        t, view = self.t, self.view
        turn = view.get("turn")
        if not turn or turn.get("market") is None:
            return ""
        name = self.names[turn["seat"]]
        head = escape(
            t(
                "offseason.turn_market",
                name=name,
                n=turn["market"],
                power=t(f"offseason.power.{turn['power']}"),
            )
        )
        head = f'<div class="os-small" data-testid="turn-market">{head}</div>'
        if not turn["pending"]:
            return head
        out = []
        kind_now = self._load_kind() if self._active() else None
        for kind, codes in turn["pending"].items():
            cards = "".join(card_svg(c, card_name(t, c), size="sm") for c in codes)
            label = escape(t("offseason.waiting_goods", type=type_word(kind, t.lang)))
            loads = self._offered("load")
            choosable = kind_now is not None and any(k == kind for k, _ in loads)
            if choosable and len({k for k, _ in loads}) > 1:
                chosen = kind == kind_now
                klass = "os-camel " + ("os-chosen" if chosen else "os-click")
                out.append(
                    f'<button type="button" class="{klass}" data-click="type:{kind}" '
                    f'data-testid="pending-{kind}" aria-pressed="{str(chosen).lower()}">'
                    f'<span class="os-small">{label}</span><span class="os-goods">{cards}</span>'
                    "</button>"
                )
            else:
                out.append(
                    f'<div data-testid="pending-{kind}"><span class="os-small">{label}</span>'
                    f'<span class="os-goods">{cards}</span></div>'
                )
        return f'{head}<div class="os-bids">{"".join(out)}</div>'

    # ----------------------------------------------------------------- seats

    def _seat(self, seat: int) -> None:
        t, view = self.t, self.view
        parts = self._seat_rows[seat]
        row, marker, coins, note = parts.row, parts.marker, parts.coins, parts.note
        caravan = view["caravans"][seat]
        marker.set_content(marker_svg(t("offseason.holder")) if view["holder"] == seat else "")
        count = caravan["coins"]
        title = (
            t.plural("offseason.coins", count) if count is not None else t("offseason.coins_hidden")
        )
        coins.set_content(
            f'<span class="os-bid" data-coins="{"" if count is None else count}">'
            f"{coin_svg(count, title)}</span>"
        )
        notes = []
        if caravan["tokens"]:
            notes.append(t.plural("offseason.tokens", caravan["tokens"]))
        auction = view["auction"]
        if auction["has_bid"] is not None:
            done = auction["has_bid"][seat]
            notes.append(t("offseason.has_bid") if done else t("offseason.choosing"))
        note.set_text(" · ".join(notes))
        moving = seat in view["to_move"]
        row.classes(add="cp-current" if moving else "", remove="" if moving else "cp-current")
        minis = []
        for camel in caravan["camels"]:
            cards = "".join(card_svg(c, card_name(t, c), size="xs") for c in camel["cards"])
            badge = '<span class="os-token">+1</span>' if camel["token"] else ""
            title = escape(
                t(
                    "offseason.camel_load",
                    n=camel["camel"],
                    load=camel["load"],
                    capacity=camel["capacity"],
                )
            )
            minis.append(
                f'<span class="os-mini-camel" data-testid="mini-{seat}-{camel["camel"]}" '
                f'title="{title}"><span class="os-mini-cap">{camel["camel"]}</span>'
                f"{badge}{cards or '·'}</span>"
            )
        parts.camels.set_content(f'<div class="os-mini">{"".join(minis)}</div>')

    # ----------------------------------------------------------------- words

    def _prompt(self) -> str:
        t, view = self.t, self.view
        phase, step = view["phase"], view.get("step")
        if phase == "over":
            return t("offseason.over")
        auction = view["auction"]
        if step == "bid":
            waiting = [s for s, done in enumerate(auction["has_bid"] or []) if not done]
            if self._mine():
                return t("offseason.prompt.bid", auction=t(f"offseason.auction.{auction['type']}"))
            if auction["my_bid"] is not None:
                return t.plural("offseason.waiting_for", len(waiting), amount=auction["my_bid"])
            return t.plural("offseason.waiting_bids", len(waiting))
        if not self._mine():
            name = self.names[view["current"]] if view["current"] is not None else "?"
            return t(f"offseason.waiting.{step}", name=name)
        if phase == "tiebreak":
            return t("offseason.prompt.tiebreak")
        if step == "power":
            return t(f"offseason.prompt.power.{(view.get('turn') or {}).get('power')}")
        if step == "sell" and view["last_round"]:
            return t("offseason.prompt.sell_last")
        if step == "load":
            kind = self._load_kind()
            return t("offseason.prompt.load", type=type_word(kind, t.lang) if kind else "")
        return t(f"offseason.prompt.{step}")

    def _hint(self) -> str:
        t, view = self.t, self.view
        step = view.get("step")
        if step == "power":
            power = (view.get("turn") or {}).get("power")
            return t(f"offseason.power_help.{power}")
        if step == "load":
            kinds = {kind for kind, _ in self._offered("load")}
            return t("offseason.hint.load_many" if len(kinds) > 1 else "offseason.hint.load")
        if step == "open":
            return t("offseason.hint.open", best=view["auction"]["open"]["best"])
        if step == "bid":
            return t("offseason.hint.bid")
        if step in ("choose", "discard", "saddle", "sell"):
            return t(f"offseason.hint.{step}")
        return ""

    def _news(self) -> str:
        last = self.view.get("last_turn")
        if not last:
            return ""
        texts = [event_text(self.t, self.names, e) for e in last["events"][:NEWS_EVENTS]]
        if len(last["events"]) > NEWS_EVENTS:
            texts.append("…")
        if not texts and last["action"] is not None:  # e.g. no +1 token placed
            name = self.names[last["seat"]]
            action = action_text(self.t, last["action"])
            texts.append(self.t("offseason.news_action", name=name, action=action))
        return self.t("offseason.news", text=" ".join(texts))

    def _log(self) -> str:
        items = [
            f"<li>{escape(event_text(self.t, self.names, e))}</li>"
            for e in reversed(self.view.get("log", [])[-LOG_EVENTS:])
        ]
        return f'<ul class="os-log">{"".join(items)}</ul>'

    def action_text(self, action: str) -> str:
        return action_text(self.t, action)

    # ----------------------------------------------------------------- clicks

    async def _clicked(self, event: Any) -> None:
        token = event.args if isinstance(event.args, str) else None
        if token is None or not self._active():
            return
        kind, _, value = token.partition(":")
        if kind == "act" and value in self.legal:
            await self._send(value)
        elif kind == "pick" and self._selling():
            self._pick(value)
        elif kind == "sel" and self.view.get("step") == "power":
            self._select_camel(value)
        elif kind == "type" and any(k == value for k, _ in self._offered("load")):
            self.kind = value
            self._draw()

    def _pick(self, value: str) -> None:
        try:
            camel, index = (int(x) for x in value.split(":"))
        except ValueError:
            return
        code = self._code_at(camel, index)
        if code is None:
            return
        if (camel, index) in self.picked:
            self.picked.remove((camel, index))
        elif can_add(self.legal, self._picked_codes(), code):
            self.picked.append((camel, index))
        else:
            return
        self._draw()

    def _select_camel(self, value: str) -> None:
        if not value.isdigit() or self._camel_action(int(value)) != f"sel:{value}":
            return
        self.first = None if self.first == int(value) else int(value)
        self._draw()

    def _clear(self) -> None:
        self.picked = []
        self._draw()

    async def _sell(self) -> None:
        action = lot_action(self.legal, self._picked_codes())
        if action is not None:
            await self._send(action)

    async def _send(self, action: str) -> None:
        if self.on_action is None or self.busy:
            return
        if action in self.legal:
            self.busy = True
            self._draw()
            try:
                if await self.on_action(action):
                    self.picked, self.first = [], None
            finally:
                self.busy = False
        if self.root.is_deleted:  # the table page rebuilt the board meanwhile
            return
        self._sent += 1
        attrs(self.root, {"data-sent": f"{self._board_id}-{self._sent}"})
        self._draw()

    # ------------------------------------------------------------------ result

    def result_details(self, view: dict[str, Any]) -> None:
        """Each merchant's coins, tie-break sales and the goods left unsold."""
        t = self.t
        tiebreak = view.get("tiebreak")
        rows = []
        for seat, name in enumerate(self.names):
            left = sum(c["load"] for c in view["caravans"][seat]["camels"])
            rows.append(
                {
                    "seat": seat,
                    "name": name,
                    "coins": view["caravans"][seat]["coins"],
                    "tiebreak": tiebreak["coins"][seat]
                    if tiebreak and seat in tiebreak["seats"]
                    else "—",
                    "left": left,
                    "rank": view["result"]["ranking"][seat],
                }
            )
        columns = [
            {"name": "name", "label": t("offseason.col.player"), "field": "name", "align": "left"},
            {"name": "coins", "label": t("offseason.col.coins"), "field": "coins"},
            {"name": "tiebreak", "label": t("offseason.col.tiebreak"), "field": "tiebreak"},
            {"name": "left", "label": t("offseason.col.left"), "field": "left"},
            {"name": "rank", "label": t("offseason.col.rank"), "field": "rank"},
        ]
        ui.table(columns=columns, rows=rows, row_key="seat").props(
            'dense flat data-testid="offseason-breakdown"'
        ).classes("w-full")

    # ------------------------------------------------------------------ cover

    def set_cover(
        self, text: str | None, button: str = "", on_reveal: Callable[[], Any] | None = None
    ) -> None:
        """Hot seat: hide the whole table behind a 'pass the device' screen between seats."""
        self.cover.clear()
        self.cover.visible = text is not None
        self.body.visible = text is None
        if text is None:
            return
        with self.cover:
            ui.icon("sync_alt").classes("text-4xl")
            ui.label(text).classes("text-xl font-semibold").props('data-testid="cover-text"')
            ui.button(button, on_click=on_reveal).props(
                'color=primary data-testid="cover-show"'
            ).mark("cover-show")
