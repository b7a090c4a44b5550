"""The phases of a round of Camel Up Off Season and the steps of a turn, by name.

A round is an auction, the market phase and the sale phase; the game ends with the
tie-break sales (if the lead is shared) and is over. ``OffSeasonState.step`` says what
the seats to move do now: bid (sealed, all at once), name a bid or pass (once-around),
choose a market, use its power, discard after sorting, load new goods, place a +1 token
or sell.
"""

from __future__ import annotations

AUCTION, MARKET, SALE, TIEBREAK, OVER = "auction", "market", "sale", "tiebreak", "over"
BID, OPEN, CHOOSE, POWER, DISCARD = "bid", "open", "choose", "power", "discard"
LOAD, SADDLE, SELL = "load", "saddle", "sell"
