"""D6 by brute force: the engine's fast legal-fence list (one bridge search per region,
``core/games/camping/regions.py``) must equal what the rules say edge by edge.

The brute force below reads only the public view and follows the spec literally:
for every open edge, refuse it between two halves of a bungalow or the pool (c) or
inside a region with fewer than two players' campers (a); otherwise put the fence
up on a copy and flood-fill from both ends (b): fine if they stay joined, or if
each side keeps a camper.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from core.engine import IllegalAction
from core.games.camping import CampingRules
from core.games.camping.state import CampingState

LETTERS = "abcdefghij"


def index(name: str, n: int) -> int:
    return (int(name[1:]) - 1) * n + LETTERS.index(name[0])


def name(square: int, n: int) -> str:
    return f"{LETTERS[square % n]}{square // n + 1}"


def brute_force_fences(view: dict) -> list[str]:
    n = view["size"]
    fenced = set()
    for edge in view["fences"]:
        a, b = (index(s, n) for s in edge.split("|"))
        fenced.add((a, b))
    owner: dict[int, int] = {}
    for seat in range(view["players"]):
        for square in view["bungalows"][seat] + view["caravans"][seat]:
            owner[index(square, n)] = seat
    pairs = [view["pool"], *view["bungalows"]]
    joined = {tuple(sorted(index(s, n) for s in pair)) for pair in pairs if pair}

    def neighbours(square: int) -> list[int]:
        row, col = divmod(square, n)
        out = []
        if col > 0:
            out.append(square - 1)
        if col < n - 1:
            out.append(square + 1)
        if row > 0:
            out.append(square - n)
        if row < n - 1:
            out.append(square + n)
        return out

    def flood(start: int, walls: set[tuple[int, int]]) -> set[int]:
        seen, todo = {start}, [start]
        while todo:
            square = todo.pop()
            for other in neighbours(square):
                if other not in seen and (min(square, other), max(square, other)) not in walls:
                    seen.add(other)
                    todo.append(other)
        return seen

    region_at: dict[int, frozenset[int]] = {}
    legal = []
    for a in range(n * n):
        for b in (a + 1, a + n):
            if b >= n * n or (b == a + 1 and b % n == 0):
                continue
            edge = (a, b)
            if edge in fenced or edge in joined:
                continue
            if a not in region_at:
                region = frozenset(flood(a, fenced))
                region_at.update(dict.fromkeys(region, region))
            players = {owner[s] for s in region_at[a] if s in owner}
            if len(players) < 2:
                continue
            side = flood(a, fenced | {edge})
            if b not in side:
                other = region_at[a] - side
                if not any(s in owner for s in side) or not any(s in owner for s in other):
                    continue
            legal.append(f"{name(a, n)}|{name(b, n)}")
    return sorted(legal)


def fence_positions(players: int, seed: int):
    """Every fence-phase position of a seeded random game."""
    state = CampingRules().new_game(players, seed)
    rng = random.Random(seed)
    while not state.is_over():
        seat = state.current
        if state.phase == "fence":
            yield state
        state.apply(seat, rng.choice(state.legal_actions(seat)))


def check(state: CampingState) -> None:
    expected = brute_force_fences(state.view(None))
    assert state.legal_actions(state.current) == expected
    assert expected, "a contested region always has a legal fence"


def test_the_brute_force_agrees_with_the_hand_counted_tiny_board():
    view = {
        "size": 2,
        "players": 2,
        "fences": ["a1|a2"],
        "bungalows": [[], []],
        "caravans": [["a2"], ["b1"]],
        "pool": [],
    }
    assert brute_force_fences(view) == ["a2|b2", "b1|b2"]


@pytest.mark.parametrize("players, seed", [(2, 100), (3, 101), (4, 102)])
def test_legal_fences_equal_the_brute_force_at_every_fence_step_of_a_random_game(players, seed):
    checked = 0
    for state in fence_positions(players, seed):
        check(state)
        checked += 1
    assert checked > 10


@settings(
    max_examples=80,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow],
)
@given(
    players=st.integers(2, 4),
    seed=st.integers(0, 10**6),
    stop_at=st.integers(0, 80),
    neutral=st.sampled_from(["random", "players"]),
)
def test_legal_fences_equal_the_brute_force_in_random_positions(players, seed, stop_at, neutral):
    state = CampingRules().new_game(players, seed, {"neutral_setup": neutral})
    rng = random.Random(seed)
    seen = 0
    while not state.is_over():
        seat = state.current
        if state.phase == "fence":
            if seen == stop_at:
                break
            seen += 1
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    if state.is_over():
        assert all(r["owner"] is not None for r in state.view(None)["regions"])
        assert brute_force_fences(state.view(None)) == []
        return
    check(state)
    legal = set(state.legal_actions(seat))
    for edge in open_edges(state):
        trial = state.clone()
        if edge in legal:
            trial.apply(seat, edge)
        else:
            with pytest.raises(IllegalAction) as info:
                trial.apply(seat, edge)
            assert info.value.code == "illegal" and info.value.key.startswith("camping.fence")


def open_edges(state: CampingState) -> list[str]:
    fenced = set(state.view(None)["fences"])
    names = (state.g.edge_name(edge) for edge in state.g.edges)
    return [edge for edge in names if edge not in fenced]
