"""``determinize`` deals what a seat cannot see as chance would, knowing only what it sees.

For every game, many determinizations of a few positions (the start and a mid-game
reached by a fixed seeded sequence of legal actions, at the smallest and largest
tables) are checked in two ways:

- *goodness of fit*: each re-sampled part (an Off Season face-down good or Tower
  place, a Caravan card's chance of being in the opponent's hand, the Feurio!
  stack's next, next-but-one and bottom tiles, the Camping pest) follows the
  distribution the seat's knowledge implies: uniform among the deals consistent
  with what it has seen;
- *homogeneity*: a second state with the same view for the seat but other hidden
  cards (itself a determinization of the first) gives the same distribution.

Each test runs its chi-square checks with fixed seeds and fails when one p-value is
below ``ALPHA`` divided by the number of checks in that test (Bonferroni), so a
correct engine passes whatever the seeds with probability at least ``1 - ALPHA``
per test, while the biases these tests are for (an engine that deals the visible
backs first and the rest in order) give p-values far below any threshold. Bins
expected to hold fewer than ``MIN_EXPECTED`` draws are pooled, as the chi-square
approximation asks. Pueblo hides nothing: its test checks that determinize changes
nothing at all.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Callable, Hashable, Iterable
from dataclasses import dataclass
from typing import Any

import pytest
from scipy.stats import chi2_contingency, chisquare

from core.engine import State
from core.games import GAMES
from core.games.caravan.cards import CARDS as CARAVAN_CARDS
from core.games.caravan.cards import sort_codes
from core.games.caravan.state import CaravanState
from core.games.offseason.cards import BACK_OF, CODE_OF
from core.games.offseason.state import OffSeasonState

ALPHA = 1e-4  # per test, shared out among its checks
MIN_EXPECTED = 5.0
DRAWS = 2000  # determinizations per position

# ---------------------------------------------------------------------- statistics


@dataclass(frozen=True)
class Check:
    """One chi-square test: what was compared, its statistic and p-value."""

    name: str
    statistic: float
    p: float


def _pooled(columns: list[tuple[float, list[float]]]) -> list[list[float]]:
    """Columns (weight, cells) merged from the lightest up until each weighs MIN_EXPECTED."""
    merged: list[list[float]] = []
    width = len(columns[0][1])
    weight, cells = 0.0, [0.0] * width
    for w, column in sorted(columns, key=lambda c: c[0]):
        weight += w
        cells = [a + b for a, b in zip(cells, column, strict=True)]
        if weight >= MIN_EXPECTED:
            merged.append(cells)
            weight, cells = 0.0, [0.0] * width
    if weight and merged:  # the light remainder joins the last (heaviest) bin
        merged[-1] = [a + b for a, b in zip(merged[-1], cells, strict=True)]
    return merged


def fit(name: str, observed: Counter[Any], expected: dict[Any, float]) -> Check:
    """Goodness of fit of the counts ``observed`` to the probabilities ``expected``."""
    total = sum(observed.values())
    impossible = set(observed) - {k for k, p in expected.items() if p > 0}
    if impossible:
        return Check(f"{name}: impossible {sorted(map(str, impossible))}", float("inf"), 0.0)
    bins = _pooled([(total * p, [observed[k], total * p]) for k, p in expected.items() if p > 0])
    if len(bins) < 2:
        return Check(name, 0.0, 1.0)
    result = chisquare([b[0] for b in bins], [b[1] for b in bins])
    return Check(name, float(result.statistic), float(result.pvalue))


def same(name: str, first: Counter[Any], second: Counter[Any]) -> Check:
    """Homogeneity of two samples of categories (a 2 x k contingency table)."""
    share = sum(first.values()) / (sum(first.values()) + sum(second.values()))
    keys = set(first) | set(second)
    columns = [
        (min(share, 1 - share) * (first[k] + second[k]), [first[k], second[k]]) for k in keys
    ]
    bins = _pooled(columns)
    if len(bins) < 2:
        return Check(name, 0.0, 1.0)
    result = chi2_contingency([[b[0] for b in bins], [b[1] for b in bins]], correction=False)
    return Check(name, float(result.statistic), float(result.pvalue))


def assert_consistent(checks: list[Check]) -> None:
    """Every check passes the Bonferroni-corrected threshold; the worst are reported."""
    threshold = ALPHA / len(checks)
    failed = sorted((c for c in checks if c.p < threshold), key=lambda c: c.p)
    report = "; ".join(f"{c.name}: chi2={c.statistic:.1f} p={c.p:.3g}" for c in failed[:6])
    assert not failed, f"{len(failed)} of {len(checks)} checks below {threshold:.3g}: {report}"


# ---------------------------------------------------------------------- positions


def played(
    game: str,
    players: int,
    seed: int,
    until: Callable[[State, int], bool],
    options: dict[str, Any] | None = None,
) -> State:
    """A new game with a fixed seed, then seeded random legal actions until ``until``."""
    state = GAMES[game].new_game(players, seed, options)
    rng = random.Random(seed)
    actions = 0
    while not until(state, actions):
        seat = rng.choice(sorted(state.to_move()))
        state.apply(seat, rng.choice(state.legal_actions(seat)))
        actions += 1
    return state


def after(count: int) -> Callable[[State, int], bool]:
    return lambda state, actions: actions >= count or state.is_over()


def samples(
    state: State, seat: int, seeds: Iterable[int], parts: Callable[[Any], dict[Hashable, Any]]
) -> dict[Hashable, Counter[Any]]:
    """Per hidden part, how often each value came up over determinizations from ``seeds``."""
    counts: dict[Hashable, Counter[Any]] = {}
    for k in seeds:
        for part, value in parts(state.determinize(seat, random.Random(k))).items():
            counts.setdefault(part, Counter())[value] += 1
    return counts


def rotated(items: list[Any]) -> list[Any]:
    """The same items one place on: how a test moves hidden cards among their places."""
    return items[1:] + items[:1]


def homogeneity(
    state: State,
    other: State,
    seat: int,
    parts: Callable[[Any], dict[Hashable, Any]],
) -> list[Check]:
    """Two samples, from ``state`` and from ``other``, part by part.

    ``other`` shows ``seat`` the same view but holds other hidden cards; it is built by
    the test (not by ``determinize``, whose faults it would share).
    """
    assert json.dumps(other.view(seat), sort_keys=True) == json.dumps(
        state.view(seat), sort_keys=True
    )
    assert parts(other) != parts(state), "the other state should hold other hidden cards"
    first = samples(state, seat, range(DRAWS), parts)
    second = samples(other, seat, range(DRAWS, 2 * DRAWS), parts)
    return [same(f"{part} (two states)", first[part], second[part]) for part in first]


# ---------------------------------------------------------------------- Off Season

Place = tuple[Any, ...]


def offseason_places(state: OffSeasonState) -> dict[Place, tuple[int, str | None]]:
    """Every hidden place: its card and the back the seats see there (None: unseen)."""
    places: dict[Place, tuple[int, str | None]] = {}
    for i, card in enumerate(state.tower):
        places["tower", i] = (card, BACK_OF[card] if i == len(state.tower) - 1 else None)
    for market in state.markets:
        for j, card in enumerate(market.down):
            places["market", market.tile, j] = (card, BACK_OF[card])
    for k, card in enumerate(state.out):
        places["out", k] = (card, None)
    return places


def offseason_cards(state: OffSeasonState) -> dict[Place, tuple[str, str]]:
    return {place: (BACK_OF[c], CODE_OF[c]) for place, (c, _) in offseason_places(state).items()}


def offseason_expected(state: OffSeasonState) -> dict[Place, dict[tuple[str, str], float]]:
    """Each place's chance of holding each (back, face), uniform among consistent deals.

    Places share what is known by reshuffle group (the cards shuffled together, a
    public set). A place showing back ``b`` holds any of the group's ``m_b`` cards of
    that back alike; the ``m_b - v_b`` left after the ``v_b`` places showing ``b`` are
    spread evenly over the group's ``r`` places that show no back.
    """
    places = offseason_places(state)
    groups: dict[int, list[Place]] = {}
    for place, (card, _) in places.items():
        groups.setdefault(state.epoch[card], []).append(place)
    expected: dict[Place, dict[tuple[str, str], float]] = {}
    for members in groups.values():
        faces = Counter((BACK_OF[places[p][0]], CODE_OF[places[p][0]]) for p in members)
        backs = Counter(BACK_OF[places[p][0]] for p in members)
        shown = Counter(places[p][1] for p in members)
        unseen = shown[None]
        for place in members:
            back = places[place][1]
            expected[place] = {
                (b, code): n / backs[b] * (1 if back == b else (backs[b] - shown[b]) / unseen)
                for (b, code), n in faces.items()
                if back in (b, None)
            }
    return expected


def offseason_twin(state: OffSeasonState) -> OffSeasonState:
    """The hidden cards moved on one place among the places of the same reshuffle group
    showing the same back (or none)."""
    other = state.clone()
    places = offseason_places(other)
    classes: dict[tuple[int, str | None], list[Place]] = {}
    for place, (card, back) in places.items():
        classes.setdefault((state.epoch[card], back), []).append(place)
    for members in classes.values():
        cards = rotated([places[p][0] for p in members])
        for place, card in zip(members, cards, strict=True):
            pile = {"tower": other.tower, "out": other.out}.get(place[0])
            if pile is None:
                pile = next(m.down for m in other.markets if m.tile == place[1])
            pile[place[-1]] = card
    return other


def reshuffled(state: State, actions: int) -> bool:
    assert isinstance(state, OffSeasonState)
    return state.shuffles > 0 or state.is_over()


OFFSEASON_POSITIONS = {
    "3 players at the start": (3, 5, after(0), 0),
    "2 players at the start": (2, 1, after(0), 1),
    "5 players at the start": (5, 2, after(0), 4),
    "5 players in mid-game": (5, 3, after(60), 2),
    "2 players after the reshuffle": (2, 0, reshuffled, 0),
    "5 players after the reshuffle": (5, 0, reshuffled, 3),
}


@pytest.mark.parametrize("position", sorted(OFFSEASON_POSITIONS))
def test_off_season_deals_each_hidden_place_a_card_of_its_back_uniformly(position):
    players, seed, until, seat = OFFSEASON_POSITIONS[position]
    state = played("offseason", players, seed, until)
    assert isinstance(state, OffSeasonState)
    counts = samples(state, seat, range(DRAWS), offseason_cards)
    expected = offseason_expected(state)
    assert_consistent([fit(f"{p}", counts[p], expected[p]) for p in expected])


@pytest.mark.parametrize("position", ["5 players in mid-game", "2 players after the reshuffle"])
def test_off_season_deals_alike_from_two_states_a_seat_cannot_tell_apart(position):
    players, seed, until, seat = OFFSEASON_POSITIONS[position]
    state = played("offseason", players, seed, until)
    assert isinstance(state, OffSeasonState)
    other = offseason_twin(state)
    assert_consistent(homogeneity(state, other, seat, offseason_cards))


# ---------------------------------------------------------------------- Caravan


def caravan_pool(state: CaravanState, seat: int) -> tuple[list[str], dict[bool, float]]:
    """The cards ``seat`` has not seen, and by kind (wild or not) each one's chance of
    being in the opponent's hand: how many of that kind it holds is public."""
    deal, other = state.deal, 1 - seat
    pools = {True: list(deal.unseen_wilds), False: list(deal.unseen_numbers)}
    held = Counter(CARAVAN_CARDS[c].is_wild for c in deal.hands[other])
    for card in deal.hands[other]:
        pools[CARAVAN_CARDS[card].is_wild].append(card)
    chance = {wild: held[wild] / len(cards) for wild, cards in pools.items() if cards}
    return sorted(pools[True] + pools[False]), chance


def caravan_twin(state: CaravanState, seat: int) -> CaravanState:
    """One card of each kind in the opponent's hand exchanged for an unseen one."""
    other = state.clone()
    deal, opponent = other.deal, 1 - seat
    hand: list[str] = []
    for wild, unseen in ((True, deal.unseen_wilds), (False, deal.unseen_numbers)):
        held = [c for c in deal.hands[opponent] if CARAVAN_CARDS[c].is_wild == wild]
        cards = rotated(held + unseen)
        hand += cards[: len(held)]
        unseen[:] = sort_codes(cards[len(held) :])
    deal.hands[opponent] = sort_codes(hand)
    return other


def caravan_parts(seat: int, cards: list[str]) -> Callable[[Any], dict[Hashable, Any]]:
    return lambda state: {card: card in state.deal.hands[1 - seat] for card in cards}


CARAVAN_POSITIONS = {
    "the first hand's start, seat 0": (1, after(0), 0),
    "the first hand's start, seat 1": (2, after(0), 1),
    "mid-hand": (3, after(6), 0),
    "a later hand": (4, lambda state, actions: state.hand_no >= 2 or state.is_over(), 1),
}


@pytest.mark.parametrize("position", sorted(CARAVAN_POSITIONS))
def test_caravan_puts_each_unseen_card_in_the_opponents_hand_as_often_as_its_kind_allows(
    position,
):
    seed, until, seat = CARAVAN_POSITIONS[position]
    state = played("caravan", 2, seed, until)
    assert isinstance(state, CaravanState) and not state.is_over()
    cards, chance = caravan_pool(state, seat)
    counts = samples(state, seat, range(DRAWS), caravan_parts(seat, cards))
    checks = []
    for card in cards:
        p = chance[CARAVAN_CARDS[card].is_wild]
        checks.append(fit(card, counts[card], {True: p, False: 1 - p}))
    assert_consistent(checks)


def test_caravan_deals_alike_from_two_states_a_seat_cannot_tell_apart():
    seed, until, seat = CARAVAN_POSITIONS["mid-hand"]
    state = played("caravan", 2, seed, until)
    assert isinstance(state, CaravanState)
    cards, _ = caravan_pool(state, seat)
    other = caravan_twin(state, seat)
    assert_consistent(homogeneity(state, other, seat, caravan_parts(seat, cards)))


# ---------------------------------------------------------------------- Feurio!


def feurio_parts(state: Any) -> dict[Hashable, Any]:
    stack = state.stack
    return {"next": stack[-1], "next but one": stack[-2], "bottom": stack[0]}


FEURIO_POSITIONS = {
    "2 players at the start": (2, 1, after(0)),
    "4 players at the start": (4, 2, after(0)),
    "2 players in mid-game": (2, 3, after(40)),
    "4 players in mid-game": (4, 4, after(40)),
}


@pytest.mark.parametrize("position", sorted(FEURIO_POSITIONS))
def test_feurio_draws_the_stacks_next_and_bottom_tiles_as_the_unseen_counts_say(position):
    players, seed, until = FEURIO_POSITIONS[position]
    state = played("feurio", players, seed, until)
    seat = players - 1
    unseen = state.view(seat)["unseen"]
    assert sum(unseen) >= 2, "the position should leave tiles in the stack"
    expected = {value: n / sum(unseen) for value, n in enumerate(unseen, start=1)}
    counts = samples(state, seat, range(DRAWS), feurio_parts)
    assert_consistent([fit(part, counts[part], expected) for part in counts])


def test_feurio_draws_alike_from_two_states_a_seat_cannot_tell_apart():
    players, seed, until = FEURIO_POSITIONS["4 players in mid-game"]
    state = played("feurio", players, seed, until)
    other = state.clone()
    other.stack.reverse()
    assert_consistent(homogeneity(state, other, 0, feurio_parts))


# ---------------------------------------------------------------------- Deluxe Camping


def camping_parts(state: Any) -> dict[Hashable, Any]:
    return {"pest": state.kinds.index("pest")}


PLAYERS_PLACE = {"neutral_setup": "players"}
CAMPING_POSITIONS = {
    "2 players at the start": (2, 1, after(0), None),
    "4 players at the start": (4, 2, after(0), None),
    "4 players placing the tokens": (4, 3, after(2), PLAYERS_PLACE),
    "4 players placing bungalows": (4, 4, after(5), PLAYERS_PLACE),
}


@pytest.mark.parametrize("position", sorted(CAMPING_POSITIONS))
def test_camping_makes_each_token_the_pest_one_time_in_three_until_the_reveal(position):
    players, seed, until, options = CAMPING_POSITIONS[position]
    state = played("camping", players, seed, until, options)
    assert not state.view(0)["revealed"]
    counts = samples(state, 1, range(DRAWS), camping_parts)
    assert_consistent([fit("pest", counts["pest"], {0: 1 / 3, 1: 1 / 3, 2: 1 / 3})])


def test_camping_picks_the_pest_alike_from_two_states_a_seat_cannot_tell_apart():
    players, seed, until, options = CAMPING_POSITIONS["4 players at the start"]
    state = played("camping", players, seed, until, options)
    other = state.clone()
    other.kinds = rotated(other.kinds)
    assert_consistent(homogeneity(state, other, 0, camping_parts))


def test_camping_keeps_the_pest_where_it_is_once_revealed():
    state = played("camping", 2, 5, lambda state, actions: state.view(0)["revealed"])
    assert {state.determinize(0, random.Random(k)).pest for k in range(50)} == {state.pest}


# ---------------------------------------------------------------------- Pueblo


def everything(state: State) -> list[str]:
    """Every seat's view and legal actions, as comparable text."""
    players = state.view(None)["players"]
    return [json.dumps(state.view(seat), sort_keys=True) for seat in (None, *range(players))] + [
        json.dumps(state.legal_actions(seat)) for seat in range(players)
    ]


@pytest.mark.parametrize("players, actions", [(2, 0), (2, 30), (4, 0), (4, 30)])
def test_pueblo_hides_nothing_so_determinize_changes_nothing(players, actions):
    state = played("pueblo", players, players + actions, after(actions))
    for k in range(20):
        assert everything(state.determinize(k % players, random.Random(k))) == everything(state)
