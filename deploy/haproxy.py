"""The balancer: its configuration rendered from ``deploy/haproxy.cfg.in``, and the
``haproxy`` program found, or installed from Debian's packages, and asked to check it.

Every port and server is a parameter, so the launcher, a test and a hand-written
deployment render the same template with their own values."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from string import Template

TEMPLATE = Path(__file__).resolve().with_name("haproxy.cfg.in")
BACKEND = "apps"  # the backend's name, as the admin socket's commands spell it
SOCKET = "haproxy.sock"  # the admin socket, in the run directory
SOCKET_PATH_MAX = 107  # what Linux allows a Unix socket's path (sun_path less its NUL)
DEBIAN_BINARY = "/usr/sbin/haproxy"
NAME = re.compile(r"^[A-Za-z0-9_.-]+$")


@dataclass(frozen=True)
class Server:
    """One app process as the balancer sees it; ``name`` is also its sticky cookie."""

    name: str
    host: str
    port: int

    def line(self) -> str:
        """Its ``server`` line (the checks come from ``default-server``).

        >>> Server("app1", "127.0.0.1", 8081).line()
        '    server app1 127.0.0.1:8081 cookie app1'
        """
        return f"    server {self.name} {self.host}:{self.port} cookie {self.name}"


def render(
    servers: Sequence[Server],
    *,
    port: int,
    run_dir: Path,
    bind: str = "*",
    stats_port: int = 8404,
    stats_bind: str = "127.0.0.1",
    forwarded_proto: str = "http",
) -> str:
    """The configuration text for these app processes.

    Refuses what HAProxy would misread: no server, two with one name (the cookie would
    not tell them apart), a name that is not a plain word, a run directory with spaces
    or too deep for a socket path."""
    if not servers:
        raise ValueError("the balancer needs at least one app process")
    names = [server.name for server in servers]
    if len(set(names)) != len(names):
        raise ValueError(f"two app processes share a name: {names}")
    for server in servers:
        if not NAME.match(server.name):
            raise ValueError(f"not a plain server name: {server.name!r}")
    run_dir = Path(run_dir).resolve()
    if any(char.isspace() for char in str(run_dir)):
        raise ValueError(f"HAProxy's socket path may not hold spaces: {run_dir}")
    if len(str(run_dir / SOCKET)) > SOCKET_PATH_MAX:
        raise ValueError(f"too long a path for a Unix socket: {run_dir / SOCKET}")
    if forwarded_proto not in ("http", "https"):
        raise ValueError(f"X-Forwarded-Proto is http or https, not {forwarded_proto!r}")
    lines = TEMPLATE.read_text(encoding="utf-8").splitlines(keepends=True)
    template = Template("".join(line for line in lines if not line.startswith("##")))
    return template.substitute(
        run_dir=run_dir,
        bind=bind,
        port=port,
        stats_bind=stats_bind,
        stats_port=stats_port,
        forwarded_proto=forwarded_proto,
        backend=BACKEND,
        servers="\n".join(server.line() for server in servers),
    )


def binary() -> str | None:
    """The ``haproxy`` program, or None when it is not installed."""
    found = shutil.which("haproxy")
    if found:
        return found
    return DEBIAN_BINARY if os.access(DEBIAN_BINARY, os.X_OK) else None


def install() -> str:
    """``haproxy`` from Debian's packages when missing (as ``make haproxy`` does)."""
    found = binary()
    if found:
        return found
    if not shutil.which("apt-get"):
        raise RuntimeError("HAProxy is missing and apt-get is not here: install haproxy 2.6+")
    sudo = [] if os.geteuid() == 0 else ["sudo"]
    env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
    for command in (["apt-get", "update", "-qq"], ["apt-get", "install", "-y", "-qq", "haproxy"]):
        done = subprocess.run([*sudo, *command], env=env, capture_output=True, text=True)
        if done.returncode != 0:
            raise RuntimeError(f"{' '.join(command)} failed: {done.stderr.strip()[-500:]}")
    found = binary()
    if not found:
        raise RuntimeError("apt-get installed haproxy, but no haproxy program is to be found")
    return found


def check(config: Path, program: str | None = None) -> subprocess.CompletedProcess[str]:
    """``haproxy -c -f <config>``: whether HAProxy accepts the file (returncode 0)."""
    program = program or binary()
    if program is None:
        raise RuntimeError("HAProxy is not installed (make haproxy)")
    return subprocess.run(
        [program, "-c", "-f", str(config)], capture_output=True, text=True, timeout=30
    )


def command(config: Path, program: str) -> list[str]:
    """HAProxy in the foreground (``-db``), so that whoever starts it owns it."""
    return [program, "-db", "-f", str(config)]
