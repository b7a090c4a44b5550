"""Camel Up Off Season positions written compactly, for tests and rules-help examples.

Goods are written by their codes (see :mod:`core.games.offseason.cards`): ``D1``-``D4``
dates, ``CR CB CG CY CP CW`` carpets, ``VA VJ VB VAJ VAB VJB`` vases, ``F1``-``F4``
fruit. ``D1@alms`` asks for the copy of ``D1`` whose back is the alms auction; a bare
code takes a copy with the standard back while one is left.

- ``caravans``: one string per seat, camels by capacity, ``+`` for a +1 token:
  ``"3: D1 D2 | 5+: CR CB"`` (camels 4 and 6 empty).
- ``markets``: tile -> goods, face up then face down after a slash: ``{1: "D3 / VA F1"}``.
  The tiles given are the ones in play (players + 1 of them; by default tiles 1 to
  players + 1, empty). ``sides`` turns tiles to side ``"B"``, ``market_coins`` puts
  coins on them, ``chosen`` marks tiles already chosen (tile -> seat).
- ``tower``: its cards, top first; ``auction`` puts a card with that back on top.
  Every card not written anywhere goes under them, in a fixed shuffled order
  (``rest="tower"``), or out of the game (``rest="out"``).
- ``start``: ``"auction"`` (the round starts, its auction read from the Tower's top),
  ``"market"`` (the holder chooses first) or ``"sale"`` (the holder sells first).

The position is a real :class:`OffSeasonState` from :meth:`OffSeasonRules.new_game`.

>>> state = position(
...     3,
...     caravans=["3: D1 D2 | 5: CR CB CR", "", "6+: F1 F1 F3"],
...     markets={1: "D3 / VA", 2: "F2", 3: "", 4: "CW CW"},
...     market_coins={3: 2},
...     start="market",
... )
>>> state.legal_actions(0)
['market 1', 'market 2', 'market 3', 'market 4']
>>> state.apply(0, "market 1")
>>> state.legal_actions(0)  # side A of tile 1: Purse +2
['purse', 'skip']
>>> state.apply(0, "skip")  # D3 joins the dates; the vase needs an empty camel
>>> state.legal_actions(0)
['load vases 4', 'load vases 6']
>>> state.apply(0, "load vases 6")
>>> [(c["camel"], c["cards"], c["room"]) for c in state.view(0)["caravans"][0]["camels"]]
[(3, ['D1', 'D2', 'D3'], 0), (4, [], 4), (5, ['CR', 'CB', 'CR'], 2), (6, ['VA'], 5)]
>>> state.to_move(), state.view(2)["caravans"][2]["camels"][3]["capacity"]
(frozenset({1}), 7)
"""

from __future__ import annotations

import random
from typing import Any

from core.games.offseason import OffSeasonRules
from core.games.offseason.cards import AUCTIONS, CAPACITIES, CARDS, FACES, STANDARD, TILES, TYPE_OF
from core.games.offseason.market import Market, start_market
from core.games.offseason.sales import start_sale
from core.games.offseason.state import OffSeasonState


class _Cards:
    """The 127 cards, handed out as a position asks for them."""

    def __init__(self) -> None:
        self.free = {card.id for card in CARDS}

    def take(self, text: str) -> list[int]:
        cards = []
        for word in text.split():
            code, _, back = word.partition("@")
            if code not in FACES:
                raise ValueError(f"Unknown goods card {code!r}.")
            if back and back not in AUCTIONS:
                raise ValueError(f"Unknown card back {back!r}.")
            fits = [
                c.id
                for c in CARDS
                if c.id in self.free and c.code == code and (not back or c.back == back)
            ]
            if not back:
                fits.sort(key=lambda i: CARDS[i].back != STANDARD)
            if not fits:
                raise ValueError(f"There is no {word} card left to use.")
            self.free.discard(fits[0])
            cards.append(fits[0])
        return cards

    def back(self, back: str) -> int:
        fits = [c.id for c in CARDS if c.id in self.free and c.back == back]
        if back not in AUCTIONS or not fits:
            raise ValueError(f"No card with the back {back!r} is left.")
        self.free.discard(fits[0])
        return fits[0]


def _caravan(text: str, cards: _Cards) -> tuple[list[list[int]], list[bool]]:
    camels: list[list[int]] = [[] for _ in CAPACITIES]
    saddled = [False] * len(CAPACITIES)
    for part in text.split("|"):
        if not part.strip():
            continue
        name, colon, goods = part.partition(":")
        name = name.strip()
        token = name.endswith("+")
        capacity = name.rstrip("+")
        if not colon or not capacity.isdigit() or int(capacity) not in CAPACITIES:
            raise ValueError(f"Write a camel as '5: D1 D2' or '5+: D1 D2', not {part!r}.")
        i = CAPACITIES.index(int(capacity))
        camels[i] = cards.take(goods)
        saddled[i] = token and bool(camels[i])
        if token and not camels[i]:
            raise ValueError("A +1 token sits only on a loaded camel.")
        if len({TYPE_OF[c] for c in camels[i]}) > 1:
            raise ValueError(f"Camel {capacity} carries goods of one type only.")
        if len(camels[i]) > CAPACITIES[i] + token:
            raise ValueError(f"Camel {capacity} cannot carry {len(camels[i])} goods.")
    kinds = [TYPE_OF[camel[0]] for camel in camels if camel]
    if len(kinds) != len(set(kinds)):
        raise ValueError("A goods type travels on one camel only.")
    return camels, saddled


def position(
    players: int = 3,
    *,
    caravans: list[str] | None = None,
    markets: dict[int, str] | None = None,
    sides: dict[int, str] | None = None,
    market_coins: dict[int, int] | None = None,
    chosen: dict[int, int] | None = None,
    coins: list[int] | None = None,
    tokens: list[int] | None = None,
    holder: int = 0,
    tower: str = "",
    auction: str | None = None,
    discard: str = "",
    rest: str = "tower",
    round: int = 1,
    last_round: bool = False,
    start: str = "auction",
    **options: Any,
) -> OffSeasonState:
    """A state with these caravans, markets and piles, or ``ValueError`` saying what is wrong.

    ``options`` are table options (``open_coins``, ``fruit_rule``); ``last_round``
    makes this round the last one (the end already triggered).
    """
    state = OffSeasonRules().new_game(players, 0, options or None)
    cards = _Cards()
    if not 0 <= holder < players:
        raise ValueError(f"Seat {holder} is not at a {players}-player table.")
    caravans = caravans if caravans is not None else [""] * players
    if len(caravans) != players:
        raise ValueError("Give one caravan per seat.")
    built = [_caravan(text, cards) for text in caravans]
    state.camels = [camels for camels, _ in built]
    state.saddled = [saddled for _, saddled in built]

    layout = markets if markets is not None else {t: "" for t in range(1, players + 2)}
    if len(layout) != players + 1 or not set(layout) <= set(TILES):
        raise ValueError(f"{players} players use {players + 1} of the tiles 1-6.")
    sides, market_coins, chosen = sides or {}, market_coins or {}, chosen or {}
    state.markets = []
    for tile in sorted(layout):
        if sides.get(tile, "A") not in ("A", "B"):
            raise ValueError("A market shows side A or side B.")
        market = Market(tile, 1 if sides.get(tile, "A") == "B" else 0)
        up, _, down = layout[tile].partition("/")
        market.up, market.down = cards.take(up), cards.take(down)
        market.coins = market_coins.get(tile, 0)
        market.chosen_by = chosen.get(tile)
        state.markets.append(market)
    if not set(sides) | set(market_coins) | set(chosen) <= set(layout):
        raise ValueError("Sides, coins and choices are for tiles in play.")

    top = [cards.back(auction)] if auction else []
    listed = top + cards.take(tower)
    state.discard = cards.take(discard)
    unlisted = sorted(cards.free)
    random.Random(0).shuffle(unlisted)
    if rest == "tower":
        state.tower, state.out = unlisted + list(reversed(listed)), []
    elif rest == "out":
        state.tower, state.out = list(reversed(listed)), unlisted
    else:
        raise ValueError("Unlisted cards go to the 'tower' or 'out' of the game.")
    state.epoch = [0] * len(CARDS)

    state.coins = list(coins) if coins is not None else [5] * players
    state.tokens = list(tokens) if tokens is not None else [0] * players
    if len(state.coins) != players or len(state.tokens) != players:
        raise ValueError("Give coins and tokens for every seat.")
    if min(state.coins) < 0 or min(state.tokens) < 0:
        raise ValueError("Coins and tokens cannot be negative.")
    state.holder = holder
    state.end_triggered = last_round
    state.last_round = round if last_round else None
    state.log, state.last, state.shuffles = [], None, 0
    state.turn, state.sold, state.tiebreak_seats = None, [], []
    state.tiebreak = [0] * players
    state._now, state._auto = [], []
    if start == "auction":
        state.round = round - 1
        state._start_round()
    elif start == "market":
        state.round = round
        state.auction.outcome = "kept"
        start_market(state)
    elif start == "sale":
        state.round = round
        state.auction.outcome = "kept"
        start_sale(state)
    else:
        raise ValueError("A position starts at the 'auction', the 'market' or the 'sale'.")
    state._now, state._auto = [], []
    return state
