"""The brief view the bots read (``state.view(seat, brief=True)``) is a part of the seat's
view: every key it has, at every level (the game, each market, each caravan, each camel),
holds what the whole view holds there, after every action of random games, for every
seat -- so it shows nothing the seat may not see."""

from __future__ import annotations

from typing import Any

import pytest

from core.games.offseason.state import OffSeasonState
from tests.scenarios import random_playout


def assert_part_of(brief: Any, whole: Any, where: str = "view") -> None:
    """``brief`` is ``whole`` with some keys of its dictionaries left out."""
    if isinstance(brief, dict):
        assert isinstance(whole, dict), where
        for key, value in brief.items():
            assert key in whole, f"{where}[{key!r}] is not in the whole view"
            assert_part_of(value, whole[key], f"{where}[{key!r}]")
    elif isinstance(brief, list) and brief and isinstance(brief[0], dict):
        assert isinstance(whole, list) and len(brief) == len(whole), where
        for i, (one, other) in enumerate(zip(brief, whole, strict=True)):
            assert_part_of(one, other, f"{where}[{i}]")
    else:
        assert brief == whole, where


@pytest.mark.parametrize(("players", "seed"), [(2, 4), (3, 5), (5, 6)])
def test_the_brief_view_is_part_of_the_seats_view(players: int, seed: int) -> None:
    for state in random_playout("offseason", players, seed, draw_seat=True):
        assert isinstance(state, OffSeasonState)
        for seat in range(players):
            brief = state.view(seat, brief=True)
            assert_part_of(brief, state.view(seat))
            assert brief["caravans"][seat]["camels"] and brief["markets"]


def test_a_spectator_asking_for_a_brief_view_gets_the_whole_one() -> None:
    state = next(iter(random_playout("offseason", 3, 1)))
    assert state.view(None, brief=True) == state.view(None)
