"""Fan-out: how long a move takes to reach every viewer of a table, and what a viewer costs.

For each viewer count ``N`` a fresh server is started as a subprocess
(:mod:`bench.fanout_server`: a new SQLite database in a temporary directory, which is also
its working directory, a free port on 127.0.0.1, ``CARAVANSERAI_BOT_PAUSE`` from
``--pause``). It opens ONE table of ``--game`` (Caravan by default) for random bots (two,
or the game's fewest players), and ``N`` simulated browsers
watch that one table as spectators. Each speaks NiceGUI's own protocol as the browser does
(``static/nicegui.js``): GET ``/table/<id>`` with its own cookie jar, read the client id,
the next message id and the elements from the page, connect Socket.IO over a websocket at
``/_nicegui_ws/socket.io`` with those in the query (``implicit_handshake=true``, a
``document_id`` and ``tab_id``), acknowledge the messages it has seen every 3 s,
reconnect after a dropped socket (socket.io-client's delays, asking the server to replay
what it missed) and load the page again when the server has forgotten its client. The
bots are held back until all viewers are in; then the first ``--warmup`` moves are left
out and the next ``--moves`` are timed.

Latency: the server notes ``time.time()`` when a move is applied, before any page is told
(a table listener subscribed first); a viewer notes ``time.time()`` when a message brings
the board to that ply or beyond: an ``update`` setting the board's ``data-ply`` prop, or the
``cs_frame`` message that brings every spectator of a table the board of the new position
at once, for the games whose spectators share frames (``ui/pages/spectators.py``). NiceGUI
sends only the latest state of an element, so a viewer far behind may skip a ply: it then
counts as receiving the skipped plies when it catches up; "skipped" says how often. Per
move: the
delay to the LAST viewer and to the median viewer; printed as p50 and p95 over the moves.
A move some viewer never showed before the run stopped (``--limit`` seconds after the
first move) has no last-viewer delay: it is counted apart, with the share of (viewer,
move) pairs that were shown. Server and viewers share the clock.

Memory: the server's RSS once the first viewer is in (so the first page's imports are
paid), and again ``--settle`` seconds after the last one is; the difference over the
other viewers. Server CPU: the server process's user + system time from the first move to
the end, per move applied meanwhile (its bot workers are not counted).

The floor: the same for a bare NiceGUI page with one label that a single timer sets to a
counter every ``--tick`` seconds (``fanout_server --floor``), on a fresh server too. The
ratio table / floor says what the site adds to NiceGUI's own cost.

    .venv/bin/python -m bench.fanout --viewers 100,300,1000 --moves 30 --markdown
    .venv/bin/python -m bench.fanout --game feurio --viewers 300 --markdown

The viewers all run in this one process, on the same machine as the server: their CPU
time is reported ("client CPU") so that a saturated client side can be told from a slow
server. Ctrl-C (or SIGTERM) stops the servers it started.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import math
import os
import re
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

import aiohttp
import socketio

ROOT = Path(__file__).resolve().parent.parent
HOST = "127.0.0.1"
CLIENT_ID = re.compile(r"'client_id': '([0-9a-f-]+)'")
NEXT_MESSAGE_ID = re.compile(r"'next_message_id': (\d+)")
ELEMENTS = re.compile(r"parseElements\(String\.raw`(.*?)`\)", re.DOTALL)
ACK_EVERY = 3.0  # seconds, as nicegui.js
STALL = 20.0  # no new move on the server for this long: the game is over (or stuck)
RELOADS = 5  # page loads in a row before a viewer gives up
CLOSE_WITHIN = 10.0  # seconds for a viewer to disconnect at the end
PAGE_TIMEOUT = aiohttp.ClientTimeout(total=60)

Reader = Callable[[dict[str, Any]], int | None]  # elements -> the ply (or tick) they show
FRAME = "cs_frame"  # the message that brings spectators a new board


def board_ply(update: dict[str, Any]) -> int | None:
    """The ply an ``update`` message sets on the table page's board, if it sets one: a
    board's ``data-ply``, or the ply of the frame a spectator's stage shows."""
    for element in update.values():
        if isinstance(element, dict):
            props = element.get("props", {})
            ply = props.get("data-ply", (props.get("frame") or {}).get("ply"))
            if ply is not None:
                return int(ply)
    return None


def floor_tick(update: dict[str, Any]) -> int | None:
    """The counter an ``update`` message sets on the floor page's label, if it sets one."""
    for element in update.values():
        if isinstance(element, dict) and element.get("props", {}).get("data-testid") == "tick":
            return int(element["text"])
    return None


def page_elements(html: str) -> dict[str, Any]:
    """The elements a NiceGUI page starts with (as ``parseElements`` in nicegui.js)."""
    raw = ELEMENTS.search(html)
    if raw is None:
        return {}
    text = raw.group(1)
    for escaped, char in (("&#36;", "$"), ("&#96;", "`"), ("&gt;", ">"), ("&lt;", "<")):
        text = text.replace(escaped, char)
    return dict(json.loads(text.replace("&amp;", "&")))


class Viewer:
    """One simulated browser tab: a page load, then a Socket.IO connection.

    Like nicegui.js with socket.io-client's defaults, it reconnects after a dropped socket
    (0.5-1.5 s, then longer), sending the next message id it expects so that the server
    replays what it missed; if the server has meanwhile forgotten the client (the
    implicit handshake fails), it loads the page again, as the browser does.
    """

    def __init__(self, base: str, path: str, reads: Reader, sample: bool = False) -> None:
        self.base, self.path, self.reads, self.sample = base, path, reads, sample
        self.current: int | None = None  # the last ply (or tick) shown
        self.first: tuple[int, float] | None = None  # the first one seen, and when
        self.seen: dict[int, float] = {}  # ply -> when this viewer reached it
        self.skipped: set[int] = set()  # plies shown only as part of a later update
        self.payloads: list[int] = []  # sizes of the updates that moved the marker (sampled)
        self.drops = 0  # sockets lost (then reconnected)
        self.reloads = 0  # page loads after the server forgot this client
        self.lost = False  # gave up after RELOADS failed page loads in a row
        self.joined = False  # connected at least once (so a failed handshake means reload)
        self.client_id, self.next_id, self.acked = "", 0, -1
        self.tab_id = str(uuid.uuid4())  # kept across reloads, as in sessionStorage
        self.http: aiohttp.ClientSession | None = None
        self.sio: socketio.AsyncClient | None = None
        self.reloading: asyncio.Task[None] | None = None

    async def open(self) -> None:
        if self.http is None:
            # Its own cookie jar, as a separate browser (unsafe: keeps cookies from an IP
            # address). force_close: the websocket gets a connection of its own, as in a
            # browser; on the page's keep-alive connection uvicorn's keep-alive timer
            # closes it a few seconds later.
            self.http = aiohttp.ClientSession(
                connector=aiohttp.TCPConnector(force_close=True),
                cookie_jar=aiohttp.CookieJar(unsafe=True),
            )
        async with self.http.get(self.base + self.path, timeout=PAGE_TIMEOUT) as response:
            response.raise_for_status()
            html = await response.text()
        loaded = time.time()
        client_id = CLIENT_ID.search(html)
        next_id = NEXT_MESSAGE_ID.search(html)
        if client_id is None or next_id is None:
            raise RuntimeError(f"no client id in {self.path}")
        self.client_id, self.next_id, self.acked = client_id.group(1), int(next_id.group(1)), -1
        self.document_id = str(uuid.uuid4())
        shown = self.reads(page_elements(html))
        if shown is not None:
            self._show(shown, loaded)
        self.sio = socketio.AsyncClient(http_session=self.http)
        self.sio.on("*", self._on_message)
        self.sio.on("disconnect", self._on_disconnect)
        self.sio.on("connect_error", self._on_connect_error)
        await self.sio.connect(
            self._url,  # called again for each reconnection
            socketio_path="/_nicegui_ws/socket.io",
            transports=["websocket"],
            wait_timeout=60,
        )
        self.joined = True

    def _url(self) -> str:
        query = {
            "client_id": self.client_id,
            "next_message_id": self.next_id,
            "implicit_handshake": "true",
            "document_id": self.document_id,
            "tab_id": self.tab_id,
        }
        return f"{self.base}/?{urlencode(query)}"

    async def _on_disconnect(self, *reason: Any) -> None:
        self.drops += 1

    async def _on_connect_error(self, data: Any = None) -> None:
        # Only on reconnection: a first connection that fails is retried by its caller.
        if not self.joined or self.reloading is not None:
            return
        if "Implicit handshake failed" in str(data):
            self.reloading = asyncio.create_task(self._reload())

    async def _reload(self) -> None:
        try:
            for _ in range(RELOADS):
                self.reloads += 1
                if self.sio is not None:
                    await self.sio.disconnect()  # ends its reconnection attempts
                try:
                    await self.open()
                    return
                except Exception:  # the server forgot this page again before it connected
                    await asyncio.sleep(1.0)
            self.lost = True
        finally:
            self.reloading = None

    async def _on_message(self, event: str, data: Any) -> None:
        now = time.time()
        if not isinstance(data, dict):
            return
        if isinstance(data.get("_id"), int):
            self.next_id = max(self.next_id, data["_id"] + 1)
        if event == FRAME:  # the spectators' shared board (ui/pages/spectators.py)
            data = {"stage": {"props": {"frame": data}}}
        elif event != "update":
            return
        value = self.reads(data)
        if value is None:
            return
        if self.sample:
            self.payloads.append(len(json.dumps(data)))
        self._show(value, now)

    def _show(self, value: int, now: float) -> None:
        if self.current is None:
            self.current, self.first = value, (value, now)
            self.seen[value] = now
            return
        if value <= self.current:
            return
        self.skipped.update(range(self.current + 1, value))
        for n in range(self.current + 1, value + 1):
            self.seen[n] = now
        self.current = value

    def received(self, n: int) -> float | None:
        """When this viewer first showed ply (or tick) ``n`` or a later one."""
        if n in self.seen:
            return self.seen[n]
        if self.first is not None and n < self.first[0]:
            return self.first[1]
        return None

    async def ack(self) -> None:
        if self.sio is None or not self.sio.connected or self.acked >= self.next_id:
            return
        self.acked = self.next_id
        await self.sio.emit("ack", {"client_id": self.client_id, "next_message_id": self.next_id})

    async def close(self) -> None:
        if self.reloading is not None:
            self.reloading.cancel()
        try:
            if self.sio is not None:
                self.sio.reconnection = False
                await asyncio.wait_for(self.sio.disconnect(), CLOSE_WITHIN)
        except Exception:
            pass  # a server too busy to say goodbye: it is stopped next anyway
        finally:
            if self.http is not None:
                await self.http.close()


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind((HOST, 0))
        return int(sock.getsockname()[1])


class Server:
    """``bench.fanout_server`` in a subprocess with a fresh database and working directory."""

    def __init__(self, floor: bool, args: argparse.Namespace) -> None:
        self.floor, self.args = floor, args
        self.port = free_port()
        self.base = f"http://{HOST}:{self.port}"

    async def __aenter__(self) -> Server:
        self.tmp = tempfile.TemporaryDirectory(prefix="fanout-")
        env = dict(os.environ)
        env.update(
            PYTHONPATH=str(ROOT),
            DATABASE_URL=f"sqlite:///{self.tmp.name}/caravanserai.db",
            PORT=str(self.port),
            CARAVANSERAI_BOT_PAUSE=str(self.args.pause),
        )
        command = [sys.executable, "-m", "bench.fanout_server", "--hands", str(self.args.hands)]
        command += ["--game", self.args.game]
        command += ["--tick", str(self.args.tick)] + (["--floor"] if self.floor else [])
        self.log = open(Path(self.tmp.name) / "server.log", "w")  # noqa: SIM115
        self.process = subprocess.Popen(
            command,
            cwd=self.tmp.name,
            env=env,
            stdout=self.log,
            stderr=subprocess.STDOUT,
            start_new_session=True,  # its own process group, with its bot workers
        )
        self.http = aiohttp.ClientSession()
        try:
            await self._ready()
        except BaseException:
            await self.__aexit__()
            raise
        return self

    async def _ready(self) -> None:
        deadline = time.monotonic() + 60
        while True:
            if self.process.poll() is not None:
                raise RuntimeError(f"server exited:\n{self.tail()}")
            with contextlib.suppress(aiohttp.ClientError):
                await self.memory()
                return
            if time.monotonic() > deadline:
                raise RuntimeError(f"server did not start:\n{self.tail()}")
            await asyncio.sleep(0.2)

    async def __aexit__(self, *exc: object) -> None:
        self.process.terminate()
        try:
            self.process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait()
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.process.pid, signal.SIGKILL)  # bot workers left behind, if any
        await self.http.close()
        self.log.close()
        self.tmp.cleanup()

    def tail(self) -> str:
        self.log.flush()
        return (Path(self.tmp.name) / "server.log").read_text()[-3000:]

    async def get(self, path: str) -> Any:
        async with self.http.get(self.base + path) as response:
            response.raise_for_status()
            return await response.json()

    async def memory(self) -> int:
        return int((await self.get("/bench/memory"))["rss"])

    async def moves(self, key: str) -> dict[int, float]:
        return {int(n): t for n, t in (await self.get("/bench/moves")).get(key, {}).items()}

    async def go(self) -> None:
        async with self.http.post(self.base + "/bench/go") as response:
            response.raise_for_status()

    async def new_table(self) -> str:
        async with self.http.post(self.base + "/bench/table") as response:
            response.raise_for_status()
            return str((await response.json())["id"])

    def cpu_seconds(self) -> float:
        """User and system CPU time of the server process (not its bot workers)."""
        fields = Path(f"/proc/{self.process.pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


@dataclass
class Run:
    """One page at one viewer count."""

    page: str
    viewers: int
    connected: int = 0
    connect_seconds: float = 0.0
    last: list[float] = field(default_factory=list)  # per move: delay to the last viewer
    median: list[float] = field(default_factory=list)  # per move: to the median viewer
    missing: int = 0  # moves some connected viewer never showed
    delivered: float = 0.0  # share of (viewer, move) pairs shown by the end
    skipped: int = 0  # (viewer, ply) pairs received only as part of a later update
    drops: int = 0  # sockets lost while measuring (the viewer reconnects)
    reloads: int = 0  # pages loaded again after the server forgot their client
    lost: int = 0  # viewers that gave up reloading
    rss_per_viewer: float = 0.0
    server_cpu: float = 0.0  # share of one core from the first move to the last delivery
    cpu_per_move: float = 0.0  # server CPU seconds per move applied in that time
    client_cpu: float = 0.0
    payload: float = 0.0  # mean bytes of the update a viewer gets per move
    load: tuple[float, float] = (0.0, 0.0)  # 1-minute load average before / after


def quantile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    if len(values) == 1:
        return values[0]
    return statistics.quantiles(values, n=100, method="inclusive")[round(q * 100) - 1]


async def measure(floor: bool, n: int, args: argparse.Namespace) -> Run:
    """One fresh server, ``n`` viewers of one page, ``args.moves`` moves (or ticks)."""
    run = Run("floor" if floor else args.game, n)
    load_before = os.getloadavg()[0]
    async with Server(floor, args) as server:
        if floor:
            key, path, reads = "floor", "/floor", floor_tick
        else:
            key = await server.new_table()
            path, reads = f"/table/{key}", board_ply
        viewers = [Viewer(server.base, path, reads, sample=i == 0) for i in range(n)]
        try:
            await follow(run, server, key, viewers, args)
        finally:
            await asyncio.gather(*(v.close() for v in viewers))
    run.load = (load_before, os.getloadavg()[0])
    return run


async def follow(
    run: Run, server: Server, key: str, viewers: list[Viewer], args: argparse.Namespace
) -> None:
    """Connect the viewers, start the moves, and time each move to every viewer."""
    started = time.monotonic()
    await viewers[0].open()
    await asyncio.sleep(args.settle)
    rss_first = await server.memory()  # the first page's imports and caches are paid
    gate = asyncio.Semaphore(args.concurrency)

    async def open_one(viewer: Viewer) -> bool:
        failure: Exception | None = None
        async with gate:
            for _ in range(RELOADS):  # a browser whose handshake fails loads the page again
                if time.monotonic() - started > args.connect_limit:
                    return False  # the server is too slow to take them all
                try:
                    await viewer.open()
                    return True
                except Exception as err:  # counted, and left out of the figures
                    failure = err
            print(f"  a viewer could not connect: {failure!r}", file=sys.stderr)
            return False

    opened = await asyncio.gather(*(open_one(v) for v in viewers[1:]))
    live = [viewers[0]] + [v for v, ok in zip(viewers[1:], opened, strict=True) if ok]
    run.connected = len(live)
    run.connect_seconds = time.monotonic() - started

    async def acks() -> None:
        while True:
            await asyncio.sleep(ACK_EVERY)
            await asyncio.gather(*(v.ack() for v in live), return_exceptions=True)

    acking = asyncio.create_task(acks())
    await asyncio.sleep(args.settle)
    rss_all = await server.memory()
    run.rss_per_viewer = (rss_all - rss_first) / max(1, len(live) - 1)

    drops, reloads = sum(v.drops for v in live), sum(v.reloads for v in live)
    await server.go()  # the bots (or the floor's timer) start now
    first, target = args.warmup + 1, args.warmup + args.moves
    cpu0, client0, wall0 = server.cpu_seconds(), time.process_time(), time.monotonic()
    last_new, newest = time.monotonic(), 0
    while True:
        await asyncio.sleep(0.5)
        applied = await server.moves(key)
        if max(applied, default=0) > newest:
            newest, last_new = max(applied), time.monotonic()
        behind = [
            v for v in live if not v.lost and (v.current is None or v.current < min(newest, target))
        ]
        if newest >= target and not behind:
            break
        if time.monotonic() - last_new > STALL:
            print(f"  stopped: no move for {STALL:.0f} s", file=sys.stderr)
            break
        if time.monotonic() - wall0 > args.limit:
            print(f"  stopped: {args.limit:.0f} s after the first move", file=sys.stderr)
            break
    wall = time.monotonic() - wall0
    run.server_cpu = (server.cpu_seconds() - cpu0) / wall
    run.cpu_per_move = (server.cpu_seconds() - cpu0) / max(1, newest)
    run.client_cpu = (time.process_time() - client0) / wall
    acking.cancel()
    run.drops = sum(v.drops for v in live) - drops
    run.reloads = sum(v.reloads for v in live) - reloads
    run.lost = sum(v.lost for v in live)

    pairs = delivered = 0
    for ply in range(first, min(newest, target) + 1):
        delays = sorted(
            math.inf if t is None else t - applied[ply] for t in (v.received(ply) for v in live)
        )
        pairs += len(delays)
        delivered += sum(1 for d in delays if d < math.inf)
        if delays[len(delays) // 2] < math.inf:
            run.median.append(delays[len(delays) // 2])
        if delays[-1] < math.inf:
            run.last.append(delays[-1])
        else:
            run.missing += 1
    run.delivered = delivered / max(1, pairs)
    measured = range(first, target + 1)
    run.skipped = sum(1 for v in live for ply in v.skipped if ply in measured)
    sizes = viewers[0].payloads[1:]
    run.payload = statistics.mean(sizes) if sizes else 0.0


def ms(seconds: float) -> str:
    if math.isnan(seconds):
        return "—"
    return f"{seconds * 1000:,.0f}" if seconds >= 0.1 else f"{seconds * 1000:.1f}"


def report(run: Run) -> str:
    return (
        f"{run.page:5} N={run.viewers:<5} connected {run.connected} in "
        f"{run.connect_seconds:.1f} s | {len(run.last)} moves"
        f"{f' ({run.missing} not to all, {run.delivered:.1%} delivered)' if run.missing else ''}"
        f": last viewer p50 "
        f"{ms(quantile(run.last, 0.5))} ms p95 {ms(quantile(run.last, 0.95))} ms, median "
        f"viewer p50 {ms(quantile(run.median, 0.5))} ms | skipped {run.skipped}, sockets "
        f"dropped {run.drops}, pages reloaded {run.reloads}, viewers lost {run.lost} | "
        f"{run.rss_per_viewer / 1024:.0f} KiB RSS / viewer | update {run.payload / 1024:.1f} "
        f"KiB | server CPU {run.server_cpu:.0%} ({ms(run.cpu_per_move)} ms / move), client CPU "
        f"{run.client_cpu:.0%} | load "
        f"{run.load[0]:.2f} -> {run.load[1]:.2f}"
    )


def markdown(runs: list[Run]) -> str:
    rows = [
        "| Viewers | Page | Moves to all | Last viewer p50 / p95 (ms) | Median viewer p50 (ms) "
        "| Server CPU / move | Dropped / reloaded | RSS / viewer | Update | Connect | Load |",
        "|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for run in runs:
        moves = f"{len(run.last)}"
        if run.missing:
            moves += f" of {len(run.last) + run.missing} ({run.delivered:.1%} shown)"
        connect = f"{run.connect_seconds:.1f} s"
        if run.connected < run.viewers:
            connect = f"{run.connected:,} in {connect}"
        rows.append(
            f"| {run.viewers:,} | {run.page} | {moves} | "
            f"{ms(quantile(run.last, 0.5))} / {ms(quantile(run.last, 0.95))} | "
            f"{ms(quantile(run.median, 0.5))} | {ms(run.cpu_per_move)} ms | "
            f"{run.drops} / {run.reloads} | {run.rss_per_viewer / 1024:.0f} KiB | "
            f"{f'{run.payload / 1024:.1f} KiB' if run.payload else '–'} | {connect} | "
            f"{run.load[0]:.1f}–{run.load[1]:.1f} |"
        )
    pairs = ratios(runs)
    if pairs:
        rows += [
            "",
            "| Viewers | Table / floor: last viewer p50 | p95 | Server CPU / move | RSS / viewer |",
            "|---:|---:|---:|---:|---:|",
        ]
        rows += [
            f"| {n:,} | {p50:.1f}× | {p95:.1f}× | {cpu:.1f}× | {rss:.1f}× |"
            for n, p50, p95, cpu, rss in pairs
        ]
    return "\n".join(rows)


def ratios(runs: list[Run]) -> list[tuple[int, float, float, float, float]]:
    """Per viewer count, table / floor: last viewer p50 and p95, CPU per move, RSS / viewer."""
    out = []
    for n in sorted({run.viewers for run in runs}):
        table = next((r for r in runs if r.viewers == n and r.page != "floor"), None)
        floor = next((r for r in runs if r.viewers == n and r.page == "floor"), None)
        if table and floor and table.last and floor.last:
            out.append(
                (
                    n,
                    quantile(table.last, 0.5) / quantile(floor.last, 0.5),
                    quantile(table.last, 0.95) / quantile(floor.last, 0.95),
                    table.cpu_per_move / max(1e-9, floor.cpu_per_move),
                    table.rss_per_viewer / max(1.0, floor.rss_per_viewer),
                )
            )
    return out


async def main_async(args: argparse.Namespace) -> list[Run]:
    # SIGTERM as Ctrl-C (asyncio's handler): cancel, so that the servers are stopped.
    signal.signal(signal.SIGTERM, signal.getsignal(signal.SIGINT))
    runs = []
    for n in args.viewers:
        for page in args.pages:
            run = await measure(page == "floor", n, args)
            print(report(run), flush=True)
            runs.append(run)
    return runs


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--viewers", default="100,300,1000", help="viewer counts, comma-separated")
    parser.add_argument("--moves", type=int, default=30, help="moves (or ticks) measured per run")
    parser.add_argument("--pages", default="table,floor", help="table, floor or both")
    parser.add_argument("--pause", type=float, default=0.3, help="CARAVANSERAI_BOT_PAUSE")
    parser.add_argument("--game", default="caravan", help="the game the bots play (a game id)")
    parser.add_argument("--hands", type=int, default=5, help="hands of the Caravan match (1-9)")
    parser.add_argument("--warmup", type=int, default=2, help="first moves left out")
    parser.add_argument("--tick", type=float, default=0.5, help="floor: seconds between updates")
    parser.add_argument("--concurrency", type=int, default=10, help="page loads at once")
    parser.add_argument("--settle", type=float, default=2.0, help="seconds before measuring")
    parser.add_argument("--limit", type=float, default=240, help="seconds to wait for the moves")
    parser.add_argument(
        "--connect-limit", type=float, default=300, help="seconds to connect the viewers in"
    )
    parser.add_argument("--markdown", action="store_true", help="print README table rows")
    args = parser.parse_args(argv)
    args.viewers = [int(n) for n in args.viewers.split(",")]
    args.pages = [p.strip() for p in args.pages.split(",")]
    if not set(args.pages) <= {"table", "floor"}:
        parser.error("--pages takes table and/or floor")
    runs = asyncio.run(main_async(args))
    if args.markdown:
        print(markdown(runs))
    else:
        for n, p50, p95, cpu, rss in ratios(runs):
            print(
                f"N={n}: table / floor: last viewer p50 {p50:.2f}×, p95 {p95:.2f}×, "
                f"server CPU / move {cpu:.2f}×, RSS / viewer {rss:.2f}×"
            )


if __name__ == "__main__":
    main()
