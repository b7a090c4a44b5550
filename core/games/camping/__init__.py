"""Deluxe Camping, Vincent Everaert's fence-and-territory game for 2 to 4 players.

Rules help and notation: ``docs/games/camping.md``. Table options: the board
size (8, 9 or 10; by default 8 for 2 players, 9 for 3, 10 for 4), caravans per
player (2-6; by default 4 with 2 players, 3 with 3 or 4) and who places the pool
and the three mystery tokens (``random``, the default, or ``players``).
"""

from __future__ import annotations

from typing import Any

from core.engine import Rules
from core.games.camping.grid import SIZES
from core.games.camping.state import CampingState


class CampingRules(Rules):
    id = "camping"
    title = "Deluxe Camping"
    min_players = 2
    max_players = 4
    version = 1

    def default_options(self, players: int) -> dict[str, Any]:
        return {
            "size": {2: 8, 3: 9}.get(players, 10),
            "caravans": 4 if players == 2 else 3,
            "neutral_setup": "random",
        }

    def validate_options(self, players: int, options: dict[str, Any] | None) -> dict[str, Any]:
        merged = super().validate_options(players, options)
        size, caravans = merged["size"], merged["caravans"]
        if isinstance(size, bool) or not isinstance(size, int) or size not in SIZES:
            raise ValueError("The board is 8, 9 or 10 squares a side.")
        if isinstance(caravans, bool) or not isinstance(caravans, int) or not 2 <= caravans <= 6:
            raise ValueError("Each player has 2 to 6 caravans.")
        if merged["neutral_setup"] not in ("random", "players"):
            raise ValueError("The pool and tokens are placed at random or by the players.")
        return merged

    def new_game(
        self, players: int, seed: int, options: dict[str, Any] | None = None
    ) -> CampingState:
        return CampingState(players, seed, self.validate_options(players, options))
