"""The Pueblo heuristic's look ahead after each shortlisted placement
(:meth:`core.bots.pueblo_heuristic.Pueblo.place_scores`), worked out from what the
placement changes rather than from the whole pueblo again.

A stone ``X`` placed on the bot's pueblo changes what the chief sees only at its own
levels, on the lines through it, and only where it is nearer than the cube seen there
now: a handful of (line, level) entries of the sight tables. A placement ``Y`` that
fits now and shares no square with ``X`` still fits, and :meth:`Pueblo.statics` sums
the same terms for it except at those entries: there a cube of ``Y`` nearer than ``X``
now hides ``X``'s cube instead of the one it hid, and one behind ``X`` is hidden. The
placements that share a square with ``X`` are the only ones whose fit changes: they are
checked and scored on the pueblo with ``X``. The best of all these is what
:meth:`Pueblo.best_static` finds by scoring every placement again.

**Exact sums, many at once.** With two or three players the weights are whole quarters
(1 and -1; 0.75, 0.25 and -1), so every term and every sum of terms is a whole number of
quarters, exactly represented: a sum may be changed term by term and still be the very
float :meth:`Pueblo.statics` gives. The sums of all placements are packed into one
integer, 16 bits a sum (a placement's colour and neutral sums side by side, offset by
``ZERO``), so changing them at an entry is one multiplication and one subtraction of
such integers, and the best of them one pass over their bytes. With four players (weights
in sixths) :class:`Around` is not used and the look ahead takes the long way.
"""

from __future__ import annotations

import sys
from array import array
from collections import defaultdict
from typing import TYPE_CHECKING

from core.bots.pueblo_lines import (
    BASE,
    COLUMNS,
    CORNER_COLUMNS,
    HIDDEN,
    LINES,
    ON,
    SIDE_ENTRIES,
)
from core.games.pueblo.geometry import IS_CORNER, RING, placements

if TYPE_CHECKING:
    from core.bots.pueblo_heuristic import Pueblo

NEUTRAL = -1  # a neutral cube's owner (as pueblo_heuristic.NEUTRAL)
LEVELS = 64  # an entry of the sight tables is line * LEVELS + level
ZERO = 1 << 15  # a packed sum of 0 quarters
FIELD = 16  # bits a packed sum
MOST = ZERO - 1  # the largest sum, in quarters, a field holds
MASK = (1 << FIELD) - 1


class Around:
    """What the look ahead reads on the bot's pueblo as it is (no stone put): the
    placements that fit, their :meth:`Pueblo.statics` sums before scaling (colour,
    neutral) and packed, per (line, level) entry the placements whose sum has a term
    there, and what each path square's penalties are worth to the bot and to the seat
    that moves next. :meth:`of` gives None where the sums are not exact."""

    @classmethod
    def of(cls, model: Pueblo) -> Around | None:
        w = model.w[model.seat]
        if any(x * 4 != int(x * 4) for x in w):
            return None
        # |sum| <= 19 terms (16 side cubes, 3 tops) of at most 2 * level, in quarters
        if 19 * 2 * (max(model.height) + 5) * 4 > MOST or max(model.height) + 5 > LEVELS:
            return None  # pragma: no cover - far above any real pueblo
        return cls(model)

    def __init__(self, model: Pueblo) -> None:
        self.fits = fits = placements(model.height, model.sacred)
        w = model.w[model.seat]
        mine = w[model.seat]
        # per owner seen (a seat; -1 neutral, -2 none: from the end): a level's terms,
        # packed quarters
        self.faces = faces = [
            int(a * 4) + (int(b * 4) << FIELD)
            for a, b in [(mine - x, 0.0 - x) for x in w] + [(mine, 0.0)] * 2
        ]
        self.at = at = [HIDDEN] * (RING * LEVELS)  # the sight tables by entry
        self.owners = owners = [-2] * (RING * LEVELS)
        height, column = model.height, model.column
        for i in range(RING):  # Pueblo.visible_line, laid end to end
            at[i * LEVELS : (i + 1) * LEVELS], owners[i * LEVELS : (i + 1) * LEVELS] = (
                model.visible_line(i, LEVELS)
            )
        # per entry * 8 + position along its line, the placements with a term read there;
        # all terms of an entry are alike (its level, the owner seen there)
        readers: defaultdict[int, list[int]] = defaultdict(list)
        on_square: list[list[int]] = [[] for _ in model.height]
        fields: list[int] = []  # per placement, its two sums offset by ZERO
        for k, suffix in enumerate(fits):
            # Pueblo.statics term by term, in packed quarters, keeping what each reads
            square, offset = BASE[suffix]
            base = height[square] - offset + 1
            total = 0
            for entry, dz, p in SIDE_ENTRIES[suffix]:
                key = entry + base
                if at[key] < p:
                    continue  # hidden now, hidden behind any stone nearer than what hides it
                total += (base + dz) * faces[owners[key]]
                readers[key * 8 + p].append(k)
            for square in CORNER_COLUMNS[suffix]:
                top = height[square]
                total += faces[column[square][top - 1] if top else NEUTRAL]
            colour = ((total + ZERO) & MASK) - ZERO
            fields += (colour + ZERO, ((total - colour) >> FIELD) + ZERO)
            for square in COLUMNS[suffix]:
                on_square[square].append(k)
        scale = model.scale
        # exact: the float sums of Pueblo.statics are these quarters
        self.scores = [
            (scale * ((fields[j] - ZERO) / 4), scale * ((fields[j + 1] - ZERO) / 4))
            for j in range(0, len(fields), 2)
        ]
        self.packed = _pack(fields)
        self.everyone = (1 << (2 * FIELD * len(fits))) - 1
        self.readers = readers
        self.on_square = on_square
        self._squares: dict[int, int] = {}
        self.entries: dict[int, list[int]] = {}
        # the chief's eight squares ahead, and what each is worth to the bot and the next
        self.next = nxt = model.next_seat()
        self.ahead = [(model.chief + k) % RING for k in range(1, 9)]
        self.ahead_bits = sum(1 << index for index in self.ahead)
        self.where = {index: k for k, index in enumerate(self.ahead)}
        self.sights_ahead = sights = [model.sight(index) for index in self.ahead]
        self.mine_ahead = [model.worth(points) for points in sights]
        self.theirs_ahead = None if nxt is None else [model.worth(p, nxt) for p in sights]
        self.chief: float | None = None  # chief_after of a stone on no line it reads

    def square(self, square: int) -> int:
        """All ones in the fields of the placements on ``square``."""
        found = self._squares.get(square)
        if found is None:
            found = self._squares[square] = sum(
                0xFFFFFFFF << (2 * FIELD * k) for k in self.on_square[square]
            )
        return found

    def pairs(self) -> dict[str, tuple[float, float]]:
        """:meth:`Pueblo.statics` of every placement that fits."""
        return dict(zip(self.fits, self.scores, strict=True))

    def nearer(self, key: int) -> list[int]:
        """At entry ``key``, per position 0-8: a one in the colour field of each placement
        reading the entry from nearer than that (at 8: every placement reading it)."""
        found = self.entries.get(key)
        if found is None:
            found, ones = [0], 0
            for q in range(key * 8, key * 8 + 8):
                for k in self.readers.get(q, ()):
                    ones += 1 << (2 * FIELD * k)
                found.append(ones)
            self.entries[key] = found
        return found


def _pack(fields: list[int] | array[int]) -> int:
    """The fields as one integer, the first the lowest."""
    if isinstance(fields, list):
        fields = array("H", fields)
    return int.from_bytes(_native(fields).tobytes(), "little")


def _native(data: array[int]) -> array[int]:
    if sys.byteorder == "big":  # pragma: no cover - the fields are little-endian
        data.byteswap()
    return data


def chief_after(model: Pueblo, around: Around, suffix: str, base: int, look: float) -> float:
    """:meth:`Pueblo.chief_value` from the chief's square once ``suffix`` is put with its
    lowest cubes on level ``base`` (the model's sights those without it): of the eight
    path squares it reads, a side one whose line the stone changes sees the stone's cube
    instead of the one it saw at each such level, a corner one is seen again; the others'
    worths are kept."""
    lines = LINES[suffix]
    if not lines & around.ahead_bits:
        if around.chief is None:
            around.chief = _chief(around.mine_ahead, around.theirs_ahead, look)
        return around.chief
    seen: dict[int, list[int]] = {}
    at, owners, where = around.at, around.owners, around.where
    owner = model.column[COLUMNS[suffix][0]][-1]
    for entry, dz, p in SIDE_ENTRIES[suffix]:
        k = where.get(entry // LEVELS)
        if k is not None and p < at[entry + base]:
            points = seen.get(k)
            if points is None:
                points = seen[k] = list(around.sights_ahead[k])
            old, level = owners[entry + base], base + dz
            if old >= 0:
                points[old] -= level
            if owner >= 0:
                points[owner] += level
    for k, index in enumerate(around.ahead):
        if IS_CORNER[index] and lines >> index & 1:
            seen[k] = model.sight(index)
    if not seen:
        if around.chief is None:
            around.chief = _chief(around.mine_ahead, around.theirs_ahead, look)
        return around.chief
    mine = list(around.mine_ahead)
    theirs = None if around.theirs_ahead is None else list(around.theirs_ahead)
    for k, points in seen.items():
        mine[k] = model.worth(points)
        if theirs is not None:
            theirs[k] = model.worth(points, around.next)
    return _chief(mine, theirs, look)


def _chief(mine: list[float], theirs: list[float] | None, look: float) -> float:
    """The best of the chief's four moves: what the bot gains there (``mine``, per square
    ahead), plus ``look`` times what it gains where the next seat then takes him (the
    best of his four for him by ``theirs``; the first of equals)."""
    best = float("-inf")
    for k in range(4):
        value = mine[k]
        if theirs is not None and look:
            pick, most = k + 1, theirs[k + 1]
            for j in range(k + 2, k + 5):
                if theirs[j] > most:
                    pick, most = j, theirs[j]
            value += look * mine[pick]
        if value > best:
            best = value
    return best


def best_after(
    model: Pueblo, around: Around, suffix: str, base: int, kinds: tuple[int, ...], sample: int
) -> float | None:
    """:meth:`Pueblo.best_static` of a stone of ``kinds`` (0 coloured, 1 neutral) once
    ``suffix`` is placed with its lowest cubes on level ``base`` (``model.put`` done, the
    sight tables still those without it); None when more than ``sample`` placements
    would fit. The best sum in quarters is the best score: scaling keeps the order."""
    height = model.height
    sacred = model.sacred
    fully, squares, by_need = ON[suffix]
    new = list(fully)
    for square in squares:
        found = by_need.get((height[square] - base) * 64 + square)
        if found is not None and square not in sacred:
            for second, need, other in found:
                if second < 0 or (height[second] - base == need and second not in sacred):
                    new.append(other)
    gone = 0
    for square in COLUMNS[suffix]:
        gone |= around.square(square)
    left = len(around.fits) - gone.bit_count() // (2 * FIELD)
    if left + len(new) > sample:
        return None
    if not left + len(new):
        return 0.0
    faces, at, owners = around.faces, around.at, around.owners
    owner = model.column[COLUMNS[suffix][0]][-1]
    face = faces[owner]
    changed = []
    sums = around.packed
    entries = around.entries
    for entry, dz, p in SIDE_ENTRIES[suffix]:
        key = entry + base
        if p < at[key]:
            # readers nearer than the stone now hide its cube, the others are hidden
            nearer = entries.get(key) or around.nearer(key)
            if nearer[8]:
                level = base + dz
                sums += level * face * nearer[p] - level * faces[owners[key]] * nearer[8]
            changed.append((key, at[key], owners[key]))
            at[key], owners[key] = p, owner
    best = -ZERO
    if left:
        fields = _native(array("H"))
        fields.frombytes((sums & (around.everyone ^ gone)).to_bytes(4 * len(around.fits), "little"))
        for kind in kinds:
            top = max(fields[kind::2]) - ZERO  # a placement on the stone's squares: -ZERO
            if top > best:
                best = top
    column = model.column
    for other in new:  # Pueblo.statics in packed quarters, on the pueblo with the stone
        square, offset = BASE[other]
        level = height[square] - offset + 1
        total = 0
        for entry, dz, p in SIDE_ENTRIES[other]:
            key = entry + level
            if at[key] >= p:
                total += (level + dz) * faces[owners[key]]
        for square in CORNER_COLUMNS[other]:
            top = height[square]
            total += faces[column[square][top - 1] if top else NEUTRAL]
        colour = ((total + ZERO) & MASK) - ZERO
        for value in (
            (colour, (total - colour) >> FIELD)
            if len(kinds) == 2
            else ((colour,) if kinds[0] == 0 else ((total - colour) >> FIELD,))
        ):
            if value > best:
                best = value
    for key, seen, old in reversed(changed):
        at[key], owners[key] = seen, old
    return model.scale * (best / 4)
