"""Feurio!, Heinrich Glumpler's firefighting tile game for 2 to 4 players.

Rules help and notation: ``docs/games/feurio.md``. The one table option is the
firebreak variant (``firebreak``: off by default), in which a drawn tile may be
laid face down anywhere next to the forest at the cost of one of your men.
"""

from __future__ import annotations

from typing import Any

from core.engine import Rules
from core.games.feurio.state import FeurioState


class FeurioRules(Rules):
    id = "feurio"
    title = "Feurio!"
    min_players = 2
    max_players = 4
    version = 1

    def default_options(self, players: int) -> dict[str, Any]:
        return {"firebreak": False}

    def validate_options(self, players: int, options: dict[str, Any] | None) -> dict[str, Any]:
        merged = super().validate_options(players, options)
        if not isinstance(merged["firebreak"], bool):
            raise ValueError("The firebreak variant is either on (true) or off (false).")
        return merged

    def new_game(
        self, players: int, seed: int, options: dict[str, Any] | None = None
    ) -> FeurioState:
        return FeurioState(players, seed, self.validate_options(players, options))
