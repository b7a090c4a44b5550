"""The launcher (``python -m deploy.cluster``) for real: HAProxy, two app processes and a
stand-in bot worker on free ports, on the machine's PostgreSQL (database
``caravanserai_launcher_test``, made by the launcher, dropped at the end) and Redis
(``TEST_REDIS_URL``, default database 13). Skipped with the reason when either does not
answer.

One cluster serves the module, and its tests run in this order: the balancer answers and
pins browsers; a pinned browser reaches its app; each child got the cluster's settings; an
app killed with SIGKILL is started again; a rolling restart keeps the site answering 200
throughout; Ctrl-C leaves no process behind. Every wait is on a condition, with a
deadline."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import threading
import urllib.error
import urllib.request
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from http.cookies import SimpleCookie
from pathlib import Path
from typing import Any

import psycopg
import pytest
from sqlalchemy import URL, make_url

from deploy import control, probe, rolling_restart, services
from deploy.ports import free_port, free_ports
from tests.deploy.stand_ins import until
from tests.services import unavailable

ROOT = Path(__file__).resolve().parents[2]
DATABASE = "caravanserai_launcher_test"
SERVER = os.environ.get("TEST_DATABASE_URL") or "postgresql://postgres@127.0.0.1:5432/postgres"
REDIS = os.environ.get("TEST_REDIS_URL") or "redis://127.0.0.1:6379/13"
WORKER = "{python} -c 'import time; time.sleep(3600)'"  # stands in for python -m jobs.worker
START = 120.0  # seconds the cluster may take to be ready (two apps starting on two cores)


@dataclass
class Running:
    process: subprocess.Popen[bytes]
    run_dir: Path
    port: int
    output: Path

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def state(self) -> dict[str, Any]:
        return control.read_state(self.run_dir)

    def pid(self, name: str) -> int | None:
        pid: int | None = self.state()["children"][name]["pid"]
        return pid

    def said(self) -> str:
        return self.output.read_text(errors="replace")


def drop(server: URL) -> None:
    with psycopg.connect(services.libpq(server, "postgres"), autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{DATABASE}" WITH (FORCE)')


def group_gone(group: int) -> bool:
    try:
        os.killpg(group, 0)
    except ProcessLookupError:
        return True
    return False


@pytest.fixture(scope="module")
def cluster(haproxy_program: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Running]:
    server = make_url(SERVER)
    if not services.postgres_answers(server):
        unavailable(
            "postgres", f"PostgreSQL does not answer at {server.host}:{server.port or 5432}"
        )
    if not services.redis_answers(REDIS):
        unavailable("redis", f"Redis does not answer at {REDIS}")
    drop(server)
    run_dir = tmp_path_factory.mktemp("cluster")
    output = run_dir / "launcher.out"
    database_url = server.set(drivername="postgresql", database=DATABASE)
    env = dict(os.environ, DATABASE_URL=database_url.render_as_string(False), REDIS_URL=REDIS)
    env.pop("CARAVANSERAI_SECRET", None)
    env.pop("NICEGUI_REDIS_URL", None)
    port = free_port()
    command = [
        sys.executable, "-m", "deploy.cluster", "--port", str(port), "--apps", "2",
        "--app-port-base", str(free_ports(2)), "--workers", "1", "--worker-command", WORKER,
        "--stats-port", str(free_port()), "--run-dir", str(run_dir), "--stop-timeout", "15",
    ]  # fmt: skip
    with open(output, "wb") as out:
        process = subprocess.Popen(command, cwd=ROOT, env=env, stdout=out, stderr=subprocess.STDOUT)
    running = Running(process, run_dir, port, output)
    groups: list[int] = []
    try:
        until(
            lambda: process.poll() is not None or "ready in" in running.said(),
            START,
            "the launcher says the cluster is ready",
        )
        assert process.poll() is None, f"the launcher ended:\n{running.said()}"
        groups = [c["pid"] for c in running.state()["children"].values()]
        yield running
    finally:
        if process.poll() is None:
            process.send_signal(signal.SIGINT)
            try:
                process.wait(40)
            except subprocess.TimeoutExpired:
                process.kill()
        for group in groups:  # a test that failed midway leaves nothing behind either
            if not group_gone(group):
                os.killpg(group, signal.SIGKILL)
        drop(server)


def readyz(running: Running, app: str | None = None) -> tuple[int, dict[str, Any], str, str]:
    """GET /readyz through the balancer: status, body, SERVERID set and the answering app."""
    headers = {"Cookie": f"SERVERID={app}"} if app else {}
    request = urllib.request.Request(running.url + "/readyz", headers=headers)
    with urllib.request.urlopen(request, timeout=10) as response:
        cookies = SimpleCookie()
        for header in response.headers.get_all("Set-Cookie") or []:
            cookies.load(header)
        pinned = cookies["SERVERID"].value if "SERVERID" in cookies else ""
        body = json.loads(response.read())
        return response.status, body, pinned, response.headers["X-Caravanserai-Process"]


def test_the_balancer_answers_and_its_first_answer_pins_the_browser(cluster: Running) -> None:
    status, body, pinned, process = readyz(cluster)
    assert status == 200 and body["status"] == "ready"
    assert pinned in ("app1", "app2")
    assert process == pinned
    assert body.get("process", pinned) == pinned  # the app names itself on /readyz


def test_a_browser_pinned_to_app2_reaches_app2(cluster: Running) -> None:
    for _ in range(10):
        status, body, pinned, process = readyz(cluster, "app2")
        assert (status, pinned, process) == (200, "", "app2")
        assert body.get("process", "app2") == "app2"


def environment(pid: int) -> dict[str, str]:
    raw = Path(f"/proc/{pid}/environ").read_bytes()
    return dict(part.decode().split("=", 1) for part in raw.split(b"\0") if b"=" in part)


def test_each_child_runs_with_the_cluster_s_settings(cluster: Running) -> None:
    state = cluster.state()
    children = state["children"]
    assert sorted(children) == ["app1", "app2", "haproxy", "worker1"]
    apps = {name: environment(children[name]["pid"]) for name in ("app1", "app2")}
    worker = environment(children["worker1"]["pid"])
    for name, env in [*apps.items(), ("worker1", worker)]:
        assert env["CARAVANSERAI_PROCESS"] == name
        assert env["DATABASE_URL"].endswith(f"/{DATABASE}")
        assert env["REDIS_URL"] == REDIS
    for name, env in apps.items():
        assert env["PORT"] == str(children[name]["port"])
        assert env["NICEGUI_REDIS_URL"] == REDIS
        assert env["CARAVANSERAI_TRUSTED_PROXIES"] == "127.0.0.1"
        assert env["NICEGUI_STORAGE_PATH"] == str(cluster.run_dir / "nicegui" / name)
    secret = (cluster.run_dir / "secret").read_text().strip()
    assert apps["app1"]["CARAVANSERAI_SECRET"] == apps["app2"]["CARAVANSERAI_SECRET"] == secret
    for name in children:
        assert (cluster.run_dir / f"{name}.log").stat().st_size > 0


def test_an_app_killed_with_sigkill_is_started_again(cluster: Running) -> None:
    old = cluster.pid("app1")
    assert old is not None
    os.kill(old, signal.SIGKILL)
    until(lambda: cluster.pid("app1") not in (None, old), 30, "a new app1 process")
    until(lambda: group_gone(old), 10, "nothing left of the killed app1's process group")
    port = cluster.state()["children"]["app1"]["port"]
    assert probe.wait_ready("127.0.0.1", port, START), "the new app1 never answered /readyz"
    log = (cluster.run_dir / "launcher.log").read_text()
    assert "app1 ended (signal SIGKILL)" in log


def test_a_rolling_restart_keeps_the_site_answering(cluster: Running) -> None:
    before = {name: cluster.pid(name) for name in ("app1", "app2")}
    answers: Counter[tuple[str, object]] = Counter()
    done = threading.Event()

    def poll(app: str) -> None:  # a new visitor (""), or one pinned to an app
        while not done.is_set():
            headers = {"Cookie": f"SERVERID={app}"} if app else {}
            request = urllib.request.Request(cluster.url + "/readyz", headers=headers)
            try:
                with urllib.request.urlopen(request, timeout=10) as response:
                    answers[app, response.status] += 1
            except urllib.error.HTTPError as err:
                answers[app, err.code] += 1
            except OSError as err:
                answers[app, type(err).__name__] += 1

    pollers = [threading.Thread(target=poll, args=(app,)) for app in ("", "app1", "app2")]
    for poller in pollers:
        poller.start()
    try:
        restarted = rolling_restart.restart_all(cluster.run_dir, drain_seconds=0.2, report=print)
    finally:
        done.set()
        for poller in pollers:
            poller.join(15)
    assert restarted == ["app1", "app2"]
    after = {name: cluster.pid(name) for name in ("app1", "app2")}
    assert all(after[name] not in (None, before[name]) for name in after), (before, after)
    failures = {key: n for key, n in answers.items() if key[1] != 200}
    assert failures == {}, f"answers during the restart: {dict(answers)}"
    for app in ("", "app1", "app2"):
        assert answers[app, 200] >= 10, dict(answers)
    admin = rolling_restart.Cluster.load(cluster.run_dir).admin
    assert all(s.status == "UP" for s in admin.servers("apps").values())


def test_ctrl_c_stops_every_process(cluster: Running) -> None:
    groups = {name: c["pid"] for name, c in cluster.state()["children"].items()}
    assert all(groups.values()), groups
    cluster.process.send_signal(signal.SIGINT)
    assert cluster.process.wait(40) == 0, cluster.said()
    until(lambda: all(group_gone(group) for group in groups.values()), 10, "no child left")
    assert not (cluster.run_dir / control.STATE).exists()
    assert not (cluster.run_dir / control.CONTROL).exists()
    assert "no process of the cluster is left" in cluster.said()
