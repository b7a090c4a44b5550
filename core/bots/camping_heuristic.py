"""A Deluxe Camping bot that plays by rules of thumb (rules help: ``docs/games/camping.md``).

It reads only ``state.view(seat)`` and ``state.legal_actions(seat)``. The view is
copied into a small board model of the bot's own (:mod:`core.bots.camping_board`,
which says how a position is scored from the bot's seat), on which legal actions
are tried out; this module chooses among them.

**Movement.** A first step is scored by the best position it leads to: every
second step (or stopping) is tried after it, with the automatic fences (D5) put
up. Only pieces in contested regions are tried, since moves inside an owned region
change nothing. The ``LOOKAHEAD`` most promising movements are then followed by
this bot's best free fence, and the choice is made among those.
**Fence.** Every legal free fence is tried.
**Set-up.** Bungalow and caravan squares are scored the same way on the set-up
board (the automatic fences of the reveal included), which spreads the caravans
out and draws them to the pool; small pulls to the pool and the centre and a push
away from other players' campers mostly break ties (the first bungalow has nobody
to share the board with). The hidden tokens are worth nothing either way: two ice
creams and one pest average out to 0 (``2/3 * 5 - 1/3 * 10``). The pool, when the
players place it, goes near the centre, and a token far from the pool.

Ties are broken with ``rng``. Weights were checked by self-play (``bench/README.md``).
"""

from __future__ import annotations

import random

from core.bots.camping_board import BUNGALOW, CARAVAN, EMPTY, Board, edge_ids
from core.engine import State

POOL_PULL = 0.1  # set-up: per square of distance from the pool
CENTRE_PULL = 0.1  # set-up: per square of distance from the centre
CROWDING = 0.3  # set-up: per other player's camper within two squares
TIE = 1e-9
LOOKAHEAD = 4  # movements followed by their best free fence
UNEXPLORED = 1000.0  # movements not followed up rank below those that were


def choose(state: State, seat: int, rng: random.Random) -> str:
    """The legal action of ``seat`` with the best score; ties are broken with ``rng``."""
    actions = state.legal_actions(seat)
    if len(actions) == 1:
        return actions[0]
    view = state.view(seat)
    board = Turn(view, seat)
    phase = view["phase"]
    if phase == "move":
        scores = board.move_scores(actions, view["steps_left"])
    elif phase == "fence":
        scores = board.fence_scores(actions)
    elif phase in ("bungalow", "caravan"):
        scores = board.placement_scores(actions)
    elif phase == "pool":
        scores = [-board.centre_distance(board.squares_of(a)) for a in actions]
    elif phase == "token":
        scores = [board.token_score(board.squares_of(a)[0]) for a in actions]
    else:
        return rng.choice(actions)
    best = max(scores)
    return rng.choice([a for a, s in zip(actions, scores, strict=True) if s >= best - TIE])


class Turn(Board):
    """The board with the choices of one turn tried out on it and scored."""

    def move_scores(self, actions: list[str], steps_left: int) -> list[float]:
        """Each step scored by the best position it leads to this turn: every second
        step (or stopping) is tried after it, then the best free fence after the
        ``LOOKAHEAD`` most promising movements."""
        regions, values, totals, region_of = self.base()
        contested = [self.contested(members) for members in regions]
        Key = tuple[tuple[int, ...], int | None]
        static: dict[Key, float] = {}  # the position after the movement, without a fence
        paths: dict[Key, list[tuple[int, int]]] = {}
        reached: list[set[Key]] = []

        def visit(path: list[tuple[int, int]], touched: set[int], into: set[Key]) -> None:
            key = (tuple(sorted(s for s in self.mine if contested[region_of[s]])), self.pest)
            into.add(key)
            if key in static:
                return
            paths[key] = list(path)
            added = self.auto_fences(self.mine)
            out = list(totals)
            for r in touched:
                for p in range(self.players):
                    out[p] -= values[r][p]
            area = [s for r in touched for s in regions[r]]
            for members in self.regions_in(area):
                self.add_value(members, out)
            self.remove_fences(added)
            static[key] = self.margin(out)

        def steps() -> list[tuple[int, int]]:
            pieces = self.mine + ([self.pest] if self.pest is not None else [])
            return [
                (a, b)
                for a in pieces
                if contested[region_of[a]]
                for b, edge in self.nb[a]
                if not self.fences[edge] and self.kind[b] == EMPTY
            ]

        for action in actions:
            into: set[Key] = set()
            reached.append(into)
            if action == "stop":
                visit([], set(), into)
                continue
            a, b = self.step_of(action)
            self.move(a, b)
            touched = {region_of[a]}
            visit([(a, b)], touched, into)
            if steps_left > 1:
                for c, d in steps():
                    self.move(c, d)
                    visit([(a, b), (c, d)], touched | {region_of[c]}, into)
                    self.move(d, c)
            self.move(b, a)
        if LOOKAHEAD <= 0:
            return [max(static[k] for k in into) for into in reached]
        best = sorted(static, key=lambda k: (-static[k], k))[:LOOKAHEAD]
        complete = {key: self.turn_value(paths[key]) for key in best}
        return [max(complete.get(k, static[k] - UNEXPLORED) for k in into) for into in reached]

    def turn_value(self, path: list[tuple[int, int]]) -> float:
        """The score after the steps of ``path``, the automatic fences and the best free fence."""
        for a, b in path:
            self.move(a, b)
        added = self.auto_fences(self.mine)
        regions, values, totals, _ = self.base()
        best = None
        for index, members in enumerate(regions):
            if not self.contested(members):
                continue
            for edge, split in self.cuts(members).items():
                if edge in self.joined or (split is not None and 0 in split):
                    continue
                value = self.fence_value(edge, split, members, values[index], totals)
                if best is None or value > best:
                    best = value
        if best is None:
            best = self.margin(totals)
        self.remove_fences(added)
        for a, b in reversed(path):
            self.move(b, a)
        return best

    def fence_scores(self, actions: list[str]) -> list[float]:
        regions, values, totals, region_of = self.base()
        edges = edge_ids(self.n)
        cuts: dict[int, dict[int, tuple[int, int] | None]] = {}
        scores = []
        for action in actions:
            edge = edges[action]
            r = region_of[self.g.ends[edge][0]]
            if r not in cuts:
                cuts[r] = self.cuts(regions[r])
            scores.append(self.fence_value(edge, cuts[r][edge], regions[r], values[r], totals))
        return scores

    def placement_scores(self, actions: list[str]) -> list[float]:
        """Bungalow or caravan squares: the position with the piece placed, plus
        a pull to the pool and the centre and a push away from other players."""
        scores = []
        others = [s for s in self.campers if self.who[s] != self.seat]
        piece = CARAVAN if actions[0].startswith("caravan") else BUNGALOW
        for action in actions:
            squares = self.squares_of(action)
            for s in squares:
                self.kind[s], self.who[s] = piece, self.seat
            self.campers.extend(squares)
            added = self.auto_fences(squares)
            value = self.margin(self.totals())
            self.remove_fences(added)
            del self.campers[-len(squares) :]
            for s in squares:
                self.kind[s], self.who[s] = EMPTY, -1
            value -= POOL_PULL * self.distance(squares, self.pool)
            value -= CENTRE_PULL * self.centre_distance(squares)
            value -= CROWDING * sum(1 for s in squares for o in others if self.manhattan(s, o) <= 2)
            scores.append(value)
        return scores

    def token_score(self, square: int) -> float:
        """A mystery token is best far from the pool and the centre: a pest there
        spoils less, an ice cream there is worth as much."""
        return self.distance([square], self.pool) + self.centre_distance([square])
