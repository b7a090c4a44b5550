"""Camel Up Off Season in words: cards, lots, actions and logged events, in the visitor's language.

Pure functions of a :class:`~ui.i18n.Translator` and view data (no NiceGUI).
"""

from __future__ import annotations

from typing import Any

from core.games.offseason import notation
from core.games.offseason.cards import FACES
from core.games.offseason.notation import type_word
from ui.i18n import Translator

POWER_WORDS = ("purse", "token", "supply", "sort")


def card_name(t: Translator, code: str) -> str:
    """'3 dates', 'Red carpet', 'Vase: amphora or jug', 'Fruit worth 2'."""
    face = FACES[code]
    if face.type == "dates":
        return t.plural("offseason.card.dates", face.dates)
    if face.type == "carpets":
        return t("offseason.card.carpet", colour=t(f"offseason.colour.{face.colour}"))
    if face.type == "vases":
        shapes = [t(f"offseason.shape.{s}") for s in face.shapes]
        if len(shapes) == 1:
            return t("offseason.card.vase", shape=shapes[0])
        return t("offseason.card.vase_two", a=shapes[0], b=shapes[1])
    return t("offseason.card.fruit", value=face.value)


def cards_text(t: Translator, codes: list[str] | tuple[str, ...]) -> str:
    """Cards listed by name; identical cards counted: '2 × Fruit worth 1, Fruit worth 3'."""
    if not codes:
        return t("offseason.nothing")
    counts: dict[str, int] = {}
    for code in codes:
        counts[code] = counts.get(code, 0) + 1
    named = [(card_name(t, code), n) for code, n in counts.items()]
    return ", ".join(name if n == 1 else f"{n} × {name}" for name, n in named)


def goods_count(t: Translator, up: int, down: int) -> str:
    """How many goods lie face up and face down: '2 face up, 1 face down'."""
    return t(
        "offseason.goods_count",
        up=t.plural("offseason.goods_up", up),
        down=t.plural("offseason.goods_down", down),
    )


def back_name(t: Translator, auction: str) -> str:
    return t("offseason.back", auction=t(f"offseason.auction.{auction}"))


def action_text(t: Translator, action: str) -> str:
    """An action in words, for the replay's move list."""
    parsed = notation.read(action)
    if parsed is None:
        return action
    word, args = parsed
    if word == "bid":
        return t("offseason.act.bid", amount=str(args[0]))
    if word == "market":
        return t("offseason.act.market", market=str(args[0]))
    if word in POWER_WORDS or word in (notation.PASS, notation.SKIP):
        return t(f"offseason.act.{word}")
    if word == "discard":
        return t("offseason.act.discard", card=card_name(t, args[0]))
    if word == "sell":
        return t("offseason.act.sell", cards=cards_text(t, list(args)))
    if word == "swap":
        return t("offseason.act.swap", a=str(args[0]), b=str(args[1]))
    if word == "load":
        return t("offseason.act.load", type=type_word(args[0], t.lang), camel=str(args[1]))
    return t(f"offseason.act.{word}", camel=str(args[0]))  # unload, saddle


def _name(names: list[str], seat: Any) -> str:
    return names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else "?"


def _bids(names: list[str], bids: list[int]) -> str:
    return ", ".join(f"{_name(names, s)} {b}" for s, b in enumerate(bids))


def event_text(t: Translator, names: list[str], event: dict[str, Any]) -> str:
    """One logged event as a sentence."""
    kind = event.get("event")
    name = _name(names, event.get("seat"))
    if kind == "round":
        key = "offseason.ev.round_last" if event.get("last") else "offseason.ev.round"
        return t(key, round=event["round"], auction=t(f"offseason.auction.{event['auction']}"))
    if kind == "bid":
        return t("offseason.ev.bid", name=name)
    if kind == "reveal":
        text = t("offseason.ev.reveal", bids=_bids(names, event["bids"]))
        if event.get("winner") is None:
            text += " " + t("offseason.ev.no_winner")
        return text
    if kind == "repeat":
        return t("offseason.ev.repeat")
    if kind == "marker":
        how = event.get("how")
        text = t(f"offseason.ev.marker_{how}", name=name)
        paid = [(s, p) for s, p in enumerate(event.get("paid") or []) if p]
        if paid:
            text += " " + t(
                "offseason.ev.paid", payments=", ".join(f"{_name(names, s)} {p}" for s, p in paid)
            )
        return text
    if kind == "open_pass":
        return t("offseason.ev.open_pass", name=name)
    if kind == "open_bid":
        return t("offseason.ev.open_bid", name=name, amount=event["amount"])
    if kind == "choose":
        return t.plural("offseason.ev.choose", event["coins"], name=name, market=event["market"])
    if kind == "power":
        return _power_text(t, name, event)
    if kind == "sort_discard":
        return t("offseason.ev.sort_discard", name=name, card=card_name(t, event["card"]))
    if kind == "take":
        cards = cards_text(t, event["cards"])
        return t("offseason.ev.take", name=name, market=event["market"], cards=cards)
    if kind == "load":
        return t(
            "offseason.ev.load",
            name=name,
            type=type_word(event["type"], t.lang),
            camel=event["camel"],
        )
    if kind == "saddle":
        return t("offseason.ev.saddle", name=name, camel=event["camel"])
    if kind == "collapse":
        cards = cards_text(t, event["cards"])
        return t("offseason.ev.collapse", name=name, camel=event["camel"], cards=cards)
    if kind == "pass":
        return t("offseason.ev.pass", name=name)
    if kind == "sell":
        return t.plural(
            "offseason.ev.sell",
            event["coins"],
            name=name,
            camel=event["camel"],
            cards=cards_text(t, event["cards"]),
        )
    if kind == "bonus":
        return t("offseason.ev.bonus", market=event["market"], coins=event["coins"])
    if kind == "flip":
        return t("offseason.ev.flip", market=event["market"], side=event["side"])
    if kind == "refill":
        return t(
            "offseason.ev.refill",
            market=event["market"],
            up=cards_text(t, event["up"]),
            down=t.plural("offseason.ev.refill_down", event["down"]),
        )
    if kind == "reshuffle":
        return t.plural("offseason.ev.reshuffle", event["cards"])
    if kind == "end_triggered":
        return t("offseason.ev.end_triggered", round=event["last_round"])
    if kind == "tiebreak":
        return t.plural(
            "offseason.ev.tiebreak",
            event["coins"],
            names=", ".join(_name(names, s) for s in event["seats"]),
        )
    if kind == "game_over":
        return t("offseason.ev.game_over")
    return str(kind)


def _power_text(t: Translator, name: str, event: dict[str, Any]) -> str:
    if not event.get("used"):
        return t("offseason.ev.power_unused", name=name)
    power = event["power"]
    if power in ("purse2", "purse3"):
        return t("offseason.ev.purse", name=name, coins=event.get("coins", 0))
    if power == "supply":
        return t("offseason.ev.supply", name=name, cards=cards_text(t, event.get("cards", [])))
    if power == "sort":
        return t("offseason.ev.sort", name=name, cards=cards_text(t, event.get("revealed", [])))
    if power == "unload":
        return t(
            "offseason.ev.unload",
            name=name,
            camel=event.get("camel"),
            cards=cards_text(t, event.get("cards", [])),
        )
    if power == "rearrange":
        a, b = event.get("camels", ["?", "?"])
        return t("offseason.ev.rearrange", name=name, a=a, b=b)
    if power == "quick_sale":
        return t("offseason.ev.quick_sale", name=name)
    return t("offseason.ev.token", name=name)
