"""The phases of a game of Pueblo by name (``PuebloState.phase`` holds one), and the
two kinds of stone in words. A module of its own, so that the state and the modules it
calls (the view, the auction) all read them without importing each other."""

from __future__ import annotations

from core.games.pueblo.notation import COLOURED, NEUTRAL_STONE

SACRED, AUCTION, CARD = "sacred", "auction", "card"
PLACE, CHIEF, REMOVE, OVER = "place", "chief", "remove", "over"
KIND = {COLOURED: "coloured", NEUTRAL_STONE: "neutral"}  # a stone's letter, in words
