"""Pueblo, Michael Kiesling and Wolfgang Kramer's stacking game for 2 to 4 players.

Rules help and notation: ``docs/games/pueblo.md``. Scores are penalty points:
**lower is better** (the view says so with ``"lower_is_better": true``).

Table options (all off or at the basic game's value by default):

- ``chief_start``: the corner the chief starts on, ``"NW"`` (default), ``"NE"``,
  ``"SE"`` or ``"SW"``;
- ``first_player``: ``"random"`` (default, drawn from the seed) or a seat number;
- ``sacred_sites``: 0 (default) or 1-4 sacred sites placed by the players before
  the first stone (advanced rules);
- ``auction``: the turn-order auction in penalty points at the start and before
  the last two pairs (advanced rules), off by default;
- ``demolition``: the demolition variant after the final lap, off by default.
"""

from __future__ import annotations

from typing import Any

from core.engine import Rules
from core.games.pueblo.geometry import CORNERS
from core.games.pueblo.state import PuebloState
from core.options import Choice, Flag, IntRange, SeatOrRandom


class PuebloRules(Rules):
    id = "pueblo"
    title = "Pueblo"
    min_players = 2
    max_players = 4
    version = 1

    options = (
        Choice(
            id="chief_start",
            label="pueblo.option.chief_start",
            values={corner: f"pueblo.corner.{corner}" for corner in CORNERS},
            default="NW",
            message="The chief starts on a corner: NW, NE, SE or SW.",
            summary="phrase",
        ),
        SeatOrRandom(
            id="first_player",
            label="pueblo.option.first_player",
            form=False,
            message="The first player is 'random' or a seat from 0 to {last_seat}.",
        ),
        IntRange(
            id="sacred_sites",
            label="pueblo.option.sacred",
            words="pueblo.option.sacred_n",
            low=0,
            high=4,
            default=0,
            message="There are 0 to 4 sacred sites.",
            summary="count",
        ),
        Flag(
            id="auction",
            label="pueblo.option.auction",
            message="The auction option is either on (true) or off (false).",
        ),
        Flag(
            id="demolition",
            label="pueblo.option.demolition",
            message="The demolition option is either on (true) or off (false).",
        ),
    )

    def turns_per_seat(self, players: int, options: dict[str, Any]) -> int:
        return 21 - 3 * players  # 15 at 2 players, 9 at 4

    def new_game(
        self, players: int, seed: int, options: dict[str, Any] | None = None
    ) -> PuebloState:
        return PuebloState(players, seed, self.validate_options(players, options))
