"""Fixtures for the balancer and the launcher: HAProxy (installed from Debian's packages when
missing, skipped with the reason when that cannot be done), and a real HAProxy in front of
two stand-in apps (tests/deploy/stand_ins.py), for the tests that need a balancer but no
site."""

from __future__ import annotations

import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

from deploy import haproxy
from deploy.balancer import Admin
from deploy.ports import free_port
from tests.deploy.stand_ins import Balancer, StandIn, until
from tests.services import unavailable


@pytest.fixture(scope="session")
def haproxy_program() -> str:
    found = haproxy.binary()
    if found:
        return found
    try:
        return haproxy.install()
    except (RuntimeError, OSError) as err:
        unavailable("haproxy", f"HAProxy is not installed and could not be installed: {err}")


@pytest.fixture
def balancer(haproxy_program: str, tmp_path: Path) -> Iterator[Balancer]:
    apps = {name: StandIn(name, free_port()) for name in ("app1", "app2")}
    for app in apps.values():
        app.start()
    port = free_port()
    servers = [haproxy.Server(app.name, "127.0.0.1", app.port) for app in apps.values()]
    config = tmp_path / "haproxy.cfg"
    config.write_text(
        haproxy.render(servers, port=port, run_dir=tmp_path, stats_port=free_port()),
        encoding="utf-8",
    )
    log = open(tmp_path / "haproxy.log", "wb")  # noqa: SIM115 - closed at teardown
    process = subprocess.Popen(haproxy.command(config, haproxy_program), stdout=log, stderr=log)
    admin = Admin(tmp_path / haproxy.SOCKET)
    running = Balancer(port, admin, apps, tmp_path, process)
    try:
        until(lambda: (tmp_path / haproxy.SOCKET).exists(), 10, "HAProxy's admin socket")
        until(
            lambda: all(s.up for s in admin.servers(haproxy.BACKEND).values()),
            10,
            "both stand-in apps UP in HAProxy",
        )
        yield running
    finally:
        process.terminate()
        process.wait(10)
        log.close()
        for app in apps.values():
            app.stop()
