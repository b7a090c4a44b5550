"""Failed sign-ins, counted so that an attacker slows guessing down without locking the
owner out (docs/security.md, "Sign-in limits"; OWASP ASVS 4.0 2.2.1).

- An (account, address) pair has a hard limit: 5 failures in 15 minutes stop that address
  for that account; nobody else is affected.
- An address has a hard limit over every account: 20 failures in 15 minutes (a spray).
- An account is never locked: after 3 failures within an hour, the next attempt from an
  address it was not signed in from waits 1 s, 2 s, 4 s … at most 60 s after the latest
  failure. The addresses it was last signed in from skip that wait while they have not
  failed themselves, so its owner signs in at home however long the attack lasts.

Everything is kept in memory: a restart forgets it, which only shortens a delay.
"""

from __future__ import annotations

import time
from collections import OrderedDict

from ui.rate_limit import Clock, Limiter


class Throttle:
    """Growing delays per key: after ``free`` failures within ``window`` seconds, the next
    attempt waits 1 s, then 2 s, 4 s … at most ``cap`` seconds after the latest failure."""

    def __init__(self, free: int, cap: float, window: float, clock: Clock = time.monotonic) -> None:
        self.free, self.cap, self.clock = free, cap, clock
        self.failures = Limiter(0, window, clock)  # only counted here: its limit is unused

    def delay(self, key: str) -> float:
        """The wait after the latest failure that the next attempt must respect."""
        extra = self.failures.count(key) - self.free
        return 0.0 if extra < 0 else min(self.cap, 2.0**extra)

    def retry_after(self, key: str) -> float:
        latest = self.failures.latest(key)
        if latest is None:
            return 0.0
        return max(0.0, latest + self.delay(key) - self.clock())

    def fail(self, key: str, at: float | None = None) -> None:
        self.failures.fail(key, at)

    def forgive(self, key: str, at: float) -> None:
        self.failures.forgive(key, at)


class KnownAddresses:
    """The last few addresses each account signed in from (a bounded memory per account)."""

    def __init__(self, per_account: int) -> None:
        self.per_account = per_account
        self._seen: dict[str, OrderedDict[str, None]] = {}

    def add(self, account: str, address: str) -> None:
        seen = self._seen.setdefault(account, OrderedDict())
        seen[address] = None
        seen.move_to_end(address)
        while len(seen) > self.per_account:
            seen.popitem(last=False)

    def __contains__(self, pair: tuple[str, str]) -> bool:
        account, address = pair
        return address in self._seen.get(account, ())


class SignInLimits:
    """The sign-in policy of the module docstring; every figure is a class constant."""

    WINDOW = 15 * 60.0  # hard limits count failures over this many seconds
    PAIR_LIMIT = 5  # failures of one address on one account
    ADDRESS_LIMIT = 20  # failures of one address over every account
    ACCOUNT_WINDOW = 60 * 60.0  # an account's failures slow it down for an hour
    FREE_FAILURES = 3  # failures of an account before its attempts are delayed
    MAX_DELAY = 60.0  # the longest delay (seconds): ASVS 2.2.1 asks < 100 failures an hour
    KNOWN_PER_ACCOUNT = 3  # addresses remembered per account
    SWEEP_EVERY = 1000  # failures between two sweeps of expired counters

    def __init__(self, clock: Clock = time.monotonic) -> None:
        self.pairs = Limiter(self.PAIR_LIMIT, self.WINDOW, clock)
        self.addresses = Limiter(self.ADDRESS_LIMIT, self.WINDOW, clock)
        self.accounts = Throttle(self.FREE_FAILURES, self.MAX_DELAY, self.ACCOUNT_WINDOW, clock)
        self.known = KnownAddresses(self.KNOWN_PER_ACCOUNT)
        self._until_sweep = self.SWEEP_EVERY

    def wait(self, account: str, address: str) -> float:
        """Seconds before ``address`` may try a password for ``account`` (0: go ahead)."""
        pair = _pair(account, address)
        hard = max(self.pairs.retry_after(pair), self.addresses.retry_after(address))
        if hard:
            return hard
        if (account, address) in self.known and not self.pairs.count(pair):
            return 0.0
        return self.accounts.retry_after(account)

    def hard_limit(self, account: str, address: str) -> bool:
        """Whether the wait is a hard limit of the address (minutes) rather than the
        account's delay (at most a minute)."""
        pair = _pair(account, address)
        return self.pairs.blocked(pair) or self.addresses.blocked(address)

    def failed(self, account: str, address: str) -> float:
        """Count a failure; return its time for :meth:`forgive`.

        The routes count an attempt *before* its password is checked, so that attempts
        made in parallel see each other, and forgive it when the password was right."""
        at = self.accounts.clock()
        self.pairs.fail(_pair(account, address), at)
        self.addresses.fail(address, at)
        self.accounts.fail(account, at)
        self._until_sweep -= 1
        if self._until_sweep <= 0:
            self._until_sweep = self.SWEEP_EVERY
            for limiter in (self.pairs, self.addresses, self.accounts.failures):
                limiter.sweep()
        return at

    def forgive(self, account: str, address: str, at: float) -> None:
        """The attempt counted at ``at`` did not fail after all."""
        self.pairs.forgive(_pair(account, address), at)
        self.addresses.forgive(address, at)
        self.accounts.forgive(account, at)

    def succeeded(self, account: str, address: str) -> None:
        """The right password from ``address``: its own failures are forgiven and it skips
        the account's delays from now on. The account's count stays: one success does not
        give an attacker elsewhere a fresh set of free guesses."""
        self.pairs.clear(_pair(account, address))
        self.known.add(account, address)


def _pair(account: str, address: str) -> str:
    return f"{account}\n{address}"
