"""The Camel Up Off Season heuristic: legal in whole games at every player count, asking
only about its own seat and blind to what it cannot see (others' sealed bids, face-down
goods), and sensible in small positions (``core.games.offseason.position`` builds them)."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any, cast

import pytest

from core.bots import BOTS, choose_action, offseason_heuristic
from core.engine import State
from core.games.offseason import OffSeasonRules
from core.games.offseason.position import position
from core.games.offseason.state import OffSeasonState

ALLOWED = {"game", "view", "legal_actions", "determinize"}


def ask(state: State, seat: int, seed: int) -> str:
    """The heuristic's action for ``seat``, called as the server calls it (determinized)."""
    rng = random.Random(seed)
    return choose_action("heuristic", state.determinize(seat, rng), seat, rng)


def positions(players: int, seeds: range, **options: Any) -> Iterator[tuple[OffSeasonState, int]]:
    """Every (true state, seat to move) along seeded random games; during sealed bids
    every seat still to bid is offered, in seat order, before one of them bids."""
    for seed in seeds:
        state = OffSeasonRules().new_game(players, seed, options or None)
        rng = random.Random(seed)
        while not state.is_over():
            seats = sorted(state.to_move())
            for seat in seats:
                yield state, seat
            seat = seats[0]
            state.apply(seat, rng.choice(state.legal_actions(seat)))


class Spy:
    """A state that records every method a bot calls on it, with the seat it asks about."""

    def __init__(self, state: State) -> None:
        self._state = state
        self.calls: list[tuple[str, Any]] = []

    def __getattr__(self, name: str) -> Any:
        attribute = getattr(self._state, name)
        if not callable(attribute):
            self.calls.append((name, None))
            return attribute

        def recorded(*args: Any, **kwargs: Any) -> Any:
            self.calls.append((name, args[0] if args else kwargs.get("seat")))
            return attribute(*args, **kwargs)

        return recorded


def test_the_heuristic_bot_has_an_offseason_policy() -> None:
    assert BOTS["heuristic"].policy("offseason") is offseason_heuristic.choose


@pytest.mark.parametrize(
    ("players", "seed", "options"),
    [
        (2, 1, {}),  # the two-player variant
        (3, 2, {}),
        (4, 3, {"fruit_rule": "lowest_price"}),
        (5, 4, {"open_coins": True, "tiles": "fixed"}),
        (3, 5, {}),
    ],
)
def test_heuristic_plays_only_legal_actions_through_whole_games(
    players: int, seed: int, options: dict[str, Any]
) -> None:
    """The heuristic in the even seats, random in the others, until the game ends;
    sealed bids are asked of every seat to move, each on its own determinization."""
    state = OffSeasonRules().new_game(players, seed, options or None)
    assert state.options["two_player_variant"] == (players == 2)
    rng = random.Random(seed)
    steps = set()
    while not state.is_over():
        for seat in sorted(state.to_move()):
            legal = state.legal_actions(seat)
            if seat % 2 == 0:
                steps.add(state.view(seat)["step"])
                action = ask(state, seat, rng.randrange(1 << 30))
            else:
                action = rng.choice(legal)
            assert action in legal, (action, legal)
            state.apply(seat, action)
    assert {"bid", "choose", "sell"} <= steps
    assert state.view(0)["result"] is not None


def test_heuristic_asks_the_state_only_about_its_own_seat() -> None:
    steps = set()
    for players in (2, 3, 5):
        for ply, (state, seat) in enumerate(positions(players, range(1))):
            if ply % 3:
                continue
            rng = random.Random(ply)
            spy = Spy(state.determinize(seat, rng))
            action = choose_action("heuristic", cast(State, spy), seat, rng)
            assert action in state.legal_actions(seat)
            assert spy.calls, "the bot never looked at the state"
            assert {name for name, _ in spy.calls} <= ALLOWED, spy.calls
            assert {asked for name, asked in spy.calls if name != "game"} == {seat}, spy.calls
            steps.add(state.view(seat)["step"])
    assert {"bid", "choose", "power", "load", "sell"} <= steps


def hidden(state: OffSeasonState, seat: int) -> tuple[Any, ...]:
    """What ``seat`` may not see: others' sealed bids and the face-down goods."""
    bids = tuple(b for s, b in enumerate(state.auction.bids) if s != seat)
    return bids, tuple(tuple(m.down) for m in state.markets)


def test_heuristic_decides_the_same_on_guesses_that_differ_only_in_hidden_things() -> None:
    """Two determinizations that differ in other seats' pending bids or in the face-down
    goods look the same from the seat, so the bot, given one random seed, answers alike."""
    bids_compared = goods_compared = 0
    for players in (3, 4):
        for ply, (state, seat) in enumerate(positions(players, range(2))):
            if ply % 2:
                continue
            guesses = [state.determinize(seat, random.Random(ply * 50 + i)) for i in range(6)]
            one = guesses[0]
            other = next((g for g in guesses[1:] if hidden(g, seat) != hidden(one, seat)), None)
            if other is None:
                continue
            assert one.view(seat) == other.view(seat)
            chosen = {offseason_heuristic.choose(g, seat, random.Random(ply)) for g in (one, other)}
            assert len(chosen) == 1, (ply, state.view(seat)["step"], chosen)
            if hidden(one, seat)[0] != hidden(other, seat)[0]:
                bids_compared += 1
            if hidden(one, seat)[1] != hidden(other, seat)[1]:
                goods_compared += 1
    assert bids_compared >= 20 and goods_compared >= 100, (bids_compared, goods_compared)


def test_heuristic_given_the_same_random_seed_makes_the_same_choice() -> None:
    for ply, (state, seat) in enumerate(positions(4, range(1))):
        if ply % 5 == 0:
            assert ask(state, seat, ply) == ask(state, seat, ply)


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
