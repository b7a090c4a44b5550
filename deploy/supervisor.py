"""The launcher's children: each started in a session of its own with its output in one
log file, started again when it dies (after a back-off that grows while it keeps dying
young), restarted at once when asked, and stopped with SIGTERM, then SIGKILL.

A child gets its own session so that a Ctrl-C in the terminal reaches the launcher
alone, which then stops the children in order; and so that what a child started
itself (an app's pool of bot processes) can be swept with its process group when the
child is gone, whichever way it went."""

from __future__ import annotations

import asyncio
import logging
import os
import shlex
import signal
import subprocess
import time
from collections.abc import Callable
from contextlib import suppress
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger("cluster")

BACKOFF = 1.0  # seconds before the first restart of a child that died
MAX_BACKOFF = 30.0  # the back-off doubles while the child keeps dying young, up to this
STABLE = 30.0  # a child that ran this long is well again: its back-off starts over


@dataclass(frozen=True)
class Spec:
    """How to run one child. ``kind`` is ``balancer``, ``app`` or ``worker``."""

    name: str
    kind: str
    argv: list[str]
    env: dict[str, str]
    log: Path
    cwd: Path
    port: int | None = None


class Child:
    """One supervised child and its current process (None while it is down)."""

    def __init__(self, spec: Spec) -> None:
        self.spec = spec
        self.process: asyncio.subprocess.Process | None = None
        self.starts = 0
        self.young_deaths = 0  # exits in a row, each before STABLE seconds
        self.planned = False  # its next exit was asked for: start it again at once
        self.wake = asyncio.Event()  # cuts a back-off short (a restart asked for, a stop)
        self.task: asyncio.Task[None] | None = None

    @property
    def pid(self) -> int | None:
        process = self.process
        return process.pid if process is not None and process.returncode is None else None


def described(code: int) -> str:
    """An exit status in words.

    >>> described(-9), described(0)
    ('signal SIGKILL', 'code 0')
    """
    if code < 0:
        with suppress(ValueError):
            return f"signal {signal.Signals(-code).name}"
    return f"code {code}"


class Supervisor:
    """Keeps every child running until :meth:`stop`."""

    def __init__(
        self,
        specs: list[Spec],
        *,
        stop_timeout: float = 20.0,
        on_change: Callable[[], None] = lambda: None,
    ) -> None:
        self.children = {spec.name: Child(spec) for spec in specs}
        self.stop_timeout = stop_timeout
        self.on_change = on_change  # called whenever a child starts or ends
        self.stopping = False
        self._changed = asyncio.Condition()

    def start(self) -> None:
        for child in self.children.values():
            child.task = asyncio.create_task(self._keep(child), name=f"keep {child.spec.name}")

    async def restart(self, name: str, timeout: float = 30.0) -> int:
        """Stop the child (SIGTERM; SIGKILL after the stop timeout) and start it again at
        once; the new process's pid. A child down in its back-off is started now."""
        child = self.children.get(name)
        if child is None:
            raise KeyError(f"no child named {name!r}: {sorted(self.children)}")
        if self.stopping:
            raise RuntimeError("the cluster is stopping")
        old = child.process
        if child.pid is not None:
            child.planned = True
            await self._terminate(child)
        else:
            child.wake.set()
        await self._until(lambda: child.process is not old and child.pid is not None, timeout)
        pid = child.pid
        assert pid is not None
        return pid

    async def stop(self) -> None:
        """SIGTERM to every child, SIGKILL to those still there after the stop timeout;
        returns once every one has ended (and no restart will follow)."""
        self.stopping = True
        for child in self.children.values():
            child.wake.set()
        await asyncio.gather(*(self._terminate(child) for child in self.children.values()))
        tasks = [child.task for child in self.children.values() if child.task is not None]
        await asyncio.gather(*tasks, return_exceptions=True)

    async def _keep(self, child: Child) -> None:
        name = child.spec.name
        while not self.stopping:
            began = time.monotonic()
            code: int | None = None
            process = await self._spawn(child)
            if process is not None:
                if self.stopping:  # the stop came while it was being started
                    await self._terminate(child)
                code = await process.wait()
                _sweep(process.pid)
                _note(child.spec.log, f"{name} (pid {process.pid}) exited with {described(code)}")
                await self._notify()
            if self.stopping:
                break
            if child.planned:
                child.planned = False
                log.info("%s stopped for its restart; starting it again", name)
                continue
            ran = time.monotonic() - began
            child.young_deaths = child.young_deaths + 1 if ran < STABLE else 1
            delay = min(MAX_BACKOFF, BACKOFF * 2 ** (child.young_deaths - 1))
            how = "a failure to start" if code is None else described(code)
            log.warning("%s ended (%s) after %.1f s; restarting in %g s", name, how, ran, delay)
            child.wake.clear()
            with suppress(TimeoutError):
                await asyncio.wait_for(child.wake.wait(), delay)

    async def _spawn(self, child: Child) -> asyncio.subprocess.Process | None:
        spec = child.spec
        spec.log.parent.mkdir(parents=True, exist_ok=True)
        _note(spec.log, f"starting {spec.name}: {shlex.join(spec.argv)}")
        try:
            with open(spec.log, "ab") as output:
                process = await asyncio.create_subprocess_exec(
                    *spec.argv,
                    cwd=spec.cwd,
                    env=spec.env,
                    stdin=subprocess.DEVNULL,
                    stdout=output,
                    stderr=subprocess.STDOUT,
                    start_new_session=True,
                )
        except OSError as err:
            log.error("%s could not start: %s", spec.name, err)
            _note(spec.log, f"{spec.name} could not start: {err}")
            return None
        child.process = process
        child.starts += 1
        log.info("%s started (pid %d)", spec.name, process.pid)
        await self._notify()
        return process

    async def _terminate(self, child: Child) -> None:
        process = child.process
        if process is None or process.returncode is not None:
            return
        with suppress(ProcessLookupError):
            process.send_signal(signal.SIGTERM)
        try:
            await asyncio.wait_for(process.wait(), self.stop_timeout)
        except TimeoutError:
            log.warning("%s did not stop within %g s: SIGKILL", child.spec.name, self.stop_timeout)
            _sweep(process.pid)
            await process.wait()

    async def _notify(self) -> None:
        self.on_change()
        async with self._changed:
            self._changed.notify_all()

    async def _until(self, condition: Callable[[], bool], timeout: float) -> None:
        async with self._changed:
            await asyncio.wait_for(self._changed.wait_for(condition), timeout)


def _sweep(group: int) -> None:
    """SIGKILL to what is left of a child's process group."""
    with suppress(ProcessLookupError, PermissionError):
        os.killpg(group, signal.SIGKILL)


def _note(path: Path, line: str) -> None:
    """A line of the launcher's own in a child's log, so the log tells its restarts."""
    stamp = time.strftime("%Y-%m-%d %H:%M:%S")
    with open(path, "a", encoding="utf-8") as output:
        output.write(f"--- {stamp} {line}\n")
