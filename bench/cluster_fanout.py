"""Move to every viewer on a cluster: viewers on one app process or spread over several.

One run: a fresh table of two guests in the cluster's database (:mod:`bench.cluster_driver`
plays it), ``N`` spectators placed on the app processes as asked (each reaches its app
directly by port, as the balancer's ``SERVERID`` cookie would pin it), run in
``--clients`` viewer processes (:mod:`bench.cluster_viewers`), each holding an equal share
of every app's viewers. Once every viewer is in, the driver stores a move every
``--interval`` seconds and announces it on the bus; each app reads it from PostgreSQL and
sends its spectators the new board. A move's delay to a viewer is from its commit (the
driver's ``time.time()``) to the viewer's ``time.time()`` on the frame that shows it; per
move, the delay to the last viewer and to the median one; p50 and p95 over the moves (the
first ``--warmup`` moves left out). Every process runs on this machine, on one clock.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import math
import os
import random
import statistics
import sys
import time
from dataclasses import dataclass, field
from typing import Any

from bench.cluster_driver import guest_table, load, random_move
from bench.cluster_procs import ROOT, Cluster, cpu_seconds
from ui.bus import RedisBus

Placement = list[tuple[int, int]]  # (app number, viewers on it)


@dataclass
class Run:
    """One table, its viewers placed on the apps, its moves timed."""

    name: str
    viewers: int
    placement: Placement
    connected: int = 0
    connect_seconds: float = 0.0
    last: list[float] = field(default_factory=list)  # per move: delay to the last viewer
    median: list[float] = field(default_factory=list)  # per move: delay to the median one
    per_app: dict[str, list[float]] = field(default_factory=dict)  # app -> last-viewer delays
    missing: int = 0  # moves some viewer never showed
    drops: int = 0
    reloads: int = 0
    lost: int = 0
    app_cpu: dict[str, float] = field(default_factory=dict)  # share of a core while moving
    client_cpu: float = 0.0  # the viewer processes together, share of a core
    load: tuple[float, float] = (0.0, 0.0)

    def p(self, q: float, values: list[float] | None = None) -> float:
        return quantile(self.last if values is None else values, q)

    def complete(self) -> bool:
        return self.connected == self.viewers and not self.missing and self.lost == 0


def quantile(values: list[float], q: float) -> float:
    if not values:
        return math.nan
    if len(values) == 1:
        return values[0]
    return statistics.quantiles(values, n=100, method="inclusive")[round(q * 100) - 1]


def spread(viewers: int, apps: int) -> Placement:
    """``viewers`` as evenly as can be over apps 1..``apps``."""
    return [(n + 1, viewers // apps + (1 if n < viewers % apps else 0)) for n in range(apps)]


class Clients:
    """The viewer processes of one run."""

    def __init__(self, count: int) -> None:
        self.count = count
        self.processes: list[asyncio.subprocess.Process] = []

    async def start(
        self, cluster: Cluster, path: str, placement: Placement, args: argparse.Namespace
    ) -> list[dict[str, Any]]:
        """Start them and wait until their viewers are in; what each said."""
        for k in range(self.count):
            targets = [
                [f"app{app}", cluster.app_url(app), path, n // self.count + (k < n % self.count)]
                for app, n in placement
            ]
            process = await asyncio.create_subprocess_exec(
                sys.executable, "-m", "bench.cluster_viewers", cwd=ROOT,
                stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE,
                limit=1 << 26,  # the answer is one line, megabytes long for thousands
            )  # fmt: skip
            self.processes.append(process)
            setup = {"targets": targets, "concurrency": args.concurrency}
            await self.send(process, setup | {"connect_limit": args.connect_limit})
        return await asyncio.gather(
            *(self.read(p, args.connect_limit + 60) for p in self.processes)
        )

    async def collect(self, first: int, last: int, timeout: float) -> list[dict[str, Any]]:
        for process in self.processes:
            await self.send(process, {"first": first, "last": last, "timeout": timeout})
        return await asyncio.gather(*(self.read(p, timeout + 60) for p in self.processes))

    @staticmethod
    async def send(process: asyncio.subprocess.Process, message: dict[str, Any]) -> None:
        assert process.stdin is not None
        process.stdin.write((json.dumps(message) + "\n").encode())
        await process.stdin.drain()

    @staticmethod
    async def read(process: asyncio.subprocess.Process, timeout: float) -> dict[str, Any]:
        assert process.stdout is not None
        line = await asyncio.wait_for(process.stdout.readline(), timeout)
        if not line:
            raise RuntimeError("a viewer process ended early")
        return dict(json.loads(line))

    async def close(self) -> None:
        for process in self.processes:
            if process.stdin is not None:
                process.stdin.close()
        for process in self.processes:
            try:
                await asyncio.wait_for(process.wait(), 30)
            except TimeoutError:
                process.kill()
                await process.wait()


async def measure(
    cluster: Cluster, name: str, placement: Placement, args: argparse.Namespace
) -> Run:
    """One run on a running cluster (a table of its own, fresh viewers)."""
    assert cluster.engine is not None
    total = sum(n for _, n in placement)
    run = Run(name, total, placement)
    load_before = os.getloadavg()[0]
    seed = random.randrange(1 << 30)
    table_id = await asyncio.to_thread(guest_table, cluster.engine, hands=9, seed=seed)
    bus = RedisBus(cluster.redis_url, name="bench-driver")
    await bus.publish(table_id, "opened")
    table = await load(cluster.engine, table_id)
    assert table is not None
    clients = Clients(args.clients)
    try:
        said = await clients.start(cluster, f"/table/{table_id}", placement, args)
        run.connected = sum(int(s["connected"]) for s in said)
        run.connect_seconds = max(float(s["seconds"]) for s in said)
        cpu0 = sum(float(s["cpu"]) for s in said)
        await asyncio.sleep(args.settle)
        apps = {name: pid for name, pid in cluster.pids().items() if name.startswith("app")}
        app_cpu0 = {name: cpu_seconds(pid) for name, pid in apps.items()}
        wall0 = time.monotonic()
        rng = random.Random(seed)
        stored: dict[int, float] = {}
        for _ in range(args.warmup + args.moves):
            if table.state.is_over():
                break
            ply, when = await random_move(table, bus, rng)
            stored[ply] = when
            await asyncio.sleep(args.interval)
        measured = sorted(stored)[args.warmup :]
        answers = await clients.collect(measured[0], measured[-1], args.drain)
        wall = time.monotonic() - wall0
        run.client_cpu = (sum(float(a["cpu"]) for a in answers) - cpu0) / wall
        run.app_cpu = {
            name: (cpu_seconds(pid) - app_cpu0[name]) / wall for name, pid in apps.items()
        }
    finally:
        await clients.close()
        await bus.close()
    viewers = [v for a in answers for v in a["viewers"]]
    run.drops = sum(v["drops"] for v in viewers)
    run.reloads = sum(v["reloads"] for v in viewers)
    run.lost = sum(1 for v in viewers if v["lost"])
    figures(run, viewers, [stored[ply] for ply in measured])
    run.load = (load_before, os.getloadavg()[0])
    return run


def figures(run: Run, viewers: list[dict[str, Any]], stored: list[float]) -> None:
    """Per move: the delay to the last and the median viewer, overall and per app."""
    for i, when in enumerate(stored):
        delays = sorted(
            math.inf if v["received"][i] is None else v["received"][i] - when for v in viewers
        )
        if delays[-1] == math.inf:
            run.missing += 1
        else:
            run.last.append(delays[-1])
        run.median.append(delays[len(delays) // 2])
        for label in sorted({v["label"] for v in viewers}):
            mine = [v["received"][i] for v in viewers if v["label"] == label]
            if None not in mine:
                run.per_app.setdefault(label, []).append(max(mine) - when)


def ms(seconds: float) -> str:
    if math.isnan(seconds) or math.isinf(seconds):
        return "—"
    return f"{seconds * 1000:,.0f}" if seconds >= 0.1 else f"{seconds * 1000:.1f}"


def line(run: Run) -> str:
    """One run, for the terminal."""
    apps = ", ".join(f"{label} p95 {ms(run.p(0.95, d))}" for label, d in run.per_app.items())
    cpu = ", ".join(f"{name} {share:.0%}" for name, share in sorted(run.app_cpu.items()))
    return (
        f"{run.name}: {run.connected}/{run.viewers} viewers in {run.connect_seconds:.0f} s, "
        f"{len(run.last)} moves to all ({run.missing} not): last viewer p50 "
        f"{ms(run.p(0.5))} / p95 {ms(run.p(0.95))} ms, median viewer p50 "
        f"{ms(quantile(run.median, 0.5))} ms [{apps}] | drops {run.drops}, reloads "
        f"{run.reloads}, lost {run.lost} | CPU {cpu}, viewers {run.client_cpu:.0%} | load "
        f"{run.load[0]:.2f} -> {run.load[1]:.2f}"
    )
