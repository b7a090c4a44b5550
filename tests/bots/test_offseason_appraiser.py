"""What the Off Season heuristic remembers (:class:`core.bots.offseason_worth.Appraiser`:
camels' worth, caravans' worth after taking goods) is never stale and is what the plain
definitions give: over random games, every merchant's takings of what the markets may
hold are compared, to the last bit, with the same worth worked out from scratch."""

from __future__ import annotations

import math
import random
from itertools import combinations

import pytest

from core.bots import offseason_worth
from core.bots.offseason_merchant import Merchant
from core.bots.offseason_worth import (
    TOKEN_WORTH,
    Appraiser,
    Caravan,
    appraiser,
    camel_worth,
    canonical,
)
from core.games.offseason.cards import CAPACITIES, FACES
from tests.bots.playing import positions


def worth(m: Merchant, caravan: Caravan, tokens: int) -> float:
    total = TOKEN_WORTH * m.h * tokens
    for i, (codes, token) in enumerate(caravan):
        total += camel_worth(codes, CAPACITIES[i] + token, m.rule, m.h, m.delay)
    return total


def settle(m: Merchant, caravan: Caravan, tokens: int) -> float:
    best = worth(m, caravan, tokens)
    if tokens:
        for i, (codes, token) in enumerate(caravan):
            if codes and not token:
                saddled = list(caravan)
                saddled[i] = (codes, True)
                best = max(best, worth(m, tuple(saddled), tokens - 1))
    return best


def assign(m: Merchant, caravan: Caravan, tokens: int, new: dict[str, tuple[str, ...]]) -> float:
    if not new:
        return settle(m, caravan, tokens)
    kind = next(iter(new))
    rest = {k: v for k, v in new.items() if k != kind}
    best = -math.inf
    for i, (codes, _) in enumerate(caravan):
        if not codes:
            loaded = list(caravan)
            loaded[i] = (new[kind], False)
            best = max(best, assign(m, tuple(loaded), tokens, rest))
    return best


def take(m: Merchant, caravan: Caravan, tokens: int, goods: tuple[str, ...]) -> float:
    """The worth after taking ``goods``, by the definition: every way of loading tried."""
    loaded = [list(codes) for codes, _ in caravan]
    new: dict[str, list[str]] = {}
    for code in goods:
        kind = FACES[code].type
        camel = next((i for i, c in enumerate(loaded) if c and FACES[c[0]].type == kind), None)
        if camel is None:
            new.setdefault(kind, []).append(code)
        else:
            loaded[camel].append(code)
    after = tuple(
        (canonical(codes), token) for codes, (_, token) in zip(loaded, caravan, strict=True)
    )
    return assign(m, after, tokens, {k: canonical(v) for k, v in new.items()})


def goods_offered(m: Merchant, rng: random.Random) -> list[tuple[str, ...]]:
    """What the markets may hold (face-down goods sampled), and some of its parts."""
    found = []
    for market in m.markets.values():
        for goods in m.samples(market, supply=True):
            found.append(tuple(goods))
            found += [c for c in combinations(goods, 2) if rng.random() < 0.3]
    return found


@pytest.mark.parametrize(("players", "seeds"), [(2, range(3)), (3, range(2)), (4, range(1))])
def test_the_remembered_takings_are_the_takings_worked_out_afresh(
    players: int, seeds: range
) -> None:
    compared = 0
    for ply, (state, seat) in enumerate(positions("offseason", players, seeds)):
        if ply % 3:
            continue
        rng = random.Random(ply)
        guess = state.determinize(seat, rng)
        m = Merchant(guess.view(seat), seat, rng)
        assert m.appraiser is appraiser(m.rule, m.h, m.delay)
        fresh = Appraiser(m.rule, m.h, m.delay)
        for tokens in sorted({m.tokens, m.tokens + 1}):
            assert m.worth(m.caravan, tokens) == worth(m, m.caravan, tokens)
            for goods in goods_offered(m, rng):
                expected = take(m, m.caravan, tokens, goods)
                assert m.take(m.caravan, tokens, goods) == expected, (goods, m.caravan)
                assert m.take(m.caravan, tokens, goods[::-1]) == expected
                assert fresh.take(m.caravan, tokens, canonical(goods)) == expected
                compared += 1
    assert compared > 1000, compared


def test_an_appraiser_that_fills_up_starts_afresh_and_answers_alike(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(offseason_worth, "KEPT", 5)
    monkeypatch.setattr(offseason_worth, "CARAVANS_KEPT", 3)
    for ply, (state, seat) in enumerate(positions("offseason", 3, range(1))):
        if ply % 7:
            continue
        rng = random.Random(ply)
        m = Merchant(state.determinize(seat, rng).view(seat), seat, rng)
        small = Appraiser(m.rule, m.h, m.delay)
        for goods in goods_offered(m, rng):
            assert small.take(m.caravan, m.tokens, canonical(goods)) == take(
                m, m.caravan, m.tokens, goods
            )
            remembered = sum(len(loaded.taken) for loaded in small.loaded.values())
            assert len(small.loaded) <= 3 and remembered <= 5 and len(small.camels) <= 5


def test_loading_scores_are_the_plain_assignments_of_the_pending_goods() -> None:
    compared = 0
    for players in (2, 3, 4):
        for ply, (state, seat) in enumerate(positions("offseason", players, range(4))):
            rng = random.Random(ply)
            view = state.determinize(seat, rng).view(seat)
            if view["step"] != "load":
                continue
            m = Merchant(view, seat, rng)
            pending = {k: canonical(v) for k, v in view["turn"]["pending"].items()}
            actions = state.legal_actions(seat)
            expected = []
            for action in actions:
                _, kind, camel = action.split()
                loaded = list(m.caravan)
                loaded[CAPACITIES.index(int(camel))] = (pending[kind], False)
                rest = {k: v for k, v in pending.items() if k != kind}
                expected.append(assign(m, tuple(loaded), m.tokens, rest))
            assert m.load_scores(actions) == expected
            compared += len(actions)
    assert compared > 100, compared


def test_the_appraisers_kept_are_few_and_each_answers_for_its_own_horizon() -> None:
    caravan: Caravan = (((), False), (("F1", "F2"), False), ((), False), (("CR",), True))
    for step in range(3 * offseason_worth.HORIZONS_KEPT):
        h = step / (3 * offseason_worth.HORIZONS_KEPT)
        found = appraiser("lowest_only", h, 0.7)
        assert (found.rule, found.h, found.delay) == ("lowest_only", h, 0.7)
        assert found.worth(caravan, 1) == Appraiser("lowest_only", h, 0.7).worth(caravan, 1)
        assert len(offseason_worth._APPRAISERS) <= offseason_worth.HORIZONS_KEPT
