"""What the engine remembers between moves (the legal lots of a load, the reading of an
action's text) is what it works out afresh: after every action of random games, on the
state and on a clone, each camel's lots and each legal action's reading are compared
with the same worked out from scratch (the lots: every part of the load the sale rules
of ``lot_problem`` let through), and handing out a remembered answer never lets
a caller change it."""

from __future__ import annotations

from collections import Counter
from itertools import chain, product

import pytest

from core.engine import IllegalAction
from core.games.offseason import cards, notation
from core.games.offseason.cards import LOWEST_ONLY, LOWEST_PRICE, codes
from core.games.offseason.state import OffSeasonState
from tests.scenarios import random_playout

GAMES_PLAYED = [(2, 1, None), (3, 2, None), (4, 3, {"fruit_rule": LOWEST_PRICE})]


def lots_afresh(load: list[str], rule: str) -> list[tuple[str, ...]]:
    """Every lot of the load's goods that :func:`cards.lot_problem` lets through."""
    counts = Counter(load)
    kinds = sorted(counts, key=cards.ORDER.__getitem__)
    found = []
    for numbers in product(*(range(counts[k] + 1) for k in kinds)):
        lot = tuple(k for k, n in zip(kinds, numbers, strict=True) for _ in range(n))
        if lot and cards.lot_problem(load, lot, rule) is None:
            found.append(lot)
    return found


def checked(state: OffSeasonState) -> int:
    """Compare every remembered answer the position asks for; how many were compared."""
    compared = 0
    for caravan in state.camels:
        for camel in caravan:
            for rule in (LOWEST_ONLY, LOWEST_PRICE):
                load = codes(camel)
                assert cards.legal_lots(load, rule) == lots_afresh(load, rule)
                assert cards.legal_lots(load[::-1], rule) == lots_afresh(load, rule)
                compared += 1
    for action in chain.from_iterable(state.legal_actions(s) for s in state.to_move()):
        assert notation.parse(action) == notation._parse.__wrapped__(action)
        compared += 1
    return compared


@pytest.mark.parametrize(("players", "seed", "options"), GAMES_PLAYED)
def test_what_is_remembered_matches_a_fresh_look_after_every_move(
    players: int, seed: int, options: dict[str, str] | None
) -> None:
    compared = 0
    for state in random_playout("offseason", players, seed, options, draw_seat=True):
        assert isinstance(state, OffSeasonState)
        compared += checked(state) + checked(state.clone())
    assert compared > 2000, compared


def test_a_list_of_lots_handed_out_may_be_changed_without_changing_the_next() -> None:
    load = ["F1", "F1", "F3"]
    first = cards.legal_lots(load)
    first.clear()
    assert cards.legal_lots(load) == lots_afresh(load, LOWEST_ONLY) != []


def test_a_refused_text_is_refused_every_time() -> None:
    for _ in range(2):
        with pytest.raises(IllegalAction):
            notation.parse("swap 5 3")
        with pytest.raises(IllegalAction):
            notation.parse(["bid 3"])
