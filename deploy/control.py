"""What a running cluster tells other tools through its run directory.

- ``pids.json``: the launcher's pid, the balancer's ports and admin socket, and each
  child's pid (``null`` while it is down), port and kind; rewritten on every change.
- ``control.sock``: a Unix socket (mode 600) taking one request a connection, one line
  each way: ``restart <name>`` stops that child (SIGTERM, then SIGKILL after the stop
  timeout) and starts it again at once, answering ``{"ok": true, "name": ..., "pid": ...}``
  when the new process runs; ``status`` answers the content of ``pids.json``. A refusal
  is ``{"ok": false, "error": "..."}``.

The rolling restart (:mod:`deploy.rolling_restart`) restarts apps through the socket, so the
launcher knows the stop was wanted and starts the app again with no back-off."""

from __future__ import annotations

import asyncio
import json
import logging
import os
import signal
import socket
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from deploy.supervisor import Supervisor

log = logging.getLogger("cluster")

STATE = "pids.json"
CONTROL = "control.sock"


class ControlError(RuntimeError):
    """The launcher could not be asked, or refused."""


def write_state(run_dir: Path, state: dict[str, Any]) -> None:
    """Replace ``pids.json`` whole, so a reader never sees half of it."""
    path = Path(run_dir) / STATE
    partial = path.with_suffix(".json.partial")
    partial.write_text(json.dumps(state, indent=2) + "\n", encoding="utf-8")
    os.replace(partial, path)


def read_state(run_dir: Path) -> dict[str, Any]:
    path = Path(run_dir) / STATE
    try:
        state: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError as err:
        raise ControlError(f"no cluster runs from {run_dir} (no {STATE})") from err
    return state


def running(pid: object) -> bool:
    """Whether a process with this pid exists (a zombie counts until it is reaped)."""
    if not isinstance(pid, int) or pid <= 0:
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def request(run_dir: Path, line: str, timeout: float) -> dict[str, Any]:
    """Send one request to the launcher running from ``run_dir``; its answer."""
    path = Path(run_dir) / CONTROL
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as sock:
        sock.settimeout(timeout)
        try:
            sock.connect(str(path))
            sock.sendall(line.strip().encode() + b"\n")
            answer = sock.makefile("rb").readline()
        except OSError as err:
            raise ControlError(f"the launcher's control socket {path}: {err}") from err
    if not answer:
        raise ControlError(f"the launcher closed {path} without answering {line!r}")
    reply: dict[str, Any] = json.loads(answer)
    if not reply.get("ok"):
        raise ControlError(f"the launcher refused {line!r}: {reply.get('error')}")
    return reply


async def serve(run_dir: Path, supervisor: Supervisor, stop_timeout: float) -> asyncio.Server:
    """The launcher's end of ``control.sock``."""
    path = Path(run_dir) / CONTROL
    path.unlink(missing_ok=True)

    async def answer(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            line = (await asyncio.wait_for(reader.readline(), 5)).decode(errors="replace")
            reply = await _reply(line.split(), supervisor, run_dir, stop_timeout)
        except TimeoutError:
            reply = {"ok": False, "error": "no request came"}
        writer.write(json.dumps(reply).encode() + b"\n")
        try:
            await writer.drain()
        finally:
            writer.close()

    server = await asyncio.start_unix_server(answer, path=str(path))
    path.chmod(0o600)
    return server


async def _reply(
    words: list[str], supervisor: Supervisor, run_dir: Path, stop_timeout: float
) -> dict[str, Any]:
    if words == ["status"]:
        return {"ok": True, **read_state(run_dir)}
    if len(words) == 2 and words[0] == "restart":
        log.info("restart of %s asked for", words[1])
        try:
            pid = await supervisor.restart(words[1], timeout=stop_timeout + 30)
        except (KeyError, RuntimeError, TimeoutError) as err:
            return {"ok": False, "error": str(err) or type(err).__name__}
        return {"ok": True, "name": words[1], "pid": pid}
    return {"ok": False, "error": f"unknown request {' '.join(words)!r}: restart <name> | status"}


def clear_leftovers(run_dir: Path, timeout: float = 10.0) -> None:
    """Before a launch: refuse when a launcher still runs from ``run_dir``; stop what a
    launcher that was killed (SIGKILL: it could not stop them) left running there.

    A recorded pid counts only while its command line is still the recorded one, so a
    pid the system has since given to another program is left alone."""
    try:
        previous = read_state(run_dir)
    except (ControlError, ValueError):
        return
    if running(previous.get("launcher")) and previous.get("launcher") != os.getpid():
        raise ControlError(
            f"a cluster already runs from {run_dir} (launcher pid {previous['launcher']}): "
            "stop it first (Ctrl-C, or kill that pid)"
        )
    groups = []
    for name, child in previous.get("children", {}).items():
        pid = child.get("pid")
        if running(pid) and _command_line(pid) == child.get("argv"):
            log.warning(
                "%s (pid %s) was left running by a launcher that died: stopping it", name, pid
            )
            groups.append(pid)
            _signal_group(pid, signal.SIGTERM)
    deadline = time.monotonic() + timeout
    while any(running(pid) for pid in groups) and time.monotonic() < deadline:
        time.sleep(0.1)
    for pid in groups:
        _signal_group(pid, signal.SIGKILL)
    (Path(run_dir) / STATE).unlink(missing_ok=True)


def _command_line(pid: int) -> list[str] | None:
    try:
        raw = Path(f"/proc/{pid}/cmdline").read_bytes()
    except OSError:
        return None
    return [part.decode(errors="replace") for part in raw.split(b"\0") if part]


def _signal_group(group: int, number: signal.Signals) -> None:
    try:
        os.killpg(group, number)
    except (ProcessLookupError, PermissionError):
        pass
