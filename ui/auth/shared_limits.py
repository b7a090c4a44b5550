"""The sign-in limits of :mod:`ui.auth.limits` kept in Redis, so that every process of the
site counts the same failures: an attacker who spreads guesses over three processes meets
the limits of one (docs/security.md, "Sign-in limits").

The keys, under ``caravanserai:signin`` (an account is named by a digest of its key, so no
name is written into Redis and no odd name can make two keys one):

- ``pair:<account>:<address>``, ``address:<address>``, ``account:<account>``: sorted sets of
  failure times (score: wall-clock seconds, the same for every process; member: the time
  and a random tag), trimmed to their window when a failure is added, expiring one window
  after the newest;
- ``known:<account>``: the addresses the account last signed in from, newest first, at most
  ``KNOWN_PER_ACCOUNT``, expiring :data:`KNOWN_TTL` after the latest sign-in.

An attempt is judged and counted in one optimistic transaction: the four keys are watched,
read and judged by :meth:`SignInLimits.judge` (the very rule of the in-memory limits), and
the failure is added only if no other process changed them meanwhile (else it is judged
again). So attempts made in parallel on several processes see each other as on one.

When Redis cannot be asked (:mod:`ui.redis_link`), :meth:`SharedSignInLimits.attempt`
raises :class:`LimitsUnavailable` and the routes refuse the attempt: the limits fail closed.
"""

from __future__ import annotations

import hashlib
import math
import secrets
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import cast

import redis.asyncio as redis
from redis.exceptions import WatchError

from ui import cluster
from ui.auth.limits import (
    Attempt,
    Failures,
    LimitsUnavailable,
    LocalGate,
    SignInGate,
    SignInLimits,
)
from ui.rate_limit import Clock
from ui.redis_link import RedisLink, Unreachable, shared_link

KNOWN_TTL = 30 * 24 * 3600.0  # seconds an account remembers where it was last signed in from
TRIES = 20  # transactions tried for one attempt before it is refused as undecided


@dataclass(frozen=True)
class Keys:
    """The Redis keys that decide one (account, address) attempt."""

    pair: str
    address: str
    account: str
    known: str


class SharedSignInLimits:
    """:class:`SignInLimits`' policy (its figures from ``policy``) kept in Redis."""

    def __init__(
        self,
        link: RedisLink,
        *,
        namespace: str | None = None,
        clock: Clock = time.time,
        policy: type[SignInLimits] = SignInLimits,
    ) -> None:
        self.link, self.clock, self.policy = link, clock, policy
        self.namespace = cluster.key("signin") if namespace is None else namespace

    def keys(self, account: str, address: str) -> Keys:
        named = hashlib.blake2b(account.encode("utf-8", "surrogatepass"), digest_size=16)
        digest = named.hexdigest()
        return Keys(
            pair=f"{self.namespace}:pair:{digest}:{address}",
            address=f"{self.namespace}:address:{address}",
            account=f"{self.namespace}:account:{digest}",
            known=f"{self.namespace}:known:{digest}",
        )

    async def attempt(self, account: str, address: str) -> Attempt:
        keys = self.keys(account, address)

        async def judge_and_count(client: redis.Redis) -> Attempt:
            async with client.pipeline(transaction=True) as pipe:
                for _ in range(TRIES):
                    try:
                        return await self._judge_and_count(pipe, keys, address)
                    except WatchError:
                        continue  # another attempt was counted meanwhile: judge again
            raise Unreachable("too many attempts at once on these keys")

        try:
            return await self.link.call(judge_and_count)
        except Unreachable as err:
            raise LimitsUnavailable(str(err)) from err

    async def _judge_and_count(
        self, pipe: redis.client.Pipeline, keys: Keys, address: str
    ) -> Attempt:
        policy = self.policy
        await pipe.watch(keys.pair, keys.address, keys.account, keys.known)
        now = self.clock()
        windows = (
            (keys.pair, policy.WINDOW),
            (keys.address, policy.WINDOW),
            (keys.account, policy.ACCOUNT_WINDOW),
        )
        pair, by_address, by_account = [await _times(pipe, key, now - w) for key, w in windows]
        listed = cast(Awaitable[list[bytes]], pipe.lrange(keys.known, 0, -1))
        known = address.encode() in await listed
        failures = Failures(pair=pair, address=by_address, account=by_account, known=known)
        verdict = policy.judge(failures, now)
        if verdict.wait:
            await pipe.reset()
            return Attempt(wait=verdict.wait, hard=verdict.hard)
        tag = f"{now!r}:{secrets.token_hex(6)}"
        pipe.multi()
        for key, window in windows:
            pipe.zremrangebyscore(key, "-inf", repr(now - window))
            pipe.zadd(key, {tag: now})
            pipe.pexpire(key, math.ceil(window * 1000))
        await pipe.execute()
        return Attempt(at=now, tag=tag)

    async def forgive(self, account: str, address: str, attempt: Attempt) -> None:
        keys = self.keys(account, address)

        async def forget(client: redis.Redis) -> None:
            async with client.pipeline(transaction=True) as pipe:
                for key in (keys.pair, keys.address, keys.account):
                    pipe.zrem(key, attempt.tag)
                await pipe.execute()

        await self._call(forget)

    async def succeeded(self, account: str, address: str) -> None:
        """As :meth:`SignInLimits.succeeded`: the address's own failures on the account go,
        and it joins the account's known addresses (the newest first)."""
        keys = self.keys(account, address)
        kept = self.policy.KNOWN_PER_ACCOUNT

        async def remember(client: redis.Redis) -> None:
            async with client.pipeline(transaction=True) as pipe:
                pipe.delete(keys.pair)
                pipe.lrem(keys.known, 0, address)
                pipe.lpush(keys.known, address)
                pipe.ltrim(keys.known, 0, kept - 1)
                pipe.pexpire(keys.known, math.ceil(KNOWN_TTL * 1000))
                await pipe.execute()

        await self._call(remember)

    async def _call(self, work: Callable[[redis.Redis], Awaitable[None]]) -> None:
        try:
            await self.link.call(work)
        except Unreachable as err:
            raise LimitsUnavailable(str(err)) from err


async def _times(pipe: redis.client.Pipeline, key: str, cutoff: float) -> list[float]:
    """The times in ``key`` after ``cutoff``, oldest first (read at once: the pipeline is
    watching, not yet queueing)."""
    scored = await pipe.zrangebyscore(key, f"({cutoff!r}", "+inf", withscores=True)
    return [score for _, score in scored]


def sign_in_gate(limits: SignInLimits) -> SignInGate:
    """The limits the sign-in routes ask: ``limits`` themselves when this process serves
    the site alone, their policy kept in Redis when ``REDIS_URL`` is set (:mod:`ui.cluster`)."""
    url = cluster.redis_url()
    if url is None:
        return LocalGate(limits)
    return SharedSignInLimits(shared_link(url), policy=type(limits))
