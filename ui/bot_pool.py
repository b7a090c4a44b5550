"""The bots' own worker processes, and the order in which bot turns get them.

A bot's turn is CPU work in a worker process. The site owns its pool rather than
sharing NiceGUI's, for three reasons:

- **Priority.** A turn at a table where a person sits and watches goes before a
  turn at a table where nobody is waiting; among equals, first come, first
  served. At most ``workers`` jobs run at once (one per core), so a queued
  person's turn takes the next free worker instead of waiting behind every bot
  game already submitted.
- **No orphans.** Each worker asks the kernel to end it when the server dies
  (``PR_SET_PDEATHSIG`` on Linux; elsewhere a thread watches the parent's pid),
  so a SIGKILLed server leaves no workers behind. multiprocessing's resource
  tracker then sees its pipe close and exits by itself.
- **Warm start.** :meth:`BotPool.warm` starts every worker at start-up, with the
  bots' modules imported there, so the first bot move does not wait for a
  process to spawn and import the games.

Workers start with ``spawn``: a clean interpreter, not a copy of the server's
memory and threads. The pool is created lazily, on the event loop's thread: on
Linux the death signal follows the *thread* that started a worker, and that
thread lives as long as the server.
"""

from __future__ import annotations

import asyncio
import ctypes
import functools
import itertools
import logging
import multiprocessing
import os
import signal
import sys
import threading
import time
from collections.abc import Callable
from concurrent.futures import Executor, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from typing import Any

log = logging.getLogger(__name__)

PERSON_WAITING = 0  # a turn at a table where a seated person is connected
NOBODY_WAITING = 1  # a turn at a table with no connected person
PR_SET_PDEATHSIG = 1  # from <linux/prctl.h>
PARENT_POLL = 1.0  # seconds between two looks at the parent, where prctl is unavailable


def prepare_worker(parent: int) -> None:
    """A worker's initializer: end with ``parent``, then import what bots need."""
    end_with_parent(parent)
    import core.bots  # noqa: F401  (imported once here, not during the first bot move)


def end_with_parent(parent: int) -> None:
    """Make this process exit when ``parent`` is gone."""
    if sys.platform.startswith("linux") and _set_death_signal():
        if os.getppid() != parent:  # the parent died before the signal was asked for
            os._exit(0)
        return
    threading.Thread(target=_watch_parent, args=(parent,), name="parent-watch", daemon=True).start()


def _set_death_signal() -> bool:
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        return int(libc.prctl(PR_SET_PDEATHSIG, signal.SIGTERM, 0, 0, 0)) == 0
    except (OSError, AttributeError):
        return False


def _watch_parent(parent: int) -> None:
    while os.getppid() == parent:
        time.sleep(PARENT_POLL)
    os._exit(0)


def ready() -> bool:
    """A trivial job: its answer means the worker has started and imported the bots."""
    return True


def process_pool(workers: int) -> ProcessPoolExecutor:
    """``workers`` spawned processes that exit with this one."""
    return ProcessPoolExecutor(
        max_workers=workers,
        mp_context=multiprocessing.get_context("spawn"),
        initializer=prepare_worker,
        initargs=(os.getpid(),),
    )


@dataclass
class _Job:
    priority: Callable[[], int]
    order: int
    fn: Callable[..., Any]
    args: tuple[Any, ...]
    result: asyncio.Future[Any]
    for_nobody: bool = False  # started as a turn nobody waits for


class BotPool:
    """A priority queue in front of at most ``workers`` concurrent jobs.

    A job's priority is asked again each time a worker comes free, so a turn moves up
    the queue as soon as a person opens the table's page. The queue is as long as
    the tables whose bots wait, so a scan for the first is cheap enough.

    ``kept_for_people`` workers (one, when there are several) never take a turn nobody
    waits for: a person's turn starts at once instead of waiting for a hard bot's
    whole search at a table of bots to end. Jobs are not pre-empted.

    ``executor`` runs the jobs; by default a process pool of ``workers`` spawned
    processes, made on first use. Tests give a thread pool and functions that
    wait on events.
    """

    def __init__(
        self,
        workers: int | None = None,
        executor: Executor | None = None,
        *,
        kept_for_people: int | None = None,
    ) -> None:
        self.workers = workers or os.cpu_count() or 1
        if kept_for_people is None:
            kept_for_people = 1 if self.workers > 1 else 0
        self.kept_for_people = min(kept_for_people, self.workers - 1)
        self._executor = executor
        self._owned = executor is None  # made here, so remade here when it breaks
        self._queue: list[_Job] = []  # in the order submitted
        self._order = itertools.count()
        self.running = 0
        self.running_for_nobody = 0

    @property
    def executor(self) -> Executor:
        if self._executor is None:
            self._executor = process_pool(self.workers)
        return self._executor

    @property
    def queued(self) -> int:
        return len(self._queue)

    async def run(
        self, priority: int | Callable[[], int], fn: Callable[..., Any], *args: Any
    ) -> Any:
        """``fn(*args)`` in a worker once every job of a lower ``priority`` number (a number
        or a function giving it), and every earlier job of the same one, has started."""
        result: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        rank = priority if callable(priority) else lambda: priority
        self._queue.append(_Job(rank, next(self._order), fn, args, result))
        self._start_next()
        return await result

    def _first(self) -> tuple[int, int]:
        """The index of the job to start next and its priority (the earliest of equals)."""
        ranks = [job.priority() for job in self._queue]
        first = min(range(len(ranks)), key=ranks.__getitem__)
        return first, ranks[first]

    def reconsider(self) -> None:
        """Priorities may have changed (a person came to a table): start what now may."""
        self._start_next()

    def _start_next(self) -> None:
        self._queue = [job for job in self._queue if not job.result.done()]  # callers gone
        while self.running < self.workers and self._queue:
            first, rank = self._first()
            for_nobody = rank > PERSON_WAITING
            if for_nobody and self.running_for_nobody >= self.workers - self.kept_for_people:
                return  # the free worker is kept for a person's turn
            job = self._queue.pop(first)
            job.for_nobody = for_nobody
            self._count(job, 1)
            try:
                done = asyncio.wrap_future(self.executor.submit(job.fn, *job.args))
            except Exception as err:  # a broken or closed pool: the caller hears of it
                self._count(job, -1)
                self._drop_if_broken(err)
                job.result.set_exception(err)
                continue
            done.add_done_callback(functools.partial(self._finished, job))

    def _count(self, job: _Job, step: int) -> None:
        self.running += step
        if job.for_nobody:
            self.running_for_nobody += step

    def _finished(self, job: _Job, done: asyncio.Future[Any]) -> None:
        self._count(job, -1)
        if not job.result.done():
            if done.cancelled():
                job.result.cancel()
            elif (err := done.exception()) is not None:
                self._drop_if_broken(err)
                job.result.set_exception(err)
            else:
                job.result.set_result(done.result())
        self._start_next()

    def _drop_if_broken(self, err: BaseException) -> None:
        """A worker that died (killed, out of memory) breaks the whole process pool: the
        jobs under way fail, and the next job gets a new pool instead of failing too."""
        if isinstance(err, BrokenProcessPool) and self._owned and self._executor is not None:
            log.error("a bot worker died; the bots' process pool is started again")
            self._executor.shutdown(wait=False, cancel_futures=True)
            self._executor = None

    async def warm(self) -> None:
        """Start every worker now, so the first bot move finds one ready."""
        started = time.perf_counter()
        try:
            await asyncio.gather(*(self.run(PERSON_WAITING, ready) for _ in range(self.workers)))
        except Exception:
            log.exception("the bots' worker processes could not start")
            return
        log.info("%d bot worker(s) ready in %.1f s", self.workers, time.perf_counter() - started)

    def close(self) -> None:
        """Stop the workers; queued jobs are dropped, running ones are not waited for."""
        for job in self._queue:
            job.result.cancel()
        self._queue.clear()
        if self._executor is not None:
            self._executor.shutdown(wait=False, cancel_futures=True)
