"""The cluster a :mod:`bench.cluster` measurement runs on, and what it leaves behind: nothing.

``python -m deploy.cluster`` (the launcher ``make cluster`` runs) is started as it is,
with its own PostgreSQL database (``bench_cluster_<pid>``, created here, dropped at the
end), its own Redis database number (refused when it holds any key, emptied at the end:
the bots' queue name is fixed, so a database number of its own is what keeps this queue
apart from anyone else's), its own free ports on 127.0.0.1 and a temporary run directory
for the logs. The launcher stops every process it started on SIGTERM; whatever it could
not stop is killed from the pids it recorded.

Redis pub/sub channels are not per database number: the processes of another cluster on
the same Redis hear this one's messages (and this one theirs); each looks the unknown
table up in its own database, finds nothing and ignores it.
"""

from __future__ import annotations

import contextlib
import json
import os
import secrets
import signal
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

import psycopg
import redis
from psycopg import sql
from sqlalchemy import Engine

from deploy.ports import free_ports
from storage.db import make_engine

ROOT = Path(__file__).resolve().parent.parent
HOST = "127.0.0.1"
POSTGRES = "postgresql+psycopg://postgres@127.0.0.1:5432"
REDIS = "redis://127.0.0.1:6379"
READY_WITHIN = 180.0  # seconds every app has to answer /readyz
STOP_WITHIN = 40.0  # seconds the launcher has to stop everything


class Cluster:
    """``deploy.cluster`` with ``apps`` app processes and ``workers`` bot workers."""

    def __init__(
        self,
        apps: int,
        workers: int,
        *,
        redis_db: int,
        pause: float,
        bot_processes: int | None = None,
    ) -> None:
        self.apps, self.workers, self.redis_db = apps, workers, redis_db
        self.pause, self.bot_processes = pause, bot_processes
        self.database = f"bench_cluster_{os.getpid()}"
        self.database_url = f"{POSTGRES}/{self.database}"
        self.redis_url = f"{REDIS}/{redis_db}"
        first = free_ports(apps + 2)
        self.port, self.stats_port, self.app_base = first, first + 1, first + 2
        self.process: subprocess.Popen[bytes] | None = None
        self.engine: Engine | None = None

    def app_url(self, n: int) -> str:
        """The address of app ``n`` (1-based), reached directly, not through the balancer."""
        return f"http://{HOST}:{self.app_base + n - 1}"

    def __enter__(self) -> Cluster:
        self._check_redis()
        self.run_dir = tempfile.TemporaryDirectory(prefix="bench-cluster-")
        try:
            self._start()
        except BaseException:
            self.__exit__()
            raise
        return self

    def _check_redis(self) -> None:
        with redis.Redis.from_url(self.redis_url) as client:
            held = client.dbsize()
        if held:
            raise RuntimeError(
                f"Redis database {self.redis_db} holds {held} keys: it is someone else's; "
                "choose another with --redis-db"
            )

    def _start(self) -> None:
        env = dict(os.environ)
        for name in ("NICEGUI_REDIS_URL", "PYTEST_CURRENT_TEST"):
            env.pop(name, None)
        env.update(
            DATABASE_URL=self.database_url,
            REDIS_URL=self.redis_url,
            CARAVANSERAI_SECRET=secrets.token_urlsafe(24),
            CARAVANSERAI_BOT_PAUSE=str(self.pause),
            PYTHONUNBUFFERED="1",
        )
        if self.bot_processes:
            env["CARAVANSERAI_BOT_PROCESSES"] = str(self.bot_processes)
        command = [sys.executable, "-m", "deploy.cluster", "--apps", str(self.apps)]
        command += ["--workers", str(self.workers), "--port", str(self.port), "--bind", HOST]
        command += ["--app-port-base", str(self.app_base), "--stats-port", str(self.stats_port)]
        command += ["--run-dir", self.run_dir.name, "--stop-timeout", "10"]
        self.log = open(Path(self.run_dir.name) / "bench.log", "wb")  # noqa: SIM115
        self.process = subprocess.Popen(
            command, cwd=ROOT, env=env, stdout=self.log, stderr=subprocess.STDOUT,
            start_new_session=True,
        )  # fmt: skip
        deadline = time.monotonic() + READY_WITHIN
        for n in range(1, self.apps + 1):
            while not self._ready(n):
                if self.process.poll() is not None:
                    raise RuntimeError(f"the launcher exited:\n{self.tail()}")
                if time.monotonic() > deadline:
                    raise RuntimeError(f"app{n} did not answer /readyz:\n{self.tail()}")
                time.sleep(0.3)
        self.engine = make_engine(self.database_url)

    def _ready(self, n: int) -> bool:
        try:
            with urllib.request.urlopen(self.app_url(n) + "/readyz", timeout=2) as answer:
                return bool(answer.status == 200)
        except OSError:
            return False

    def pids(self) -> dict[str, int]:
        """The children's pids by name (``app1``, ``worker1``, ``haproxy``), as recorded."""
        try:
            state = json.loads((Path(self.run_dir.name) / "pids.json").read_text())
        except (OSError, ValueError):
            return {}
        return {name: c["pid"] for name, c in state["children"].items() if c["pid"]}

    def tail(self, name: str = "bench.log", chars: int = 3000) -> str:
        with contextlib.suppress(OSError):
            return (Path(self.run_dir.name) / name).read_text(errors="replace")[-chars:]
        return ""

    def __exit__(self, *exc: object) -> None:
        children = self.pids()
        if self.engine is not None:
            self.engine.dispose()
        if self.process is not None:
            with contextlib.suppress(ProcessLookupError):
                self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=STOP_WITHIN)
            except subprocess.TimeoutExpired:
                with contextlib.suppress(ProcessLookupError):
                    os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait()
            for pid in children.values():  # each in a session (process group) of its own
                with contextlib.suppress(ProcessLookupError, PermissionError):
                    os.killpg(pid, signal.SIGKILL)
            self.log.close()
        self._drop()
        self.run_dir.cleanup()

    def _drop(self) -> None:
        """The database and the Redis keys this cluster made."""
        with redis.Redis.from_url(self.redis_url) as client:
            client.flushdb()
        with psycopg.connect("postgresql://postgres@127.0.0.1:5432/postgres") as conn:
            conn.autocommit = True
            conn.execute(
                sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(
                    sql.Identifier(self.database)
                )
            )


def cpu_seconds(pid: int) -> float:
    """User and system CPU time of one process so far (0 when it is gone)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def machine() -> dict[str, Any]:
    """nproc, the CPU model and the load average, for the report."""
    model = "?"
    with contextlib.suppress(OSError):
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    return {"nproc": os.cpu_count(), "cpu": model, "load": os.getloadavg()}
