"""A game of Feurio!: the hidden stack, the hottest cell, firemen, zones and the end.

Rules help and notation: ``docs/games/feurio.md``. Decisions D1-D10 of the
project's specification are cited where they apply.

Colours are numbered 0-3 (written A-D in diagrams). With four players colour
``c`` is seat ``c``; with two, seat 0 plays colours 0 and 2 and seat 1 plays 1
and 3, so the turn order over the colours alternates the players (D2); with
three, colours 0-2 take turns and colour 3 is the neutral colour, four men of
which each player holds.

The board is :class:`~core.games.feurio.forest.Forest`'s, which keeps what the rules
read off it (rooms, heat, the hottest cells, points) up to date; the legal lays of a
turn are listed once, when the tile is drawn.
"""

from __future__ import annotations

import random
from typing import Any

from core.engine import IllegalAction, State
from core.games.feurio.forest import Forest
from core.games.feurio.hexes import (
    COLOURS,
    DIAMOND,
    FIREBREAK,
    MEN_PER_COLOUR,
    MEN_PER_TURN,
    NEUTRAL,
    NEUTRAL_PER_PLAYER,
    SPACES,
    TILES_PER_VALUE,
    TRIANGLE,
    VALUES,
    Cell,
    name,
)
from core.games.feurio.notation import (
    BREAK_WORD,
    DONE,
    LAY,
    LAY_WORD,
    MAN_WORD,
    MEN,
    NEUTRAL_WORD,
    OVER,
    PASS,
    actions_on,
    parse,
)
from core.games.feurio.view import copy_turn, feurio_view

MOVERS = [frozenset((seat,)) for seat in range(4)]  # to_move(), by seat
NOBODY: frozenset[int] = frozenset()


class FeurioState(Forest, State):
    """The whole position. Only the order of ``stack`` is hidden (D10)."""

    game = "feurio"

    def __init__(self, players: int, seed: int, options: dict[str, Any]) -> None:
        self.players = players
        self.options = dict(options)
        rng = random.Random(seed)
        tiles = [value for value in VALUES for _ in range(TILES_PER_VALUE)]
        rng.shuffle(tiles)
        self.stack = tiles  # face down; the next tile drawn is the last one
        self.colours = 3 if players == 3 else 4  # colours taking turns (D2)
        self.owner = tuple(c % players for c in range(self.colours))
        self.hand = [MEN_PER_COLOUR] * COLOURS
        self.neutral = [NEUTRAL_PER_PLAYER if players == 3 else 0 for _ in range(players)]
        if players == 3:
            self.hand[NEUTRAL] = 0  # the neutral men are in the players' hands
        self._clear()  # the board (forest.py), tile by tile in the order laid
        for spot in TRIANGLE if self.colours == 3 else DIAMOND:  # D3
            self._put(spot, self.stack.pop())
        self.first = rng.randrange(self.colours)
        self.colour = self.first
        self.phase = LAY
        self.turn = 0
        self.drawn: int | None = None
        self.target: int | None = None  # the tile this turn's men go on
        self.lays: tuple[str, ...] = ()  # the legal actions of a turn's step 1
        self.placed = 0  # men placed this turn in step 2
        self.passes = 0  # consecutive passes since the stack ran out (D6)
        self.this_turn: dict[str, Any] = {}
        self.last_turn: dict[str, Any] | None = None
        # The steps the last action led to, in order: that action, then every step the
        # engine played by itself after it (before the first action: the start's own).
        self.steps: list[dict[str, Any]] = []
        self._proceed(self.first)

    # ------------------------------------------------------------------ turns

    def available(self, colour: int) -> int:
        """Men the colour's player may place in its turn: its own, plus neutral ones."""
        return self.hand[colour] + (self.neutral[self.owner[colour]] if self.players == 3 else 0)

    def _can_place(self, colour: int) -> bool:
        return self.available(colour) > 0 and any(self.rooms)

    def _lay_actions(self) -> list[str]:
        actions = actions_on(LAY_WORD, self._hottest_cells())
        if self.options["firebreak"] and self.hand[self.colour] > 0:
            actions += actions_on(BREAK_WORD, self._heat)
        actions.sort()
        return actions

    def _open_turn(self, colour: int) -> None:
        self.turn += 1
        self.colour = colour
        self.drawn, self.target, self.placed = None, None, 0
        self.this_turn = {
            "turn": self.turn,
            "colour": colour,
            "seat": self.owner[colour],
            "drawn": None,
            "laid": None,
            "firebreak": False,
            "on": None,
            "men": [0] * COLOURS,
            "passed": False,
            "actions": [],
            "auto": [],
        }

    def _proceed(self, colour: int | None) -> None:
        """Start ``colour``'s turn (None: go on to step 2 of the current one) and
        play every forced step: a tile with one legal cell is laid at once (D4), a
        colour with no legal placement passes (D6). Stops where a choice is left."""
        while True:
            if colour is not None:
                self._open_turn(colour)
                if self.stack:
                    self.drawn = self.stack.pop()
                    self.this_turn["drawn"] = self.drawn
                    self.phase = LAY
                    lays = self._lay_actions()
                    if len(lays) > 1:
                        self.lays = tuple(lays)
                        return
                    word, spot = parse(lays[0])
                    self._automatic(lays[0], word)
                    self._lay(word, spot)
            self.phase = MEN
            if self._can_place(self.colour):
                return
            self._automatic(PASS, PASS)
            if self._close_turn(passed=True):
                return
            colour = self._next_colour()

    def _chosen(self, action: str, word: str) -> None:
        """Note the action the player chose (``word`` its first word); the steps of the
        previous action are done."""
        self.steps = []
        self.this_turn["actions"].append(action)
        self._note_step(action, word, auto=False)

    def _automatic(self, action: str, word: str) -> None:
        """Note a step the engine plays by itself: the only cell a tile may go on (D4),
        a pass with no legal placement (D6), the end of a turn with no man left to place."""
        self.this_turn["auto"].append(action)
        self._note_step(action, word, auto=True)

    def _note_step(self, action: str, word: str, *, auto: bool) -> None:
        colour = self.colour
        step = {"colour": colour, "seat": self.owner[colour], "action": action, "auto": auto}
        if word == LAY_WORD:
            step["value"] = self.drawn
        self.steps.append(step)

    def _next_colour(self) -> int:
        return (self.colour + 1) % self.colours

    def _lay(self, word: str, spot: Cell | None) -> None:
        assert spot is not None and self.drawn is not None
        if word == BREAK_WORD:  # D9: face down, with one of the player's men on it
            self._add_man(self._put(spot, FIREBREAK), self.colour)
            self.hand[self.colour] -= 1
            self.this_turn["firebreak"] = True
        else:
            self._put(spot, self.drawn)
        self.this_turn["laid"] = name(spot)
        self.drawn = None

    def _close_turn(self, passed: bool) -> bool:
        """Record the turn and apply D6; True when the game is over."""
        if passed:
            self.passes += 0 if self.stack else 1
        else:
            self.passes = 0
        self.this_turn["passed"] = passed
        self.last_turn = self.this_turn
        self.this_turn = {}
        if not self.stack and (
            self.passes >= self.colours
            or not any(self.rooms)
            or not any(self.available(c) for c in range(self.colours))
        ):
            self.phase = OVER
            self.target, self.placed = None, 0
            return True
        return False

    # ------------------------------------------------------------------ protocol

    def to_move(self) -> frozenset[int]:
        return NOBODY if self.phase == OVER else MOVERS[self.owner[self.colour]]

    def is_over(self) -> bool:
        return self.phase == OVER

    def legal_actions(self, seat: int) -> list[str]:
        if self.phase == OVER or seat != self.owner[self.colour]:
            return []
        if self.phase == LAY:
            return list(self.lays)
        cells, rooms, target = self.cells, self.rooms, self.target
        if target is None:
            spots = [cells[t] for t, room in enumerate(rooms) if room]
        else:
            spots = [cells[target]] if rooms[target] else []
        actions = [DONE if self.placed else PASS]
        if self.hand[self.colour]:
            actions += actions_on(MAN_WORD, spots)
        if self.players == 3 and self.neutral[seat]:
            actions += actions_on(NEUTRAL_WORD, spots)
        actions.sort()
        return actions

    def _apply(self, seat: int, action: str) -> None:
        word, spot = parse(action)  # canonical: ``action`` is how the engine writes it
        if self.phase == LAY:
            self._apply_lay(action, word, spot)
        else:
            self._apply_men(seat, action, word, spot)

    def _apply_lay(self, action: str, word: str, spot: Cell | None) -> None:
        if word not in (LAY_WORD, BREAK_WORD) or spot is None:
            raise IllegalAction(
                f"First lay the tile you drew (a {self.drawn}) on a hottest cell.",
                key="feurio.lay_first",
                value=self.drawn,
            )
        where = name(spot)
        if spot in self.at:
            raise IllegalAction(
                f"There is already a tile on {where}.", key="feurio.occupied", cell=where
            )
        heat = self._heat
        if word == BREAK_WORD:
            if not self.options["firebreak"]:
                raise IllegalAction(
                    "Firebreaks are not played at this table.", key="feurio.no_firebreak"
                )
            if spot not in heat:
                raise IllegalAction(
                    "A firebreak must touch the forest.", key="feurio.firebreak_apart", cell=where
                )
            if not self.hand[self.colour]:
                raise IllegalAction(
                    "A firebreak costs one of your men, and you have none left.",
                    key="feurio.firebreak_no_man",
                )
        else:
            hottest = self._hottest_cells()
            if spot not in hottest:
                best = heat[hottest[0]]
                cells = ", ".join(name(c) for c in hottest)
                found = heat.get(spot, 0)
                raise IllegalAction(
                    f"The fire spreads to the hottest cell: the tile goes on {cells} "
                    f"(heat {best}), not on {where} (heat {found}).",
                    key="feurio.not_hottest",
                    cell=where,
                    heat=found,
                    best=best,
                    hottest=[name(c) for c in hottest],
                )
        self._chosen(action, word)
        self._lay(word, spot)
        self._proceed(None)

    def _apply_men(self, seat: int, action: str, word: str, spot: Cell | None) -> None:
        if word in (LAY_WORD, BREAK_WORD):
            raise IllegalAction(
                "You have already laid this turn's tile."
                if self.this_turn["laid"]
                else "The stack is empty: there is no tile to lay.",
                key="feurio.no_tile_to_lay",
            )
        if word == PASS or word == DONE:
            if word == PASS and self.placed:
                raise IllegalAction(
                    "You have placed men this turn: end it with 'done'.",
                    key="feurio.pass_after_men",
                )
            if word == DONE and not self.placed:
                raise IllegalAction(
                    "You have placed no man this turn: to place none, pass.",
                    key="feurio.done_without_men",
                )
            self._chosen(word, word)
            self._end_turn(passed=word == PASS)
            return
        assert spot is not None
        colour = self.colour
        if word == NEUTRAL_WORD:
            if self.players != 3:
                raise IllegalAction(
                    "Neutral men are only played in the three-player game.",
                    key="feurio.no_neutral",
                )
            if not self.neutral[seat]:
                raise IllegalAction("You have no neutral men left.", key="feurio.no_neutral_left")
            colour = NEUTRAL
        elif not self.hand[colour]:
            raise IllegalAction("You have no men of this colour left.", key="feurio.no_men_left")
        problem = self._why_not_man(spot)
        if problem is not None:
            raise problem
        tile = self.at[spot]
        self._add_man(tile, colour)
        if colour == NEUTRAL and self.players == 3:
            self.neutral[seat] -= 1
        else:
            self.hand[colour] -= 1
        self.target = tile
        self.placed += 1
        self.this_turn["on"] = name(spot)
        self.this_turn["men"][colour] += 1
        self._chosen(action, word)
        if self.placed >= MEN_PER_TURN or not self.rooms[tile] or not self.available(self.colour):
            self._automatic(DONE, DONE)
            self._end_turn(passed=False)

    def _why_not_man(self, spot: Cell) -> IllegalAction | None:
        """The rule one more man on ``spot`` would break (D5), or None."""
        tile = self.at.get(spot)
        if tile is not None and self.rooms[tile] and self.placed < MEN_PER_TURN:
            if self.target is None or tile == self.target:
                return None  # room left: fewer men than spaces and than free edges
        where = name(spot)
        if tile is None:
            return IllegalAction(f"There is no tile on {where}.", key="feurio.no_tile", cell=where)
        if self.target is not None and tile != self.target:
            chosen = name(self.cells[self.target])
            return IllegalAction(
                f"All your men this turn go on one tile: {chosen}.",
                key="feurio.one_tile",
                cell=where,
                chosen=chosen,
            )
        if self.placed >= MEN_PER_TURN:
            return IllegalAction(
                "You may place at most three men a turn.", key="feurio.three_a_turn"
            )
        free = self.free_edges(tile)
        if free == 0:
            return IllegalAction(
                "This tile is enclosed: no fireman can go on it.",
                key="feurio.enclosed",
                cell=where,
            )
        spaces = SPACES[self.values[tile]]
        if self.load[tile] >= spaces:
            return IllegalAction(
                f"Every space on this tile is taken ({spaces} in all).",
                key="feurio.no_space",
                cell=where,
                spaces=spaces,
            )
        if self.load[tile] >= free:
            return IllegalAction(
                f"Firemen come in from outside: this tile has {free} free "
                f"{'edge' if free == 1 else 'edges'}, so it holds at most {free} "
                f"{'man' if free == 1 else 'men'}.",
                key="feurio.free_edges",
                cell=where,
                free_edges=free,
            )
        return None

    def _end_turn(self, passed: bool) -> None:
        if not self._close_turn(passed):
            self._proceed(self._next_colour())

    # ------------------------------------------------------------------ results

    def scores(self) -> list[float]:
        """D2, D7: per seat, the zones of the colours that seat plays."""
        totals = [0.0] * self.players
        owner = self.owner
        for colour, points in enumerate(self.colour_points()):
            totals[owner[colour]] += points
        return totals

    def men_in_hand(self) -> list[int]:
        """Per seat, the men not yet placed: its colours' and its neutral ones."""
        held = list(self.neutral)
        for colour in range(self.colours):
            held[self.owner[colour]] += self.hand[colour]
        return held

    def ranking(self) -> list[int]:
        """D8: highest score first; on equal scores, more men in hand is better."""
        keys = list(zip(self.scores(), self.men_in_hand(), strict=True))
        return [1 + sum(other > mine for other in keys) for mine in keys]

    # ------------------------------------------------------------------ views

    def view(self, seat: int | None) -> dict[str, Any]:
        return feurio_view(self, seat)

    def clone(self) -> FeurioState:
        other = object.__new__(FeurioState)
        other.__dict__.update(self.__dict__)
        other.options = dict(self.options)
        other.stack = self.stack[:]
        other.hand = self.hand[:]
        other.neutral = self.neutral[:]
        other.cells = self.cells[:]
        other.at = self.at.copy()
        other.values = self.values[:]
        other.touching = self.touching[:]
        other.men = self.men[:]
        other.load = self.load[:]
        other.rooms = self.rooms[:]
        other.this_turn = copy_turn(self.this_turn)
        other.steps = self.steps[:]  # its steps are replaced, never changed
        # last_turn and the heat map are replaced, never mutated, and the tuples (owner,
        # lays, the hottest cells, the points) are immutable: shared.
        return other

    def reversible(self, seat: int, action: str) -> bool:
        """Laying the drawn tile (it was public once drawn) and placing a man may be taken
        back while the same turn goes on. ``pass`` and ``done`` end the turn, and so
        does a man after which the engine ends it (the third, or no room left), or a lay
        after which the colour cannot place any man: the next turn then draws a tile."""
        if self.phase == OVER or seat != self.owner[self.colour] or action in (PASS, DONE):
            return False
        after = self.after(seat, action)
        if after is None:
            return False
        return after.phase == MEN and after.turn == self.turn

    def determinize(self, seat: int, rng: random.Random) -> FeurioState:
        """D10: nobody knows the order of the face-down stack: shuffle it."""
        other = self.clone()
        other.stack.sort()  # from a fixed order, so the shuffle depends on rng alone
        rng.shuffle(other.stack)
        return other
