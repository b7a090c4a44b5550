"""Pueblo's turn-order auction (D10, advanced rules): lots, bids in penalty points, cards.

Held at the start and before the last two pairs when the ``auction`` option is on. The
seats still without a turn-order card bid in turn order for the next lot; the highest
bidder pays that many penalty points and takes a card, the last seat takes the last
card for nothing, and the cards give the new turn order. The auction is one dict,
``PuebloState.auction`` (None when none is held), whose lists are replaced, never
changed in place (so a clone copies the dict alone).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from core.engine import IllegalAction
from core.games.pueblo.notation import Parsed
from core.games.pueblo.steps import AUCTION, CARD

if TYPE_CHECKING:
    from core.games.pueblo.state import PuebloState

MAX_BID = 20  # the highest bid in the turn-order auction (D10)


def open_auction(state: PuebloState, round_number: int) -> None:
    state.auction = {
        "round": round_number,
        "bidders": list(state.order),  # seats still without a card, in turn order
        "cards": list(range(1, state.players + 1)),
        "won": [],
    }
    open_lot(state)


def open_lot(state: PuebloState) -> None:
    auction = state.auction
    assert auction is not None
    bidders = auction["bidders"]
    if len(bidders) == 1:  # the last player takes the last card for free
        last = {"seat": bidders[0], "bid": 0, "card": auction["cards"][0]}
        auction["won"] = [*auction["won"], last]
        close_auction(state)
        return
    auction.update(active=list(bidders), high=None, leader=None, bids=[])
    state.phase, state.current = AUCTION, bidders[0]


def next_bidder(state: PuebloState) -> None:
    auction = state.auction
    assert auction is not None and state.current is not None
    active = auction["active"]
    if len(active) == 1:
        winner = active[0]
        price = auction["high"] if auction["leader"] == winner else 0
        state.penalties[winner] += price
        auction.update(winner=winner, price=price)
        state.phase, state.current = CARD, winner
        return
    # the next active seat after the one who acted, skipping the leader
    ring = state.order
    at = ring.index(state.current)
    for step in range(1, state.players + 1):
        seat = ring[(at + step) % state.players]
        if seat in active and seat != auction["leader"]:
            state.current = seat
            return
    raise AssertionError("no bidder left")  # pragma: no cover


def close_auction(state: PuebloState) -> None:
    auction = state.auction
    assert auction is not None
    won = sorted(auction["won"], key=lambda lot: lot["card"])
    state.auctions.append({"round": auction["round"], "won": auction["won"]})
    state.order = [lot["seat"] for lot in won]
    state.auction = None
    if auction["round"] == 1:
        state._after_setup_step()
    else:
        state._start_turn(0)


def apply_bid(state: PuebloState, seat: int, parsed: Parsed, action: str) -> None:
    auction = state.auction
    assert auction is not None
    bid = parsed.number
    low = 0 if auction["high"] is None else auction["high"] + 1
    if bid < low:
        raise IllegalAction(
            f"Bid more than {low - 1} penalty points, or pass.",
            key="pueblo.bid_too_low",
            bid=bid,
            minimum=low,
        )
    if bid > MAX_BID:
        raise IllegalAction(
            f"A bid is at most {MAX_BID} penalty points.",
            key="pueblo.bid_too_high",
            bid=bid,
            maximum=MAX_BID,
        )
    auction.update(high=bid, leader=seat, bids=[*auction["bids"], [seat, action]])
    next_bidder(state)


def apply_pass(state: PuebloState, seat: int, parsed: Parsed, action: str) -> None:
    auction = state.auction
    assert auction is not None
    auction.update(
        active=[s for s in auction["active"] if s != seat],
        bids=[*auction["bids"], [seat, action]],
    )
    next_bidder(state)


def apply_card(state: PuebloState, seat: int, parsed: Parsed, action: str) -> None:
    auction = state.auction
    assert auction is not None
    if parsed.number not in auction["cards"]:
        cards = ", ".join(str(c) for c in auction["cards"])
        raise IllegalAction(
            f"Turn-order card {parsed.number} is not available; choose from {cards}.",
            key="pueblo.no_card",
            card=parsed.number,
            cards=list(auction["cards"]),
        )
    auction["won"] = [
        *auction["won"],
        {"seat": seat, "bid": auction["price"], "card": parsed.number},
    ]
    auction["cards"] = [c for c in auction["cards"] if c != parsed.number]
    auction["bidders"] = [s for s in auction["bidders"] if s != seat]
    for key in ("active", "high", "leader", "bids", "winner", "price"):
        auction.pop(key, None)
    open_lot(state)
