"""D7-D9: regions joined through open edges, who owns them, and the end of the game
the moment no region is contested."""

from __future__ import annotations

import pytest

from core.games.camping.position import position

# A wall between rows 2 and 3 with a gap at d2|d3: one contested region.
WALL_WITH_A_GAP = ["a2|a3", "b2|b3", "c2|c3"]


def regions(state) -> dict[str, dict]:
    return {r["label"]: r for r in state.view(None)["regions"]}


def test_a_region_is_every_square_reachable_through_open_edges(walls):
    state = position(
        """
        A . . .
        . . . .
        . . B .
        a a b b
        """,
        fences=walls(
            """
            x x y y
            x x y y
            z z y y
            z z y y
            """
        ),
    )
    found = {label: (r["size"], r["owners"]) for label, r in regions(state).items()}
    assert found == {"a1": (4, [0]), "c1": (8, [1]), "a3": (4, [0])}
    region_of = state.view(None)["region_of"]
    assert region_of[state.g.square("a4")] == region_of[state.g.square("b3")]
    assert region_of[state.g.square("a4")] != region_of[state.g.square("a1")]


def test_a_region_with_campers_of_two_players_is_contested_and_owned_by_nobody():
    state = position(
        """
        A . . .
        . . . .
        . . B .
        a a b b
        """
    )
    (region,) = state.view(None)["regions"]
    assert region["owners"] == [0, 1] and region["owner"] is None


def test_the_pest_the_pool_and_ice_creams_do_not_affect_ownership(walls):
    state = position(
        """
        A X I .
        P P . .
        . . B .
        a a b b
        """,
        fences=walls(
            """
            x x x x
            x x x x
            y y y y
            y y y y
            """
        ),
    )
    assert {label: r["owner"] for label, r in regions(state).items()} == {"a1": None, "a3": 0}
    assert regions(state)["a3"]["pest"] and regions(state)["a3"]["pool"]


def test_the_fences_never_move_they_only_ever_add_up(playout):
    for players, seed in [(2, 8), (4, 9)]:
        seen: set[str] = set()
        for state in playout(players, seed):
            fences = set(state.view(None)["fences"])
            assert seen <= fences
            seen = fences


def test_the_fence_supply_never_runs_out(playout):
    *_, end = playout(4, 12, {"size": 10})
    fences = end.view(None)["fences"]
    assert end.is_over() and len(fences) > 60 and len(set(fences)) == len(fences)


def test_the_game_ends_on_the_turn_the_last_contested_region_is_split_by_the_free_fence(play):
    state = position(
        """
        . A . .
        . . . .
        . . . .
        . . B .
        """,
        fences=WALL_WITH_A_GAP,
        phase="fence",
        steps_left=0,
    )
    assert not state.is_over()
    play(state, "d2|d3")
    view = state.view(None)
    assert state.is_over() and view["phase"] == "over" and view["current"] is None
    assert view["last_turn"] == {"seat": 0, "actions": ["d2|d3"], "auto": []}
    assert view["result"] == {"scores": [8.0, 8.0], "ranking": [1, 1]}


def test_the_game_ends_right_after_the_automatic_fences_when_they_close_the_last_region(play):
    state = position(
        """
        . . . A
        . . . .
        . . . B
        . . . .
        """,
        fences=WALL_WITH_A_GAP,
    )
    play(state, "d4-d3", "stop")
    view = state.view(None)
    assert state.is_over() and view["fences"] == [*WALL_WITH_A_GAP, "d2|d3"]
    assert view["last_turn"] == {"seat": 0, "actions": ["d4-d3", "stop"], "auto": ["d2|d3"]}
    assert state.scores() == [8.0, 8.0]


def test_the_game_goes_on_while_one_region_is_still_contested(play):
    state = position(
        """
        A . . .
        . . . .
        . . . B
        A . . .
        """,
        fences=WALL_WITH_A_GAP,
        phase="fence",
        steps_left=0,
    )
    play(state, "d2|d3")
    assert not state.is_over() and state.current == 1
    assert [r["owner"] for r in state.view(None)["regions"]] == [None, 0]


def test_once_the_game_is_over_nobody_moves_and_every_action_is_refused(play, refused):
    state = position(
        """
        . A . .
        . . . .
        . . . .
        . . B .
        """,
        fences=WALL_WITH_A_GAP,
        phase="fence",
        steps_left=0,
    )
    play(state, "d2|d3")
    assert state.to_move() == frozenset()
    assert [state.legal_actions(seat) for seat in (0, 1)] == [[], []]
    for seat, action in [(0, "b4-b3"), (1, "c1-c2"), (1, "stop"), (0, "a1|b1")]:
        assert refused(state, seat, action).key == "game_over"


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_always_end_with_every_region_owned_and_holding_a_camper(playout, players):
    for seed in range(3):
        *_, end = playout(players, seed)
        assert end.is_over()
        view = end.view(None)
        assert all(r["owner"] is not None for r in view["regions"])
        assert sum(r["size"] for r in view["regions"]) == view["size"] ** 2
