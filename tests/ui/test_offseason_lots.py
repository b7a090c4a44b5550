"""The Off Season sale picker, read from legal actions: every legal lot can be built card by
card, no choice leads to a dead end, and the price shown is what the engine pays."""

from __future__ import annotations

import doctest
import random
from collections.abc import Iterator

from core.games import GAMES
from core.games.offseason.state import OffSeasonState
from ui.boards.offseason import lots as lots_module
from ui.boards.offseason.lots import can_add, lot_action, lot_price, offered_lots


def sale_positions(games: int = 6) -> Iterator[tuple[OffSeasonState, int]]:
    """(state, seat) wherever a seat may sell, in seeded random games at 3 to 5 players."""
    for game in range(games):
        players = 3 + game % 3
        options = {"fruit_rule": "lowest_price"} if game % 2 else None
        state = GAMES["offseason"].new_game(players, seed=100 + game, options=options)
        rng = random.Random(game)
        while not state.is_over():
            seat = min(state.to_move())
            legal = state.legal_actions(seat)
            if any(a.startswith("sell ") for a in legal):
                yield state, seat
            state.apply(seat, rng.choice(legal))


def test_the_price_shown_is_the_coins_the_engine_pays() -> None:
    checked = 0
    for state, seat in sale_positions():
        for action in state.legal_actions(seat):
            if not action.startswith("sell "):
                continue
            after = state.clone()
            before = after.coins[seat] + after.tiebreak[seat]
            after.apply(seat, action)
            earned = after.coins[seat] + after.tiebreak[seat] - before
            assert lot_price(action[5:].split("+")) == earned, action
            checked += 1
    assert checked > 200


def test_every_legal_lot_is_built_card_by_card_and_nothing_else_is() -> None:
    for state, seat in sale_positions(games=3):
        legal = state.legal_actions(seat)
        lots = offered_lots(legal)
        for lot, action in lots.items():
            chosen: list[str] = []
            for code in reversed(lot):  # any order works
                assert can_add(legal, chosen, code), (lot, chosen, code)
                chosen.append(code)
            assert lot_action(legal, chosen) == action
        # Whatever can be picked extends to a legal lot: no dead end.
        carried = [
            code
            for camel in state.view(seat)["caravans"][seat]["camels"]
            for code in camel["cards"]
        ]
        rng = random.Random(len(legal))
        for _ in range(20):
            chosen = []
            while True:
                options = [c for c in carried if can_add(legal, chosen, c)]
                if not options:
                    break
                chosen.append(rng.choice(options))
                assert lot_action(legal, chosen) is not None or any(
                    can_add(legal, chosen, c) for c in carried
                )
            assert not chosen or lot_action(legal, chosen) is not None
    assert lot_action(["pass"], []) is None


def test_the_lots_module_doctest_passes() -> None:
    outcome = doctest.testmod(lots_module)
    assert outcome.attempted and not outcome.failed
