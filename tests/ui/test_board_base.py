"""The guard every board shares (``ui/boards/base.py``): a board sends an action only on its
turn, only one of the legal actions, and one at a time, whatever game it draws."""

from __future__ import annotations

import asyncio
import random

import pytest
from nicegui.testing import User

from core.engine import State
from core.games import GAMES
from tests.ui.patience import until
from ui.boards import BOARDS
from ui.boards.base import Board
from ui.i18n import Translator


class Page:
    """Stands for the table page: records what the board sends, and answers only when
    told to (an action on its way)."""

    def __init__(self) -> None:
        self.sent: list[str] = []
        self.gate = asyncio.Event()

    async def submit(self, action: str) -> bool:
        self.sent.append(action)
        await self.gate.wait()
        return True


def start(game: str) -> State:
    rules = GAMES[game]
    return rules.new_game(max(rules.min_players, 2), seed=11)


def board_for(game: str, state: State, seat: int | None, page: Page | None) -> Board:
    players = len(state.scores())
    names = [f"P{n}" for n in range(players)]
    on_action = page.submit if page is not None else None
    return BOARDS[game].board(Translator("en"), names=names, seat=seat, on_action=on_action)


@pytest.mark.parametrize("game", sorted(BOARDS))
def test_every_board_is_a_board(game: str) -> None:
    assert issubclass(BOARDS[game].board, Board)


@pytest.mark.parametrize("game", sorted(BOARDS))
async def test_a_forged_action_is_refused_by_the_board(user: User, game: str) -> None:
    await user.open("/")
    state = start(game)
    seat = min(state.to_move())
    page = Page()
    with user.client.layout:
        board = board_for(game, state, seat, page)
    board.show(state.view(seat), state.legal_actions(seat))
    assert board.my_turn()
    for forged in ("garbage", "", "act:pass", "stop now"):
        assert forged not in state.legal_actions(seat)
        assert await board.send(forged) is False
    assert page.sent == []
    assert not board.busy


@pytest.mark.parametrize("game", sorted(BOARDS))
async def test_a_second_send_while_the_first_is_on_its_way_is_refused(
    user: User, game: str
) -> None:
    await user.open("/")
    state = start(game)
    seat = min(state.to_move())
    legal = state.legal_actions(seat)
    page = Page()
    with user.client.layout:
        board = board_for(game, state, seat, page)
    board.show(state.view(seat), legal)
    first = asyncio.create_task(board.send(legal[0]))
    assert await until(lambda: board.busy)
    assert not board.active()
    assert await board.send(legal[0]) is False
    assert await board.send(legal[-1]) is False
    page.gate.set()
    assert await first is True
    assert page.sent == [legal[0]]
    assert not board.busy


@pytest.mark.parametrize("game", sorted(BOARDS))
async def test_out_of_turn_or_without_a_page_to_act_nothing_is_sent(user: User, game: str) -> None:
    await user.open("/")
    state = start(game)
    rng = random.Random(5)
    players = len(state.scores())
    for _ in range(60):  # a position where some seat is not to move (Off Season bids together)
        if len(state.to_move()) < players:
            break
        mover = min(state.to_move())
        state.apply(mover, rng.choice(state.legal_actions(mover)))
    waiting = min(set(range(players)) - set(state.to_move()))
    mover = min(state.to_move())
    offered = state.legal_actions(mover)  # another seat's actions, as a confused page might give
    page = Page()
    with user.client.layout:
        out_of_turn = board_for(game, state, waiting, page)
        watching = board_for(game, state, None, page)
        replaying = board_for(game, state, mover, None)
    out_of_turn.show(state.view(waiting), offered)
    watching.show(state.view(None), offered)
    replaying.show(state.view(mover), offered)
    for board in (out_of_turn, watching, replaying):
        assert not board.my_turn()
        assert await board.send(offered[0]) is False
    assert page.sent == []
