"""The one way the web side reaches the database: off the event loop, with a time limit.

Storage functions are plain blocking functions that take the engine first
(``repo.load_record(db, match_id=...)``). Pages and the live site never call them
directly; they ``await site.gateway(repo.load_record, match_id=...)``, which runs the
call on the gateway's own threads and gives up after ``timeout`` seconds with
:class:`StorageUnavailable`, so a hung database slows the pages that need it and never
the others.

Unlike ``nicegui.run.io_bound``, a call is never reported as done when it did not run:
while the app shuts down, or when the gateway was closed, it raises
:class:`StorageUnavailable` instead of returning ``None``.
"""

from __future__ import annotations

import asyncio
import functools
import logging
import os
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any, Concatenate, ParamSpec, TypeVar

from sqlalchemy.engine import Engine
from sqlalchemy.exc import DBAPIError, OperationalError
from sqlalchemy.exc import TimeoutError as PoolTimeout

from core.table import NotStored

log = logging.getLogger(__name__)

P = ParamSpec("P")
R = TypeVar("R")

DEFAULT_TIMEOUT = 10.0  # seconds a storage call may take before the page is told
WORKERS = 8  # threads for storage calls (the pool of connections is of the same order)


class StorageUnavailable(Exception):
    """The database did not answer in time, or refused the connection: nothing is known
    to have changed. Pages show ``error.storage_unavailable``."""

    code = "storage_unavailable"

    def __init__(self, message: str = "The database cannot be reached right now.") -> None:
        super().__init__(message)
        self.message = message


class ShuttingDown(StorageUnavailable, NotStored):
    """The site is stopping: the call was not made. Pages show ``error.restarting``."""

    code = "restarting"

    def __init__(self, message: str = "The site is restarting.") -> None:
        super().__init__(message)


def call_timeout() -> float:
    """``CARAVANSERAI_DB_CALL_TIMEOUT`` seconds (default :data:`DEFAULT_TIMEOUT`): how long
    a page waits for one storage call, queueing for a thread included."""
    try:
        value = float(os.environ.get("CARAVANSERAI_DB_CALL_TIMEOUT", ""))
    except ValueError:
        return DEFAULT_TIMEOUT
    return value if value > 0 else DEFAULT_TIMEOUT


class Gateway:
    """Runs storage calls on threads of its own, each within ``timeout`` seconds."""

    def __init__(self, db: Engine, *, timeout: float | None = None, workers: int = WORKERS) -> None:
        self.db = db
        self.timeout = call_timeout() if timeout is None else timeout
        self._pool = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="storage")
        self._closed = False

    async def __call__(
        self,
        fn: Callable[Concatenate[Engine, P], R],
        /,
        *args: P.args,
        **kwargs: P.kwargs,
    ) -> R:
        """``fn(db, *args, **kwargs)`` off the event loop; :class:`StorageUnavailable` when
        the database cannot be reached or does not answer in time. Other errors (a
        ``ValueError`` of the repository, an integrity error) pass through unchanged."""
        return await self.run(functools.partial(fn, self.db, *args, **kwargs))

    async def run(self, fn: Callable[[], R], *, timeout: float | None = None) -> R:
        """A blocking storage callable that already holds its engine (the persistence
        hooks of :mod:`storage.repo`), under the same rules as a call."""
        if self._closed:
            raise ShuttingDown()
        loop = asyncio.get_running_loop()
        try:
            future = loop.run_in_executor(self._pool, fn)
        except RuntimeError as err:  # the pool was shut down meanwhile
            raise ShuttingDown() from err
        try:
            # asyncio.timeout, not wait_for: on Python 3.11, wait_for returns the result of a
            # call that ended just as its caller was cancelled, and the cancellation is lost
            # (a task stopped at shutdown would go on).
            async with asyncio.timeout(self.timeout if timeout is None else timeout):
                return await future
        except TimeoutError as err:
            log.error("storage call %s did not answer in time", _name(fn))
            raise StorageUnavailable() from err
        except (OperationalError, PoolTimeout) as err:
            log.error(
                "storage call %s could not reach the database: %s",
                _name(fn),
                getattr(err, "orig", err),
            )
            raise StorageUnavailable() from err
        except DBAPIError as err:
            if err.connection_invalidated:
                log.error("storage call %s lost its connection", _name(fn))
                raise StorageUnavailable() from err
            raise

    def close(self) -> None:
        """Refuse new calls; calls under way finish on their threads."""
        self._closed = True
        self._pool.shutdown(wait=False, cancel_futures=True)


def _name(fn: Callable[..., Any]) -> str:
    inner = fn.func if isinstance(fn, functools.partial) else fn
    return getattr(inner, "__qualname__", repr(inner))
