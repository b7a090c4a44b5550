"""Page build: what a table page costs the server to build, per game, and what it keeps.

For each game a fresh server (:mod:`bench.fanout_server`, the real site on a new SQLite
database, as :mod:`bench.fanout` starts it) opens one table of random bots, held before
their first move. Then ``--pages`` visitors, one after the other and each with no cookie
(a new visitor, so a spectator), GET ``/table/<id>``: NiceGUI builds the whole page for that
GET and sends it as HTML. Per page: the wall time of the GET (median over the pages, after
``--warmup`` left out), and the server process's CPU time over the batch divided by the
pages. The floor is the same for the bare one-label page of ``fanout_server --floor``.
After the batch, ``GET /bench/pages`` says what each page kept while its socket had not
connected yet: its elements (and the most common kinds), event listeners, props and
queued outbox messages (the median page is reported).

    .venv/bin/python -m bench.page_build --markdown
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import time
from dataclasses import dataclass, field
from typing import Any

import aiohttp

from bench.fanout import Server
from core.games import GAMES


@dataclass
class Built:
    """One game's (or the floor's) pages."""

    page: str
    wall_ms: list[float] = field(default_factory=list)
    cpu_ms: float = 0.0
    kept: list[dict[str, Any]] = field(default_factory=list)
    census: dict[str, Any] = field(default_factory=dict)  # bytes a page, by origin

    def median(self, key: str) -> float:
        values = [float(p[key]) for p in self.kept]
        return statistics.median(values) if values else 0.0

    def kinds(self) -> str:
        if not self.kept:
            return ""
        middle = sorted(self.kept, key=lambda p: p["elements"])[len(self.kept) // 2]
        return ", ".join(f"{kind} {n}" for kind, n in middle["kinds"].items())


async def measure(game: str | None, args: argparse.Namespace) -> Built:
    floor = game is None
    options = argparse.Namespace(**{**vars(args), "game": game or "caravan"})
    built = Built("floor" if floor else game)
    async with Server(floor, options) as server:
        path = "/floor" if floor else f"/table/{await server.new_table()}"
        async with aiohttp.ClientSession(cookie_jar=aiohttp.DummyCookieJar()) as http:

            async def load() -> float:
                start = time.perf_counter()
                async with http.get(server.base + path) as response:
                    response.raise_for_status()
                    await response.read()
                return (time.perf_counter() - start) * 1000

            for _ in range(args.warmup):
                await load()
            cpu = server.cpu_seconds()
            built.wall_ms = [await load() for _ in range(args.pages)]
            built.cpu_ms = (server.cpu_seconds() - cpu) * 1000 / args.pages
            async with http.get(server.base + "/bench/pages") as response:
                pages = await response.json()
            if args.census:  # a second batch, traced (tracing slows the build)
                async with http.post(server.base + "/bench/trace") as response:
                    response.raise_for_status()
                for _ in range(args.census):
                    await load()
                async with http.post(
                    server.base + "/bench/trace", params={"pages": args.census}
                ) as response:
                    built.census = await response.json()
        built.kept = [p for p in pages if p["path"] in (path, "/table/{table_id}")]
    return built


def row(built: Built) -> str:
    wall = statistics.median(built.wall_ms)
    return (
        f"| {built.page} | {wall:.1f} ms | {built.cpu_ms:.1f} ms | "
        f"{built.median('elements'):.0f} | {built.median('listeners'):.0f} | "
        f"{built.median('props'):.0f} | {built.median('outbox'):.0f} | {built.kinds()} |"
    )


async def main_async(args: argparse.Namespace) -> list[Built]:
    out: list[Built] = []
    census: list[Built] = []
    for game in [None, *args.games]:
        built = await measure(game, args)
        print(row(built), flush=True)
        if built.census:
            census.append(built)
        out.append(built)
    for built in census:
        print(f"\n{built.page}: {built.census['total'] / 1024:.1f} KiB held a page, by origin")
        for where, size in list(built.census["by_origin"].items())[: args.top]:
            print(f"  {size / 1024:7.1f} KiB  {where}")
    return out


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--games", default=",".join(sorted(GAMES)), help="game ids, comma-separated"
    )
    parser.add_argument("--pages", type=int, default=60, help="pages built per game")
    parser.add_argument("--warmup", type=int, default=5, help="first pages left out")
    parser.add_argument("--pause", type=float, default=0.3, help="CARAVANSERAI_BOT_PAUSE")
    parser.add_argument("--hands", type=int, default=5, help="hands of the Caravan match")
    parser.add_argument("--tick", type=float, default=0.5, help="floor: seconds between ticks")
    parser.add_argument("--markdown", action="store_true", help="print the README table head")
    parser.add_argument(
        "--census", type=int, default=0, help="then trace this many more pages' allocations"
    )
    parser.add_argument("--top", type=int, default=25, help="census: origins printed")
    args = parser.parse_args(argv)
    args.games = [g.strip() for g in args.games.split(",") if g.strip()]
    if args.markdown:
        print(
            "| Page | Build, wall (median) | Server CPU / page | Elements | Listeners | Props "
            "| Outbox | Most common elements (median page) |"
        )
        print("|---|---:|---:|---:|---:|---:|---:|---|")
    asyncio.run(main_async(args))


if __name__ == "__main__":
    main()
