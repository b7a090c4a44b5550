"""The market phase of Camel Up Off Season: markets chosen, powers used, goods loaded.

From the start player clockwise, each player chooses a market (taking its coins), may
use its power, and takes its goods: goods of a type a camel carries join it, new types
wait for an empty camel (``load``), then a +1 token may be placed (``saddle``). At the
end of the turn a camel that received goods beyond its capacity collapses (5.3).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from core.games.offseason.cards import (
    CAPACITIES,
    CODE_OF,
    PURSE_2,
    PURSE_3,
    QUICK_SALE,
    SORT,
    SUPPLY,
    SUPPLY_CARDS,
    TILES,
    TOKEN,
    TYPE_OF,
    UNLOAD,
    Side,
    camel_index,
    codes,
)
from core.games.offseason.notation import parse
from core.games.offseason.sales import lots, sell_lot, start_sale
from core.games.offseason.steps import CHOOSE, DISCARD, LOAD, MARKET, POWER, SADDLE

if TYPE_CHECKING:
    from core.games.offseason.state import OffSeasonState


PURSE = {PURSE_2: 2, PURSE_3: 3}
POWER_WORD = {PURSE_2: "purse", PURSE_3: "purse", TOKEN: "token", SUPPLY: "supply", SORT: "sort"}


class Market:
    """One market tile in play: its visible side, goods, coins and who chose it."""

    __slots__ = ("tile", "side", "up", "down", "coins", "chosen_by")

    def __init__(self, tile: int, side: int = 0) -> None:
        self.tile = tile
        self.side = side  # 0: side A (blue), 1: side B (orange)
        self.up: list[int] = []
        self.down: list[int] = []
        self.coins = 0
        self.chosen_by: int | None = None

    @property
    def face(self) -> Side:
        return TILES[self.tile][self.side]

    def copy(self) -> Market:
        other = object.__new__(Market)
        other.tile, other.side, other.coins = self.tile, self.side, self.coins
        other.up, other.down = list(self.up), list(self.down)
        other.chosen_by = self.chosen_by
        return other


class Turn:
    """A player's market turn: the chosen market and the goods waiting for a camel."""

    __slots__ = ("seat", "market", "pending", "received")

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.market: int | None = None  # index in OffSeasonState.markets
        self.pending: dict[str, list[int]] = {}  # new goods types -> their cards
        self.received: set[int] = set()  # camels that got goods this turn

    def copy(self) -> Turn:
        other = Turn(self.seat)
        other.market = self.market
        other.pending = {t: list(cards) for t, cards in self.pending.items()}
        other.received = set(self.received)
        return other


def start_market(state: OffSeasonState) -> None:
    state.phase = MARKET
    state.order = state._clockwise(state.holder)
    state.pos = 0
    begin_market_turn(state)


def begin_market_turn(state: OffSeasonState) -> None:
    state.current = state.order[state.pos]
    state.turn = Turn(state.current)
    state.step = CHOOSE


def chosen_market(state: OffSeasonState) -> Market:
    assert state.turn is not None and state.turn.market is not None
    return state.markets[state.turn.market]


def choose_market(state: OffSeasonState, seat: int, tile: int) -> None:
    assert state.turn is not None
    index = next(i for i, m in enumerate(state.markets) if m.tile == tile)
    market = state.markets[index]
    market.chosen_by = seat
    state.turn.market = index
    taken, market.coins = market.coins, 0
    state.coins[seat] += taken
    state._event("choose", seat=seat, market=tile, coins=taken, power=market.face.power)
    state.step = POWER
    if power_actions(state, seat) == ["skip"]:
        state._auto.append("skip")
        state._event("power", seat=seat, power=market.face.power, used=False)
        take_goods(state, seat)


def power_actions(state: OffSeasonState, seat: int) -> list[str]:
    market = chosen_market(state)
    power = market.face.power
    actions = ["skip"]
    if power in (PURSE_2, PURSE_3, TOKEN):
        actions.append(POWER_WORD[power])
    elif power == SUPPLY:
        if state.tower or state.discard:
            actions.append("supply")
    elif power == SORT:
        if market.up or market.down:
            actions.append("sort")
    elif power == QUICK_SALE:
        actions += lots(state, seat, range(len(CAPACITIES)))
    elif power == UNLOAD:
        actions += [
            f"unload {CAPACITIES[i]}" for i, camel in enumerate(state.camels[seat]) if camel
        ]
    else:
        actions += [
            f"swap {CAPACITIES[i]} {CAPACITIES[j]}"
            for i in range(len(CAPACITIES))
            for j in range(i + 1, len(CAPACITIES))
            if swap_problem(state, seat, i, j) is None
        ]
    return sorted(actions)


def swap_problem(state: OffSeasonState, seat: int, i: int, j: int) -> tuple[str, str] | None:
    camels = state.camels[seat]
    if not camels[i] and not camels[j]:
        return "offseason.swap_empty", "Both camels are empty: there is no load to move."
    for here, there in ((i, j), (j, i)):
        room = CAPACITIES[there] + (1 if state.saddled[seat][here] else 0)
        if len(camels[here]) > room:
            return (
                "offseason.swap_overload",
                f"The load of camel {CAPACITIES[here]} ({len(camels[here])} goods) "
                f"would not fit on camel {CAPACITIES[there]}.",
            )
    return None


def use_power(state: OffSeasonState, seat: int, word: str, args: tuple[Any, ...]) -> None:
    market = chosen_market(state)
    power = market.face.power
    if word == "skip":
        state._event("power", seat=seat, power=power, used=False)
    elif word == "purse":
        state.coins[seat] += PURSE[power]
        state._event("power", seat=seat, power=power, used=True, coins=PURSE[power])
    elif word == "token":
        state.tokens[seat] += 1
        state._event("power", seat=seat, power=power, used=True)
    elif word == "supply":
        drawn = []
        for _ in range(SUPPLY_CARDS):
            card = state._draw()
            if card is None:
                break
            drawn.append(card)
        market.up.extend(drawn)
        state._event("power", seat=seat, power=power, used=True, cards=codes(drawn))
    elif word == "sort":
        revealed = market.down
        market.up, market.down = market.up + revealed, []
        state._event("power", seat=seat, power=power, used=True, revealed=codes(revealed))
        state.step = DISCARD
        return
    elif word == "sell":
        state._event("power", seat=seat, power=power, used=True)
        sell_lot(state, seat, args)
    elif word == "unload":
        camel = camel_index(args[0])
        assert camel is not None
        cards = state.camels[seat][camel]
        state.discard.extend(cards)
        state._emptycamel_index(seat, camel)
        state._event("power", seat=seat, power=power, used=True, camel=args[0], cards=codes(cards))
    else:
        i, j = camel_index(args[0]), camel_index(args[1])
        assert i is not None and j is not None
        camels, saddled = state.camels[seat], state.saddled[seat]
        camels[i], camels[j] = camels[j], camels[i]
        saddled[i], saddled[j] = saddled[j], saddled[i]
        state._event("power", seat=seat, power=power, used=True, camels=list(args))
    take_goods(state, seat)


def sort_discard(state: OffSeasonState, seat: int, word: str, args: tuple[Any, ...]) -> None:
    market = chosen_market(state)
    if word == "discard":
        card = min(c for c in market.up if CODE_OF[c] == args[0])
        market.up.remove(card)
        state.discard.append(card)
        state._event("sort_discard", seat=seat, card=args[0])
    take_goods(state, seat)


def take_goods(state: OffSeasonState, seat: int) -> None:
    assert state.turn is not None
    market = chosen_market(state)
    cards = market.up + market.down
    market.up, market.down = [], []
    state._event("take", seat=seat, market=market.tile, cards=codes(cards))
    for card in cards:
        kind = TYPE_OF[card]
        camel = state.carried(seat, kind)
        if camel is not None:
            state.camels[seat][camel].append(card)
            state.turn.received.add(camel)
        else:
            state.turn.pending.setdefault(kind, []).append(card)
    for camel in sorted(state.turn.received):
        state._event(
            "load",
            seat=seat,
            type=TYPE_OF[state.camels[seat][camel][0]],
            camel=CAPACITIES[camel],
            auto=True,
        )
    continue_loading(state, seat)


def load_actions(state: OffSeasonState, seat: int) -> list[str]:
    assert state.turn is not None
    empty = [CAPACITIES[i] for i, camel in enumerate(state.camels[seat]) if not camel]
    return sorted(f"load {kind} {cap}" for kind in state.turn.pending for cap in empty)


def saddle_targets(state: OffSeasonState, seat: int) -> list[int]:
    return [i for i, camel in enumerate(state.camels[seat]) if camel and not state.saddled[seat][i]]


def continue_loading(state: OffSeasonState, seat: int) -> None:
    while True:
        actions = load_actions(state, seat)
        if len(actions) != 1:
            break
        state._auto.append(actions[0])
        _, (kind, cap) = parse(actions[0])
        load_camel(state, seat, kind, cap, auto=True)
    if actions:
        state.step = LOAD
    elif state.tokens[seat] and saddle_targets(state, seat):
        state.step = SADDLE
    else:
        close_market_turn(state, seat)


def load_camel(state: OffSeasonState, seat: int, kind: str, cap: int, auto: bool = False) -> None:
    assert state.turn is not None
    camel = camel_index(cap)
    assert camel is not None
    state.camels[seat][camel].extend(state.turn.pending.pop(kind))
    state.turn.received.add(camel)
    state._event("load", seat=seat, type=kind, camel=cap, auto=auto)


def close_market_turn(state: OffSeasonState, seat: int) -> None:
    """5.3: camels that got goods this turn and carry more than they can collapse."""
    assert state.turn is not None
    for camel in sorted(state.turn.received):
        cards = state.camels[seat][camel]
        if len(cards) > state.capacity(seat, camel):
            state.discard.extend(cards)
            state._emptycamel_index(seat, camel)
            state._event("collapse", seat=seat, camel=CAPACITIES[camel], cards=codes(cards))
    state.turn = None
    state.pos += 1
    if state.pos < len(state.order):
        begin_market_turn(state)
    else:
        start_sale(state)
