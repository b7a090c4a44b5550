"""The Camel Up Off Season table as a player sees it, drawn from one seat's view.

The board is built once; each move patches it in place: the auction panel, the
markets, the caravan and the merchants are HTML fragments (``markup.py``, ``side.py``)
whose content is replaced, the action buttons are rebuilt only when the legal actions
change. Everything that may be clicked comes from the engine's legal actions: a market to
choose, a camel to load, unload, saddle or swap, a card to add to the lot being built
(``lots.py``), a bid, a power. The board never decides a rule itself.

The board's root carries ``data-sent``, which changes once each action it sent has
been answered (applied or refused): with simultaneous bids other seats move at any
time, so a browser test waits on this rather than on the move count.
"""

from __future__ import annotations

from functools import partial
from typing import Any
from uuid import uuid4

from nicegui import ui

from core.games.offseason import notation
from ui.attrs import attrs
from ui.boards.base import Board
from ui.boards.frames import legend_html
from ui.boards.offseason import texts
from ui.boards.offseason.lots import can_add, lot_action, lot_price
from ui.boards.offseason.markup import (
    Lot,
    auction_html,
    caravan_html,
    log_html,
    markets_html,
    pending_html,
    status_html,
)
from ui.boards.offseason.side import merchants_html
from ui.boards.offseason.words import POWER_WORDS, action_text, cards_text
from ui.i18n import Translator


class OffSeasonBoard(Board):
    """One client's Camel Up Off Season board. ``seat`` None shows a spectator's view."""

    def _build(self) -> None:
        t = self.t
        self.picked: list[tuple[int, int]] = []  # (camel, index) of the cards in the lot
        self.first: int | None = None  # Rearrange: the first camel clicked
        self.kind: str | None = None  # loading: the goods type being placed
        self._buttons_for: tuple[Any, ...] | None = None
        self._board_id = uuid4().hex[:8]
        self._sent_count = 0  # actions sent and answered (or refused) by this board
        with ui.column().classes("w-full gap-3") as self.root:
            attrs(self.root, {"data-sent": f"{self._board_id}-0"})
            self._cover_box().classes("os-cover")
            with ui.row().classes("w-full gap-4 items-start wrap") as self.body:
                with (
                    ui.column()
                    .classes("gap-3 items-stretch")
                    .style("flex:1 1 460px;min-width:0;max-width:700px")
                ):
                    self._main(t)
                with ui.card().classes("gap-2 cs-side").style("flex:1 1 260px;max-width:340px"):
                    self._side(t)

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
            self._clickable(self.pending)
            self.buttons = ui.row().classes("gap-2 wrap items-center")
            self.buttons.props('data-testid="os-buttons"')
        # Markets first, or the caravan first when the step is about its camels.
        with ui.column().classes("w-full gap-3") as self.middle:
            with ui.column().classes("w-full gap-2") as self.market_box:
                ui.label(t("offseason.markets")).classes("text-base font-bold")
                self.markets = ui.html("", sanitize=False).classes("w-full")
                self.markets.props('data-testid="os-markets"').mark("os-markets")
                self._clickable(self.markets)
            with ui.column().classes("w-full gap-2") as self.caravan_box:
                ui.label(t("offseason.your_caravan")).classes("text-base font-bold")
                self.caravan = ui.html("", sanitize=False).classes("w-full")
                self.caravan.props('data-testid="os-caravan"').mark("os-caravan")
                self._clickable(self.caravan)
                with ui.row().classes("gap-2 items-center wrap os-panel w-full") as self.lot_row:
                    self.lot = ui.label().classes("text-sm").props('data-testid="lot"')
                    self.sell_button = self._button(t("offseason.sell"), self._sell)
                    self.sell_button.props('color=primary no-caps data-testid="sell"')
                    self.sell_button.classes("os-act").mark("sell")
                    self.clear_button = ui.button(t("offseason.clear"), on_click=self._clear)
                    self.clear_button.props('flat no-caps data-testid="clear"')
        self.news = ui.label().classes("text-sm text-grey-8").props('data-testid="news"')

    def _side(self, t: Translator) -> None:
        self.merchants = ui.html("", sanitize=False).classes("column w-full gap-2")
        self.merchants.mark("os-merchants")
        ui.separator()
        with ui.expansion(t("offseason.log"), on_value_change=self._draw_log) as self.log_box:
            self.log_box.classes("w-full text-sm").props('dense data-testid="log-open"')
            self.log_box.mark("log-open")
            self.log = ui.html("", sanitize=False).props('data-testid="log"').mark("log")
        ui.html(legend_html(t, texts.LEGEND), sanitize=False)

    def _draw_log(self) -> None:
        """The log while its list is open; nothing while it is closed (late in a game the
        log is the board's longest text, and every open page would keep it)."""
        opened = self.log_box.value and bool(self.view)
        self.log.set_content(log_html(self.t, self.names, self.view) if opened else "")

    # ----------------------------------------------------------------- updates

    def _keep(self, view: dict[str, Any], legal: list[str]) -> None:
        if legal != self.legal or view.get("step") != self.view.get("step"):
            self.picked, self.first, self.kind = [], None, None
        self.picked = [p for p in self.picked if self._code_at(*p) is not None]

    def _draw(self) -> None:
        view = self.view
        if not view:
            return
        self.turn.set_text(self._prompt())
        t, names, legal = self.t, self.names, self.legal
        self.status.set_content(status_html(t, view))
        self.auction.set_content(auction_html(t, names, view))
        self.markets.set_content(markets_html(t, names, view, legal, self.active()))
        me = view.get("seat")
        self.caravan_box.visible = me is not None
        self.caravan.set_content(
            caravan_html(t, view, legal, self._lot(), self._camel_action) if me is not None else ""
        )
        caravan_first = self.my_turn() and self._camel_step()
        if caravan_first != (list(self.middle)[0] is self.caravan_box):
            (self.caravan_box if caravan_first else self.market_box).move(self.middle, 0)
        self._controls()
        self.merchants.set_content(merchants_html(t, names, view, self.seat, self.marks))
        self.news.set_text(texts.news(t, names, view))
        self._draw_log()

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
        return self.active() and bool(self._offered("sell"))

    def _lot(self) -> Lot:
        return Lot(self._selling(), self.picked, self._picked_codes(), self.first)

    def _camel_action(self, cap: int) -> str | None:
        """The click token of a camel now: an action, or the first half of a swap."""
        if not self.active():
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
        active = self.active()
        mine = self.my_turn()
        self.hint.set_text(self._hint() if mine else "")
        self.hint.visible = mine
        kind_now = self._load_kind() if active else None
        pending = pending_html(t, self.names, view, self.legal, kind_now)
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
                button = self._button(str(amount), partial(self.send, action))
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
                button = self._button(t(key), partial(self.send, word))
                button.props("color=primary no-caps").classes("os-act")
                attrs(button, {"data-testid": f"act-{word}"})
                button.mark(f"act-{word}")
        if "pass" in self.legal:
            label = t("offseason.pass_bid") if step == "open" else t("offseason.pass_sale")
            button = self._button(label, lambda: self.send("pass"))
            button.props('outline no-caps data-testid="pass"').classes("os-act").mark("pass")
        if "skip" in self.legal:
            button = self._button(t(f"offseason.skip.{step}"), lambda: self.send("skip"))
            button.props('outline no-caps data-testid="skip"').classes("os-act").mark("skip")

    # ----------------------------------------------------------------- words

    def _prompt(self) -> str:
        mine = self.my_turn()
        kind = self._load_kind() if mine and self.view.get("step") == "load" else None
        return texts.prompt(self.t, self.names, self.view, mine, kind)

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

    def action_text(self, action: str) -> str:
        return action_text(self.t, action)

    # ----------------------------------------------------------------- clicks

    async def _click(self, kind: str, value: str) -> None:
        if kind == "act":
            await self.send(value)
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
            await self.send(action)

    def _sent(self, action: str) -> None:
        self.picked, self.first = [], None

    def _answered(self, sent: bool) -> None:
        self._sent_count += 1
        attrs(self.root, {"data-sent": f"{self._board_id}-{self._sent_count}"})

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

    def _hide_secrets(self, hidden: bool) -> None:
        """Hot seat: the whole table is hidden between seats."""
        self.body.visible = not hidden
