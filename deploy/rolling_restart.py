"""``python -m deploy.rolling_restart`` (``make rolling-restart``): every app process of a
running cluster restarted one at a time, while games go on.

For each app: HAProxy drains it (``set server apps/appN state drain``: no new visitor,
the ones pinned to it keep going), the launcher restarts it once its sessions are gone
or the drain time has passed (SIGTERM: the app stops taking moves, finishes the writes
under way and exits; then a new one starts at once), and once the new process answers
``/readyz`` HAProxy readies it and marks it UP again, before the next app. A visitor
pinned to the app while it is away reaches another (``option redispatch``).

Whatever fails midway, the server is set back to ``ready`` (HAProxy's checks then keep
it out until it answers), the failure is reported and no further app is touched; an app
is not taken away while no other one is UP in the balancer."""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from deploy import control, probe
from deploy.balancer import Admin, BalancerError

DRAIN_SECONDS = 3.0  # the longest an app is drained before its restart
READY_TIMEOUT = 120.0  # seconds a restarted app may take to answer /readyz


class RestartFailed(RuntimeError):
    """A rolling restart stopped before its end; the message says where and why."""


@dataclass(frozen=True)
class Cluster:
    """A running cluster as its launcher describes it in ``pids.json``."""

    run_dir: Path
    admin: Admin
    backend: str
    apps: dict[str, int]  # name: port
    stop_timeout: float
    app_host: str = "127.0.0.1"  # where the apps are reached from this machine

    @classmethod
    def load(cls, run_dir: Path) -> Cluster:
        state = control.read_state(run_dir)
        if not control.running(state.get("launcher")):
            raise control.ControlError(f"the launcher of {run_dir} is not running")
        balancer = state["balancer"]
        apps = {
            name: int(child["port"])
            for name, child in state["children"].items()
            if child["kind"] == "app"
        }
        return cls(
            run_dir=Path(run_dir),
            admin=Admin(Path(balancer["admin_socket"])),
            backend=balancer["backend"],
            apps=apps,
            stop_timeout=float(state.get("stop_timeout", 20.0)),
            app_host=balancer.get("app_host", "127.0.0.1"),
        )


Report = Callable[[str], None]


def restart_app(
    cluster: Cluster,
    name: str,
    *,
    drain_seconds: float = DRAIN_SECONDS,
    ready_timeout: float = READY_TIMEOUT,
    report: Report = print,
) -> None:
    """Drain, restart and ready one app; raises :class:`RestartFailed`, never leaving it
    drained."""
    admin, backend = cluster.admin, cluster.backend
    try:
        servers = admin.servers(backend)
    except BalancerError as err:
        raise RestartFailed(f"{name}: {err}") from err
    if name not in servers:
        raise RestartFailed(f"{name}: HAProxy's backend {backend!r} has no such server")
    if not any(status.up for other, status in servers.items() if other != name):
        raise RestartFailed(
            f"{name}: no other app is UP in the balancer; restarting it now "
            "would leave no one to serve the site"
        )
    began = time.monotonic()
    try:
        admin.set_state(backend, name, "drain")
    except BalancerError as err:
        raise RestartFailed(f"{name}: {err}") from err
    failure: str | None = None
    try:
        left = _drain(admin, backend, name, drain_seconds)
        report(f"{name}: drained ({left} connection(s) still open); restarting it")
        reply = control.request(cluster.run_dir, f"restart {name}", cluster.stop_timeout + 60)
        report(f"{name}: restarted (pid {reply['pid']}); waiting for /readyz")
        if not probe.wait_ready(cluster.app_host, cluster.apps[name], ready_timeout):
            failure = f"{name} did not answer /readyz with 200 within {ready_timeout:g} s"
    except (BalancerError, control.ControlError) as err:
        failure = f"{name}: {err}"
    except BaseException:
        failure = f"{name}: interrupted"
        raise
    finally:
        _ready_again(admin, backend, name, report, failure)
    try:
        admin.wait(backend, name, up=True, timeout=ready_timeout)
    except BalancerError as err:
        raise RestartFailed(f"{name}: answers /readyz, but {err}") from err
    report(f"{name}: UP again in the balancer ({time.monotonic() - began:.1f} s)")


def restart_all(
    run_dir: Path,
    *,
    drain_seconds: float = DRAIN_SECONDS,
    ready_timeout: float = READY_TIMEOUT,
    report: Report = print,
) -> list[str]:
    """Every app of the cluster running from ``run_dir``, one at a time; their names."""
    try:
        cluster = Cluster.load(run_dir)
    except (control.ControlError, KeyError, ValueError) as err:
        raise RestartFailed(f"no running cluster in {run_dir}: {err}") from err
    done = []
    for name in sorted(cluster.apps, key=lambda app: (len(app), app)):
        restart_app(
            cluster, name, drain_seconds=drain_seconds, ready_timeout=ready_timeout, report=report
        )
        done.append(name)
    return done


def _drain(admin: Admin, backend: str, name: str, seconds: float) -> int:
    """Wait until the app holds no connection or ``seconds`` have passed; how many it
    still holds (a game's websocket stays open until the app stops)."""
    deadline = time.monotonic() + seconds
    while True:
        sessions = admin.server(backend, name).sessions
        if sessions == 0 or time.monotonic() >= deadline:
            return sessions
        time.sleep(0.1)


def _ready_again(
    admin: Admin, backend: str, name: str, report: Report, failure: str | None
) -> None:
    """Set the server back to ready, whatever happened; a failure then stops the run."""
    try:
        admin.set_state(backend, name, "ready")
    except BalancerError as err:
        left = (
            f"{name} is LEFT IN DRAIN STATE: {err}. Ready it by hand: echo "
            f"'set server {backend}/{name} state ready' | socat stdio {admin.path}"
        )
        report(left)
        raise RestartFailed(f"{failure}; {left}" if failure else left) from err
    if failure:
        report(
            f"{failure}; {name} is set back to ready (HAProxy's checks keep it out "
            "until it answers)"
        )
        raise RestartFailed(failure)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m deploy.rolling_restart",
        description="Restart every app process of a running cluster, one at a time.",
    )
    parser.add_argument("--run-dir", type=Path, default=Path("logs/cluster"))
    parser.add_argument(
        "--drain-seconds",
        type=float,
        default=DRAIN_SECONDS,
        help="the longest an app is drained before it is restarted (%(default)s)",
    )
    parser.add_argument("--ready-timeout", type=float, default=READY_TIMEOUT)
    args = parser.parse_args(argv)
    began = time.monotonic()
    try:
        done = restart_all(
            args.run_dir, drain_seconds=args.drain_seconds, ready_timeout=args.ready_timeout
        )
    except RestartFailed as err:
        print(f"rolling restart FAILED: {err}", file=sys.stderr)
        return 1
    print(f"rolling restart done: {', '.join(done)} in {time.monotonic() - began:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
