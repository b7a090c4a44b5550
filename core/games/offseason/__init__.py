"""Camel Up Off Season: auctions for first choice, market tiles, loading camels, selling goods.

Rules help and notation: ``docs/games/offseason.md``. The component data (goods
cards, card backs, market tiles, prices) is this project's own design, since the
published data is not public (decision D2 of the specification).

Table options:

``two_player_variant``
    The unofficial two-player game (an 80-card Tower, the other cards left out
    unseen). It is on exactly when two play: 2 players always use it, 3-5 never.
``open_coins``
    Off by default: coins stay in the tent, so a view shows only your own count
    until the game is over. On: everybody's coins are shown throughout.
``fruit_rule``
    ``"lowest_only"`` (default): a fruit lot holds only the lowest value on its
    camel. ``"lowest_price"``: any fruit may be sold, every card paid at the
    lowest value in the lot.
``tiles``
    ``"random"`` (default): players + 1 of the six market tiles drawn at random.
    ``"fixed"``: tiles 1 to players + 1 (for tests and teaching).
"""

from __future__ import annotations

from typing import Any

from core.engine import Rules
from core.games.offseason.cards import FRUIT_RULES, LOWEST_ONLY
from core.games.offseason.notation import OffSeasonNotation
from core.games.offseason.state import OffSeasonState


class OffSeasonRules(Rules):
    id = "offseason"
    title = "Camel Up Off Season"
    min_players = 2  # two players play the two-player variant (decision D1)
    max_players = 5
    version = 1
    notation = OffSeasonNotation()

    def default_options(self, players: int) -> dict[str, Any]:
        return {
            "two_player_variant": players == 2,
            "open_coins": False,
            "fruit_rule": LOWEST_ONLY,
            "tiles": "random",
        }

    def validate_options(self, players: int, options: dict[str, Any] | None) -> dict[str, Any]:
        merged = super().validate_options(players, options)
        for name in ("two_player_variant", "open_coins"):
            if not isinstance(merged[name], bool):
                raise ValueError(f"The option {name} is either on (true) or off (false).")
        if merged["two_player_variant"] != (players == 2):
            raise ValueError(
                "Two players always play the two-player variant (an 80-card Tower); "
                "three to five players never do."
            )
        if merged["fruit_rule"] not in FRUIT_RULES:
            raise ValueError(
                "The fruit rule is 'lowest_only' (only the cheapest fruit on a camel sells) "
                "or 'lowest_price' (any fruit sells, paid at the lowest value in the lot)."
            )
        if merged["tiles"] not in ("random", "fixed"):
            raise ValueError(
                "Market tiles are 'random' (drawn from the six) or 'fixed' (tiles 1 to "
                "players + 1)."
            )
        return merged

    def new_game(
        self, players: int, seed: int, options: dict[str, Any] | None = None
    ) -> OffSeasonState:
        return OffSeasonState(players, seed, self.validate_options(players, options))
