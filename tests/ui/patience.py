"""The simulated visitor waits for what it expects, as a person (or Playwright) would.

NiceGUI's ``User.should_see`` looks three times, 0.1 s apart, and ``should_not_see``
three times, 0.05 s apart: a page that needs longer to reflect an event (a database
write in a worker thread, on a machine also busy with a bot's search) fails the test
although it is right. Here both wait on the condition itself, polled until it holds or
:data:`PATIENCE` seconds have passed; a ``retries`` count given by a test still buys at
least as long as it did (``retries`` × 0.1 s).

``should_not_see`` passes as soon as the thing is absent, so it only asserts that
something is gone (or never came). To assert that an event changed nothing, wait for a
sign that the page has handled it (:func:`handled`) and then look.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

import pytest
from nicegui import background_tasks
from nicegui.testing import User

PATIENCE = 15.0  # seconds a simulated visitor waits for the page to show (or drop) something
POLL = 0.02


async def until(condition: Callable[[], bool], within: float = PATIENCE) -> bool:
    """Whether ``condition()`` came true within ``within`` seconds (polled)."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + within
    while not condition():
        if loop.time() >= deadline:
            return False
        await asyncio.sleep(POLL)
    return True


async def should_see(
    self: User,
    target: Any = None,
    *,
    kind: Any = None,
    marker: Any = None,
    content: Any = None,
    retries: int = 3,
) -> None:
    seen = await until(
        lambda: self._sees(target, kind, marker, content), max(PATIENCE, retries * 0.1)
    )
    if not seen:
        message = self._build_error_message(target, kind, marker, content)
        raise AssertionError("expected to see at least one " + message)


async def should_not_see(
    self: User,
    target: Any = None,
    *,
    kind: Any = None,
    marker: Any = None,
    content: Any = None,
    retries: int = 3,
) -> None:
    gone = await until(
        lambda: not self._sees(target, kind, marker, content), max(PATIENCE, retries * 0.1)
    )
    if not gone:
        message = self._build_error_message(target, kind, marker, content)
        raise AssertionError("expected not to see any " + message)


def install(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every simulated visitor of the test (``User``) waits this way."""
    monkeypatch.setattr(User, "should_see", should_see)
    monkeypatch.setattr(User, "should_not_see", should_not_see)


async def handled(trigger: Callable[[], object], within: float = PATIENCE) -> None:
    """Run ``trigger()`` (clicks, key presses on a simulated page) and wait until every
    event handler it started has returned: the page has dealt with those events.

    An async handler runs as a background task; a plain one has returned already."""
    before = set(background_tasks.running_tasks)
    trigger()
    started = set(background_tasks.running_tasks) - before
    if started:
        _, pending = await asyncio.wait(started, timeout=within)
        assert not pending, f"{len(pending)} event handler(s) still running after {within} s"
