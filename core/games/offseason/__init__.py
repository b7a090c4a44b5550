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
from core.options import Choice, Flag


class OffSeasonRules(Rules):
    id = "offseason"
    title = "Camel Up Off Season"
    min_players = 2  # two players play the two-player variant (decision D1)
    max_players = 5
    version = 1
    notation = OffSeasonNotation()

    options = (
        Flag(
            id="two_player_variant",
            label="options.offseason.two_players",
            help="offseason.option.two_players",
            default=lambda players: players == 2,
            message="The option two_player_variant is either on (true) or off (false).",
            locked=(
                "Two players always play the two-player variant (an 80-card Tower); "
                "three to five players never do."
            ),
        ),
        Flag(
            id="open_coins",
            label="offseason.option.open_coins",
            help="offseason.option.open_coins_help",
            message="The option open_coins is either on (true) or off (false).",
        ),
        Choice(
            id="fruit_rule",
            label="offseason.option.fruit",
            values={rule: f"offseason.option.fruit_{rule}" for rule in FRUIT_RULES},
            default=LOWEST_ONLY,
            message=(
                "The fruit rule is 'lowest_only' (only the cheapest fruit on a camel sells) "
                "or 'lowest_price' (any fruit sells, paid at the lowest value in the lot)."
            ),
        ),
        Choice(
            id="tiles",
            label="offseason.option.tiles",
            values={
                "random": "offseason.option.tiles_random",
                "fixed": "offseason.option.tiles_fixed",
            },
            default="random",
            message=(
                "Market tiles are 'random' (drawn from the six) or 'fixed' (tiles 1 to "
                "players + 1)."
            ),
        ),
    )

    def turns_per_seat(self, players: int, options: dict[str, Any]) -> int:
        return 43 - 2 * players  # 39 at 2 players, 33 at 5

    def new_game(
        self, players: int, seed: int, options: dict[str, Any] | None = None
    ) -> OffSeasonState:
        return OffSeasonState(players, seed, self.validate_options(players, options))
