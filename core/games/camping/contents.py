"""What a square of Deluxe Camping holds, as one small number per square.

A caravan of seat ``p`` is ``p``, a bungalow half of seat ``p`` is ``BUNGALOW + p``
(both *campers*, below ``POOL``); the neutral pieces have a number of their own, and
an empty square is ``EMPTY``.

>>> camper_owner(3), camper_owner(BUNGALOW + 1), camper_owner(POOL), camper_owner(EMPTY)
(3, 1, -1, -1)
"""

from __future__ import annotations

EMPTY, POOL, TOKEN, ICE, PEST = -1, 20, 21, 22, 23
BUNGALOW = 10


def camper_owner(content: int) -> int:
    """The seat whose caravan or bungalow this is, or -1."""
    if 0 <= content < BUNGALOW:
        return content
    if BUNGALOW <= content < BUNGALOW + 10:
        return content - BUNGALOW
    return -1
