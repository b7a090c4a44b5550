"""Why a well-formed Camel Up Off Season action is not legal now: the refusal to give.

:meth:`OffSeasonState.apply` asks :func:`why_not` for an action that is not among the
legal ones; each refusal names the rule it breaks, with a key and parameters the pages
translate.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from core.engine import IllegalAction
from core.games.offseason.cards import (
    CAPACITIES,
    FACES,
    PURSE_2,
    PURSE_3,
    QUICK_SALE,
    REARRANGE,
    SORT,
    SUPPLY,
    TOKEN,
    TYPE_OF,
    UNLOAD,
    camel_index,
    codes,
    lot_problem,
    lot_text,
)
from core.games.offseason.market import chosen_market, swap_problem
from core.games.offseason.steps import BID, CHOOSE, DISCARD, LOAD, OPEN, POWER, SADDLE, SELL

if TYPE_CHECKING:
    from core.games.offseason.state import OffSeasonState


STEP_HINT = {
    BID: "Make your sealed bid ('bid 0' up to your coins).",
    OPEN: "Name a higher bid ('bid 3') or 'pass'.",
    CHOOSE: "Choose a market first ('market 2').",
    POWER: "Use this market's power or 'skip' it; the goods come next.",
    DISCARD: "Discard one of this market's goods ('discard D2') or 'skip'.",
    LOAD: "Put the new goods on an empty camel ('load dates 4').",
    SADDLE: "Put your +1 token on a loaded camel ('saddle 5') or 'skip'.",
    SELL: "Sell a lot ('sell D1+D3') or 'pass'.",
}


def why_not(state: OffSeasonState, seat: int, word: str, args: tuple[Any, ...]) -> IllegalAction:
    """The rule a well-formed action that is not legal now breaks."""
    step = state.step
    wrong_step = IllegalAction(
        f"Not now: {STEP_HINT[step or SELL]}", key="offseason.not_now", step=step
    )
    if step in (BID, OPEN):
        if word != "bid":
            return wrong_step
        amount = args[0]
        if amount > state.coins[seat]:
            return IllegalAction(
                f"You cannot bid {amount}: you have only {state.coins[seat]} coins.",
                key="offseason.bid_too_high",
                bid=amount,
                coins=state.coins[seat],
            )
        return IllegalAction(
            f"In this open auction a bid must be at least {state.auction.best + 1}.",
            key="offseason.bid_too_low",
            bid=amount,
            minimum=state.auction.best + 1,
        )
    if step == CHOOSE:
        if word != "market":
            return wrong_step
        tile = args[0]
        market = next((m for m in state.markets if m.tile == tile), None)
        if market is None:
            tiles = ", ".join(str(m.tile) for m in state.markets)
            return IllegalAction(
                f"Market {tile} is not on the table (markets {tiles}).",
                key="offseason.no_such_market",
                market=tile,
            )
        return IllegalAction(
            f"Market {tile} has already been chosen this round.",
            key="offseason.market_taken",
            market=tile,
            by=market.chosen_by,
        )
    if word in ("unload", "saddle", "swap", "load"):
        bad = [c for c in (args[1:] if word == "load" else args) if c not in CAPACITIES]
        if bad:
            return IllegalAction(
                f"There is no camel {bad[0]}: camels are 3, 4, 5 and 6.",
                key="offseason.no_such_camel",
                camel=bad[0],
            )
    if step == POWER:
        return why_not_power(state, seat, word, args) or wrong_step
    if step == DISCARD:
        if word == "discard":
            return IllegalAction(
                f"This market holds no {args[0]} to discard.",
                key="offseason.not_in_market",
                card=args[0],
            )
        return wrong_step
    if step == LOAD:
        return why_not_load(state, seat, word, args) or wrong_step
    if step == SADDLE:
        if word != "saddle":
            return wrong_step
        camel = camel_index(args[0])
        assert camel is not None
        if not state.camels[seat][camel]:
            return IllegalAction(
                f"Camel {args[0]} is empty; a +1 token goes on a loaded camel.",
                key="offseason.saddle_empty",
                camel=args[0],
            )
        return IllegalAction(
            f"Camel {args[0]} already has a +1 token.",
            key="offseason.already_saddled",
            camel=args[0],
        )
    if word == "sell":
        return why_not_sell(state, seat, args) or wrong_step
    return wrong_step


def why_not_power(
    state: OffSeasonState, seat: int, word: str, args: tuple[Any, ...]
) -> IllegalAction | None:
    market = chosen_market(state)
    power = market.face.power
    wanted = {"purse": (PURSE_2, PURSE_3), "token": (TOKEN,), "supply": (SUPPLY,)}
    wanted |= {"sort": (SORT,), "sell": (QUICK_SALE,), "unload": (UNLOAD,)}
    wanted |= {"swap": (REARRANGE,)}
    if word not in wanted:
        return None
    if power not in wanted[word]:
        return IllegalAction(
            f"Market {market.tile}'s power is {power.replace('_', ' ')}, not {word}.",
            key="offseason.wrong_power",
            power=power,
        )
    if word == "supply":
        return IllegalAction(
            "The Tower and the discard pile are empty: there is nothing to draw.",
            key="offseason.nothing_to_draw",
        )
    if word == "sort":
        return IllegalAction("This market has no goods to sort.", key="offseason.nothing_to_sort")
    if word == "sell":
        return why_not_sell(state, seat, args, quick=True)
    if word == "unload":
        return IllegalAction(
            f"Camel {args[0]} carries nothing to unload.",
            key="offseason.unload_empty",
            camel=args[0],
        )
    i, j = camel_index(args[0]), camel_index(args[1])
    assert i is not None and j is not None
    problem = swap_problem(state, seat, i, j)
    if problem is None:
        return None
    key, message = problem
    return IllegalAction(message, key=key, camels=list(args))


def why_not_load(
    state: OffSeasonState, seat: int, word: str, args: tuple[Any, ...]
) -> IllegalAction | None:
    assert state.turn is not None
    if word != "load":
        return None
    kind, cap = args
    camel = camel_index(cap)
    assert camel is not None
    carrier = state.carried(seat, kind)
    if carrier is not None and carrier != camel:
        return IllegalAction(
            f"Your {kind} travel on camel {CAPACITIES[carrier]}: all {kind} go there.",
            key="offseason.type_on_other_camel",
            type=kind,
            camel=CAPACITIES[carrier],
        )
    if kind not in state.turn.pending:
        return IllegalAction(
            f"There are no new {kind} waiting for a camel.",
            key="offseason.nothing_to_load",
            type=kind,
        )
    load = state.camels[seat][camel]
    return IllegalAction(
        f"Camel {cap} already carries {TYPE_OF[load[0]]}; one type per camel, so new "
        f"{kind} need an empty camel.",
        key="offseason.camel_busy",
        camel=cap,
        type=kind,
    )


def why_not_sell(
    state: OffSeasonState, seat: int, lot: tuple[str, ...], quick: bool = False
) -> IllegalAction | None:
    kinds = {FACES[code].type for code in lot}
    if len(kinds) > 1:
        return IllegalAction(
            "A lot is goods of one type, all from one camel.", key="offseason.mixed_lot"
        )
    (kind,) = kinds
    camel = state.carried(seat, kind)
    if camel is None:
        return IllegalAction(f"You carry no {kind}.", key="offseason.not_carried", type=kind)
    if not quick and camel in state.sold:
        return IllegalAction(
            f"You have already sold from camel {CAPACITIES[camel]} this round.",
            key="offseason.camel_sold",
            camel=CAPACITIES[camel],
        )
    problem = lot_problem(codes(state.camels[seat][camel]), lot, state.options["fruit_rule"])
    if problem is None:
        return None
    key, message = problem
    return IllegalAction(message, key=key, camel=CAPACITIES[camel], lot=lot_text(lot))
