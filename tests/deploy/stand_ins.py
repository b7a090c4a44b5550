"""Stand-ins for the balancer tests: free ports, a wait on a condition with a deadline, a
small HTTP server standing in for an app (``/readyz`` answers 200 and its name; it may
instead hang up on the requests it reads, as an app stopping mid-request does), and the
description of an HAProxy running in front of two of them (conftest.py starts it)."""

from __future__ import annotations

import contextlib
import http.server
import json
import socket
import subprocess
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from deploy.balancer import Admin


def until(condition: Callable[[], bool], deadline: float, what: str) -> None:
    """Wait until ``condition()`` holds; fail, naming ``what``, after ``deadline`` seconds."""
    end = time.monotonic() + deadline
    while not condition():
        if time.monotonic() >= end:
            raise AssertionError(f"not within {deadline:g} s: {what}")
        time.sleep(0.05)


class StandIn:
    """A stand-in app: ``/readyz`` answers 200 and ``{"process": <name>}``, to a GET or a
    POST. While ``hang_up`` is set, it reads each request that is not HAProxy's health
    check and closes the connection without a word (counted in ``hung_up``)."""

    def __init__(self, name: str, port: int) -> None:
        self.name, self.port = name, port
        self.server: http.server.ThreadingHTTPServer | None = None
        self.hang_up = False
        self.hung_up: list[str] = []  # the methods of the requests hung up on

    def start(self) -> None:
        name, stand_in = self.name, self

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                length = int(self.headers.get("Content-Length") or 0)
                self.rfile.read(length)
                self.do_GET()

            def do_GET(self) -> None:
                proxied = "X-Forwarded-For" in self.headers  # not HAProxy's own check
                if stand_in.hang_up and proxied:
                    stand_in.hung_up.append(self.command)
                    self.close_connection = True
                    with contextlib.suppress(OSError):
                        self.connection.shutdown(socket.SHUT_RDWR)
                    return
                body = json.dumps({"status": "ready", "process": name}).encode()
                with contextlib.suppress(ConnectionError):  # a check that did not read it all
                    self.send_response(200)
                    self.send_header("Content-Type", "application/json")
                    self.send_header("Content-Length", str(len(body)))
                    self.end_headers()
                    self.wfile.write(body)

            def log_message(self, format: str, *args: object) -> None:
                pass

        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", self.port), Handler)
        threading.Thread(target=self.server.serve_forever, args=(0.05,), daemon=True).start()

    def stop(self) -> None:
        """Stop listening: a connection to its port is refused from now on."""
        if self.server is not None:
            self.server.shutdown()
            self.server.server_close()
            self.server = None


@dataclass
class Balancer:
    """HAProxy in front of stand-in apps app1 and app2."""

    port: int
    admin: Admin
    apps: dict[str, StandIn]
    run_dir: Path
    process: subprocess.Popen[bytes] | None = field(default=None, repr=False)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"
