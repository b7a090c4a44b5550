"""Caravan, P.D. Magnus's climbing card game for two, played with the basic Decktet.

Rules help: ``docs/games/caravan.md`` (in-app: the rules page of the game).
Where the published rules leave gaps this package follows the project's
decisions D1-D13, listed in ``docs/games/caravan.md``; table options are the number
of hands (1-9, default 5) and the ranks wilds may stand for (``2-9`` or ``1-10``).
"""

from __future__ import annotations

from typing import Any

from core.engine import Rules
from core.games.caravan.notation import CaravanNotation
from core.games.caravan.state import CaravanState


class CaravanRules(Rules):
    id = "caravan"
    title = "Caravan"
    min_players = 2
    max_players = 2
    version = 1
    notation = CaravanNotation()

    def default_options(self, players: int) -> dict[str, Any]:
        return {"hands": 5, "wild_ranks": "2-9"}

    def validate_options(self, players: int, options: dict[str, Any] | None) -> dict[str, Any]:
        merged = super().validate_options(players, options)
        hands = merged["hands"]
        if isinstance(hands, bool) or not isinstance(hands, int) or not 1 <= hands <= 9:
            raise ValueError("A match lasts 1 to 9 hands.")
        if merged["wild_ranks"] not in ("2-9", "1-10"):
            raise ValueError("Wild cards stand for ranks 2-9 or 1-10.")
        return merged

    def new_game(
        self, players: int, seed: int, options: dict[str, Any] | None = None
    ) -> CaravanState:
        return CaravanState(players, seed, self.validate_options(players, options))
