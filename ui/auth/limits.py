"""Failed sign-ins, counted so that an attacker slows guessing down without locking the
owner out (docs/security.md, "Sign-in limits"; OWASP ASVS 4.0 2.2.1).

- An (account, address) pair has a hard limit: 5 failures in 15 minutes stop that address
  for that account; nobody else is affected.
- An address has a hard limit over every account: 20 failures in 15 minutes (a spray).
- An account is never locked: after 3 failures within an hour, the next attempt from an
  address it was not signed in from waits 1 s, 2 s, 4 s … at most 60 s after the latest
  failure. The addresses it was last signed in from skip that wait while they have not
  failed themselves, so its owner signs in at home however long the attack lasts.

:class:`SignInLimits` keeps everything in this process's memory: a restart forgets it, which
only shortens a delay. When several processes serve the site (``REDIS_URL``), the same policy
is kept in Redis by :class:`ui.auth.shared_limits.SharedSignInLimits`; the routes ask either
through the async :class:`SignInGate` (:class:`LocalGate` for this module's limits), and both
decide with :meth:`SignInLimits.judge`.
"""

from __future__ import annotations

import time
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from ui.rate_limit import Clock, Limiter, window_wait


def throttle_wait(times: Sequence[float], free: int, cap: float, now: float) -> float:
    """Seconds the next attempt waits after the failures ``times`` (oldest first, within
    the window): none for the first ``free``, then 1 s, 2 s, 4 s … at most ``cap`` after
    the latest.

    >>> [throttle_wait([0.0] * n, 3, 60.0, now=0.0) for n in (0, 3, 4, 5, 9, 10)]
    [0.0, 1.0, 2.0, 4.0, 60.0, 60.0]
    """
    if not times:
        return 0.0
    extra = len(times) - free
    delay = 0.0 if extra < 0 else min(cap, 2.0**extra)
    return max(0.0, times[-1] + delay - now)


class Throttle:
    """Growing delays per key: after ``free`` failures within ``window`` seconds, the next
    attempt waits 1 s, then 2 s, 4 s … at most ``cap`` seconds after the latest failure."""

    def __init__(self, free: int, cap: float, window: float, clock: Clock = time.monotonic) -> None:
        self.free, self.cap, self.clock = free, cap, clock
        self.failures = Limiter(0, window, clock)  # only counted here: its limit is unused

    def retry_after(self, key: str) -> float:
        """Seconds until the next attempt of ``key`` may be made (0 when it may now)."""
        return throttle_wait(self.failures.recent(key), self.free, self.cap, self.clock())

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


@dataclass(frozen=True)
class Failures:
    """The failures that decide one attempt, each kind within its window, oldest first."""

    pair: Sequence[float]  # of this address on this account
    address: Sequence[float]  # of this address on any account
    account: Sequence[float]  # of this account from any address
    known: bool  # the account was signed in from this address lately


@dataclass(frozen=True)
class Verdict:
    """How long an attempt waits (0: go ahead), and whether that is a hard limit of its
    address (minutes) rather than the account's delay (at most a minute)."""

    wait: float
    hard: bool


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

    @classmethod
    def judge(cls, failures: Failures, now: float) -> Verdict:
        """The policy itself: how long an attempt waits, given the failures that decide it
        (kept in memory here, in Redis by :mod:`ui.auth.shared_limits`)."""
        hard = max(
            window_wait(failures.pair, cls.PAIR_LIMIT, cls.WINDOW, now),
            window_wait(failures.address, cls.ADDRESS_LIMIT, cls.WINDOW, now),
        )
        blocked = len(failures.pair) >= cls.PAIR_LIMIT or (
            len(failures.address) >= cls.ADDRESS_LIMIT
        )
        if hard:
            return Verdict(hard, blocked)
        if failures.known and not failures.pair:
            return Verdict(0.0, blocked)
        return Verdict(
            throttle_wait(failures.account, cls.FREE_FAILURES, cls.MAX_DELAY, now), blocked
        )

    def wait(self, account: str, address: str) -> float:
        """Seconds before ``address`` may try a password for ``account`` (0: go ahead)."""
        failures = Failures(
            pair=self.pairs.recent(_pair(account, address)),
            address=self.addresses.recent(address),
            account=self.accounts.failures.recent(account),
            known=(account, address) in self.known,
        )
        return self.judge(failures, self.accounts.clock()).wait

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


@dataclass(frozen=True)
class Attempt:
    """A password attempt as the limits took it: refused (``wait`` > 0, with ``hard`` as in
    :class:`Verdict`), or counted as failed at ``at`` until forgiven (``tag`` tells it from
    another attempt counted at the same instant in Redis)."""

    wait: float = 0.0
    hard: bool = False
    at: float = 0.0
    tag: str = ""


class LimitsUnavailable(Exception):
    """The shared limits cannot be asked: the attempt is refused (docs/security.md)."""


class SignInGate(Protocol):
    """What the sign-in routes ask of the limits, in this process or in Redis (async: the
    shared limits ask Redis, which must not hold the event loop)."""

    async def attempt(self, account: str, address: str) -> Attempt:
        """Refuse the attempt, or count it as failed until :meth:`forgive` (both at once,
        so that attempts made in parallel see each other); :class:`LimitsUnavailable`
        when that cannot be decided."""
        ...

    async def forgive(self, account: str, address: str, attempt: Attempt) -> None:
        """The counted ``attempt`` did not fail after all."""
        ...

    async def succeeded(self, account: str, address: str) -> None:
        """The right password from ``address`` (:meth:`SignInLimits.succeeded`)."""
        ...


class LocalGate:
    """:class:`SignInLimits` of this process behind the :class:`SignInGate` face."""

    def __init__(self, limits: SignInLimits) -> None:
        self.limits = limits

    async def attempt(self, account: str, address: str) -> Attempt:
        wait = self.limits.wait(account, address)
        if wait:
            return Attempt(wait=wait, hard=self.limits.hard_limit(account, address))
        return Attempt(at=self.limits.failed(account, address))

    async def forgive(self, account: str, address: str, attempt: Attempt) -> None:
        self.limits.forgive(account, address, attempt.at)

    async def succeeded(self, account: str, address: str) -> None:
        self.limits.succeeded(account, address)
