"""A sliding-window limit on events per key (failed sign-ins, chat lines, new tables):
at most ``limit`` within ``window`` seconds. Kept in memory, per process."""

from __future__ import annotations

import time
from collections import defaultdict, deque
from collections.abc import Callable

Clock = Callable[[], float]


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
        failures = self._recent(key)
        if len(failures) < self.limit:
            return 0.0
        return max(0.0, failures[-self.limit] + self.window - self.clock())

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
