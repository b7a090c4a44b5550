"""The Deluxe Camping board's turn line says what the player can do: when none of their
caravans and no pest can step, stopping is all that is left, and the line says so rather
than asking for a click on a caravan that nothing highlights."""

from __future__ import annotations

from nicegui.testing import User

from core.games.camping.position import position
from ui.boards.camping.board import CampingBoard
from ui.i18n import Translator


async def play(action: str) -> bool:
    return False  # never reached: nothing is clicked here


BOXED = """
    A . .
    . . .
    . . B
"""


async def test_a_player_whose_pieces_are_all_fenced_in_is_told_to_stop(user: User) -> None:
    await user.open("/")
    for lang, words in (("en", "Stop moving to go on."), ("fr", "Terminez le déplacement")):
        boxed = position(BOXED, fences=["a3|b3", "a2|a3"])
        free = position(BOXED)
        assert boxed.legal_actions(0) == ["stop"]
        with user.client.layout:
            board = CampingBoard(Translator(lang), names=["Ann", "Bea"], seat=0, on_action=play)
        board.show(boxed.view(0), boxed.legal_actions(0))
        assert words in board.turn.text
        assert 'data-click="' not in board.picture.content  # nothing to click on the board
        assert board.stop_button.visible
        board.show(free.view(0), free.legal_actions(0))  # a caravan that can step
        assert words not in board.turn.text and 'data-click="' in board.picture.content
        board.root.delete()
