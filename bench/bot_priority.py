"""A person's bot reply time while games of hard bots run, and the first bot move after a start.

Replies: one process runs the real :class:`ui.site.Site` and its :class:`ui.bot_runner.BotRunner`
(their own worker pool, warmed first) over a fresh SQLite database in a temporary folder.
Ann plays Caravan against the easy bot at one table, with her page open (``Site.arrive``),
choosing a random legal action as soon as it is her turn; meanwhile ``N`` tables of two
hard bots play each other, nobody watching, a new one opened whenever one ends. A reply
is the time from Ann's move being applied (``Table.submit`` returning) to the bot's next
move being applied: queueing, thinking and storing. The bot pause is 0, so the pause
does not hide anything. ``--fifo`` gives the scheduling the site had before: first come,
first served over all workers (every turn at the same priority, no worker kept free).

    .venv/bin/python -m bench.bot_priority --games 0,2,4 --replies 40
    .venv/bin/python -m bench.bot_priority --games 0,2,4 --replies 40 --fifo
    .venv/bin/python -m bench.bot_priority --first-move
    .venv/bin/python -m bench.bot_priority --server --repeats 3 [--root <other source tree>]

First move (``--first-move``): how long the first bot turn of a fresh site takes (from the
turn arising to the bot's move applied) when it arises ``--after`` seconds after the
start (a table opened then, the bot to move at once or after Ann's first move), with the
workers started at start-up (``BotRunner.start``, as ``ui/app.py`` does) and without
(spawned by the first turn, as before). Each run is a new process (``--repeats`` of
them), so every start is cold.

Server (``--server``): the whole site, ``python -m ui.app`` started from ``--root`` (so an
older checkout can be timed the same way) over a fresh SQLite database holding one
unfinished game of two easy bots: seconds from the start of the process to that game's
first move being stored, the bot pause (0.8 s) included.
"""

from __future__ import annotations

import argparse
import asyncio
import functools
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from nicegui import core as nicegui_core

from core.record import new_record
from core.table import BOT, GUEST, SeatInfo, Table, TableSettings
from storage import repo
from storage.db import make_engine, migrate
from ui.bot_pool import NOBODY_WAITING, BotPool
from ui.site import Site

ANN = "a" * 32


def new_site(folder: str, *, fifo: bool) -> Site:
    engine = make_engine(f"sqlite:///{Path(folder) / 'bench.db'}")
    migrate(engine)
    repo.ensure_guest(engine, user_id=ANN, name="Ann")
    site = Site(engine, bot_pause=0)
    if fifo:
        site.bots.pool = BotPool(kept_for_people=0)
        site.bots.priority = lambda table: NOBODY_WAITING  # type: ignore[method-assign]
    return site


async def ann_table(site: Site) -> Table:
    seats = [SeatInfo(GUEST, ANN, "Ann"), SeatInfo(BOT, "bot:easy", "Easy")]
    table = await site.create_table(
        game="caravan",
        options=None,
        seats=seats,
        user_ids=[ANN, None],
        settings=TableSettings(host=ANN),
    )
    site.arrive(table.id, ANN, "ann-page")
    return table


async def keep_bot_games(site: Site, count: int) -> list[Table]:
    """``count`` tables of two hard bots, each replaced by a new one when it ends."""
    games: list[Table] = []
    opening: set[asyncio.Task[None]] = set()  # kept until done, as asyncio asks

    async def open_one() -> None:
        seats = [SeatInfo(BOT, "bot:hard", "Hard 1"), SeatInfo(BOT, "bot:hard", "Hard 2")]
        table = await site.create_table(
            game="caravan", options=None, seats=seats, user_ids=[None, None]
        )
        table.subscribe(lambda table, move: replace() if table.state.is_over() else None)
        games.append(table)

    def replace() -> None:
        task = asyncio.get_running_loop().create_task(open_one())
        opening.add(task)
        task.add_done_callback(opening.discard)

    for _ in range(count):
        await open_one()
    return games


async def moved(table: Table, condition: Callable[[], bool]) -> None:
    """Wait for moves at ``table`` until ``condition()`` holds."""
    while not condition():
        heard: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        stop = table.subscribe(functools.partial(_tell, heard))
        try:
            await heard
        finally:
            stop()


def _tell(heard: asyncio.Future[None], table: Table, move: object) -> None:
    if not heard.done():
        heard.set_result(None)


def anns_turn_or_over(table: Table) -> bool:
    return table.state.is_over() or 0 in table.state.to_move()


def past(table: Table, ply: int) -> bool:
    return table.ply > ply


async def replies(games: int, count: int, *, fifo: bool, seed: int) -> list[float]:
    nicegui_core.loop = asyncio.get_running_loop()
    rng = random.Random(seed)
    with tempfile.TemporaryDirectory() as folder:
        site = new_site(folder, fifo=fifo)
        await site.bots.start()
        await keep_bot_games(site, games)
        samples: list[float] = []
        table = await ann_table(site)
        try:
            while len(samples) < count:
                if table.state.is_over():
                    table = await ann_table(site)
                await moved(table, functools.partial(anns_turn_or_over, table))
                if table.state.is_over():
                    continue
                await table.submit(0, rng.choice(table.legal_actions(0)), by=ANN)
                started, ply = time.perf_counter(), table.ply
                if table.state.is_over() or 0 in table.state.to_move():
                    continue  # Ann moves again: no reply to time
                await moved(table, functools.partial(past, table, ply))
                samples.append(time.perf_counter() - started)
        finally:
            site.bots.close()
        return samples


async def first_move(after: float, *, warm: bool) -> float:
    """Seconds the first bot turn takes, asked for ``after`` seconds after the start: a
    table is opened then; the bot's turn comes at once or after Ann's first move."""
    start = time.perf_counter()
    nicegui_core.loop = asyncio.get_running_loop()
    with tempfile.TemporaryDirectory() as folder:
        site = new_site(folder, fifo=False)
        if warm:
            warming = asyncio.ensure_future(site.bots.start())  # in the background, as the app
        await asyncio.sleep(max(0.0, after - (time.perf_counter() - start)))
        try:
            seats = [SeatInfo(GUEST, ANN, "Ann"), SeatInfo(BOT, "bot:easy", "Easy")]
            asked = time.perf_counter()
            table = await site.create_table(
                game="caravan", options=None, seats=seats, user_ids=[ANN, None]
            )
            if 0 in table.state.to_move():
                await table.submit(0, table.legal_actions(0)[0], by=ANN)
                asked = time.perf_counter()
            ply = table.ply
            await moved(table, lambda: table.ply > ply)
            return time.perf_counter() - asked
        finally:
            if warm:
                await warming
            site.bots.close()


def server_first_move(root: Path, timeout: float) -> float:
    """Seconds from starting ``python -m ui.app`` from ``root`` (a fresh SQLite database
    holding one unfinished game of two easy bots, which start-up recovery picks up) to
    that game's first move being stored."""
    with tempfile.TemporaryDirectory() as folder:
        url = f"sqlite:///{Path(folder) / 'site.db'}"
        engine = make_engine(url)
        migrate(engine)
        seats = [SeatInfo(BOT, "bot:easy", "Easy 1"), SeatInfo(BOT, "bot:easy", "Easy 2")]
        record = new_record("caravan", 2, 7, None, [seat.name for seat in seats])
        repo.create_match(engine, match_id="first", record=record, seats=seats, user_ids=[None] * 2)
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            port = probe.getsockname()[1]
        env = {**os.environ, "PYTHONPATH": str(root), "DATABASE_URL": url, "PORT": str(port)}
        env |= {"HOST": "127.0.0.1", "CARAVANSERAI_SECRET": "bench"}
        started = time.perf_counter()
        server = subprocess.Popen(
            [sys.executable, "-m", "ui.app"], cwd=folder, env=env, stderr=subprocess.DEVNULL
        )
        try:
            while not (repo.load_record(engine, match_id="first") or {}).get("actions"):
                if time.perf_counter() - started > timeout:
                    return float("nan")
                time.sleep(0.05)
            return time.perf_counter() - started
        finally:
            server.terminate()
            server.wait()


def run_server_first_move(args: argparse.Namespace) -> None:
    times = [server_first_move(Path(args.root), args.timeout) for _ in range(args.repeats)]
    runs = ", ".join(f"{t:.1f}" for t in times)
    print(f"{args.root}: start to first bot move, median {statistics.median(times):.1f} s ({runs})")


def stats(samples: list[float]) -> tuple[float, float]:
    ordered = sorted(samples)
    p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
    return statistics.median(ordered), p95


def run_replies(args: argparse.Namespace) -> None:
    rows = []
    for games in [int(n) for n in args.games.split(",")]:
        samples = asyncio.run(replies(games, args.replies, fifo=args.fifo, seed=args.seed))
        rows.append((games, *stats(samples)))
        print(f"N={games}: median {rows[-1][1]:.3f} s, p95 {rows[-1][2]:.3f} s", flush=True)
    base = rows[0][1]
    print("\n| Bot-only games N | Reply median (ms) | Reply p95 (ms) | Median / N = 0 |")
    print("|---:|---:|---:|---:|")
    for games, median, p95 in rows:
        print(f"| {games} | {median * 1000:.0f} | {p95 * 1000:.0f} | {median / base:.1f}× |")


def run_first_move(args: argparse.Namespace) -> None:
    for warm in (False, True):
        times = []
        for _ in range(args.repeats):
            command = [sys.executable, "-m", "bench.bot_priority", "--one-first-move"]
            command += ["--after", str(args.after)] + (["--warm"] if warm else [])
            out = subprocess.run(
                command, check=True, capture_output=True, text=True, env=os.environ
            )
            times.append(float(out.stdout.split()[-1]))
        label = "workers started at start-up" if warm else "workers spawned by the first turn"
        runs = ", ".join(f"{t:.2f}" for t in times)
        print(
            f"{label}: first bot turn {args.after:.0f} s after the start took, median "
            f"{statistics.median(times):.2f} s (runs: {runs})"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", default="0,2,4", help="bot-only game counts, comma-separated")
    parser.add_argument("--replies", type=int, default=40, help="bot replies timed per count")
    parser.add_argument("--fifo", action="store_true", help="first come, first served")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--first-move", action="store_true", help="time the first bot move")
    parser.add_argument("--after", type=float, default=5.0, help="seconds before Ann moves")
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--server", action="store_true", help="first move of a real server")
    parser.add_argument("--root", default=".", help="the source tree the server runs from")
    parser.add_argument("--timeout", type=float, default=120.0)
    parser.add_argument("--one-first-move", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--warm", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.one_first_move:
        print(asyncio.run(first_move(args.after, warm=args.warm)))
    elif args.server:
        run_server_first_move(args)
    elif args.first_move:
        run_first_move(args)
    else:
        run_replies(args)


if __name__ == "__main__":
    main()
