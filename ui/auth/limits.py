"""Sign-in attempts counted per account and per address over a sliding window."""

from __future__ import annotations

import time
from collections import defaultdict, deque
from collections.abc import Callable


class Limiter:
    """At most ``limit`` failures per key within ``window`` seconds."""

    def __init__(
        self, limit: int, window: float, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.limit, self.window, self.clock = limit, window, clock
        self._failures: dict[str, deque[float]] = defaultdict(deque)

    def _recent(self, key: str) -> deque[float]:
        failures = self._failures[key]
        cutoff = self.clock() - self.window
        while failures and failures[0] <= cutoff:
            failures.popleft()
        if not failures:
            del self._failures[key]
            return deque()
        return failures

    def blocked(self, key: str) -> bool:
        return len(self._recent(key)) >= self.limit

    def retry_after(self, key: str) -> float:
        """Seconds until ``key`` may try again (0 when it may now)."""
        failures = self._recent(key)
        if len(failures) < self.limit:
            return 0.0
        return max(0.0, failures[0] + self.window - self.clock())

    def fail(self, key: str) -> None:
        self._recent(key)
        self._failures[key].append(self.clock())

    def clear(self, key: str) -> None:
        self._failures.pop(key, None)


class SignInLimits:
    """Failed sign-ins: 5 per account and 20 per address every 15 minutes."""

    WINDOW = 15 * 60.0

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.accounts = Limiter(5, self.WINDOW, clock)
        self.addresses = Limiter(20, self.WINDOW, clock)

    def blocked(self, account: str, address: str) -> float:
        """Seconds to wait before trying (0: go ahead)."""
        return max(self.accounts.retry_after(account), self.addresses.retry_after(address))

    def failed(self, account: str, address: str) -> None:
        self.accounts.fail(account)
        self.addresses.fail(address)

    def succeeded(self, account: str) -> None:
        self.accounts.clear(account)
