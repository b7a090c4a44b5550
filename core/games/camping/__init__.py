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
from core.options import Choice, IntRange


class CampingRules(Rules):
    id = "camping"
    title = "Deluxe Camping"
    min_players = 2
    max_players = 4
    version = 1

    options = (
        IntRange(
            id="size",
            label="camping.option.size",
            words="camping.option.size_n",
            low=min(SIZES),
            high=max(SIZES),
            default=lambda players: {2: 8, 3: 9}.get(players, 10),
            message="The board is 8, 9 or 10 squares a side.",
        ),
        IntRange(
            id="caravans",
            label="camping.option.caravans",
            low=2,
            high=6,
            default=lambda players: 4 if players == 2 else 3,
            message="Each player has 2 to 6 caravans.",
        ),
        Choice(
            id="neutral_setup",
            label="camping.option.neutral",
            values={
                "random": "camping.option.neutral_random",
                "players": "camping.option.neutral_players",
            },
            default="random",
            message="The pool and tokens are placed at random or by the players.",
        ),
    )

    def turns_per_seat(self, players: int, options: dict[str, Any]) -> int:
        return 18 - players  # 16 at 2 players, 14 at 4

    def new_game(
        self, players: int, seed: int, options: dict[str, Any] | None = None
    ) -> CampingState:
        return CampingState(players, seed, self.validate_options(players, options))
