"""A click carries the position its browser showed: one sent from a position the game has
left (the second click of a double click, a tab that had not drawn the new position yet)
is refused, not played in a position its player never saw. Played at a Feurio! hot-seat
table, where both seats are on this screen, through each way a page plays: the board
picture, its buttons, and the move box."""

from __future__ import annotations

from nicegui.testing import User

from tests.ui.patience import handled
from tests.ui.test_feurio_pages import board_ply, offered, start_hot_seat

MOVED_ON = "The game moved on while you were choosing"


async def _one_move_on(user: User) -> int:
    """Play a first move, saying the position it was chosen in; the ply the board shows."""
    await start_hot_seat(user)
    assert board_ply(user) == "0"
    board = user.find(marker="feurio-board")
    await handled(lambda: board.trigger("click", [f"act:{offered(user)[0]}", 0]))
    assert board_ply(user) == "1", "a click from the position shown is played"
    return 1


async def test_a_click_on_the_board_from_a_position_the_game_left_is_refused(
    user: User,
) -> None:
    ply = await _one_move_on(user)
    board = user.find(marker="feurio-board")
    await handled(lambda: board.trigger("click", [f"act:{offered(user)[0]}", ply - 1]))
    assert board_ply(user) == str(ply), "nothing was played"
    assert user.notify.contains(MOVED_ON)
    board = user.find(marker="feurio-board")  # the refusal drew the board afresh
    await handled(lambda: board.trigger("click", [f"act:{offered(user)[0]}", ply]))
    assert board_ply(user) == str(ply + 1), "the same click from the position shown is played"


async def test_a_button_pressed_in_a_position_the_game_left_is_refused(user: User) -> None:
    ply = await _one_move_on(user)
    shown = [m for m in ("done", "pass") if user._sees(None, None, m, None)]
    assert shown, "Done or Pass is offered"
    button = user.find(marker=shown[0])
    await handled(lambda: button.trigger("click", ply - 1))
    assert board_ply(user) == str(ply), "nothing was played"
    assert user.notify.contains(MOVED_ON)


async def test_enter_in_the_move_box_in_a_position_the_game_left_is_refused(user: User) -> None:
    ply = await _one_move_on(user)
    typed = offered(user)[0]
    box = user.find(marker="move-input")
    await handled(lambda: box.trigger("keydown", {"key": "Enter", "value": typed, "seen": 0}))
    assert board_ply(user) == str(ply), "nothing was played"
    await user.should_see(MOVED_ON)  # said under the box
    await handled(lambda: box.trigger("keydown", {"key": "Enter", "value": typed, "seen": ply}))
    assert board_ply(user) == str(ply + 1), "the same move from the position shown is played"
