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
from typing import TYPE_CHECKING

from core.bots.pueblo_lines import BASE, COLUMNS, CORNER_COLUMNS, FLAT_SIDE_CUBES, LINES, ON
from core.games.pueblo.geometry import RING, placements

if TYPE_CHECKING:
    from core.bots.pueblo_heuristic import Pueblo

LEVELS = 64  # an entry of the sight tables is line * LEVELS + level
ZERO = 1 << 15  # a packed sum of 0 quarters
FIELD = 16  # bits a packed sum
MOST = ZERO - 1  # the largest sum, in quarters, a field holds


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
        if 19 * 2 * (max(model.height) + 5) * 4 > MOST:
            return None  # pragma: no cover - far above any real pueblo
        return cls(model)

    def __init__(self, model: Pueblo) -> None:
        self.fits = fits = placements(model.height, model.sacred)
        w = model.w[model.seat]
        mine = w[model.seat]
        readers: dict[int, list[tuple[int, int, int]]] = {}  # (k, position, packed term)
        on_square = [0] * len(model.height)  # per square, the fields of those on it
        height, column = model.height, model.column
        seen_at, seen_owner = model.seen_at, model.seen_owner
        # per owner seen (-2 none, -1 neutral, a seat): a term per level, in quarters
        self.colour_q = colour_q = [int(mine * 4)] * 2 + [int((mine - x) * 4) for x in w]
        self.neutral_q = neutral_q = [0, 0] + [int((0.0 - x) * 4) for x in w]
        raw: list[tuple[int, int]] = []
        for k, suffix in enumerate(fits):
            # Pueblo.statics term by term, in quarters, keeping the entry each term reads
            square, offset = BASE[suffix]
            base = height[square] - offset + 1
            colour = neutral = 0
            for i, dz, p in FLAT_SIDE_CUBES[suffix]:
                level = base + dz
                if seen_at[i][level] < p:
                    continue  # hidden now, hidden behind any stone nearer than what hides it
                old = seen_owner[i][level] + 2
                c, n = level * colour_q[old], level * neutral_q[old]
                colour += c
                neutral += n
                key = i * LEVELS + level
                reader = (k, p, c + (n << FIELD))
                found = readers.get(key)
                if found is None:
                    readers[key] = [reader]
                else:
                    found.append(reader)
            for square in CORNER_COLUMNS[suffix]:
                top = height[square]
                old = column[square][top - 1] + 2 if top else 1
                colour += colour_q[old]
                neutral += neutral_q[old]
            raw.append((colour, neutral))
            both = 0xFFFFFFFF << (2 * FIELD * k)
            for square in COLUMNS[suffix]:
                on_square[square] |= both
        scale = model.scale
        # exact: the float sums of Pueblo.statics are these quarters
        self.scores = [(scale * (c / 4), scale * (n / 4)) for c, n in raw]
        self.packed = _pack([x + ZERO for pair in raw for x in pair])
        self.everyone = (1 << (2 * FIELD * len(fits))) - 1
        self.readers = readers
        self.on_square = on_square
        self._entries: dict[int, tuple[int, list[int]]] = {}
        nxt = model.next_seat()
        self.mine = [model.worth(points) for points in model.sights]
        self.theirs = None if nxt is None else [model.worth(p, nxt) for p in model.sights]
        self.next = nxt

    def pairs(self) -> dict[str, tuple[float, float]]:
        """:meth:`Pueblo.statics` of every placement that fits."""
        return dict(zip(self.fits, self.scores, strict=True))

    def entry(self, key: int) -> tuple[int, list[int]]:
        """At entry ``key``: the packed terms the placements read there, and per position
        0-8 a one in the colour field of each of them that reads it from nearer."""
        found = self._entries.get(key)
        if found is None:
            terms, ones = 0, [0] * 9
            for k, q, packed in self.readers[key]:
                shift = 2 * FIELD * k
                terms += packed << shift
                ones[q + 1] |= 1 << shift
            for p in range(1, 9):
                ones[p] |= ones[p - 1]
            found = self._entries[key] = (terms, ones)
        return found


def _pack(fields: list[int]) -> int:
    return int.from_bytes(_native(array("H", fields)).tobytes(), "little")


def _native(data: array[int]) -> array[int]:
    if sys.byteorder == "big":  # pragma: no cover - the fields are little-endian
        data.byteswap()
    return data


def chief_after(model: Pueblo, around: Around, suffix: str, look: float) -> float:
    """:meth:`Pueblo.chief_value` from the chief's square once ``suffix`` is put (the
    model's sights those without it): the path squares it reads whose line passes
    through the stone are seen again, the others' worths are kept."""
    lines = LINES[suffix]
    mine, theirs = around.mine, around.theirs
    start = model.chief
    ahead = [(start + k) % RING for k in range(1, 9)]
    if any(lines >> index & 1 for index in ahead):
        mine = list(mine)
        theirs = None if theirs is None else list(theirs)
        for index in ahead:
            if lines >> index & 1:
                points = model.sight(index)
                mine[index] = model.worth(points)
                if theirs is not None:
                    theirs[index] = model.worth(points, around.next)
    best = float("-inf")
    for k in range(4):
        value = mine[ahead[k]]
        if theirs is not None and look:
            pick, most = k + 1, theirs[ahead[k + 1]]
            for j in range(k + 2, k + 5):
                if theirs[ahead[j]] > most:
                    pick, most = j, theirs[ahead[j]]
            value += look * mine[ahead[pick]]
        best = max(best, value)
    return best


def best_after(
    model: Pueblo, around: Around, suffix: str, base: int, kinds: tuple[int, ...], sample: int
) -> float | None:
    """:meth:`Pueblo.best_static` of a stone of ``kinds`` (0 coloured, 1 neutral) once
    ``suffix`` is placed with its lowest cubes on level ``base`` (``model.put`` done, the
    sight tables still those without it); None when more than ``sample`` placements
    would fit."""
    height = model.height
    sacred = model.sacred
    fully, once, twice = ON[suffix]
    new = [other for _, other in fully]
    for rest, c, o, other in once:
        if height[c] - o == base + rest and c not in sacred:
            new.append(other)
    for rest, c1, o1, c2, o2, other in twice:
        level = base + rest
        if height[c1] - o1 == level and height[c2] - o2 == level:
            if c1 not in sacred and c2 not in sacred:
                new.append(other)
    gone = 0
    for square in COLUMNS[suffix]:
        gone |= around.on_square[square]
    left = len(around.fits) - gone.bit_count() // (2 * FIELD)
    if left + len(new) > sample:
        return None
    if not left + len(new):
        return 0.0
    owner = model.column[COLUMNS[suffix][0]][-1]
    face = around.colour_q[owner + 2] + (around.neutral_q[owner + 2] << FIELD)  # a level's
    seen_at, seen_owner = model.seen_at, model.seen_owner
    changed = []
    sums = around.packed
    for i, dz, p in FLAT_SIDE_CUBES[suffix]:
        level = base + dz
        at = seen_at[i][level]
        if p < at:
            changed.append((i, level, p, at, seen_owner[i][level]))
            key = i * LEVELS + level
            if key in around.readers:
                terms, nearer = around.entry(key)
                sums += level * face * nearer[p] - terms
    best = float("-inf")
    if left:
        fields = _native(array("H"))
        fields.frombytes((sums & (around.everyone ^ gone)).to_bytes(4 * len(around.fits), "little"))
        for kind in kinds:
            top = max(fields[kind::2]) - ZERO  # a placement on the stone's squares: -ZERO
            best = max(best, model.scale * (top / 4))
    for i, level, p, _, _ in changed:
        seen_at[i][level] = p
        seen_owner[i][level] = owner
    try:
        for other in new:
            pair = model.statics(other)
            for kind in kinds:
                best = max(best, pair[kind])
    finally:
        for i, level, _, at, old in changed:
            seen_at[i][level] = at
            seen_owner[i][level] = old
    return best
