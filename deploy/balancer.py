"""HAProxy's runtime API, over its admin socket (``stats socket ... level admin``): what
the balancer thinks of each app process, and draining one before it restarts.

One command per connection (HAProxy's non-interactive mode answers and closes), so a
caller never shares a connection and nothing needs ``socat``."""

from __future__ import annotations

import csv
import socket
import time
from dataclasses import dataclass
from pathlib import Path

STATES = ("ready", "drain", "maint")  # what ``set server ... state`` accepts


class BalancerError(RuntimeError):
    """The admin socket could not be reached, or refused a command."""


@dataclass(frozen=True)
class ServerStatus:
    """One server of a backend as ``show stat`` tells it.

    ``status`` is HAProxy's word: ``UP`` (taking visitors), ``DRAIN`` (up, but only for
    the visitors pinned to it), ``DOWN``, ``MAINT``, or a transition such as ``UP 1/2``;
    ``sessions`` counts its connections now, websockets included."""

    name: str
    status: str
    sessions: int

    @property
    def up(self) -> bool:
        """Up and taking new visitors."""
        return self.status == "UP"


class Admin:
    """The admin socket of one running HAProxy."""

    def __init__(self, path: Path, timeout: float = 5.0) -> None:
        self.path = Path(path)
        self.timeout = timeout

    def command(self, line: str) -> str:
        """Send one command, return HAProxy's whole answer."""
        with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as sock:
            sock.settimeout(self.timeout)
            try:
                sock.connect(str(self.path))
                sock.sendall(line.encode() + b"\n")
                chunks = []
                while chunk := sock.recv(65536):
                    chunks.append(chunk)
            except OSError as err:
                raise BalancerError(f"HAProxy's admin socket {self.path}: {err}") from err
        return b"".join(chunks).decode(errors="replace")

    def servers(self, backend: str) -> dict[str, ServerStatus]:
        """Every server of ``backend``, by name."""
        answer = self.command("show stat")
        lines = answer.lstrip("# ").splitlines()
        found: dict[str, ServerStatus] = {}
        for row in csv.DictReader(lines):
            if row.get("pxname") != backend or row.get("svname") in ("FRONTEND", "BACKEND"):
                continue
            name = row["svname"]
            found[name] = ServerStatus(name, row["status"], int(row["scur"] or 0))
        if not found:
            raise BalancerError(f"HAProxy has no backend {backend!r} with servers")
        return found

    def server(self, backend: str, name: str) -> ServerStatus:
        found = self.servers(backend)
        if name not in found:
            raise BalancerError(f"HAProxy's backend {backend!r} has no server {name!r}")
        return found[name]

    def set_state(self, backend: str, name: str, state: str) -> None:
        """``set server <backend>/<name> state <state>``: drain, ready or maint."""
        if state not in STATES:
            raise ValueError(f"a server's admin state is one of {STATES}, not {state!r}")
        answer = self.command(f"set server {backend}/{name} state {state}").strip()
        if answer:  # HAProxy answers nothing when it did it
            raise BalancerError(f"HAProxy refused to set {backend}/{name} {state}: {answer}")

    def wait(
        self, backend: str, name: str, up: bool, timeout: float, poll: float = 0.1
    ) -> ServerStatus:
        """Wait until the server is up (or no longer up); fail after ``timeout`` seconds."""
        deadline = time.monotonic() + timeout
        while True:
            status = self.server(backend, name)
            if status.up == up:
                return status
            if time.monotonic() >= deadline:
                wanted = "UP" if up else "not UP"
                raise BalancerError(
                    f"{backend}/{name} is {status.status}, not {wanted}, after {timeout:g} s"
                )
            time.sleep(poll)
