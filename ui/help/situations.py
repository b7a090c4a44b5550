"""Key situations of each game, pictured on its rules page.

A situation is a position reached from a fixed seed and options by a short list of
actions; the rules page draws it with the game's own board, read-only, from one
seat's view. A marker line ``[[situation:<id>]]`` in ``ui/help/<game>.<lang>.md``
places the picture in the text; its caption is the message ``situation.<id>``.
Because the position is replayed through the engine, a change of the rules that
makes an action illegal fails ``tests/ui/test_rules_pictures.py`` instead of
showing a picture that no longer matches the game.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from core.engine import State
from core.games import GAMES

# A marker is a line of its own in the help markdown.
MARKER = re.compile(r"^\[\[situation:([a-z0-9-]+)\]\]\s*$", re.MULTILINE)


@dataclass(frozen=True)
class Situation:
    """A position to picture: ``actions`` are ``(seat, action)`` applied from the seed."""

    id: str
    game: str
    players: int
    seed: int
    actions: tuple[tuple[int, str], ...]
    seat: int | None  # whose view is drawn (None: a spectator's)
    options: dict[str, Any] = field(default_factory=dict)

    @property
    def caption_key(self) -> str:
        return f"situation.{self.id}"

    def position(self) -> State:
        """The position, replayed through the engine (``IllegalAction`` if it no longer is)."""
        state = GAMES[self.game].new_game(self.players, self.seed, dict(self.options) or None)
        for seat, action in self.actions:
            state.apply(seat, action)
        return state


_CARAVAN_RUNS = ((0, "3MV+4MS"), (1, "5ML+6MV"))
_CAMPING_SETUP = (
    (1, "bungalow g7-h7"),
    (0, "bungalow a1-b1"),
    (1, "caravan h1"),
    (0, "caravan a3"),
    (1, "caravan e5"),
    (0, "caravan d4"),
    (1, "e5-e4"),
    (1, "stop"),
)
_FEURIO_TURNS = (
    (1, "man 0,-1"),
    (1, "man 0,-1"),
    (1, "done"),
    (0, "man 1,-1"),
    (0, "done"),
    (1, "pass"),
    (0, "pass"),
    (1, "man 0,0"),
)
_PUEBLO_FIRST = ((0, "C0@b6"), (0, "chief 2"))
_OFFSEASON_BIDS = ((0, "bid 3"), (1, "bid 3"), (2, "bid 1"))
_OFFSEASON_ROUND = (
    *_OFFSEASON_BIDS,
    (2, "market 4"),
    (2, "load carpets 3"),
    (2, "load fruit 4"),
    (2, "load vases 5"),
    (0, "market 2"),
    (0, "token"),
    (0, "load fruit 3"),
    (0, "saddle 3"),
    (1, "market 1"),
    (1, "purse"),
    (1, "load dates 4"),
    (1, "load vases 3"),
    (2, "pass"),
)

SITUATIONS: dict[str, Situation] = {
    s.id: s
    for s in (
        # Caravan: a run answered by a higher run of the same length, then a bandit.
        Situation("caravan-answer", "caravan", 2, 1, _CARAVAN_RUNS, seat=0),
        Situation("caravan-bandit", "caravan", 2, 1, (*_CARAVAN_RUNS, (0, "1M")), seat=1),
        # Deluxe Camping: an automatic fence, then a free fence that closes a region.
        Situation("camping-auto-fence", "camping", 2, 1, _CAMPING_SETUP, 1, {"caravans": 2}),
        Situation(
            "camping-region",
            "camping",
            2,
            1,
            (
                *_CAMPING_SETUP,
                (1, "b1|c1"),
                (0, "stop"),
                (0, "b2|c2"),
                (1, "stop"),
                (1, "a2|a3"),
                (0, "stop"),
                (0, "b2|b3"),
            ),
            seat=0,
            options={"caravans": 2},
        ),
        # Feurio!: a zone scored (8 heat over a 2 at its edge), then a tie of hottest cells.
        Situation("feurio-zone", "feurio", 2, 1, _FEURIO_TURNS, seat=1),
        Situation("feurio-hottest", "feurio", 2, 1, _FEURIO_TURNS, seat=0),
        # Pueblo: the chief looks along a column, then down on a corner's quarter.
        Situation("pueblo-side", "pueblo", 2, 1, _PUEBLO_FIRST, seat=0),
        Situation(
            "pueblo-corner",
            "pueblo",
            2,
            1,
            (*_PUEBLO_FIRST, (1, "C0@f6"), (1, "chief 4"), (0, "N0@g5"), (0, "chief 3")),
            seat=0,
        ),
        # Camel Up Off Season: sealed bids revealed, then camels loaded and a sale to make.
        Situation("offseason-auction", "offseason", 3, 1, _OFFSEASON_BIDS, 0, {"tiles": "fixed"}),
        Situation("offseason-sale", "offseason", 3, 1, _OFFSEASON_ROUND, 0, {"tiles": "fixed"}),
    )
}


def markers(text: str) -> list[str]:
    """The situation ids named by the marker lines of a help text, in order."""
    return MARKER.findall(text)


def split(text: str) -> list[tuple[str, str]]:
    """A help text cut at its markers: ``("text", markdown)`` and ``("situation", id)`` parts."""
    parts: list[tuple[str, str]] = []
    start = 0
    for match in MARKER.finditer(text):
        if text[start : match.start()].strip():
            parts.append(("text", text[start : match.start()]))
        parts.append(("situation", match.group(1)))
        start = match.end()
    if text[start:].strip():
        parts.append(("text", text[start:]))
    return parts
