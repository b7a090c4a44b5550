"""Feurio!, Heinrich Glumpler's firefighting tile game for 2 to 4 players.

Rules help and notation: ``docs/games/feurio.md``. The one table option is the
firebreak variant (``firebreak``: off by default), in which a drawn tile may be
laid face down anywhere next to the forest at the cost of one of your men.
"""

from __future__ import annotations

from typing import Any

from core.engine import Rules
from core.games.feurio.state import FeurioState
from core.options import Flag


class FeurioRules(Rules):
    id = "feurio"
    title = "Feurio!"
    min_players = 2
    max_players = 4
    version = 1

    options = (
        Flag(
            id="firebreak",
            label="feurio.option.firebreak",
            help="feurio.option.firebreak_help",
            message="The firebreak variant is either on (true) or off (false).",
        ),
    )

    def turns_per_seat(self, players: int, options: dict[str, Any]) -> int:
        return 40 // players  # 20 at 2 players, 10 at 4

    def new_game(
        self, players: int, seed: int, options: dict[str, Any] | None = None
    ) -> FeurioState:
        return FeurioState(players, seed, self.validate_options(players, options))
