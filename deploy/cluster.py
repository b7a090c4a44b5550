"""``python -m deploy.cluster`` (``make cluster``): the whole site on this machine as
several processes, the way it runs on several machines (docs/cluster.md).

It makes sure PostgreSQL and Redis answer (starting them when installed but stopped)
and that the site's database exists, installs HAProxy when missing, then starts and
supervises the balancer, the app processes and the bot workers, each with one log file
in the run directory. It prints where the site is once every app answers ``/readyz``,
and stops every child on Ctrl-C, SIGTERM or SIGHUP. Other tools find the children in
``<run-dir>/pids.json`` and ask for a restart on ``<run-dir>/control.sock``
(:mod:`deploy.control`); ``python -m deploy.rolling_restart`` uses both.

Settings from the environment: ``DATABASE_URL`` (default
``postgresql://postgres@127.0.0.1:5432/caravanserai``), ``REDIS_URL`` (default
``redis://127.0.0.1:6379/0``), ``CARAVANSERAI_SECRET`` (default: one made once and kept
in ``<run-dir>/secret``); every other variable is passed on to the children."""

from __future__ import annotations

import argparse
import asyncio
import json
import logging
import os
import secrets
import shlex
import signal
import socket
import sys
import time
from pathlib import Path
from typing import Any

from deploy import control, haproxy, probe, services
from deploy.balancer import Admin, BalancerError
from deploy.supervisor import Spec, Supervisor

log = logging.getLogger("cluster")

ROOT = Path(__file__).resolve().parent.parent
WORKER_MODULE = ROOT / "jobs" / "worker.py"
DEFAULT_WORKER_COMMAND = "{python} -m jobs.worker"
READY_TIMEOUT = 180.0  # seconds the launcher waits for every app to answer /readyz


def arguments(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="python -m deploy.cluster",
        description="Serve the site as a balancer, app processes and bot workers.",
    )
    parser.add_argument("--port", type=int, default=8080, help="the balancer's port (8080)")
    parser.add_argument("--bind", default="*", help="the balancer's address (*: every one)")
    parser.add_argument("--apps", type=int, default=3, help="app processes (3)")
    parser.add_argument(
        "--app-port-base", type=int, default=8081, help="the first app's port (8081)"
    )
    parser.add_argument("--app-host", default="127.0.0.1", help="where the apps listen")
    parser.add_argument("--workers", type=int, default=2, help="bot workers (2)")
    parser.add_argument(
        "--worker-command",
        default=DEFAULT_WORKER_COMMAND,
        help="how a bot worker is started; {python} is this Python (%(default)s)",
    )
    parser.add_argument(
        "--stats-port", type=int, default=8404, help="HAProxy's statistics page (8404)"
    )
    parser.add_argument(
        "--run-dir", type=Path, default=Path("logs/cluster"), help="logs, pids, sockets"
    )
    parser.add_argument(
        "--stop-timeout",
        type=float,
        default=20.0,
        help="seconds a child has after SIGTERM before SIGKILL (20)",
    )
    parser.add_argument(
        "--trusted-proxies",
        default="127.0.0.1",
        help="the balancer's address as the apps see it (CARAVANSERAI_TRUSTED_PROXIES)",
    )
    args = parser.parse_args(argv)
    if args.apps < 1 or args.workers < 0:
        parser.error("at least one app process, and no fewer than no workers")
    return args


def shared_secret(run_dir: Path) -> str:
    """One cookie secret for every app (a browser's session must read on each of them)."""
    given = os.environ.get("CARAVANSERAI_SECRET")
    if given:
        return given
    path = run_dir / "secret"
    if not path.exists():
        path.write_text(secrets.token_urlsafe(32), encoding="utf-8")
        path.chmod(0o600)
    return path.read_text(encoding="utf-8").strip()


def worker_command(args: argparse.Namespace) -> list[str] | None:
    """The bot workers' command line, or None when there are none to start."""
    if args.workers == 0:
        return None
    if args.worker_command == DEFAULT_WORKER_COMMAND and not WORKER_MODULE.exists():
        log.warning("no bot worker to start: %s does not exist yet", WORKER_MODULE)
        return None
    return [word.replace("{python}", sys.executable) for word in shlex.split(args.worker_command)]


def specs(
    args: argparse.Namespace,
    run_dir: Path,
    *,
    database_url: str,
    redis_url: str,
    secret: str,
    program: str,
) -> list[Spec]:
    """The balancer, then ``app1``..``appN`` and ``worker1``..``workerM``."""
    common = dict(os.environ)
    common.pop("PYTEST_CURRENT_TEST", None)  # NiceGUI would think it runs inside pytest
    common.update(
        DATABASE_URL=database_url,
        REDIS_URL=redis_url,
        NICEGUI_REDIS_URL=os.environ.get("NICEGUI_REDIS_URL") or redis_url,
        CARAVANSERAI_SECRET=secret,
        PYTHONUNBUFFERED="1",
    )
    config = run_dir / "haproxy.cfg"
    found = [
        Spec(
            "haproxy",
            "balancer",
            haproxy.command(config, program),
            dict(os.environ),
            run_dir / "haproxy.log",
            run_dir,
            args.port,
        )
    ]
    for n in range(1, args.apps + 1):
        name, port = f"app{n}", args.app_port_base + n - 1
        env = dict(
            common,
            PORT=str(port),
            HOST=args.app_host,
            CARAVANSERAI_PROCESS=name,
            CARAVANSERAI_TRUSTED_PROXIES=args.trusted_proxies,
            NICEGUI_STORAGE_PATH=str(run_dir / "nicegui" / name),
        )
        argv = [sys.executable, "-m", "ui.app"]
        found.append(Spec(name, "app", argv, env, run_dir / f"{name}.log", ROOT, port))
    command = worker_command(args)
    for n in range(1, (args.workers if command else 0) + 1):
        name = f"worker{n}"
        env = dict(common, CARAVANSERAI_PROCESS=name)
        assert command is not None
        found.append(Spec(name, "worker", command, env, run_dir / f"{name}.log", ROOT))
    return found


def reach(args: argparse.Namespace) -> str:
    """The apps' address from this machine (those listening on every address: loopback)."""
    return "127.0.0.1" if args.app_host in ("", "0.0.0.0", "::") else str(args.app_host)


def state(supervisor: Supervisor, args: argparse.Namespace, run_dir: Path) -> dict[str, Any]:
    """What ``pids.json`` holds (deploy/control.py)."""
    return {
        "launcher": os.getpid(),
        "run_dir": str(run_dir),
        "site": f"http://localhost:{args.port}",
        "stop_timeout": args.stop_timeout,
        "balancer": {
            "port": args.port,
            "stats_port": args.stats_port,
            "admin_socket": str(run_dir / haproxy.SOCKET),
            "backend": haproxy.BACKEND,
            "app_host": reach(args),
        },
        "control_socket": str(run_dir / control.CONTROL),
        "children": {
            name: {
                "kind": child.spec.kind,
                "pid": child.pid,
                "port": child.spec.port,
                "starts": child.starts,
                "log": str(child.spec.log),
                "argv": child.spec.argv,
            }
            for name, child in supervisor.children.items()
        },
    }


async def serve(args: argparse.Namespace, run_dir: Path, children: list[Spec]) -> None:
    """Run the children until a stop signal, answering the control socket meanwhile."""
    loop = asyncio.get_running_loop()
    stop = asyncio.Event()
    for number in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
        loop.add_signal_handler(number, stop.set)
    supervisor = Supervisor(
        children,
        stop_timeout=args.stop_timeout,
        on_change=lambda: control.write_state(run_dir, state(supervisor, args, run_dir)),
    )
    server = await control.serve(run_dir, supervisor, args.stop_timeout)
    control.write_state(run_dir, state(supervisor, args, run_dir))
    supervisor.start()
    announce(args, run_dir, children)
    ready = asyncio.create_task(announce_ready(args, run_dir, children, READY_TIMEOUT))
    await stop.wait()
    print("stopping every process of the cluster ...", flush=True)
    ready.cancel()
    server.close()
    await supervisor.stop()
    await server.wait_closed()
    for name in (control.CONTROL, control.STATE, haproxy.SOCKET):
        (run_dir / name).unlink(missing_ok=True)
    log.info("stopped: no process of the cluster is left")


def announce(args: argparse.Namespace, run_dir: Path, children: list[Spec]) -> None:
    apps = [spec for spec in children if spec.kind == "app"]
    workers = [spec for spec in children if spec.kind == "worker"]
    logs = ", ".join(spec.log.name for spec in children)
    print(
        f"Caravanserai cluster: http://localhost:{args.port} (HAProxy) in front of "
        f"{len(apps)} app processes on {args.app_host}:"
        f"{apps[0].port}-{apps[-1].port}, {len(workers)} bot worker(s)\n"
        f"  logs: {run_dir}/ ({logs}, launcher.log)\n"
        f"  HAProxy statistics: http://127.0.0.1:{args.stats_port}/\n"
        f"  rolling restart: make rolling-restart; Ctrl-C stops everything\n"
        f"  waiting until every app answers /readyz ...",
        flush=True,
    )


def prepare(args: argparse.Namespace) -> tuple[Path, list[Spec]]:
    """Everything before the first child starts; raises what stops the launch."""
    run_dir = args.run_dir.resolve()
    run_dir.mkdir(parents=True, exist_ok=True)
    (run_dir / ".gitignore").write_text("*\n", encoding="utf-8")  # nothing here is source
    log_to(run_dir / "launcher.log")
    control.clear_leftovers(run_dir)
    database_url = os.environ.get("DATABASE_URL") or services.DEFAULT_DATABASE_URL
    redis_url = os.environ.get("REDIS_URL") or services.DEFAULT_REDIS_URL
    database = services.postgres_url(database_url)
    services.ensure_postgres(database)
    services.ensure_database(database)
    services.migrate(database_url)
    services.ensure_redis(redis_url)
    program = haproxy.install()
    children = specs(
        args,
        run_dir,
        database_url=database_url,
        redis_url=redis_url,
        secret=shared_secret(run_dir),
        program=program,
    )
    apps = [spec for spec in children if spec.kind == "app"]
    servers = [haproxy.Server(spec.name, reach(args), spec.port or 0) for spec in apps]
    config = run_dir / "haproxy.cfg"
    text = haproxy.render(
        servers, port=args.port, run_dir=run_dir, bind=args.bind, stats_port=args.stats_port
    )
    config.write_text(text, encoding="utf-8")
    checked = haproxy.check(config, program)
    if checked.returncode != 0:
        raise RuntimeError(f"HAProxy refuses {config}:\n{checked.stdout}{checked.stderr}")
    check_ports([args.port, args.stats_port, *(server.port for server in servers)])
    return run_dir, children


def log_to(path: Path | None) -> None:
    """The launcher's own messages: on standard error, and in ``path`` once it is known."""
    if path is None:
        logging.basicConfig(
            level=logging.INFO, format="%(asctime)s %(name)s: %(message)s", stream=sys.stderr
        )
        return
    handler = logging.FileHandler(path, encoding="utf-8")
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(message)s"))
    log.addHandler(handler)


def check_ports(ports: list[int]) -> None:
    """Every port the cluster listens on is free (a second launch would fail late)."""
    for port in ports:
        with socket.socket() as sock:
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            try:
                sock.bind(("0.0.0.0", port))
            except OSError as err:
                raise RuntimeError(
                    f"port {port} is taken ({err.strerror}): choose another"
                ) from err


async def announce_ready(
    args: argparse.Namespace, run_dir: Path, children: list[Spec], timeout: float
) -> None:
    """Say when every app answers ``/readyz`` and the balancer has them all UP (its checks
    may have marked an app DOWN while it started), or that they did not in time."""
    apps = [spec for spec in children if spec.kind == "app" and spec.port]
    began = time.monotonic()
    waits = [
        asyncio.to_thread(probe.wait_ready, reach(args), spec.port or 0, timeout) for spec in apps
    ]
    answered = await asyncio.gather(*waits)
    late = [spec.name for spec, ok in zip(apps, answered, strict=True) if not ok]
    if late:
        log.warning("not ready after %.0f s: %s (see their logs)", timeout, ", ".join(late))
        return
    admin = Admin(run_dir / haproxy.SOCKET)
    try:
        for spec in apps:
            await asyncio.to_thread(admin.wait, haproxy.BACKEND, spec.name, True, 30.0)
    except BalancerError as err:
        log.warning("the apps answer, but the balancer does not send to them: %s", err)
        return
    took = time.monotonic() - began
    print(f"ready in {took:.1f} s: the site is at http://localhost:{args.port}", flush=True)


def main(argv: list[str] | None = None) -> int:
    args = arguments(argv)
    log_to(None)
    try:
        run_dir, children = prepare(args)
    except (RuntimeError, ValueError, services.ServiceError, control.ControlError) as err:
        log.error("%s", err)
        return 1
    log.info("starting: %s", json.dumps([spec.name for spec in children]))
    began = time.monotonic()
    asyncio.run(serve(args, run_dir, children))
    log.info("the cluster ran %.0f s", time.monotonic() - began)
    return 0


if __name__ == "__main__":
    sys.exit(main())
