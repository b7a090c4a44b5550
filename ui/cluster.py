"""Whether this process serves the site alone or as one of several (docs/cluster.md).

With no configuration the site is one process: SQLite, the bots in its own process pool,
everything live in memory. With ``REDIS_URL`` set (and ``DATABASE_URL`` on PostgreSQL, which
every process shares), several identical processes serve the site together: they tell each
other of every stored change through Redis (:mod:`ui.bus`), the bots' turns are jobs for the
workers (:mod:`jobs.worker`), and presence, sign-in limits and sessions live in Redis.

- ``REDIS_URL``: ``redis://host:port/db``; unset, the site is one process.
- ``CARAVANSERAI_PROCESS``: this process's name in logs and on ``/readyz`` (default
  ``<host>:<pid>``).
"""

from __future__ import annotations

import functools
import os
import secrets
import socket

PREFIX = "caravanserai"  # every Redis key and channel of the site starts with it


def redis_url() -> str | None:
    """The shared Redis, or None when this process serves the site alone."""
    return os.environ.get("REDIS_URL") or None


def several() -> bool:
    """Whether this process is one of several serving the site."""
    return redis_url() is not None


def process_name() -> str:
    """This process's name among the site's processes."""
    return os.environ.get("CARAVANSERAI_PROCESS") or f"{socket.gethostname()}:{os.getpid()}"


@functools.cache
def instance_name() -> str:
    """This run of this process: its name and a token drawn at start, so that what a
    process wrote to Redis before a restart is never taken for its current state."""
    return f"{process_name()}~{secrets.token_hex(3)}"


def key(*parts: object) -> str:
    """A Redis key or channel of the site: ``caravanserai:<part>:<part>...``.

    >>> key("presence", "m1")
    'caravanserai:presence:m1'
    """
    return ":".join([PREFIX, *(str(part) for part in parts)])
