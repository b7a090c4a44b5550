"""Boards only read the views they are given: a table shares one view dict per position
and seat between all its viewers (``Table.view``), so a board that changed it would
show the next viewer something else than the engine said."""

from __future__ import annotations

import copy
import random

import pytest
from nicegui.testing import User

from core.games import GAMES
from ui.boards import BOARDS
from ui.i18n import Translator


@pytest.mark.parametrize("game", sorted(BOARDS))
async def test_drawing_a_board_leaves_its_view_unchanged(user: User, game: str) -> None:
    await user.open("/")
    rules = GAMES[game]
    players = max(rules.min_players, 2)
    state = rules.new_game(players, seed=7)
    names = [f"P{i}" for i in range(players)]
    rng = random.Random(3)
    with user.client.layout:
        boards = {
            seat: BOARDS[game].board(Translator("en"), names=names, seat=seat, on_action=None)
            for seat in [None, *range(players)]
        }
    for _ in range(40):
        if state.is_over():
            break
        for seat, board in boards.items():
            view = state.view(seat)
            legal = state.legal_actions(seat) if seat is not None else []
            before = copy.deepcopy((view, legal))
            board.show(view, legal)
            assert (view, legal) == before, f"{game}: the board for seat {seat} changed its view"
        seat = min(state.to_move())
        state.apply(seat, rng.choice(state.legal_actions(seat)))
