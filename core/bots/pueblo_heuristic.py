"""A Pueblo bot that plays by rules of thumb (rules help: ``docs/games/pueblo.md``).

Penalties: lower is better. The bot reads only ``state.view(seat)`` and
``state.legal_actions(seat)`` (Pueblo hides nothing, so no determinization is
needed). It copies the pueblo into a height map of its own -- per square, the
owner of each cube from the ground up -- and works out what the chief sees from
any path square exactly as the rules say (the view's ``preview`` agrees with it).

**Exposure.** A seat's exposure is what the chief would charge it on a whole lap
now: every path square's penalty for it. The final lap charges exactly that on
the finished pueblo, and every stop of the chief in between charges one square
of it; cubes only ever get covered, so exposure now is also an upper bound on
what a cube will cost. A position is scored from the bot's seat as the others'
exposure (the mean other seat's, mixed with the best placed one's by ``LEADER``)
minus its own, times ``1 + stops left / 36``.

**Placing.** Every legal placement is scored by the change in exposure it makes.
Only the rows, columns and quarters through its three squares change, and only
at the stone's levels: a table of which cube the chief sees at each level of each
line makes that a few look-ups per line (the tests check it against the plain recount
of the lines through the stone). So the bot's coloured stones go low, behind others and
under cover, its neutral stones cover its own coloured faces and not the
others'. The ``SHORTLIST`` best (and the two best of each kind) are then scored
more carefully: the chief move the bot will make right after (below), and the
best placement of the stone it must or may place next turn on the board as it
would be (``FOLLOW_UP`` of its worth), which rewards putting a coloured stone
where the next neutral can hide it. When the bot opens a pair it compares its
coloured and neutral halves that way. Above ``SAMPLE`` legal placements (not seen
in play: at most about 350) a random sample of that many is scored. The look ahead
is worked out from what the stone changes (:mod:`core.bots.pueblo_follow`: the same
scores, exactly, at two and three players; four players take the long way).

**The chief.** Each of the four squares is scored by the penalties the view's
``preview`` gives (others' minus its own, weighed as above), plus ``LOOK`` times
what the next player is likely to do from there: the square among his four that
is best for him by the same measure, scored for this bot.

**Options.** Sacred sites go on a random square, the bot bids nothing in the
turn-order auction (a free first bid of 0 aside) and takes the highest-numbered card
it can (playing late); in the demolition it removes the stone whose removal scores
best, as above (:mod:`core.bots.pueblo_demolition`).

Ties are broken with ``rng``. ``hard``'s rollouts play :func:`quick`: the same bot with
no placement followed up, at about a third of the cost of a placing decision.
"""

from __future__ import annotations

import random
from itertools import islice
from typing import Any

from core.bots.pueblo_demolition import remove_scores
from core.bots.pueblo_follow import Around, best_after, chief_after
from core.bots.pueblo_lines import (
    AFFECTED,
    BASE,
    CORNER_COLUMNS,
    FLAT_SIDE_CUBES,
    HIDDEN,
    LINES,
    SHAPE,
)
from core.engine import State
from core.games.pueblo.geometry import (
    BY_SUFFIX,
    IS_CORNER,
    LINE,
    RING,
    SQUARES,
    placements,
    site,
    square_index,
)

LEADER = 0.5  # weight of the best placed other seat against the mean other seat
LOOK = 0.5  # weight of the next player's likely chief move
SHORTLIST = 20  # placements followed up with the chief move and the next stone
QUICK_SHORTLIST = 0  # the same in hard's rollouts (:func:`quick`): none
FOLLOW_UP = 0.5  # worth of the best next stone
SAMPLE = 500  # placements scored when there are more (sampled with rng)
CHIEF_NOW = 1.0  # weight of the chief move that follows a placement
TIE = 1e-9

NEUTRAL = -1


def choose(state: State, seat: int, rng: random.Random, shortlist: int = SHORTLIST) -> str:
    """The legal action of ``seat`` with the best score; ties are broken with ``rng``.
    ``shortlist``: the placements followed up (:meth:`Pueblo.place_scores`)."""
    actions = state.legal_actions(seat)
    if len(actions) == 1:
        return actions[0]
    view = state.view(seat)
    phase = view["phase"]
    if phase == "sacred":
        return rng.choice(actions)
    if phase == "auction":
        return "bid 0" if "bid 0" in actions else "pass"
    if phase == "card":
        return max(actions, key=lambda a: int(a.split()[1]))
    if phase not in SCORED:
        return rng.choice(actions)
    actions, scores = scored(view, seat, actions, rng, shortlist)
    best = max(scores)
    return rng.choice([a for a, s in zip(actions, scores, strict=True) if s >= best - TIE])


SCORED = ("chief", "place", "remove")  # the phases the bot scores every action of


def quick(state: State, seat: int, rng: random.Random) -> str:
    """:func:`choose` without the look ahead after a placement (``QUICK_SHORTLIST``
    placements followed up): every placement scored by the change of exposure it makes
    alone, the chief and the options as :func:`choose` plays them. ``hard``'s rollouts
    play it (:mod:`core.bots.pueblo`): a placing decision costs about a third as much."""
    return choose(state, seat, rng, QUICK_SHORTLIST)


def ranked(state: State, seat: int, rng: random.Random) -> list[str]:
    """The actions of ``seat``, the bot's choice first (what :func:`choose` picks with the
    same ``rng``) and the rest in the order it scores them: a search's candidates. Above
    ``SAMPLE`` placements only the sampled ones."""
    actions = state.legal_actions(seat)
    view = state.view(seat)
    if len(actions) == 1 or view["phase"] not in SCORED:
        first = choose(state, seat, rng)
        return [first] + [a for a in actions if a != first]
    actions, scores = scored(view, seat, actions, rng)
    best = max(scores)
    first = rng.choice([a for a, s in zip(actions, scores, strict=True) if s >= best - TIE])
    order = sorted(range(len(actions)), key=lambda i: -scores[i])
    return [first] + [actions[i] for i in order if actions[i] != first]


def scored(
    view: dict[str, Any],
    seat: int,
    actions: list[str],
    rng: random.Random,
    shortlist: int = SHORTLIST,
) -> tuple[list[str], list[float]]:
    """In a phase of :data:`SCORED`, the actions the bot scores and their scores (higher
    is better; a random sample of the placements when there are more than ``SAMPLE``)."""
    pueblo = Pueblo(view, seat)
    if view["phase"] == "chief":
        return actions, pueblo.chief_scores(view["preview"])
    if view["phase"] == "place":
        return pueblo.place_scores(actions, rng, shortlist)
    return actions, remove_scores(pueblo, actions)


class Pueblo:
    """The pueblo as a height map, what the chief sees, and the bot's measures."""

    sights: list[list[int]]  # per path square, sight
    worths: list[float]  # per path square, line_worth
    seen_at: list[list[int]]  # see visible
    seen_owner: list[list[int]]

    def __init__(self, view: dict[str, Any], seat: int) -> None:
        self.seat = seat
        self.players = view["players"]
        self.order = view["order"]
        self.hands = view["hands"]
        self.penalties = view["penalties"]
        self.chief = view["chief"]["index"]
        self.sacred = {square_index(s) for s in view["sacred"]}
        self.height = [0] * SQUARES
        self.column: list[list[int]] = [[] for _ in range(SQUARES)]  # owner per level
        self.stone_cubes: dict[int, list[tuple[int, int]]] = {}
        for cube in sorted(view["cubes"], key=lambda c: c["z"]):
            square = site(cube["x"], cube["y"])
            owner = NEUTRAL if cube["seat"] is None else cube["seat"]
            self.column[square].append(owner)
            self.height[square] = cube["z"]
            self.stone_cubes.setdefault(cube["stone"], []).append((square, cube["z"]))
        self.w = [self.weights(s) for s in range(self.players)]
        self._apart: dict[str, tuple[float, float]] = {}  # see best_static
        stops = sum(hand["left"] for hand in self.hands)
        self.scale: float = 1 + stops / RING

    def __getattr__(self, name: str) -> Any:
        """What the chief sees from each path square, the sight tables and the lines'
        worths, worked out when first read (the chief's moves read the sight tables never,
        the look ahead after a placement none of these at two or three players)."""
        if name == "sights":
            self.sights = [self.sight(i) for i in range(RING)]
        elif name in ("seen_at", "seen_owner"):
            self.visible()
        elif name == "worths":
            self.worths = [self.line_worth(i) for i in range(RING)]
        else:
            raise AttributeError(name)
        return self.__dict__[name]

    def see_all(self) -> None:
        """Work out now what is otherwise worked out when first read: before the pueblo is
        changed for a look ahead, which must read them as they are without it."""
        for name in ("sights", "worths", "seen_at"):
            getattr(self, name)

    def sight(self, index: int) -> list[int]:
        """The penalty of each seat if the chief stopped on path square ``index``."""
        points = [0] * self.players
        height, column = self.height, self.column
        if IS_CORNER[index]:
            for square in LINE[index]:
                top = height[square]
                if top:
                    owner = column[square][top - 1]
                    if owner >= 0:
                        points[owner] += 1
            return points
        covered = 0
        for square in LINE[index]:
            top = height[square]
            if top > covered:
                levels = column[square]
                for level in range(covered + 1, top + 1):
                    owner = levels[level - 1]
                    if owner >= 0:
                        points[owner] += level
                covered = top
        return points

    def visible(self) -> None:
        """Per side path square and level: the position along the line of the cube
        the chief sees there, and its owner (-2: none)."""
        size = max(self.height) + 5  # a stone adds at most two levels, one on it two more
        lines = [self.visible_line(index, size) for index in range(RING)]
        self.seen_at = [at for at, _ in lines]
        self.seen_owner = [owners for _, owners in lines]

    def visible_line(self, index: int, size: int) -> tuple[list[int], list[int]]:
        """:meth:`visible` of one path square, levels below ``size``."""
        at, owners = [HIDDEN] * size, [-2] * size
        if not IS_CORNER[index]:
            height, column = self.height, self.column
            covered = 0
            for p, square in enumerate(LINE[index]):
                top = height[square]
                if top > covered:
                    levels = column[square]
                    for level in range(covered + 1, top + 1):
                        at[level] = p
                        owners[level] = levels[level - 1]
                    covered = top
        return at, owners

    def look_again(self, suffix: str) -> None:
        """After :meth:`put` of ``suffix``: what the chief sees, on the lines through it
        only (the others see what they saw)."""
        size = max(self.height) + 3
        self.sights, self.worths = list(self.sights), list(self.worths)
        grow = size - len(self.seen_at[0])
        self.seen_at = [at + [HIDDEN] * grow if grow else at for at in self.seen_at]
        self.seen_owner = [own + [-2] * grow if grow else own for own in self.seen_owner]
        for j in AFFECTED[suffix]:
            self.sights[j] = self.sight(j)
            self.worths[j] = self.line_worth(j)
            self.seen_at[j], self.seen_owner[j] = self.visible_line(j, size)

    def line_worth(self, index: int) -> float:
        """``worth(sight(index))`` for this bot, without the per-seat list."""
        w = self.w[self.seat]
        height, column = self.height, self.column
        total = 0.0
        if IS_CORNER[index]:
            for square in LINE[index]:
                top = height[square]
                if top:
                    owner = column[square][top - 1]
                    if owner >= 0:
                        total += w[owner]
            return total
        covered = 0
        for square in LINE[index]:
            top = height[square]
            if top > covered:
                levels = column[square]
                for level in range(covered + 1, top + 1):
                    owner = levels[level - 1]
                    if owner >= 0:
                        total += w[owner] * level
                covered = top
        return total

    def weights(self, seat: int) -> list[float]:
        """How ``seat`` values each seat's penalty: others' count for, its own against."""
        others = [s for s in range(self.players) if s != seat]
        best = min(others, key=lambda s: (self.penalties[s], s))
        w = [(1 - LEADER) / len(others) if s != seat else -1.0 for s in range(self.players)]
        w[best] += LEADER
        return w

    def worth(self, points: list[int], seat: int | None = None) -> float:
        w = self.w[self.seat if seat is None else seat]
        return sum(a * b for a, b in zip(w, points, strict=True))

    def next_seat(self) -> int | None:
        """The seat that moves the chief next (None when building is over after this)."""
        n = len(self.order)
        at = self.order.index(self.seat)
        for step in range(1, n + 1):
            seat: int = self.order[(at + step) % n]
            if self.hands[seat]["left"]:
                return seat
        return None

    def chief_value(self, start: int, points: list[list[int]] | None = None) -> float:
        """The best chief move from ``start`` for this bot, looking at the reply."""
        nxt = self.next_seat()
        best = float("-inf")
        for k in range(1, 5):
            square = (start + k) % RING
            seen = points[k - 1] if points is not None else self.sight(square)
            value = self.worth(seen)
            if nxt is not None and LOOK:
                value += LOOK * self.reply(square, nxt)
            best = max(best, value)
        return best

    def reply(self, square: int, seat: int) -> float:
        """What the chief move ``seat`` likely makes from ``square`` is worth to this bot."""
        options = [self.sights[(square + k) % RING] for k in range(1, 5)]
        theirs = max(range(4), key=lambda j: (self.worth(options[j], seat), -j))
        return self.worth(options[theirs])

    def chief_scores(self, preview: list[dict[str, Any]]) -> list[float]:
        nxt = self.next_seat()
        scores = []
        for option in preview:
            value = self.worth(option["penalties"])
            if nxt is not None:
                value += LOOK * self.reply(option["index"], nxt)
            scores.append(value)
        return scores

    def put(self, suffix: str, owner: int) -> int:
        cand = BY_SUFFIX[suffix]
        base = self.height[cand.columns[0]] - cand.offsets[0]
        for square, dz in SHAPE[suffix]:
            self.column[square].append(owner)
            self.height[square] = base + dz + 1
        return base

    def lift(self, suffix: str) -> None:
        for square, _ in SHAPE[suffix]:
            self.column[square].pop()
            self.height[square] -= 1

    def static(self, suffix: str, owner: int) -> float:
        """The change of exposure from placing ``suffix`` for ``owner``, scored.

        Level by level: a cube of the stone is seen from a side when it is nearer
        than the cube seen there now (which it then hides); from a corner, the
        stone's cubes become the tops of its three squares."""
        square, offset = BASE[suffix]
        base = self.height[square] - offset + 1
        w = self.w[self.seat]
        new = w[owner] if owner >= 0 else 0.0
        change = 0.0
        seen_at, seen_owner = self.seen_at, self.seen_owner
        for i, dz, p in FLAT_SIDE_CUBES[suffix]:
            level = base + dz
            if seen_at[i][level] < p:
                continue
            old = seen_owner[i][level]
            change += level * (new - w[old]) if old >= 0 else level * new
        height, column = self.height, self.column
        for square in CORNER_COLUMNS[suffix]:
            top = height[square]
            old = column[square][top - 1] if top else -1
            change += new - w[old] if old >= 0 else new
        return self.scale * change

    def statics(self, suffix: str) -> tuple[float, float]:
        """:meth:`static` for a coloured stone of this seat and for a neutral one, in one
        pass over the lines (each sum made of the same terms in the same order)."""
        square, offset = BASE[suffix]
        base = self.height[square] - offset + 1
        w = self.w[self.seat]
        mine = w[self.seat]
        colour = neutral = 0.0
        seen_at, seen_owner = self.seen_at, self.seen_owner
        for i, dz, p in FLAT_SIDE_CUBES[suffix]:
            level = base + dz
            if seen_at[i][level] < p:
                continue
            old = seen_owner[i][level]
            if old >= 0:
                colour += level * (mine - w[old])
                neutral += level * (0.0 - w[old])
            else:
                colour += level * mine
                neutral += level * 0.0
        height, column = self.height, self.column
        for square in CORNER_COLUMNS[suffix]:
            top = height[square]
            old = column[square][top - 1] if top else -1
            if old >= 0:
                colour += mine - w[old]
                neutral += 0.0 - w[old]
            else:
                colour += mine
                neutral += 0.0
        return self.scale * colour, self.scale * neutral

    def best_static(self, letters: str, rng: random.Random, placed: str | None = None) -> float:
        """The best static score of a stone of one of ``letters`` on the pueblo now.

        ``placed``: the stone :meth:`put` on the bot's pueblo for a look ahead. A stone on
        no line through it scores what it scores without it, so that score is kept
        (``_apart``) for the next look ahead."""
        fits = placements(self.height, self.sacred)  # the engine's rule, on this model
        if len(fits) > SAMPLE:
            fits = rng.sample(fits, SAMPLE)
        near = LINES[placed] if placed is not None else -1
        apart = self._apart
        found = []
        for suffix in fits:
            if LINES[suffix] & near:
                found.append(self.statics(suffix))
            else:
                pair = apart.get(suffix)
                if pair is None:
                    pair = apart[suffix] = self.statics(suffix)
                found.append(pair)
        best = float("-inf")
        for letter in letters:
            kind = 0 if letter == "C" else 1
            for pair in found:
                best = max(best, pair[kind])
        return best if fits else 0.0

    def next_letters(self, letter: str) -> str:
        """The stones this seat may place next turn, after placing ``letter`` now."""
        hand = self.hands[self.seat]
        if hand["single"]:
            return "CN" if hand["pairs"] else ""
        if hand["open_half"] is not None:
            return "CN" if hand["pairs"] else ""
        if hand["pairs"]:
            return "N" if letter == "C" else "C"
        return ""

    def place_scores(
        self, actions: list[str], rng: random.Random, shortlist: int = SHORTLIST
    ) -> tuple[list[str], list[float]]:
        """The placements scored (a sample above ``SAMPLE``) and their scores: the static
        score of each, and for the ``shortlist`` best of them (and the best of each kind,
        at most two and at most ``shortlist``) the look ahead too, which ranks them above
        the rest. ``shortlist`` 0: the static scores alone."""
        if len(actions) > SAMPLE:
            actions = sorted(rng.sample(actions, SAMPLE))
        # what the look ahead reads (None: the long way); with no look ahead, the static
        # scores alone, which Around would give the same (exact) but dearer
        around = Around.of(self) if shortlist else None
        pairs = around.pairs() if around is not None else {}  # statics, both stones
        scores = []
        for action in actions:
            pair = pairs.get(action[1:])
            if pair is None:
                pair = pairs[action[1:]] = self.statics(action[1:])
            scores.append(pair[0] if action[0] == "C" else pair[1])
        ranked = sorted(range(len(actions)), key=scores.__getitem__, reverse=True)  # stable
        followed = ranked[:shortlist]
        for letter in {a[0] for a in actions}:  # the best of each kind is always followed up
            followed += islice((i for i in ranked if actions[i][0] == letter), min(2, shortlist))
        for i in set(followed):
            action = actions[i]
            suffix = action[1:]
            owner = self.seat if action[0] == "C" else NEUTRAL
            base = self.put(suffix, owner) + 1
            following = self.next_letters(action[0]) if FOLLOW_UP else ""
            kinds = tuple(0 if letter == "C" else 1 for letter in following)
            best = None
            if around is not None:
                extra = CHIEF_NOW * chief_after(self, around, suffix, base, LOOK)
                if following:
                    best = best_after(self, around, suffix, base, kinds, SAMPLE)
            if around is None or (following and best is None):  # the long way
                self.lift(suffix)
                self.see_all()
                self.put(suffix, owner)
                saved = self.sights, self.worths, self.seen_at, self.seen_owner
                self.look_again(suffix)
                if around is None:
                    extra = CHIEF_NOW * self.chief_value(self.chief)
                if following:
                    best = self.best_static(following, rng, suffix)
                self.sights, self.worths, self.seen_at, self.seen_owner = saved
            if following:
                assert best is not None
                extra += FOLLOW_UP * best
            self.lift(suffix)
            scores[i] += extra + 1e6  # followed up: ranks above the rest
        return actions, scores
