"""A Camel Up Off Season bot that plays by rules of thumb (rules help: ``docs/games/offseason.md``).

It reads only ``state.view(seat)`` (the parts it uses: :func:`seat_view`) and
``state.legal_actions(seat)``; it never determinizes, and what it cannot see it
samples itself from the view (below), so two states that look the same from its
seat get the same answer. The prices and
the lot rules are the public tables of :mod:`core.games.offseason.cards`, the
actions are read and written with :mod:`core.games.offseason.notation`. What goods
are worth is :mod:`core.bots.offseason_worth`; the seat's model and its judgement of
each step, :mod:`core.bots.offseason_merchant`; this module chooses.

**Worth of a caravan.** A camel's goods are worth what they would sell for: its
cards split greedily into legal lots, dearest first (the first lot in full, each
further lot ``DELAY`` times the one before, since it costs another sale), and the
first lot is raised towards what it would fetch after ``GROWTH`` more cards of its
type -- if the camel has the room -- by the price per card at that size (carpets,
vases and dates pay more per card in bigger lots; fruit does not). That raise, the
later lots and the small worth of an unused +1 token (``TOKEN_WORTH``) and of an empty
camel's room (``EMPTY``) fade as the end draws near (the *horizon*: rounds left,
estimated from the Tower, over ``HORIZON``); in the last round only what can still
be sold counts. Coins count one for one.

**Unseen goods.** The face-down goods of a market (and the two cards of Supply +2)
are sampled ``SAMPLES`` times from the cards the seat has not seen -- every card
not face up on a market, on a camel or in the discard pile -- keeping their backs:
a special back is one of the four faces that carry it. The quick variant (:func:`quick`,
which the hard level's rollouts play) is the same bot with ``QUICK_SAMPLES`` draws.

**Markets.** Each unchosen market is worth its coins plus the best use of its power
(each option's mean over the samples; Sort's discard is chosen after the reveal)
plus the change in the caravan's worth once its goods are loaded in the best way,
the +1 token placed where it helps and overloaded camels collapsed. Loading, the
token and the powers are decided by the same measure when their turn comes.

**Auction.** First choice is worth the best market's value minus what the seat
expects to get when others choose first (they are taken to pick at random). It
bids a share of that, never more than its coins: ``SHARE`` in a standard auction,
more when the winner pays the second price, less when everybody pays; in the
once-around auction it raises by one while the price stays under that share.

**Sales.** A lot scores its price minus, while the game has rounds to go, what
its cards would fetch more if the camel were left to grow (the same price per
card as above); the best lot is sold, and the bot passes only when nothing scores
above ``PASS``. In the round before the last, a lot scores what it adds to selling
every camel's best lot next round; in the last round and the tie-break every camel
sells its dearest lot.

Ties are broken with ``rng``.
"""

from __future__ import annotations

import random
from typing import Any, cast

from core.bots.offseason_merchant import SAMPLES, TIE, Merchant
from core.engine import State
from core.games.offseason.notation import parse
from core.games.offseason.state import OffSeasonState

QUICK_SAMPLES = 2  # draws of a market's face-down goods in the quick rollout policy


def choose(state: State, seat: int, rng: random.Random, samples: int = SAMPLES) -> str:
    """The legal action of ``seat`` that scores best; ties are broken with ``rng``.
    ``samples``: draws of a market's face-down goods."""
    actions = state.legal_actions(seat)
    if len(actions) == 1:
        return actions[0]
    view = seat_view(state, seat)
    merchant = Merchant(view, seat, rng, samples)
    step = view["step"]
    if step == "bid":
        return merchant.sealed_bid(actions)
    if step == "open":
        return merchant.open_bid(actions)
    scores = merchant.step_scores(step, actions)
    if scores is None:  # a step this bot does not know: keep things as they are when allowed
        for quiet in ("pass", "skip"):
            if quiet in actions:
                return quiet
        return rng.choice(actions)
    best = max(scores)
    return rng.choice([a for a, s in zip(actions, scores, strict=True) if s >= best - TIE])


def quick(state: State, seat: int, rng: random.Random) -> str:
    """:func:`choose` with ``QUICK_SAMPLES`` draws of a market's face-down goods."""
    return choose(state, seat, rng, QUICK_SAMPLES)


def ranked(state: State, seat: int, rng: random.Random) -> list[str]:
    """The legal actions of ``seat``, the bot's choice first, then the rest in the order
    it scores them: sealed bids by their distance from the bid it makes (a search's
    candidates, so a narrowed search weighs the bids around the heuristic's)."""
    actions = state.legal_actions(seat)
    first = choose(state, seat, rng)
    rest = [a for a in actions if a != first]
    if len(actions) == 1:
        return actions
    view = seat_view(state, seat)
    step = view["step"]
    if step in ("bid", "open") and first.startswith("bid "):
        wanted = amount(first)
        rest.sort(key=lambda a: (abs(amount(a) - wanted), a) if a != "pass" else (0, a))
        return [first] + rest
    scores = Merchant(view, seat, rng).step_scores(step, rest) if rest else []
    if scores is None:
        return [first] + rest
    order = sorted(range(len(rest)), key=lambda i: -scores[i])
    return [first] + [rest[i] for i in order]


def seat_view(state: State, seat: int) -> dict[str, Any]:
    """``state.view(seat)``, brief: only the parts the bot reads, each the same as in the
    whole view (:func:`core.games.offseason.view.brief_view`)."""
    return cast(OffSeasonState, state).view(seat, brief=True)


def amount(bid: str) -> int:
    """The coins of 'bid 3'."""
    return int(parse(bid)[1][0])
