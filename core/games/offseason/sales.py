"""The sale phase of Camel Up Off Season, and the tie-break sales.

From the start player clockwise, each player sells one lot or passes; in the last
round (and the tie-break) one lot per camel. A seat with nothing to sell passes at
once (the pass is recorded as automatic).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from core.games.offseason.cards import (
    CAPACITIES,
    CODE_OF,
    FACES,
    codes,
    legal_lots,
    lot_text,
    price,
)
from core.games.offseason.steps import SALE, SELL, TIEBREAK

if TYPE_CHECKING:
    from core.games.offseason.state import OffSeasonState


def lots(state: OffSeasonState, seat: int, camels: Any) -> list[str]:
    rule = state.options["fruit_rule"]
    return [
        "sell " + lot_text(lot)
        for i in camels
        if state.camels[seat][i]
        for lot in legal_lots(codes(state.camels[seat][i]), rule)
    ]


def sale_actions(state: OffSeasonState, seat: int) -> list[str]:
    camels = [i for i in range(len(CAPACITIES)) if i not in state.sold]
    return sorted(["pass", *lots(state, seat, camels)])


def sell_lot(state: OffSeasonState, seat: int, lot: tuple[str, ...]) -> int:
    camel = state.carried(seat, FACES[lot[0]].type)
    assert camel is not None
    cards = state.camels[seat][camel]
    sold = []
    for code in lot:
        card = min(c for c in cards if CODE_OF[c] == code and c not in sold)
        sold.append(card)
    left = [c for c in cards if c not in sold]
    state.discard.extend(sold)
    if left:
        state.camels[seat][camel] = left
    else:
        state._emptycamel_index(seat, camel)
    coins = price(lot)
    if state.phase == TIEBREAK:
        state.tiebreak[seat] += coins
    else:
        state.coins[seat] += coins
    state._event("sell", seat=seat, camel=CAPACITIES[camel], cards=list(lot), coins=coins)
    return camel


def start_sale(state: OffSeasonState) -> None:
    state.phase = SALE
    state.order = state._clockwise(state.holder)
    state.pos = 0
    begin_sale_turn(state)


def begin_sale_turn(state: OffSeasonState) -> None:
    """Start the sale turn at ``pos``; a seat with nothing to sell passes at once."""
    while state.pos < len(state.order):
        state.current = state.order[state.pos]
        state.sold = []
        state.step = SELL
        if sale_actions(state, state.current) != ["pass"]:
            return
        state._auto.append("pass")
        state._event("pass", seat=state.current, auto=True)
        state.pos += 1
    state.current, state.sold = None, []
    if state.phase == TIEBREAK:
        state._game_over()
    elif state.round == state.last_round:
        state._finish()
    else:
        state._end_round()


def sale_step(state: OffSeasonState, seat: int, word: str, args: tuple[Any, ...]) -> None:
    if word == "pass":
        state._event("pass", seat=seat, auto=False)
    else:
        state.sold.append(sell_lot(state, seat, args))
        if state._multi_sale() and sale_actions(state, seat) != ["pass"]:
            return
        if state._multi_sale():
            state._auto.append("pass")
    state.pos += 1
    begin_sale_turn(state)
