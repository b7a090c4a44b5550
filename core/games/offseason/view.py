"""What each seat sees of a game of Camel Up Off Season: :meth:`OffSeasonState.view`.

Hidden from a seat: the face-down goods (only their backs show), the Tower's order, the
cards left out with two players, the other seats' sealed bids until they are revealed
(and the last move when it was one), and by default the other seats' coins until the
game is over (the ``open_coins`` option shows them).
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any

from core.games.offseason.cards import (
    BACK_OF,
    CAPACITIES,
    ONCE_AROUND,
    SEALED,
    TILES,
    TYPE_OF,
    codes,
)
from core.games.offseason.steps import AUCTION, BID, OPEN, OVER, TIEBREAK

if TYPE_CHECKING:
    from core.games.offseason.market import Market
    from core.games.offseason.state import OffSeasonState


def discarded(state: OffSeasonState) -> dict[str, int]:
    return dict(sorted(Counter(codes(state.discard)).items()))


def sees_coins(state: OffSeasonState, viewer: int | None, seat: int) -> bool:
    return state.options["open_coins"] or state.phase in (TIEBREAK, OVER) or viewer == seat


def camel_view(state: OffSeasonState, seat: int, i: int) -> dict[str, Any]:
    cards = state.camels[seat][i]
    cap = state.capacity(seat, i)
    kind = TYPE_OF[cards[0]] if cards else None
    room = cap - len(cards)
    danger = []
    if kind is not None:
        for market in state.markets:
            if market.chosen_by is None:
                same = sum(TYPE_OF[c] == kind for c in market.up)
                if same > room:
                    danger.append(market.tile)
    return {
        "camel": CAPACITIES[i],
        "capacity": cap,
        "token": state.saddled[seat][i],
        "type": kind,
        "cards": codes(cards),
        "load": len(cards),
        "room": room,
        "full": bool(cards) and room <= 0,
        "danger": danger,
    }


def market_view(market: Market) -> dict[str, Any]:
    side, other = market.face, TILES[market.tile][1 - market.side]
    return {
        "tile": market.tile,
        "side": side.name,
        "colour": side.colour,
        "up": side.up,
        "down": side.down,
        "power": side.power,
        "other_side": {
            "side": other.name,
            "colour": other.colour,
            "up": other.up,
            "down": other.down,
            "power": other.power,
        },
        "coins": market.coins,
        "face_up": codes(market.up),
        "face_down": len(market.down),
        "face_down_backs": [BACK_OF[c] for c in market.down],
        "chosen_by": market.chosen_by,
    }


def auction_view(state: OffSeasonState, viewer: int | None) -> dict[str, Any]:
    auction = state.auction
    bidding = state.phase == AUCTION and state.step == BID
    own = None
    if bidding and viewer is not None and 0 <= viewer < state.players:
        own = auction.bids[viewer]
    return {
        "type": auction.kind,
        "sealed": auction.kind in SEALED,
        "attempt": auction.attempt,
        "has_bid": [b is not None for b in auction.bids] if bidding else None,
        "my_bid": own,
        "revealed": [list(b) for b in auction.revealed],
        "open": {
            "order": list(state.order) if state.step == OPEN else None,
            "best": auction.best,
            "bidder": auction.bidder,
            "acted": list(auction.acted),
        }
        if auction.kind == ONCE_AROUND
        else None,
        "winner": auction.winner,
        "paid": list(auction.paid) if auction.outcome else None,
        "outcome": auction.outcome,
    }


def turn_view(state: OffSeasonState) -> dict[str, Any] | None:
    if state.turn is None:
        return None
    market = state.markets[state.turn.market] if state.turn.market is not None else None
    return {
        "seat": state.turn.seat,
        "market": market.tile if market else None,
        "power": market.face.power if market else None,
        "pending": {kind: codes(cards) for kind, cards in state.turn.pending.items()},
        "received": sorted(CAPACITIES[i] for i in state.turn.received),
    }


def seat_view(state: OffSeasonState, seat: int | None) -> dict[str, Any]:
    over = state.phase == OVER
    coins = [state.coins[s] if sees_coins(state, seat, s) else None for s in range(state.players)]
    turn = turn_view(state)
    last = None
    if state.last is not None:
        hidden = state.last["secret"] and seat != state.last["seat"]
        last = {
            "seat": state.last["seat"],
            "action": None if hidden else state.last["action"],
            "auto": list(state.last["auto"]),
            "events": list(state.last["events"]),
        }
    return {
        **_round(state, seat),
        "to_move": sorted(state.to_move()),
        "current": state.current,
        "holder": state.holder,
        "order": list(state.order),
        **_piles(state, seat),
        "out": len(state.out),
        "markets": [market_view(m) for m in state.markets],
        "caravans": [
            {
                "seat": s,
                "coins": coins[s],
                "tokens": state.tokens[s],
                "camels": [camel_view(state, s, i) for i in range(len(CAPACITIES))],
            }
            for s in range(state.players)
        ],
        "coins": coins,
        "scores": coins,
        "turn": turn,
        "sold": [CAPACITIES[i] for i in state.sold],
        "tiebreak": {"seats": sorted(state.tiebreak_seats), "coins": list(state.tiebreak)}
        if state.tiebreak_seats
        else None,
        "log": list(state.log),
        "last_turn": last,
        "result": {"scores": state.scores(), "ranking": state.ranking()} if over else None,
    }


def brief_view(state: OffSeasonState, seat: int) -> dict[str, Any]:
    """The parts of ``seat``'s view the bots read, each as :func:`seat_view` has it (a
    market or a camel with fewer keys): building the whole view on every ply of a
    search's playouts costs more than what the bots make of it."""
    return {
        **_round(state, seat),
        **_piles(state, seat),
        "markets": [
            {
                "tile": m.tile,
                "power": m.face.power,
                "coins": m.coins,
                "face_up": codes(m.up),
                "face_down_backs": [BACK_OF[c] for c in m.down],
                "chosen_by": m.chosen_by,
            }
            for m in state.markets
        ],
        "caravans": [
            {
                "seat": s,
                "coins": state.coins[s] if sees_coins(state, seat, s) else None,
                "tokens": state.tokens[s],
                "camels": [
                    {"camel": camel, "token": token, "cards": codes(cards)}
                    for camel, token, cards in zip(
                        CAPACITIES, state.saddled[s], state.camels[s], strict=True
                    )
                ],
            }
            for s in range(state.players)
        ],
        "turn": turn_view(state),
    }


def _round(state: OffSeasonState, seat: int | None) -> dict[str, Any]:
    """The head of every view: the game, the seat, the options and where the round is."""
    return {
        "game": "offseason",
        "seat": seat,
        "players": state.players,
        "options": dict(state.options),
        "round": state.round,
        "last_round": state.round == state.last_round,
        "end_triggered": state.end_triggered,
        "phase": state.phase,
        "step": state.step,
    }


def _piles(state: OffSeasonState, seat: int | None) -> dict[str, Any]:
    """The auction as ``seat`` sees it, and the tower and the discard."""
    return {
        "auction": auction_view(state, seat),
        "top_back": BACK_OF[state.tower[-1]] if state.tower else None,
        "tower": len(state.tower),
        "discard": len(state.discard),
        "discarded": discarded(state),
    }
