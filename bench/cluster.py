"""The site as several processes (``deploy.cluster``) on this machine: fan-out, capacity, bots.

Each measurement starts its own cluster (``python -m deploy.cluster``: HAProxy, app
processes, bot workers) on free ports of 127.0.0.1, with a PostgreSQL database and a Redis
database number of its own, and removes all of it at the end (:mod:`bench.cluster_procs`).

- ``fanout``: a move to every viewer, ``--viewers`` spectators spread over ``--apps`` app
  processes against all of them on app1 of the same cluster (:mod:`bench.cluster_fanout`).
- ``capacity``: with 1 and then 2 app processes, the most viewers held with the last
  viewer's p95 at most ``--limit-ms``, stepping the count up (``--steps``) until the first
  count past the limit, within ``--budget`` seconds.
- ``bots``: bot moves stored per second with 1 and 2 workers, and a person's wait for a
  bot reply while those games run (:mod:`bench.cluster_bots`).

    .venv/bin/python -m bench.cluster fanout --viewers 300 --apps 3
    .venv/bin/python -m bench.cluster capacity --steps 100,200,300,500,700,1000,1400
    .venv/bin/python -m bench.cluster bots --workers 1,2 --tables 20 --replies 20

Everything runs on this machine: the viewers' own CPU competes with the apps' (it is
reported). Ctrl-C (or SIGTERM) stops the cluster and removes its database.
"""

from __future__ import annotations

import argparse
import asyncio
import signal
import subprocess
import sys
import time

from bench.cluster_bots import bots, waited
from bench.cluster_fanout import Run, line, measure, ms, quantile, spread
from bench.cluster_procs import Cluster, machine


def header() -> None:
    info = machine()
    commit = subprocess.run(
        ["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True, check=False
    ).stdout.strip()
    load = ", ".join(f"{x:.2f}" for x in info["load"])
    print(f"nproc {info['nproc']}, {info['cpu']}, load {load}, commit {commit}", flush=True)


async def fanout_async(args: argparse.Namespace) -> list[Run]:
    runs = []
    with Cluster(args.apps, 0, redis_db=args.redis_db, pause=0.3) as cluster:
        for repeat in range(args.repeats):
            pair = [
                (f"spread over {args.apps}", spread(args.viewers, args.apps)),
                ("all on app1", [(1, args.viewers)]),
            ]
            for name, placement in pair[:: -1 if repeat % 2 else 1]:  # either order first
                run = await measure(cluster, name, placement, args)
                print(f"[{repeat + 1}] {line(run)}", flush=True)
                runs.append(run)
                await asyncio.sleep(args.settle)
    return runs


def fanout(args: argparse.Namespace) -> None:
    runs = asyncio.run(fanout_async(args))
    print("\n| Viewers | Placement | Moves to all | Last viewer p50 / p95 (ms) | Median viewer "
          "p50 (ms) | Per app: last viewer p95 (ms) | App CPU | Viewers' CPU | Load |")  # fmt: skip
    print("|---:|---|---:|---:|---:|---|---|---:|---:|")
    for run in runs:
        per_app = ", ".join(f"{k} {ms(run.p(0.95, v))}" for k, v in run.per_app.items())
        cpu = ", ".join(f"{k} {v:.0%}" for k, v in sorted(run.app_cpu.items()))
        print(
            f"| {run.viewers} | {run.name} | {len(run.last)} | {ms(run.p(0.5))} / "
            f"{ms(run.p(0.95))} | {ms(_median(run))} | {per_app} | {cpu} | "
            f"{run.client_cpu:.0%} | {run.load[0]:.1f}–{run.load[1]:.1f} |"
        )
    spreads = [run for run in runs if run.name.startswith("spread")]
    singles = [run for run in runs if not run.name.startswith("spread")]
    for spread_run, single in zip(spreads, singles, strict=True):
        gap = spread_run.p(0.95) - single.p(0.95)
        print(
            f"spread p95 {ms(spread_run.p(0.95))} ms vs one process {ms(single.p(0.95))} ms: "
            f"{gap * 1000:+.1f} ms ({spread_run.p(0.95) / single.p(0.95):.2f}×); p50 "
            f"{spread_run.p(0.5) / single.p(0.5):.2f}×"
        )
    if len(spreads) > 1:
        both = [[d for run in group for d in run.last] for group in (spreads, singles)]
        p95s = [quantile(delays, 0.95) for delays in both]
        print(
            f"all runs pooled ({len(both[0])} and {len(both[1])} moves): last viewer p50 "
            f"{ms(quantile(both[0], 0.5))} vs {ms(quantile(both[1], 0.5))} ms, p95 "
            f"{ms(p95s[0])} vs {ms(p95s[1])} ms: {(p95s[0] - p95s[1]) * 1000:+.1f} ms"
        )


def _median(run: Run) -> float:
    return quantile(run.median, 0.5)


async def capacity_async(args: argparse.Namespace) -> dict[int, list[Run]]:
    began = time.monotonic()
    found: dict[int, list[Run]] = {}
    for apps in args.apps_list:
        found[apps] = []
        with Cluster(apps, 0, redis_db=args.redis_db, pause=0.3) as cluster:
            for n in args.steps:
                if time.monotonic() - began > args.budget:
                    print(f"stopped: the budget of {args.budget:.0f} s is spent", flush=True)
                    break
                run = await measure(cluster, f"{apps} app(s)", spread(n, apps), args)
                print(line(run), flush=True)
                found[apps].append(run)
                if not run.complete() or run.p(0.95) * 1000 > args.limit_ms:
                    break
                await asyncio.sleep(args.settle)
    return found


def held(runs: list[Run], limit_ms: float) -> int:
    """The most viewers of a run within the limit (0: none)."""
    ok = [r.viewers for r in runs if r.complete() and r.p(0.95) * 1000 <= limit_ms]
    return max(ok, default=0)


def capacity(args: argparse.Namespace) -> None:
    found = asyncio.run(capacity_async(args))
    print("\n| Apps | Viewers | Connected | Last viewer p50 / p95 (ms) | App CPU | Viewers' CPU "
          "| Within the limit | Load |")  # fmt: skip
    print("|---:|---:|---:|---:|---|---:|---|---:|")
    for apps, runs in found.items():
        for run in runs:
            ok = run.complete() and run.p(0.95) * 1000 <= args.limit_ms
            cpu = ", ".join(f"{k} {v:.0%}" for k, v in sorted(run.app_cpu.items()))
            print(
                f"| {apps} | {run.viewers} | {run.connected} | {ms(run.p(0.5))} / "
                f"{ms(run.p(0.95))} | {cpu} | {run.client_cpu:.0%} | {'yes' if ok else 'no'} "
                f"| {run.load[0]:.1f}–{run.load[1]:.1f} |"
            )
    capacities = {apps: held(runs, args.limit_ms) for apps, runs in found.items()}
    for apps, count in capacities.items():
        runs = found[apps]
        bound = "at least " if runs and held(runs[-1:], args.limit_ms) else ""  # never past it
        print(
            f"{apps} app(s): {bound}{count} viewers held with last-viewer p95 <= "
            f"{args.limit_ms:.0f} ms"
        )
    if capacities.get(1) and 2 in capacities:
        print(f"2 apps / 1 app: {capacities[2] / capacities[1]:.2f}×")


def run_bots(args: argparse.Namespace) -> None:
    runs = bots(args)
    print(
        "\n| Workers | Bot moves / s | Moves in window | Games ended | Ann's wait, games "
        "running: median / p95 (ms) | Replies | Workers idle: median / p95 (ms) | Load |"
    )
    print("|---:|---:|---:|---:|---:|---:|---:|---:|")
    for run in runs:
        print(
            f"| {run.workers} | {run.rate:.1f} | {run.moves} | {run.tables_done} | "
            f"{waited(run.waits)} | {len(run.waits)} | {waited(run.idle_waits)} | "
            f"{run.load[0]:.1f}–{run.load[1]:.1f} |"
        )
    rates = {run.workers: run.rate for run in runs}
    if rates.get(1) and 2 in rates:
        print(f"2 workers / 1 worker: {rates[2] / rates[1]:.2f}×")


def common(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--redis-db", type=int, default=7, help="Redis database number (7)")


def viewer_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--moves", type=int, default=30, help="moves timed per run (30)")
    parser.add_argument("--warmup", type=int, default=2, help="first moves left out (2)")
    parser.add_argument("--interval", type=float, default=0.5, help="seconds between moves")
    parser.add_argument("--clients", type=int, default=2, help="viewer processes (2)")
    parser.add_argument("--concurrency", type=int, default=10, help="page loads at once, each")
    parser.add_argument("--settle", type=float, default=3.0, help="seconds before the moves")
    parser.add_argument("--drain", type=float, default=30.0, help="seconds to wait for the last")
    parser.add_argument("--connect-limit", type=float, default=240.0, help="seconds to connect")


def arguments(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="python -m bench.cluster", description=__doc__.splitlines()[0]
    )
    sub = parser.add_subparsers(dest="what", required=True)
    one = sub.add_parser("fanout", help="a move to every viewer: spread over apps vs one app")
    one.add_argument("--viewers", type=int, default=300, help="spectators (300)")
    one.add_argument("--apps", type=int, default=3, help="app processes to spread over (3)")
    one.add_argument("--repeats", type=int, default=1, help="pairs of runs (1)")
    two = sub.add_parser("capacity", help="most viewers within the limit, 1 vs 2 apps")
    two.add_argument("--steps", default="100,200,300,500,700,1000,1400,2000", help="counts")
    two.add_argument("--apps", default="1,2", help="app process counts (1,2)")
    two.add_argument("--limit-ms", type=float, default=250.0, help="last viewer p95 (250)")
    two.add_argument("--budget", type=float, default=1500.0, help="seconds in all (1500)")
    for sub_parser in (one, two):
        viewer_options(sub_parser)
        common(sub_parser)
    three = sub.add_parser("bots", help="bot moves / s, 1 vs 2 workers; a person's wait")
    three.add_argument("--workers", default="1,2", help="worker counts (1,2)")
    three.add_argument("--tables", type=int, default=20, help="bot-only tables (20)")
    three.add_argument("--bot", default="bot:easy", help="their bots (bot:easy)")
    three.add_argument("--reply-bot", default="bot:easy", help="the person's opponent")
    three.add_argument("--warmup", type=float, default=5.0, help="seconds before the window")
    three.add_argument("--window", type=float, default=30.0, help="seconds counted (30)")
    three.add_argument("--replies", type=int, default=20, help="bot replies timed (20)")
    three.add_argument(
        "--baseline",
        action=argparse.BooleanOptionalAction,
        default=True,
        help="time the replies with the workers idle first, too",
    )
    common(three)
    args = parser.parse_args(argv)
    if args.what == "capacity":
        args.steps = [int(n) for n in args.steps.split(",")]
        args.apps_list = [int(n) for n in args.apps.split(",")]
    if args.what == "bots":
        args.workers = [int(n) for n in args.workers.split(",")]
    return args


def main(argv: list[str] | None = None) -> None:
    args = arguments(argv)
    # SIGTERM as Ctrl-C: the cluster is stopped and its database dropped on the way out.
    signal.signal(signal.SIGTERM, signal.getsignal(signal.SIGINT))
    header()
    {"fanout": fanout, "capacity": capacity, "bots": run_bots}[args.what](args)
    header()
    sys.stdout.flush()


if __name__ == "__main__":
    main()
