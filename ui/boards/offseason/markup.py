"""Off Season's board as HTML fragments: the status line, the auction, the markets, the
seat's caravan, the goods waiting for a camel, the merchants' coins and camels, the log.

Pure functions of the view, the legal actions and the choices under way (``board.py``
keeps those and sets each fragment as the content of one element). What may be clicked
carries ``data-click`` with its token, and only ever comes from the legal actions.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from html import escape
from typing import Any

from core.games.offseason import notation
from core.games.offseason.notation import type_word
from ui.boards.offseason.art import auction_icon, back_svg, camel_svg, card_svg, coin_svg
from ui.boards.offseason.lots import can_add
from ui.boards.offseason.words import action_text, back_name, card_name, event_text, goods_count
from ui.i18n import Translator

LOG_EVENTS = 40


@dataclass(frozen=True)
class Lot:
    """The lot being built: whether the seat is selling, the (camel, index) of each card
    picked and their codes, and the first camel clicked of a swap."""

    selling: bool
    picked: list[tuple[int, int]]
    codes: list[str]
    first: int | None


def status_html(t: Translator, view: dict[str, Any]) -> str:
    """The line above the auction: the round, the end coming, the tower, the discard."""
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


def auction_html(t: Translator, names: list[str], view: dict[str, Any]) -> str:
    """The auction under way: its type, who has bid, the bids revealed, its outcome."""
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
                + t("labelled", label=escape(names[seat]), text=f"<i>{escape(word)}</i>")
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
            f"{escape(names[seat])} <b>{bid}</b></span>"
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
                + t("labelled", label=escape(names[seat]), text=f"<i>{escape(word)}</i>")
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
                        name=names[open_state["bidder"]],
                    )
                )
                + "</div>"
            )
    if auction["outcome"] is not None:
        out.append(
            f'<div data-testid="auction-outcome"><b>{escape(_outcome(t, names, view))}</b></div>'
        )
    return "".join(out)


def _outcome(t: Translator, names: list[str], view: dict[str, Any]) -> str:
    auction = view["auction"]
    holder = names[view["holder"]]
    text = t(f"offseason.outcome.{auction['outcome']}", name=holder)
    paid = [(s, p) for s, p in enumerate(auction["paid"] or []) if p]
    if paid:
        text += " " + t(
            "offseason.ev.paid",
            payments=", ".join(f"{names[s]} {p}" for s, p in paid),
        )
    return text


def markets_html(
    t: Translator, names: list[str], view: dict[str, Any], legal: list[str], active: bool
) -> str:
    """The market tiles; on this board's turn, those to choose and the goods to discard
    are buttons (``active``)."""
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
        clickable = active and step == "choose" and action in legal
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
            if discarding and discard in legal:
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
                + escape(t("offseason.taken_by", name=names[market["chosen_by"]]))
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


def caravan_html(
    t: Translator,
    view: dict[str, Any],
    legal: list[str],
    lot: Lot,
    token_of: Callable[[int], str | None],
) -> str:
    """The seat's own camels: the goods to pick for a lot while selling (``lot``), and
    each camel a button where ``token_of`` gives it a click token."""
    me = view["seat"]
    selling, codes = lot.selling, lot.codes
    sold = set(view.get("sold") or []) if view.get("current") == me else set()
    boxes = []
    for camel in view["caravans"][me]["camels"]:
        cap = camel["camel"]
        token = token_of(cap)
        slots = []
        for index, code in enumerate(camel["cards"]):
            art = card_svg(code, card_name(t, code))
            if not selling:
                slots.append(art)
                continue
            chosen = (cap, index) in lot.picked
            if chosen or can_add(legal, codes, code):
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
        if lot.first == cap:
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
            label = escape(camel_label(t, token, cap))
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


def camel_label(t: Translator, token: str, cap: int) -> str:
    """A camel button's name: its action, or the first half of a swap."""
    kind, _, value = token.partition(":")
    if kind == "sel":
        return t("offseason.swap_pick", n=cap)
    return action_text(t, value)


def pending_html(
    t: Translator, names: list[str], view: dict[str, Any], legal: list[str], kind_now: str | None
) -> str:
    """The market of the turn and the goods waiting for a camel; ``kind_now``, the type
    being loaded on this board's turn, is chosen among them by a click."""
    turn = view.get("turn")
    if not turn or turn.get("market") is None:
        return ""
    name = names[turn["seat"]]
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
    for kind, codes in turn["pending"].items():
        cards = "".join(card_svg(c, card_name(t, c), size="sm") for c in codes)
        label = escape(t("offseason.waiting_goods", type=type_word(kind, t.lang)))
        loads = [parsed[1] for a in legal if (parsed := notation.read(a)) and parsed[0] == "load"]
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


def log_html(t: Translator, names: list[str], view: dict[str, Any]) -> str:
    """The game's log, newest first."""
    items = [
        f"<li>{escape(event_text(t, names, e))}</li>"
        for e in reversed(view.get("log", [])[-LOG_EVENTS:])
    ]
    return f'<ul class="os-log">{"".join(items)}</ul>'


def coins_html(t: Translator, count: int | None) -> str:
    """A merchant's coins (``None``: kept hidden from this seat)."""
    title = t.plural("offseason.coins", count) if count is not None else t("offseason.coins_hidden")
    return (
        f'<span class="os-bid" data-coins="{"" if count is None else count}">'
        f"{coin_svg(count, title)}</span>"
    )


def camels_html(t: Translator, seat: int, caravan: dict[str, Any]) -> str:
    """A merchant's camels in small, with their loads, in the side panel."""
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
    return f'<div class="os-mini">{"".join(minis)}</div>'
