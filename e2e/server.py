"""Start and stop a Caravanserai server for the end-to-end suite."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

from e2e import seeds

ROOT = Path(__file__).resolve().parent.parent
STARTED: list[Server] = []  # every site the suite started, for the failure reports


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


class Server:
    """A site process on a free loopback port, with its own working folder (and database).
    It is a test site (``CARAVANSERAI_TEST_SEED``, see e2e/seeds.py); its log is
    ``server.log`` in that folder."""

    def __init__(
        self,
        workdir: Path,
        port: int | None = None,
        bot_pause: float = 0.05,
        env: dict[str, str] | None = None,
    ) -> None:
        self.workdir = workdir
        self.port = port or free_port()
        self.bot_pause = bot_pause
        self.env = env or {}  # more settings, e.g. sign-in providers
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def log(self) -> Path:
        return self.workdir / "server.log"

    def start(self, timeout: float = 60.0) -> Server:
        self.workdir.mkdir(parents=True, exist_ok=True)
        env = dict(os.environ)
        env.update(
            PORT=str(self.port),
            HOST="127.0.0.1",
            PYTHONPATH=str(ROOT),
            CARAVANSERAI_SECRET="e2e-secret",
            CARAVANSERAI_BOT_PAUSE=str(self.bot_pause),
            # A replay's analysis judges each move on a tiny budget: the suite waits for it.
            CARAVANSERAI_ANALYSIS_SECONDS="0.02",
            CARAVANSERAI_ANALYSIS_ROUNDS="4",
            **seeds.SITE_SETTING,
        )
        env.pop("DATABASE_URL", None)
        env.update(self.env)
        env.pop("PYTEST_CURRENT_TEST", None)  # NiceGUI would think it runs inside pytest
        log = open(self.log, "ab")  # noqa: SIM115 - kept open for the process
        if self not in STARTED:
            STARTED.append(self)
        self.process = subprocess.Popen(
            [sys.executable, "-m", "ui.app"], cwd=self.workdir, env=env, stdout=log, stderr=log
        )
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"server exited early; see {self.workdir / 'server.log'}")
            try:
                with urllib.request.urlopen(self.url + "/", timeout=2) as response:
                    if response.status == 200:
                        return self
            except OSError:
                time.sleep(0.2)
        raise RuntimeError(f"server did not answer within {timeout} s")

    def kill(self) -> None:
        """SIGKILL: no chance to tidy up, as in a crash."""
        if self.process and self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL)
            self.process.wait(10)

    def stop(self) -> None:
        if self.process and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.kill()
