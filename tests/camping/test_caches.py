"""What the state keeps between moves (regions, fence cuts, legal fences, scores,
fence names, legal actions) is never stale, and clones share nothing that one of
them changes: over random games, each position is compared with the same position
worked out afresh."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from core.games import GAMES
from core.games.camping.contents import camper_owner
from core.games.camping.grid import grid
from core.games.camping.regions import fence_cuts, partition, split
from core.games.camping.state import CampingState
from tests.scenarios import random_playout

GAMES_PLAYED = [(2, 1, None), (2, 2, None), (3, 3, None), (4, 4, {"neutral_setup": "players"})]


def afresh(state: CampingState) -> CampingState:
    """The same position with nothing kept: every cache is worked out again."""
    copy = state.clone()
    copy._forget()
    return copy


def seen(state: CampingState) -> str:
    """Everything observable of a position, as comparable text."""
    seats = range(state.players)
    return json.dumps(
        {
            "views": [state.view(seat) for seat in [None, *seats]],
            "legal": [state.legal_actions(seat) for seat in seats],
            "scores": state.scores(),
            "ranking": state.ranking(),
        }
    )


def unfenced_rivals(state: CampingState) -> list[int]:
    """Open edges between campers of different players, by a scan of every edge."""
    found = []
    for edge, (a, b) in state.g.ends.items():
        pa, pb = camper_owner(state.cells[a]), camper_owner(state.cells[b])
        if not state.fences[edge] and pa >= 0 and pb >= 0 and pa != pb:
            found.append(edge)
    return found


@pytest.mark.parametrize(("players", "seed", "options"), GAMES_PLAYED)
def test_what_is_kept_matches_a_fresh_look_after_every_move(
    players: int, seed: int, options: dict[str, Any] | None
) -> None:
    for state in random_playout("camping", players, seed, options):
        assert isinstance(state, CampingState)
        assert seen(state) == seen(afresh(state))
        if state.revealed and (state.phase != "move" or state.steps_left == 2):  # moved
            assert unfenced_rivals(state) == []


@pytest.mark.parametrize(("players", "seed", "options"), GAMES_PLAYED)
def test_a_clone_and_its_original_move_apart_without_touching_each_other(
    players: int, seed: int, options: dict[str, Any] | None
) -> None:
    rng = random.Random(seed)
    kept: list[tuple[CampingState, str]] = []
    for state in random_playout("camping", players, seed, options):
        assert isinstance(state, CampingState)
        for copy, before in kept:
            assert seen(copy) == before
        if state.is_over():
            break
        copy = state.clone()
        kept.append((copy, seen(copy)))
        guess = state.determinize(min(state.to_move()), rng)
        (seat,) = guess.to_move()
        guess.apply(seat, rng.choice(guess.legal_actions(seat)))  # moves on alone
        assert seen(state) == kept[-1][1]
        kept = kept[-5:]


def test_the_legal_actions_handed_out_are_the_caller_s_to_change() -> None:
    state = GAMES["camping"].new_game(2, 5)
    while state.view(0)["phase"] != "move":
        (seat,) = state.to_move()
        state.apply(seat, state.legal_actions(seat)[0])
    (seat,) = state.to_move()
    state.legal_actions(seat).clear()
    assert "stop" in state.legal_actions(seat)
    state.view(0)["fences"].append("a1|b1")
    state.scores().append(1.0)
    assert "a1|b1" not in state.view(0)["fences"]
    assert len(state.scores()) == 2


def test_splitting_one_region_finds_the_partition_a_full_pass_finds() -> None:
    g = grid(8)
    rng = random.Random(3)
    for _ in range(40):
        fences = bytearray(2 * g.squares)
        for edge in rng.sample(g.edges, rng.randrange(10, 60)):
            fences[edge] = 1
        region_of, regions = partition(g, fences)
        campers = [False] * g.squares
        for squares in regions:
            for edge, cut in fence_cuts(g, fences, squares, campers).items():
                if cut is None:
                    continue  # not a bridge: the partition stays as it is
                fences[edge] = 1
                assert split(g, fences, region_of, regions, g.ends[edge][0]) == partition(g, fences)
                fences[edge] = 0


@pytest.mark.parametrize("size", [8, 9, 10])
def test_an_edge_is_a_bridge_when_walls_join_its_two_corners(size: int) -> None:
    """The engine's test for a bridge (territory.py) against Tarjan's (fence_cuts)."""
    state = GAMES["camping"].new_game(2, size, {"size": size})
    assert isinstance(state, CampingState)
    g, rng = state.g, random.Random(size)
    for _ in range(30):
        state.fences = bytearray(2 * g.squares)
        for edge in rng.sample(g.edges, rng.randrange(0, len(g.edges) // 2)):
            state.fences[edge] = 1
        state._walls = None
        walls = state._wall_groups()
        campers = [False] * g.squares
        for squares in partition(g, state.fences)[1]:
            for edge, cut in fence_cuts(g, state.fences, squares, campers).items():
                p, q = g.dual[edge]
                assert (walls[p] == walls[q]) == (cut is not None), g.edge_name(edge)
