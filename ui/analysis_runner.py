"""Replay analyses run in the background, a chunk of plies at a time (docs/analysis.md).

An :class:`AnalysisRunner` claims the next queued analysis from storage
(:func:`storage.analyses.claim`), reads the match's record, and has
:func:`core.analysis.analyse_plies` judge :data:`CHUNK` plies at a time in the bots' process
pool (:class:`ui.bot_pool.BotPool`) at priority :data:`ui.bot_pool.ANALYSIS`, below every bot
turn: a bot turn waits for at most the one chunk already running, never for a whole game,
and the worker kept for people's turns never takes a chunk. The entries of each chunk are
stored before the next is asked for, so an analysis interrupted anywhere (a restart, a
dead process whose lease lapses) resumes from the last stored chunk. When every ply is
judged, :func:`core.analysis.summarise` makes the document, which is stored; an error or a
chunk that takes too long (:func:`chunk_timeout`) is stored as the analysis's failure.

Automatic analyses (an account's choice) are claimed only when the pool has a worker free
and nothing queued, and one makes way, between two chunks, for a person's request. One
analysis runs at a time per process. The runner runs on the site's own process when it is
the only one, and on each bot worker (jobs/worker.py) when there are several; storage calls
go through ``call(fn, **kwargs)`` (the site's gateway, or a thread on a worker).

- ``CARAVANSERAI_ANALYSIS_SECONDS``: the search's seconds per ply (default: core's).
- ``CARAVANSERAI_ANALYSIS_ROUNDS``: the search's rounds per ply (default: core's).
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import hashlib
import logging
import os
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime
from typing import Any

from core import analysis
from core.analysis import AnalysisBudget
from storage import analyses, repo
from storage.analyses import LEASE, Claimed
from ui.bot_pool import ANALYSIS, BotPool

log = logging.getLogger(__name__)

CHUNK = 4  # plies judged by one job of the pool: what a bot turn may wait behind
POLL = 2.0  # seconds between two looks at the queue when nothing woke the runner
HEARTBEAT = LEASE.total_seconds() / 3  # seconds between two renewals of a claim
CHUNK_TIMEOUT = 300.0  # the least seconds a chunk may take, waiting in the pool included

Call = Callable[..., Awaitable[Any]]  # call(fn, **kwargs): fn(engine, **kwargs), off the loop


def budget_from_environment() -> AnalysisBudget:
    """The search's budget per ply: ``CARAVANSERAI_ANALYSIS_SECONDS`` and
    ``CARAVANSERAI_ANALYSIS_ROUNDS`` where set to positive numbers, else core's defaults."""
    default = AnalysisBudget()
    seconds = _positive("CARAVANSERAI_ANALYSIS_SECONDS", float)
    rounds = _positive("CARAVANSERAI_ANALYSIS_ROUNDS", int)
    return AnalysisBudget(
        seconds=default.seconds if seconds is None else seconds,
        rounds=default.rounds if rounds is None else rounds,
        candidates=default.candidates,
    )


def _positive(name: str, kind: type[float] | type[int]) -> Any:
    raw = os.environ.get(name, "").strip()
    if not raw:
        return None
    try:
        value = kind(raw)
    except ValueError:
        value = 0
    if value <= 0:
        log.warning("%s=%r is not a positive number: the default is used", name, raw)
        return None
    return value


def seed_of(match_id: str) -> int:
    """The search's seed for a match: the same on every process, so a re-run is the same.

    >>> seed_of("q3ZkT0bA9x") == seed_of("q3ZkT0bA9x") != seed_of("q3ZkT0bA9y")
    True
    """
    return int.from_bytes(hashlib.sha256(match_id.encode()).digest()[:4], "big")


def chunk_timeout(budget: AnalysisBudget, plies: int) -> float:
    """How long a chunk of ``plies`` may take before its analysis is failed: ten times its
    budget of seconds, and never under :data:`CHUNK_TIMEOUT`.

    >>> chunk_timeout(AnalysisBudget(seconds=20.0), 4)
    800.0
    >>> chunk_timeout(AnalysisBudget(seconds=None), 4)
    300.0
    """
    return max(CHUNK_TIMEOUT, 10 * (budget.seconds or 0.0) * plies)


def _now() -> datetime:
    return datetime.now(UTC)


class AnalysisRunner:
    """Claims queued analyses one at a time and runs them in ``pool`` (see the module)."""

    def __init__(
        self,
        call: Call,
        pool: BotPool,
        *,
        name: str,
        budget: AnalysisBudget | None = None,
        chunk: int = CHUNK,
        poll: float = POLL,
        now: Callable[[], datetime] = _now,
    ) -> None:
        self.call = call
        self.pool = pool
        self.name = name  # this process, in the claims' tokens
        self.budget = budget or budget_from_environment()
        self.chunk = chunk
        self.poll = poll
        self.now = now
        self._wake = asyncio.Event()
        self._task: asyncio.Task[None] | None = None
        self._stopping = False  # set by stop: the loop ends even if a cancellation is lost
        self._claim: Claimed | None = None  # the analysis being run

    def spare(self) -> bool:
        """Whether the pool could start a chunk at once with nothing else waiting for it:
        what an automatic analysis waits for."""
        free = self.pool.workers - self.pool.kept_for_people - self.pool.running_for_nobody
        return self.pool.queued == 0 and free > 0

    def wake(self) -> None:
        """Look at the queue now (an analysis was just asked for)."""
        self._wake.set()

    def start(self) -> None:
        """Run queued analyses in the background until :meth:`stop`."""
        if self._task is None:
            self._stopping = False
            self._task = asyncio.get_running_loop().create_task(self._loop(), name="analyses")

    async def stop(self) -> None:
        """Stop between two steps; the analysis under way is queued again (its stored plies
        kept), or, when storage cannot be reached, taken over once its lease lapses."""
        task, self._task = self._task, None
        if task is not None:
            self._stopping = True
            self._wake.set()
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task
        claim, self._claim = self._claim, None
        if claim is not None:
            try:
                await self.call(analyses.release, analysis_id=claim.id, runner=claim.runner)
            except Exception as err:
                log.warning("could not release the analysis of %s: %s", claim.match_id, err)

    async def _loop(self) -> None:
        while not self._stopping:
            self._wake.clear()  # a request made from now on is looked for at once
            try:
                ran = await self.run_next()
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("the analyses' queue could not be read")
                ran = False
            if not ran and not self._stopping:
                with contextlib.suppress(TimeoutError):
                    async with asyncio.timeout(self.poll):
                        await self._wake.wait()

    async def run_next(self) -> bool:
        """Claim the next analysis and run it as far as it goes; whether there was one."""
        claim = await self.call(
            analyses.claim, now=self.now(), name=self.name, lease=LEASE, auto=self.spare()
        )
        if claim is None:
            return False
        self._claim = claim
        beat = asyncio.get_running_loop().create_task(self._heartbeat(claim))
        try:
            await self._run(claim)
        except asyncio.CancelledError:
            raise
        except Exception as err:
            log.exception("the analysis of match %s failed", claim.match_id)
            await self._fail(claim, f"{type(err).__name__}: {err}")
        finally:
            beat.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await beat
        self._claim = None
        return True

    async def _run(self, claim: Claimed) -> None:
        record = await self.call(repo.load_record, match_id=claim.match_id)
        if record is None or record.get("result") is None:
            await self._fail(claim, "the game is not stored as finished")
            return
        total = len(record["actions"])
        plies = list(claim.plies)
        seed = seed_of(claim.match_id)
        judge = functools.partial(analysis.analyse_plies, budget=self.budget, seed=seed)
        while len(plies) < total:
            if self._stopping:  # stopped, though the cancellation was lost on the way
                raise asyncio.CancelledError()
            start = len(plies)
            stop = min(start + self.chunk, total)
            limit = chunk_timeout(self.budget, stop - start)
            try:
                async with asyncio.timeout(limit):
                    entries = await self.pool.run(ANALYSIS, judge, record, start, stop)
            except TimeoutError as err:
                raise TimeoutError(f"plies {start + 1}-{stop} took over {limit:.0f} s") from err
            if not isinstance(entries, list) or len(entries) != stop - start:
                raise ValueError(f"the engine gave no entry for each of plies {start + 1}-{stop}")
            if not await self.call(
                analyses.save_progress,
                analysis_id=claim.id,
                runner=claim.runner,
                entries=entries,
                now=self.now(),
                lease=LEASE,
            ):
                log.warning("the analysis of match %s was taken over", claim.match_id)
                return
            plies.extend(entries)
            if claim.auto and len(plies) < total and await self.call(analyses.people_waiting):
                await self.call(analyses.release, analysis_id=claim.id, runner=claim.runner)
                return  # a person's request goes first; this one resumes after it
        document = await self.pool.run(ANALYSIS, analysis.summarise, record, plies, self.budget)
        await self.call(
            analyses.finish,
            analysis_id=claim.id,
            runner=claim.runner,
            result=document,
            now=self.now(),
        )
        log.info("analysed match %s (%d plies)", claim.match_id, total)

    async def _fail(self, claim: Claimed, error: str) -> None:
        try:
            await self.call(
                analyses.fail,
                analysis_id=claim.id,
                runner=claim.runner,
                error=error,
                now=self.now(),
            )
        except Exception:  # its lease lapses, and it is run again
            log.exception("could not store the failure of the analysis of %s", claim.match_id)

    async def _heartbeat(self, claim: Claimed) -> None:
        """Renew the claim while a chunk runs (or waits for a worker): the lease only
        lapses when this process is gone."""
        while True:
            await asyncio.sleep(HEARTBEAT)
            try:
                await self.call(
                    analyses.renew,
                    analysis_id=claim.id,
                    runner=claim.runner,
                    now=self.now(),
                    lease=LEASE,
                )
            except Exception as err:
                log.warning("could not renew the analysis of %s: %s", claim.match_id, err)
