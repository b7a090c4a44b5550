"""Free ports for the processes of a cluster started on this machine (the tests' own).

A port the system hands out (bind to port 0) lies in the ephemeral range, where an outgoing
connection (to PostgreSQL, say) may take it before the process meant to listen on it has
started; these are drawn below that range.
"""

from __future__ import annotations

import contextlib
import random
import socket
from pathlib import Path


def _free(port: int) -> bool:
    with socket.socket() as sock:
        try:
            sock.bind(("0.0.0.0", port))
        except OSError:
            return False
    return True


def free_ports(count: int = 1) -> int:
    """The first of ``count`` consecutive free ports below the ephemeral range."""
    low = 32768
    with contextlib.suppress(OSError, ValueError):
        low = int(Path("/proc/sys/net/ipv4/ip_local_port_range").read_text().split()[0])
    while True:
        base = random.randrange(10000, max(low - count, 10001))
        if all(_free(base + i) for i in range(count)):
            return base


def free_port() -> int:
    """A free port below the ephemeral range."""
    return free_ports(1)
