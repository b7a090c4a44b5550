"""Asking a process of the site whether it can serve games (``GET /readyz``, ui/health.py),
as the balancer's checks do, from the launcher and the rolling restart."""

from __future__ import annotations

import time
import urllib.error
import urllib.request


def status(url: str, timeout: float = 2.0) -> int | None:
    """The HTTP status of ``GET url``, or None when nothing answers."""
    try:
        with urllib.request.urlopen(url, timeout=timeout) as response:
            return int(response.status)
    except urllib.error.HTTPError as err:
        return int(err.code)
    except (OSError, ValueError):
        return None


def ready(host: str, port: int, timeout: float = 2.0) -> bool:
    """Whether the process at host:port answers ``/readyz`` with 200."""
    return status(f"http://{host}:{port}/readyz", timeout) == 200


def wait_ready(host: str, port: int, timeout: float, poll: float = 0.2) -> bool:
    """Whether it answered 200 within ``timeout`` seconds (asked every ``poll`` seconds)."""
    deadline = time.monotonic() + timeout
    while not ready(host, port):
        if time.monotonic() >= deadline:
            return False
        time.sleep(poll)
    return True
