"""The Camel Up Off Season heuristic: blind to what it cannot see (others' sealed bids,
face-down goods), and sensible in small positions (``core.games.offseason.position`` builds
them); ``test_heuristic_games.py`` plays it through whole games at every player count."""

from __future__ import annotations

import random
from typing import Any

import pytest

from core.bots import BOTS, offseason_heuristic
from core.games.offseason.position import position
from core.games.offseason.state import OffSeasonState
from tests.bots.playing import ask, positions


def test_the_heuristic_bot_has_an_offseason_policy() -> None:
    assert BOTS["heuristic"].policy("offseason") is offseason_heuristic.choose


def hidden(state: OffSeasonState, seat: int) -> tuple[Any, ...]:
    """What ``seat`` may not see: others' sealed bids and the face-down goods."""
    bids = tuple(b for s, b in enumerate(state.auction.bids) if s != seat)
    return bids, tuple(tuple(m.down) for m in state.markets)


@pytest.mark.parametrize("policy", [offseason_heuristic.choose, offseason_heuristic.quick])
def test_heuristic_decides_the_same_on_guesses_that_differ_only_in_hidden_things(
    policy: Any,
) -> None:
    """Two determinizations that differ in other seats' pending bids or in the face-down
    goods look the same from the seat, so the bot, given one random seed, answers alike;
    so does its quick form, which ``hard``'s rollouts play."""
    bids_compared = goods_compared = 0
    for players in (3, 4):
        for ply, (state, seat) in enumerate(positions("offseason", players, range(2))):
            if ply % 2:
                continue
            guesses = [state.determinize(seat, random.Random(ply * 50 + i)) for i in range(6)]
            one = guesses[0]
            other = next((g for g in guesses[1:] if hidden(g, seat) != hidden(one, seat)), None)
            if other is None:
                continue
            assert one.view(seat) == other.view(seat)
            chosen = {policy(g, seat, random.Random(ply)) for g in (one, other)}
            assert len(chosen) == 1, (ply, state.view(seat)["step"], chosen)
            if hidden(one, seat)[0] != hidden(other, seat)[0]:
                bids_compared += 1
            if hidden(one, seat)[1] != hidden(other, seat)[1]:
                goods_compared += 1
    assert bids_compared >= 20 and goods_compared >= 100, (bids_compared, goods_compared)


# ---------------------------------------------------------------------- preferences


@pytest.mark.parametrize("kind", ["standard", "second_price", "all_pay"])
def test_heuristic_never_bids_above_its_coins(kind: str) -> None:
    """A rich market makes first choice worth much more than the 2 coins the seat has."""
    for seed in range(5):
        state = position(
            3,
            coins=[2, 9, 9],
            markets={1: "CR CB CG", 2: "", 3: "", 4: ""},
            market_coins={1: 9},
            auction=kind,
        )
        assert state.view(0)["step"] == "bid"
        action = ask(state, 0, seed)
        assert action in state.legal_actions(0)
        assert 0 <= int(action.split()[1]) <= 2
        if kind == "standard":
            assert action == "bid 2"  # worth bidding all it has


def test_heuristic_with_no_coins_bids_nothing() -> None:
    state = position(3, coins=[0, 5, 5], auction="standard")
    assert ask(state, 0, 1) == "bid 0"


def test_heuristic_bids_nothing_when_every_market_is_alike() -> None:
    # Four empty markets whose powers can do nothing for an empty caravan.
    state = position(3, coins=[8, 5, 5], markets={3: "", 4: "", 5: "", 6: ""}, auction="standard")
    for seed in range(3):
        assert ask(state, 0, seed) == "bid 0"


def test_heuristic_does_not_load_a_camel_into_collapse_when_another_fits() -> None:
    # Four fruit: camel 3 would collapse, camel 4 carries them exactly.
    state = position(
        3,
        caravans=["5: CR | 6: D1", "", ""],
        markets={1: "F2 F2 F2 F2", 2: "", 3: "", 4: ""},
        start="market",
    )
    state.apply(0, "market 1")
    state.apply(0, "skip")
    assert state.legal_actions(0) == ["load fruit 3", "load fruit 4"]
    for seed in range(3):
        assert ask(state, 0, seed) == "load fruit 4"


def test_heuristic_puts_a_big_lot_of_carpets_on_the_big_camel() -> None:
    state = position(
        3,
        caravans=["4: D1", "", ""],
        markets={1: "CR CB CG CY", 2: "", 3: "", 4: ""},
        start="market",
    )
    state.apply(0, "market 1")
    state.apply(0, "skip")
    assert state.legal_actions(0) == ["load carpets 3", "load carpets 5", "load carpets 6"]
    assert ask(state, 0, 0) in ("load carpets 5", "load carpets 6")


def test_heuristic_chooses_the_market_that_fits_over_one_that_collapses_a_camel() -> None:
    # Market 2 holds more goods, but its dates would break camel 3 (D1 D2 + D3 D3).
    state = position(
        3,
        caravans=["3: D1 D2 | 4: CR", "", ""],
        markets={1: "CB CG", 2: "D3 D4 F1", 3: "", 4: ""},
        start="market",
    )
    for seed in range(3):
        assert ask(state, 0, seed) == "market 1"


def test_heuristic_saddles_the_camel_that_would_collapse() -> None:
    state = position(
        3,
        caravans=["3: VA VA | 6: D1", "", ""],
        markets={1: "VA VJ", 2: "", 3: "", 4: ""},
        tokens=[1, 0, 0],
        start="market",
    )
    state.apply(0, "market 1")
    state.apply(0, "skip")  # both vases join camel 3: four on three places
    assert state.legal_actions(0) == ["saddle 3", "saddle 6", "skip"]
    assert ask(state, 0, 0) == "saddle 3"


def test_heuristic_sells_the_higher_priced_legal_lot() -> None:
    # Three carpets of three colours (6 coins) against three dates (2 coins).
    state = position(3, caravans=["4: D1 D2 | 5: CR CB CG", "", ""], start="sale")
    for seed in range(3):
        assert ask(state, 0, seed) == "sell CR+CB+CG"


def test_heuristic_sells_the_legal_fruit_and_the_dearer_vase_lot() -> None:
    # Only the cheapest fruit may go (F1+F1: 2 coins); three bowls (6 coins) beat it.
    state = position(3, caravans=["4: F1 F1 F3 | 5: VA VB VB VJB", "", ""], start="sale")
    assert ask(state, 0, 0) == "sell VB+VB+VJB"


def test_heuristic_empties_every_camel_in_the_last_round() -> None:
    state = position(
        3,
        caravans=["3: F1 F2 | 4: D1 D2 | 5: CR CR CB", "", ""],
        start="sale",
        last_round=True,
    )
    sold: list[str] = []
    while state.view(0)["current"] == 0 and state.phase == "sale":
        action = ask(state, 0, len(sold))
        assert action != "pass"
        sold.append(action)
        state.apply(0, action)
    assert sorted(sold) == ["sell CR+CB", "sell D1+D2", "sell F1"]
