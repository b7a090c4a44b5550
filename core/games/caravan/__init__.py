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
from core.options import Choice, IntRange


class CaravanRules(Rules):
    id = "caravan"
    title = "Caravan"
    min_players = 2
    max_players = 2
    version = 1
    notation = CaravanNotation()

    options = (
        IntRange(
            id="hands",
            label="caravan.option.hands",
            words="caravan.option.hands_n",
            low=1,
            high=9,
            default=5,
            message="A match lasts 1 to 9 hands.",
            summary="count",
        ),
        Choice(
            id="wild_ranks",
            label="caravan.option.wild_ranks",
            values={"2-9": "caravan.option.wild_2_9", "1-10": "caravan.option.wild_1_10"},
            default="2-9",
            message="Wild cards stand for ranks 2-9 or 1-10.",
            summary="phrase",
        ),
    )

    def turns_per_seat(self, players: int, options: dict[str, Any]) -> int:
        return 10 * int(options["hands"])  # about 10 turns a hand

    def new_game(
        self, players: int, seed: int, options: dict[str, Any] | None = None
    ) -> CaravanState:
        return CaravanState(players, seed, self.validate_options(players, options))
