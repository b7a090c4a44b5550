"""The bots' worker processes end with the server, even when it is killed outright."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

# A server stand-in: it starts the bots' pool, runs a job per worker, says it is ready, then
# waits to be killed.
PARENT = """
import multiprocessing, os, sys
from ui.bot_pool import process_pool, ready
pool = process_pool(2, multiprocessing.get_context(sys.argv[1]))
assert all(job.result() for job in [pool.submit(ready) for _ in range(2)])
print(os.getpid(), flush=True)
sys.stdin.read()
"""

pytestmark = pytest.mark.skipif(not Path("/proc").is_dir(), reason="reads processes in /proc")


def children_of(parent: int) -> set[int]:
    """Living processes whose parent is ``parent`` (zombies count as gone)."""
    found = set()
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        state, ppid = stat.rsplit(")", 1)[1].split()[:2]
        if int(ppid) == parent and state != "Z":
            found.add(int(entry.name))
    return found


def descendants_of(pid: int) -> set[int]:
    """The workers, the fork server they come from and multiprocessing's resource tracker."""
    found = children_of(pid)
    for child in list(found):
        found |= descendants_of(child)
    return found


def alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def command_of(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode()
    except OSError:
        return ""


def until(condition: Callable[[], bool], deadline: float = 30.0) -> None:
    end = time.monotonic() + deadline
    while not condition():
        assert time.monotonic() < end, "the condition did not come true in time"
        time.sleep(0.05)


@pytest.mark.parametrize("method", ["forkserver", "spawn"])
def test_workers_and_resource_tracker_exit_when_the_server_is_killed(method: str) -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    parent = subprocess.Popen(
        [sys.executable, "-c", PARENT, method],
        cwd=ROOT,
        env=env,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    children: set[int] = set()
    try:
        assert parent.stdout is not None
        assert int(parent.stdout.readline()) == parent.pid
        children = descendants_of(parent.pid)
        commands = [command_of(pid) for pid in children]
        assert len(children) == (4 if method == "forkserver" else 3)  # 2 workers, the tracker
        assert any("resource_tracker" in command for command in commands)
        os.kill(parent.pid, signal.SIGKILL)
        parent.wait()
        until(lambda: not any(alive(pid) for pid in children))
    finally:
        parent.kill()
        parent.wait()
        for pid in filter(alive, children):  # a failed test leaves no orphan behind
            os.kill(pid, signal.SIGKILL)
