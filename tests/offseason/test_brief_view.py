"""The brief view the bots read (``state.view(seat, brief=True)``) is the seat's view
without what only the board shows: the log, the last turn and the markets each camel is
in danger from are left out (None), everything else is the same, after every action of
random games, for every seat and a spectator."""

from __future__ import annotations

from typing import Any

import pytest

from core.games.offseason.state import OffSeasonState
from tests.scenarios import random_playout

BOARD_ONLY = ("log", "last_turn")


def briefed(view: dict[str, Any]) -> dict[str, Any]:
    """The full view with what only the board shows left out, as the brief view has it."""
    brief = {key: None if key in BOARD_ONLY else value for key, value in view.items()}
    brief["caravans"] = [
        {**caravan, "camels": [{**camel, "danger": None} for camel in caravan["camels"]]}
        for caravan in view["caravans"]
    ]
    return brief


@pytest.mark.parametrize(("players", "seed"), [(2, 4), (3, 5), (5, 6)])
def test_the_brief_view_is_the_view_without_what_only_the_board_shows(
    players: int, seed: int
) -> None:
    for state in random_playout("offseason", players, seed, draw_seat=True):
        assert isinstance(state, OffSeasonState)
        for seat in [None, *range(players)]:
            assert state.view(seat, brief=True) == briefed(state.view(seat))
