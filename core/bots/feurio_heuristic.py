"""A Feurio! bot that plays by rules of thumb (rules help: ``docs/games/feurio.md``).

It reads only ``state.view(seat)`` and ``state.legal_actions(seat)``: the view shows
the forest (values, free edges, men, room), the frontier with its heat and how many
tiles of each value are still face down -- never their order. The bot copies the
forest into a small model of its own and scores each legal action on it.

**Where the fire goes.** At the start of a decision the bot deals ``ROLLOUTS``
stacks of its own from the unseen counts (shuffled with ``rng``) and lets the fire
grow on each: every tile goes on a hottest cell (a tie at random), nobody lays a
firebreak. The same stacks are used for every candidate (common random numbers).
Each rollout tells, for every tile on the board now, whether it still has a free
edge when the stack is empty, and whether it still has room when this colour
plays next (after one round of draws).

**A zone's worth** is its expected final value over the rollouts:
``ceil(sum / lowest free-edged value)``, 0 in the rollouts where the zone ends
enclosed. So a big zone keeping a low tile on the edge is worth much, and one
whose only low tile is about to be enclosed little.

**A colour's worth** is the worth of its zones, plus what its men in hand may
still add: the ``POTENTIAL`` best single-man gains open to it (joining a tile
with room to its zones, or starting a zone), each weighed by the chance the tile
still has room at its next turn and less for a tile with little room (somebody
else may take it first), plus ``HAND`` per man in hand (falling to a tie-break
weight as the stack runs out). A seat is worth its colours (two with two
players); a position is the seat's worth minus the best other seat's.

**Men.** Every ``man``/``neutral`` action and ``pass``/``done`` is scored by the
position it leads to. A second man on a tile already holding one of the colour
adds nothing to its zones, so it is played only to keep others off the tile.
Neutral men (three players) only block; they cost ``NEUTRAL_HAND`` each.
**Laying.** Each hottest cell is tried with fresh rollouts from the forest it
makes, and scored by the best men placement that follows in the same turn.
**Firebreaks** (table option): the ``FIREBREAK_TRIES`` most promising cells, by
the zone values they change at once, are tried the same way.

Ties are broken with ``rng``; the rollouts use ``rng`` too, so the choice depends
on the view and the seed only, never on the order of the real stack.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from core.engine import State
from core.games.feurio.hexes import (
    DIAMOND,
    SIDES,
    SPACES,
    TILES_PER_VALUE,
    VALUES,
    Cell,
    cell,
    name,
    neighbours,
)

ROLLOUTS = 32  # fire rollouts per decision (zone worth is read off bit masks)
POTENTIAL = 3  # best single-man gains counted as a colour's potential
POTENTIAL_WEIGHT = 0.5
ROOM_TRUST = (0.0, 0.6, 0.85, 1.0)  # by room: a 1-room tile is easily taken by others
HAND = 0.6  # a man in hand while the whole stack is left
TIE = 0.01  # a man in hand once the stack is empty: the tie-break
NEUTRAL_HAND = 0.3  # a neutral man in hand while the whole stack is left
LEADER = 1.0  # 1: beat the best other seat; 0: every other seat alike
FIREBREAK_TRIES = 4
FULL_STACK = len(VALUES) * TILES_PER_VALUE - len(DIAMOND)  # face down at the start: 32
TIE_EPS = 1e-9


def choose(state: State, seat: int, rng: random.Random) -> str:
    """The legal action of ``seat`` with the best score; ties are broken with ``rng``."""
    actions = state.legal_actions(seat)
    if len(actions) == 1:
        return actions[0]
    view = state.view(seat)
    forest = Forest(view, seat, rng)
    if view["phase"] == "lay":
        scores = forest.lay_scores(actions)
    else:
        scores = forest.men_scores(actions)
    best = max(scores)
    return rng.choice([a for a, s in zip(actions, scores, strict=True) if s >= best - TIE_EPS])


def parse_cell(text: str) -> Cell:
    """The cell a legal action or the view names (``"2,-1"``)."""
    found = cell(text)
    assert found is not None, text
    return found


class Rollouts:
    """Where the fire goes from one forest: per tile, bit ``k`` of ``free[t]`` is set
    when tile ``t`` still has a free edge at the end of rollout ``k``; ``cap[t][n]``
    counts the rollouts where it can hold at least ``n`` men at the colour's next turn."""

    def __init__(
        self,
        cells: Sequence[Cell],
        values: Sequence[int],
        heat: dict[Cell, int],
        stacks: list[list[int]],
        ties: list[list[float]],
        horizon: int,
    ) -> None:
        self.free = [0] * len(cells)
        self.cap = [[0, 0, 0, 0] for _ in cells]
        nbs = [neighbours(c) for c in cells]
        spaces = [SPACES[v] for v in values]
        base = dict(zip(cells, values, strict=True))
        for k, (stack, tie) in enumerate(zip(stacks, ties, strict=True)):
            occupied = dict(base)
            hot = dict(heat)
            for step, value in enumerate(stack):
                if step == horizon:
                    self._snapshot(occupied, nbs, spaces)
                best = max(hot.values())
                spots = [c for c, h in hot.items() if h == best]
                spot = spots[int(tie[step] * len(spots))] if len(spots) > 1 else spots[0]
                del hot[spot]
                occupied[spot] = value
                for other in neighbours(spot):
                    if other not in occupied:
                        hot[other] = hot.get(other, 0) + value
            if len(stack) <= horizon:
                self._snapshot(occupied, nbs, spaces)
            bit = 1 << k
            for t, around in enumerate(nbs):
                if any(n not in occupied for n in around):
                    self.free[t] |= bit

    def _snapshot(
        self, occupied: dict[Cell, int], nbs: list[list[Cell]], spaces: list[int]
    ) -> None:
        for t, around in enumerate(nbs):
            free = sum(1 for n in around if n not in occupied)
            counts = self.cap[t]
            for n in range(1, min(3, spaces[t], free) + 1):
                counts[n] += 1


class Forest:
    """The position as one seat sees it, and what it is worth to each seat."""

    def __init__(self, view: dict[str, Any], seat: int, rng: random.Random) -> None:
        self.seat = seat
        self.players = view["players"]
        self.colours = 3 if self.players == 3 else 4  # colours taking turns
        self.owner = [c % self.players for c in range(self.colours)]
        self.colour = view["current_colour"]
        self.hand: list[int] = [view["colours"][c]["in_hand"] for c in range(4)]
        self.neutral = list(view["neutral_in_hand"])
        tiles = view["tiles"]
        self.cells: list[Cell] = [(t["q"], t["r"]) for t in tiles]
        self.values: list[int] = [t["value"] for t in tiles]
        self.men: list[list[int]] = [list(t["men"]) for t in tiles]
        self.load = [sum(m) for m in self.men]
        self.free_now = [t["free_edges"] for t in tiles]
        self.heat = {parse_cell(f["cell"]): f["heat"] for f in view["frontier"]}
        self.drawn: int | None = view["drawn"]
        self.stack = view["stack"]
        self.hand_weight: float = HAND * self.stack / FULL_STACK + TIE
        self.neutral_weight = NEUTRAL_HAND * self.stack / FULL_STACK + TIE
        self.placing = parse_cell(view["placing"]["cell"]) if view["placing"] else None
        unseen = [v + 1 for v, n in enumerate(view["unseen"]) for _ in range(n)]
        self.rng = rng
        self.stacks: list[list[int]] = []
        self.ties: list[list[float]] = []
        for _ in range(ROLLOUTS):
            order = list(unseen)
            rng.shuffle(order)
            self.stacks.append(order)
            self.ties.append([rng.random() for _ in range(len(order) + 1)])
        self.full = (1 << ROLLOUTS) - 1
        self._index()

    def _index(self) -> None:
        self.at = {c: t for t, c in enumerate(self.cells)}
        self.nbs = [[self.at[n] for n in neighbours(c) if n in self.at] for c in self.cells]

    # ------------------------------------------------------------------ worth

    def worth(self, total: int, masks: list[int]) -> float:
        """The expected value of a zone: ``total`` divided by its lowest free-edged
        value, rounded up, over the rollouts (``masks[v]``: the rollouts where a tile
        of value ``v`` in the zone keeps a free edge)."""
        left = self.full
        acc = 0
        for v in VALUES:
            hit = masks[v] & left
            if hit:
                acc += hit.bit_count() * -(-total // v)
                left &= ~hit
                if not left:
                    break
        return acc / ROLLOUTS

    def zones(self, colour: int, free: list[int]) -> tuple[list[int], list[tuple[int, list[int]]]]:
        """The colour's zones: tile -> zone number (-1: none), and (total, masks) per zone."""
        men, values = self.men, self.values
        zone_of = [-1] * len(self.cells)
        found: list[tuple[int, list[int]]] = []
        for start in range(len(self.cells)):
            if zone_of[start] >= 0 or not men[start][colour] or not values[start]:
                continue
            number = len(found)
            zone_of[start] = number
            todo = [start]
            total = 0
            masks = [0] * 7
            while todo:
                t = todo.pop()
                total += values[t]
                masks[values[t]] |= free[t]
                for u in self.nbs[t]:
                    if zone_of[u] < 0 and men[u][colour] and values[u]:
                        zone_of[u] = number
                        todo.append(u)
            found.append((total, masks))
        return zone_of, found

    def colour_worth(self, colour: int, roll: Rollouts) -> float:
        free = roll.free
        zone_of, zones = self.zones(colour, free)
        value = sum(self.worth(total, masks) for total, masks in zones)
        if not self.hand[colour]:
            return value
        gains = []
        men, values, load = self.men, self.values, self.load
        for t, v in enumerate(values):
            if not v or men[t][colour]:
                continue
            room = min(SPACES[v], self.free_now[t]) - load[t]
            if room <= 0:
                continue
            reach = roll.cap[t][min(3, load[t] + 1)] / ROLLOUTS
            if not reach:
                continue
            joined = {zone_of[u] for u in self.nbs[t] if zone_of[u] >= 0}
            total = v
            masks = [0] * 7
            masks[v] = free[t]
            before = 0.0
            for z in joined:
                z_total, z_masks = zones[z]
                total += z_total
                masks = [a | b for a, b in zip(masks, z_masks, strict=True)]
                before += self.worth(z_total, z_masks)
            gain = self.worth(total, masks) - before
            if gain > 0:
                gains.append(gain * reach * ROOM_TRUST[min(3, room)])
        gains.sort(reverse=True)
        potential = POTENTIAL_WEIGHT * sum(gains[: min(POTENTIAL, self.hand[colour])])
        return value + potential + self.hand_weight * self.hand[colour]

    def margin(self, roll: Rollouts) -> float:
        totals = [0.0] * self.players
        for colour in range(self.colours):
            totals[self.owner[colour]] += self.colour_worth(colour, roll)
        if self.players == 3:
            for s in range(3):
                totals[s] += self.neutral_weight * self.neutral[s]
        others = [t for s, t in enumerate(totals) if s != self.seat]
        return totals[self.seat] - LEADER * max(others) - (1 - LEADER) * sum(others) / len(others)

    def rollouts(self) -> Rollouts:
        return Rollouts(self.cells, self.values, self.heat, self.stacks, self.ties, self.colours)

    # ------------------------------------------------------------------ men

    def _place(self, t: int, colour: int, letter: str) -> None:
        self.men[t][colour] += 1
        self.load[t] += 1
        if letter == "neutral":
            self.neutral[self.seat] -= 1
        else:
            self.hand[colour] -= 1

    def _unplace(self, t: int, colour: int, letter: str) -> None:
        self.men[t][colour] -= 1
        self.load[t] -= 1
        if letter == "neutral":
            self.neutral[self.seat] += 1
        else:
            self.hand[colour] += 1

    def men_scores(self, actions: list[str], roll: Rollouts | None = None) -> list[float]:
        roll = roll or self.rollouts()
        scores = []
        for action in actions:
            if action in ("pass", "done"):
                scores.append(self.margin(roll))
                continue
            word, where = action.split(" ")
            t = self.at[parse_cell(where)]
            colour = 3 if word == "neutral" else self.colour
            self._place(t, colour, word)
            scores.append(self.margin(roll))
            self._unplace(t, colour, word)
        return scores

    def best_men(self, roll: Rollouts) -> float:
        """The best first man of the turn (or none) on the forest as it stands."""
        actions = ["pass"]
        for t, v in enumerate(self.values):
            if v and min(SPACES[v], self.free_now[t]) > self.load[t]:
                if self.hand[self.colour]:
                    actions.append(f"man {name(self.cells[t])}")
                if self.players == 3 and self.neutral[self.seat]:
                    actions.append(f"neutral {name(self.cells[t])}")
        return max(self.men_scores(actions, roll))

    # ------------------------------------------------------------------ laying

    def _lay(self, spot: Cell, value: int) -> None:
        t = len(self.cells)
        self.cells.append(spot)
        self.values.append(value)
        self.men.append([0, 0, 0, 0])
        self.load.append(0)
        touching = 0
        for n in neighbours(spot):
            u = self.at.get(n)
            if u is not None:
                self.free_now[u] -= 1
                touching += 1
        self.free_now.append(SIDES - touching)
        self.at[spot] = t
        self._index()
        self._saved_heat = self.heat
        heat = dict(self.heat)
        del heat[spot]
        for n in neighbours(spot):
            if n not in self.at:
                heat[n] = heat.get(n, 0) + value
        self.heat = heat

    def _unlay(self, spot: Cell) -> None:
        self.cells.pop()
        self.values.pop()
        self.men.pop()
        self.load.pop()
        self.free_now.pop()
        del self.at[spot]
        for n in neighbours(spot):
            u = self.at.get(n)
            if u is not None:
                self.free_now[u] += 1
        self._index()
        self.heat = self._saved_heat

    def lay_scores(self, actions: list[str]) -> list[float]:
        assert self.drawn is not None
        breaks = [a for a in actions if a.startswith("break ")]
        tried = set(a for a in actions if a.startswith("lay "))
        if breaks:
            ranked = sorted(breaks, key=self._break_prefilter, reverse=True)
            tried.update(ranked[:FIREBREAK_TRIES])
        scores = []
        for action in actions:
            if action not in tried:
                scores.append(float("-inf"))
                continue
            word, where = action.split(" ")
            spot = parse_cell(where)
            if word == "break":
                self._lay(spot, 0)
                t = len(self.cells) - 1
                self._place(t, self.colour, "man")
                scores.append(self.best_men(self.rollouts()))
                self._unplace(t, self.colour, "man")
            else:
                self._lay(spot, self.drawn)
                scores.append(self.best_men(self.rollouts()))
            self._unlay(spot)
        return scores

    def _break_prefilter(self, action: str) -> float:
        """A firebreak's effect on the zones at once (free edges as they would be now)."""
        spot = parse_cell(action.split(" ")[1])
        self._lay(spot, 0)
        t = len(self.cells) - 1
        self._place(t, self.colour, "man")
        now = [self.full if f else 0 for f in self.free_now]
        totals = [0.0] * self.players
        for colour in range(self.colours):
            _, zones = self.zones(colour, now)
            totals[self.owner[colour]] += sum(self.worth(s, m) for s, m in zones)
        self._unplace(t, self.colour, "man")
        self._unlay(spot)
        others = [x for s, x in enumerate(totals) if s != self.seat]
        return totals[self.seat] - max(others)
