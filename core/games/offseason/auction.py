"""The auction of a round of Camel Up Off Season: who gets the first choice of market.

The type of the round's auction is the back of the Tower's top card: a sealed bid
(standard, second price, all pay: every seat bids at once, and a tie among the
highest bids is bid again once), the once-around open auction, or no auction at all
(rotation, alms). Its winner takes the start player marker and pays.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from core.games.offseason.cards import ALL_PAY, SECOND_PRICE
from core.games.offseason.market import start_market

if TYPE_CHECKING:
    from core.games.offseason.state import OffSeasonState


def sealed_winner(bids: list[int]) -> int | None:
    """The seat with the highest bid nobody else matched, or None when every bid is tied.

    >>> sealed_winner([5, 5, 3, 1]), sealed_winner([5, 5, 0]), sealed_winner([3, 3, 1, 1])
    (2, 2, None)
    """
    counts = Counter(bids)
    unmatched = [b for b in bids if counts[b] == 1]
    return bids.index(max(unmatched)) if unmatched else None


class Auction:
    """The round's auction: its type (the back of the Tower's top card) and how it went."""

    __slots__ = (
        "kind", "attempt", "bids", "revealed", "best", "bidder", "acted", "winner", "paid",
        "outcome",
    )  # fmt: skip

    def __init__(self, kind: str, players: int) -> None:
        self.kind = kind
        self.attempt = 1
        self.bids: list[int | None] = [None] * players  # sealed bids of this attempt
        self.revealed: list[list[int]] = []  # every finished sealed attempt
        self.best = 0  # once-around: the highest bid named so far
        self.bidder: int | None = None
        self.acted: list[str | None] = [None] * players  # once-around: "pass" or "bid N"
        self.winner: int | None = None
        self.paid: list[int] = [0] * players
        self.outcome: str | None = None  # won, kept, rotation, alms

    def copy(self) -> Auction:
        other = object.__new__(Auction)
        other.kind, other.attempt, other.bids = self.kind, self.attempt, list(self.bids)
        other.revealed = list(self.revealed)  # each attempt's bids never change once revealed
        other.best, other.bidder, other.acted = self.best, self.bidder, list(self.acted)
        other.winner, other.paid, other.outcome = self.winner, list(self.paid), self.outcome
        return other


def give_marker(state: OffSeasonState, seat: int, outcome: str) -> None:
    state.auction.outcome = outcome
    state.auction.winner = seat if outcome != "kept" else None
    state.holder = seat
    state._event("marker", seat=seat, how=outcome, paid=list(state.auction.paid))
    start_market(state)


def sealed_bid(state: OffSeasonState, seat: int, amount: int) -> None:
    auction = state.auction
    auction.bids[seat] = amount
    state._event("bid", seat=seat)
    if any(b is None for b in auction.bids):
        return
    bids = [b for b in auction.bids if b is not None]
    auction.revealed.append(bids)
    auction.bids = [None] * state.players
    winner = sealed_winner(bids)
    state._event("reveal", attempt=auction.attempt, bids=bids, winner=winner)
    if winner is None:
        if auction.attempt == 1:
            auction.attempt = 2
            state._event("repeat")
            return
        give_marker(state, state.holder, "kept")
        return
    if auction.kind == ALL_PAY:
        paid = list(bids)
    elif auction.kind == SECOND_PRICE:
        paid = [0] * state.players
        paid[winner] = max((b for b in bids if b < bids[winner]), default=0)
    else:
        paid = [0] * state.players
        paid[winner] = bids[winner]
    for s in range(state.players):
        state.coins[s] -= paid[s]
    auction.paid = paid
    give_marker(state, winner, "won")


def open_bid(state: OffSeasonState, seat: int, amount: int | None) -> None:
    auction = state.auction
    if amount is None:
        auction.acted[seat] = "pass"
        state._event("open_pass", seat=seat)
    else:
        auction.acted[seat] = f"bid {amount}"
        auction.best, auction.bidder = amount, seat
        state._event("open_bid", seat=seat, amount=amount)
    state.pos += 1
    if state.pos < len(state.order):
        state.current = state.order[state.pos]
        return
    if auction.bidder is None:
        give_marker(state, state.holder, "kept")
        return
    auction.paid[auction.bidder] = auction.best
    state.coins[auction.bidder] -= auction.best
    give_marker(state, auction.bidder, "won")
