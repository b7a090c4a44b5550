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

With several simulated visitors, NiceGUI points ``ui.notify``, ``ui.navigate`` and
``ui.download`` at whichever ``User`` had an attribute read last (the test's, or the
one whose page was just sent an update), so a handler on Ann's page could notify or
navigate Bea. Here they go to the visitor whose page the handler runs on.
"""

from __future__ import annotations

import asyncio
import weakref
from collections.abc import Callable
from typing import Any

import pytest
from nicegui import background_tasks, context, ui
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


class _Routed:
    """``ui.notify`` (or ``navigate``, ``download``) of the visitor whose page is running."""

    def __init__(self, users: weakref.WeakSet[User], last: list[User], name: str) -> None:
        self.users, self.last, self.name = users, last, name

    def _target(self) -> Any:
        try:
            client = context.client
        except (RuntimeError, AttributeError):  # no page: the test itself calls
            client = None
        owner = next(
            (u for u in list(self.users) if object.__getattribute__(u, "client") is client),
            self.last[-1] if self.last else None,
        )
        assert owner is not None, f"ui.{self.name} with no simulated visitor"
        return object.__getattribute__(owner, self.name)

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        return self._target()(*args, **kwargs)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._target(), name)


def install(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every simulated visitor of the test (``User``) waits this way, and hears its own
    page's notifications and navigations."""
    monkeypatch.setattr(User, "should_see", should_see)
    monkeypatch.setattr(User, "should_not_see", should_not_see)
    users: weakref.WeakSet[User] = weakref.WeakSet()
    last: list[User] = []
    original_init = User.__init__

    def init(self: User, *args: Any, **kwargs: Any) -> None:
        original_init(self, *args, **kwargs)
        users.add(self)

    def getattribute(self: User, name: str) -> Any:
        if not last or last[-1] is not self:
            last[:] = [self]
        return object.__getattribute__(self, name)

    monkeypatch.setattr(User, "__init__", init)
    monkeypatch.setattr(User, "__getattribute__", getattribute)
    for name in ("notify", "navigate", "download"):
        monkeypatch.setattr(ui, name, _Routed(users, last, name))


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
