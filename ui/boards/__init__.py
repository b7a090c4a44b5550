"""One board renderer per game: a view dict in, action notation out.

``BOARDS`` maps a game id to its board class (a :class:`ui.boards.base.Board`); a game
without an entry here is not yet playable on the site. Its table options need no form of
their own: the new-table form is built from the options the game's rules declare
(``ui/pages/table_options.py``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ui.boards.base import Board
from ui.boards.camping.board import CampingBoard
from ui.boards.camping.spectator import spectator_board as camping_spectator
from ui.boards.caravan.board import CaravanBoard
from ui.boards.caravan.spectator import spectator_board as caravan_spectator
from ui.boards.feurio.board import FeurioBoard
from ui.boards.feurio.spectator import spectator_board as feurio_spectator
from ui.boards.offseason.board import OffSeasonBoard
from ui.boards.offseason.spectator import spectator_board as offseason_spectator
from ui.boards.pueblo.board import PuebloBoard
from ui.boards.pueblo.spectator import spectator_board as pueblo_spectator
from ui.i18n import Translator

SpectatorMarkup = Callable[[Translator, list[str], dict[str, Any]], tuple[str, str]]
"""``draw(t, names, view(None))``: what a screen reader is told of the position, and the
whole board as a spectator sees it, as one HTML string (see ``ui/pages/spectators.py``)."""


@dataclass(frozen=True)
class BoardSpec:
    """A game's board class, whether seats hold secrets from each other
    (then a hot-seat table hides the board between turns), and, where the game has one,
    its spectators' board as one shared HTML string."""

    board: type[Board]
    private: bool = True
    spectator: SpectatorMarkup | None = None


BOARDS: dict[str, BoardSpec] = {
    "caravan": BoardSpec(board=CaravanBoard, spectator=caravan_spectator),
    "camping": BoardSpec(board=CampingBoard, private=False, spectator=camping_spectator),
    "feurio": BoardSpec(board=FeurioBoard, private=False, spectator=feurio_spectator),
    "pueblo": BoardSpec(board=PuebloBoard, private=False, spectator=pueblo_spectator),
    "offseason": BoardSpec(board=OffSeasonBoard, spectator=offseason_spectator),
}
