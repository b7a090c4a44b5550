"""The bots' own worker processes, and the order in which bot turns get them.

A bot's turn is CPU work in a worker process. The site owns its pool rather than
sharing NiceGUI's, for three reasons:

- **Priority.** A turn at a table where a person sits and watches goes before a
  turn at a table where nobody is waiting; among equals, first come, first
  served. At most ``workers`` jobs run at once (one per core), so a queued
  person's turn takes the next free worker instead of waiting behind every bot
  game already submitted.
- **No orphans.** Each worker exits as soon as the server is gone, however it
  died (:func:`end_with_parent`), so a SIGKILLed server leaves no workers
  behind; the fork server and multiprocessing's resource tracker then see their
  pipes close and exit by themselves.
- **Warm start.** :meth:`BotPool.warm` starts every worker at start-up, with the
  bots' modules imported there, so the first bot move does not wait for a
  process to spawn and import the games.

Workers start from a fork server (``spawn`` where there is none): a clean
interpreter, not a copy of the server's memory and threads (see
:func:`start_context`).
"""

from __future__ import annotations

import asyncio
import ctypes
import functools
import itertools
import logging
import multiprocessing
import multiprocessing.connection
import os
import signal
import sys
import threading
import time
from collections.abc import Callable
from concurrent.futures import Executor, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from core.table import Table

log = logging.getLogger(__name__)

PERSON_WAITING = 0  # a turn at a table where a seated person is connected
NOBODY_WAITING = 1  # a turn at a table with no connected person
ANALYSIS = 2  # a chunk of a replay's analysis (ui/analysis_runner.py): after every turn


def turn_priority(table: Table, present: Callable[[str], bool]) -> int:
    """A turn at a table where a seated person has a page open (``present``) goes first."""
    for seat in table.seats:
        if seat.user_id is not None and present(seat.holder):
            return PERSON_WAITING
    return NOBODY_WAITING


PR_SET_PDEATHSIG = 1  # from <linux/prctl.h>
PROJECT_PACKAGES = ("core", "storage", "ui")
PARENT_POLL = 1.0  # seconds between two looks at the parent, where prctl is unavailable


def prepare_worker(server: int) -> None:
    """A worker's initializer: end with the ``server`` process, then import what bots need."""
    end_with_parent(server)
    import core.bots  # noqa: F401  (imported once here, not during the first bot move)


def end_with_parent(server: int) -> None:
    """Make this worker exit as soon as the ``server`` process is gone.

    A thread waits on multiprocessing's sentinel of the parent process (a pipe the
    server alone holds open: it reads as closed the moment the server dies, however it
    dies), or polls the server's pid where there is none. On Linux, when the server is
    this worker's direct parent (``spawn``), the kernel is asked too
    (``PR_SET_PDEATHSIG``). A worker of a fork server needs the thread: the fork server
    waits for its workers to end before it ends.
    """
    if sys.platform.startswith("linux") and os.getppid() == server:
        _set_death_signal()
    threading.Thread(target=_watch_parent, args=(server,), name="parent-watch", daemon=True).start()
    if not _alive(server):  # died before any of that was in place
        os._exit(0)


def _set_death_signal() -> bool:
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        return int(libc.prctl(PR_SET_PDEATHSIG, signal.SIGTERM, 0, 0, 0)) == 0
    except (OSError, AttributeError):
        return False


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # exists, owned by someone else
        return True
    return True


def _watch_parent(server: int) -> None:
    parent = multiprocessing.parent_process()
    if parent is not None and parent.pid == server:
        multiprocessing.connection.wait([parent.sentinel])
    else:
        while _alive(server):
            time.sleep(PARENT_POLL)
    os._exit(0)


def ready() -> bool:
    """A trivial job: its answer means the worker has started and imported the bots."""
    return True


def start_context() -> multiprocessing.context.BaseContext:
    """How workers start: from a fork server where there is one, else spawned.

    Both start from a fresh interpreter, never from a fork of the threaded server. A
    spawned worker imports the server's main module again (for ``python -m ui.app``:
    NiceGUI and every page) before its first job; the fork server does that once, with
    the bots, and each worker is then a fork of it, ready in milliseconds.
    """
    if "forkserver" not in multiprocessing.get_all_start_methods():
        return multiprocessing.get_context("spawn")
    context = multiprocessing.get_context("forkserver")
    context.set_forkserver_preload(preloaded())
    return context


def preloaded() -> list[str]:
    """What the fork server imports: the bots, and the project's modules this process has
    imported (with them NiceGUI and the storage), but not the main module itself, which
    each worker runs afresh as ``__mp_main__``, all its imports already there."""
    main = getattr(sys.modules["__main__"].__spec__, "name", None)
    ours = {
        name
        for name in list(sys.modules)
        if name.split(".")[0] in PROJECT_PACKAGES and name != main
    }
    return ["core.bots", *sorted(ours - {"core.bots"})]


def process_pool(
    workers: int, context: multiprocessing.context.BaseContext | None = None
) -> ProcessPoolExecutor:
    """``workers`` processes that exit with this one, started from ``context``
    (:func:`start_context` by default)."""
    return ProcessPoolExecutor(
        max_workers=workers,
        mp_context=context or start_context(),
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
        self._closed = False

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
        if self._closed:  # the server is stopping: the turn is dropped, quietly
            raise asyncio.CancelledError
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
            executor = self.executor
            done = asyncio.ensure_future(self._submitted(executor, job))
            done.add_done_callback(functools.partial(self._finished, job, executor))

    @staticmethod
    async def _submitted(executor: Executor, job: _Job) -> Any:
        """The job's answer. It is handed to the executor off the event loop: the first
        hand-over starts the fork server and waits until it has imported the bots."""
        future = await asyncio.to_thread(executor.submit, job.fn, *job.args)
        return await asyncio.wrap_future(future)

    def _count(self, job: _Job, step: int) -> None:
        self.running += step
        if job.for_nobody:
            self.running_for_nobody += step

    def _finished(self, job: _Job, executor: Executor, done: asyncio.Future[Any]) -> None:
        self._count(job, -1)
        if not job.result.done():
            if done.cancelled() or self._closed:
                job.result.cancel()
            elif (err := done.exception()) is not None:
                self._drop_if_broken(err, executor)
                job.result.set_exception(err)
            else:
                job.result.set_result(done.result())
        self._start_next()

    def _drop_if_broken(self, err: BaseException, executor: Executor) -> None:
        """A worker that died (killed, out of memory) breaks the whole process pool: the
        jobs under way fail, and the next job gets a new pool instead of failing too."""
        broken = isinstance(err, BrokenProcessPool) and executor is self._executor
        if broken and self._owned and self._executor is not None:
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
        self._closed = True
        for job in self._queue:
            job.result.cancel()
        self._queue.clear()
        if self._executor is not None:
            self._executor.shutdown(wait=False, cancel_futures=True)
