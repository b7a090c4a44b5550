"""A sliding-window limit on events per key (failed sign-ins, chat lines, new tables):
at most ``limit`` within ``window`` seconds.

:class:`Limiter` keeps the counts in this process's memory: all the site needs when it runs
as one process. When several processes serve the site (``REDIS_URL``), the counts must be
the same for all of them, so they live in Redis (:mod:`ui.shared_rate_limit`); asking Redis
takes a round trip that must not hold the event loop, so callers that may be shared ask
through the async :class:`Limit`, which :class:`LocalLimit` gives a :class:`Limiter`.
The arithmetic is :func:`window_wait` in both places, so both count alike.
"""

from __future__ import annotations

import time
from collections import defaultdict, deque
from collections.abc import Callable, Sequence
from typing import Protocol

Clock = Callable[[], float]


def window_wait(times: Sequence[float], limit: int, window: float, now: float) -> float:
    """Seconds until one more event is allowed, given the events still within the window
    (``times``, oldest first).

    >>> window_wait([10.0, 20.0, 30.0], 3, 60.0, now=40.0)  # the first leaves at 70
    30.0
    >>> window_wait([10.0, 20.0], 3, 60.0, now=40.0)
    0.0
    """
    if len(times) < limit:
        return 0.0
    return max(0.0, times[-limit] + window - now)


class Limiter:
    """At most ``limit`` failures per key within ``window`` seconds."""

    def __init__(self, limit: int, window: float, clock: Clock = time.monotonic) -> None:
        self.limit, self.window, self.clock = limit, window, clock
        self._failures: dict[str, deque[float]] = defaultdict(deque)

    def _recent(self, key: str) -> deque[float]:
        failures = self._failures.get(key)
        if failures is None:
            return deque()
        cutoff = self.clock() - self.window
        while failures and failures[0] <= cutoff:
            failures.popleft()
        if not failures:
            del self._failures[key]
        return failures

    def recent(self, key: str) -> Sequence[float]:
        """When ``key`` failed within the window, oldest first."""
        return tuple(self._recent(key))

    def count(self, key: str) -> int:
        """Failures of ``key`` within the window."""
        return len(self._recent(key))

    def latest(self, key: str) -> float | None:
        """When ``key`` last failed within the window."""
        failures = self._recent(key)
        return failures[-1] if failures else None

    def blocked(self, key: str) -> bool:
        return self.count(key) >= self.limit

    def retry_after(self, key: str) -> float:
        """Seconds until ``key`` may try again (0 when it may now)."""
        return window_wait(self._recent(key), self.limit, self.window, self.clock())

    def fail(self, key: str, at: float | None = None) -> None:
        self._recent(key)
        self._failures[key].append(self.clock() if at is None else at)

    def forgive(self, key: str, at: float) -> None:
        """Take back the failure recorded at ``at`` (if still counted)."""
        failures = self._recent(key)
        if at in failures:
            failures.remove(at)
        if not failures:
            self._failures.pop(key, None)

    def clear(self, key: str) -> None:
        self._failures.pop(key, None)

    def sweep(self) -> None:
        """Forget every key whose failures are all older than the window."""
        for key in list(self._failures):
            self._recent(key)

    def __len__(self) -> int:
        return len(self._failures)


class Limit(Protocol):
    """What a caller asks of a limit, whether this process keeps it or Redis does."""

    async def retry_after(self, key: str) -> float:
        """Seconds until ``key`` may act again (0 when it may now)."""
        ...

    async def fail(self, key: str) -> None:
        """Count one event of ``key`` (the limiter's word for "count one")."""
        ...


class LocalLimit:
    """A :class:`Limiter` of this process behind the :class:`Limit` face (nothing awaits)."""

    def __init__(self, limiter: Limiter) -> None:
        self.limiter = limiter

    async def retry_after(self, key: str) -> float:
        return self.limiter.retry_after(key)

    async def fail(self, key: str) -> None:
        self.limiter.fail(key)
