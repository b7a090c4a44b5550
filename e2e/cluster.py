"""The site as several processes for the browser suite: ``python -m deploy.cluster`` with
HAProxy, three app processes and two bot workers, on a PostgreSQL database of its own (made
by the launcher, dropped at the end) and a Redis server of its own on a free port (so that a
test may restart it without touching anything else on the machine; it keeps its data in an
append-only file, as a production Redis would, so a restart loses nothing).

A browser is pinned to one app process by the balancer's cookie (``SERVERID=app2``), set
before its first request: :meth:`Cluster.person`.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request
import uuid
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import psycopg
from playwright.sync_api import Browser, BrowserContext
from sqlalchemy import make_url

from deploy import services
from deploy.ports import free_port, free_ports
from e2e import seeds
from e2e.server import ROOT

SERVER = os.environ.get("TEST_DATABASE_URL") or "postgresql://postgres@127.0.0.1:5432/postgres"
START = 180.0  # seconds the cluster may take to be ready on a busy 2-core machine
APPS = ("app1", "app2", "app3")


def until(condition: Any, seconds: float, what: str) -> None:
    """Wait for ``condition()`` to hold, checking often; fail naming ``what``."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            return
        time.sleep(0.1)
    raise AssertionError(f"timed out after {seconds:.0f} s waiting for {what}")


@dataclass
class Redis:
    """A redis-server of the suite's own, on a free loopback port."""

    folder: Path
    port: int = field(default_factory=free_port)
    process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> Redis:
        program = shutil.which("redis-server") or "/usr/bin/redis-server"
        log = open(self.folder / "redis.log", "ab")  # noqa: SIM115 - kept open for the process
        self.process = subprocess.Popen(
            [program, "--port", str(self.port), "--bind", "127.0.0.1", "--dir", str(self.folder),
             "--appendonly", "yes", "--save", "", "--protected-mode", "no"],
            stdout=log, stderr=log,
        )  # fmt: skip
        until(self.answers, 20, f"Redis on port {self.port}")
        return self

    def answers(self) -> bool:
        return (
            subprocess.run(
                ["redis-cli", "-p", str(self.port), "ping"], capture_output=True, check=False
            ).stdout.strip()
            == b"PONG"
        )

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            self.process.wait(20)

    def restart(self) -> None:
        self.stop()
        self.start()


@dataclass
class Cluster:
    """A running ``deploy.cluster``: the balancer's url, and its children by name."""

    folder: Path
    redis: Redis
    port: int = field(default_factory=free_port)
    database: str = field(default_factory=lambda: f"caravanserai_e2e_{uuid.uuid4().hex[:8]}")
    process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def output(self) -> Path:
        return self.folder / "launcher.out"

    def said(self) -> str:
        return self.output.read_text(errors="replace") if self.output.exists() else ""

    def children(self) -> dict[str, Any]:
        state = json.loads((self.folder / "pids.json").read_text(encoding="utf-8"))
        children: dict[str, Any] = state["children"]
        return children

    def pid(self, name: str) -> int | None:
        pid = self.children()[name].get("pid")
        return int(pid) if pid else None

    def log(self, name: str) -> str:
        path = self.folder / f"{name}.log"
        return path.read_text(errors="replace") if path.exists() else ""

    def start(self) -> Cluster:
        base = free_ports(len(APPS))
        database_url = SERVER.rsplit("/", 1)[0] + f"/{self.database}"
        env = dict(
            os.environ,
            DATABASE_URL=database_url,
            REDIS_URL=self.redis.url,
            PYTHONPATH=str(ROOT),
            CARAVANSERAI_BOT_PAUSE="0.05",
            CARAVANSERAI_BOT_PROCESSES="1",
            **seeds.SITE_SETTING,
        )
        for name in ("CARAVANSERAI_SECRET", "NICEGUI_REDIS_URL", "PYTEST_CURRENT_TEST"):
            env.pop(name, None)
        command = [
            sys.executable, "-m", "deploy.cluster", "--port", str(self.port), "--apps", "3",
            "--app-port-base", str(base), "--workers", "2", "--stats-port", str(free_port()),
            "--run-dir", str(self.folder), "--stop-timeout", "15",
        ]  # fmt: skip
        with open(self.output, "wb") as out:
            self.process = subprocess.Popen(
                command, cwd=ROOT, env=env, stdout=out, stderr=subprocess.STDOUT
            )
        until(
            lambda: (
                self.process is not None
                and (self.process.poll() is not None or "ready in" in self.said())
            ),
            START,
            "the cluster to be ready",
        )
        assert self.process.poll() is None, f"the launcher ended:\n{self.said()}"
        return self

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGINT)
            try:
                self.process.wait(60)
            except subprocess.TimeoutExpired:
                self.process.kill()
        with psycopg.connect(services.libpq(make_url(SERVER), "postgres"), autocommit=True) as db:
            db.execute(f'DROP DATABASE IF EXISTS "{self.database}" WITH (FORCE)')

    def plies(self, match_id: str) -> int:
        """How many moves storage holds for ``match_id``."""
        url = make_url(SERVER)
        with psycopg.connect(services.libpq(url, self.database)) as db:
            row = db.execute("SELECT count(*) FROM moves WHERE match_id = %s", (match_id,))
            return int(row.fetchone()[0])  # type: ignore[index]

    def rows(self, query: str, *params: Any) -> list[tuple[Any, ...]]:
        """What ``query`` reads from the cluster's database, row by row."""
        with psycopg.connect(services.libpq(make_url(SERVER), self.database)) as db:
            return list(db.execute(query, params).fetchall())

    def ready(self, app: str) -> bool:
        """Whether ``app`` answers ``/readyz`` through the balancer, pinned to it."""
        request = urllib.request.Request(
            self.url + "/readyz", headers={"Cookie": f"SERVERID={app}"}
        )
        try:
            with urllib.request.urlopen(request, timeout=3) as response:
                body = json.loads(response.read())
        except (OSError, urllib.error.HTTPError, ValueError):
            return False
        return bool(body.get("process") == app and body.get("status") == "ready")

    def kill(self, name: str) -> int:
        """SIGKILL the child ``name`` (the launcher starts it again); its pid."""
        pid = self.pid(name)
        assert pid is not None, f"{name} is not running"
        os.kill(pid, signal.SIGKILL)
        return pid

    def person(self, browser: Browser, app: str) -> BrowserContext:
        """A browser of its own pinned to ``app`` by the balancer's cookie."""
        context = browser.new_context(locale="en-US", viewport={"width": 1280, "height": 900})
        context.set_default_timeout(30_000)
        context.add_cookies([{"name": "SERVERID", "value": app, "url": self.url}])
        return context
