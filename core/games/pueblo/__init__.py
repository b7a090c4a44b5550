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


class PuebloRules(Rules):
    id = "pueblo"
    title = "Pueblo"
    min_players = 2
    max_players = 4
    version = 1

    def default_options(self, players: int) -> dict[str, Any]:
        return {
            "chief_start": "NW",
            "first_player": "random",
            "sacred_sites": 0,
            "auction": False,
            "demolition": False,
        }

    def validate_options(self, players: int, options: dict[str, Any] | None) -> dict[str, Any]:
        merged = super().validate_options(players, options)
        if merged["chief_start"] not in CORNERS:
            raise ValueError("The chief starts on a corner: NW, NE, SE or SW.")
        first = merged["first_player"]
        if first != "random" and (
            isinstance(first, bool) or not isinstance(first, int) or not 0 <= first < players
        ):
            raise ValueError(f"The first player is 'random' or a seat from 0 to {players - 1}.")
        sites = merged["sacred_sites"]
        if isinstance(sites, bool) or not isinstance(sites, int) or not 0 <= sites <= 4:
            raise ValueError("There are 0 to 4 sacred sites.")
        for name in ("auction", "demolition"):
            if not isinstance(merged[name], bool):
                raise ValueError(f"The {name} option is either on (true) or off (false).")
        return merged

    def new_game(
        self, players: int, seed: int, options: dict[str, Any] | None = None
    ) -> PuebloState:
        return PuebloState(players, seed, self.validate_options(players, options))
