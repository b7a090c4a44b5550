"""The server side of :mod:`bench.fanout`: the real site, or a bare floor page, with probes.

Not for production. ``bench.fanout`` starts it as a subprocess, in a temporary working
directory, with ``DATABASE_URL`` (a fresh SQLite file), ``PORT`` and
``CARAVANSERAI_BOT_PAUSE`` set.

- Table mode (default): the whole site, built by ``ui.app.build()`` and served as
  ``ui.app.main()`` serves it. ``POST /bench/table`` opens a table of ``--game`` for random
  bots (two, or the game's fewest players; a Caravan match of ``--hands`` hands, so that
  moves keep coming) and returns its id; viewers then
  watch ``/table/<id>`` as spectators. The bots are held back until ``POST /bench/go``
  (the site's ``BotRunner.watch`` is called then rather than when the table opens), so
  that all viewers can be connected before the first move. Every applied move's time
  (``time.time()``, taken by a listener subscribed before any page's, so before the
  pages are told) is kept by table id and ply.
- Floor mode (``--floor``): no site, one bare page ``/floor`` with one label; from
  ``POST /bench/go`` on, a single timer sets every open page's label to a counter every
  ``--tick`` seconds, and the time of each tick is kept. This is the least a NiceGUI
  server can do per update and viewer.

Both modes serve ``GET /bench/moves`` (``{key: {n: time}}``: table id and ply, or
``"floor"`` and tick) and ``GET /bench/memory`` (the process's resident set size from
``/proc/self/status``, and NiceGUI's client count).

With ``FANOUT_PROFILE=<file>`` the server runs under ``cProfile`` from the first move and
writes its stats to that file when it shuts down (to see where the time per move and viewer goes).

    DATABASE_URL=sqlite:////tmp/x/db.sqlite PORT=8123 .venv/bin/python -m bench.fanout_server
"""

from __future__ import annotations

import argparse
import asyncio
import functools
import gc
import logging
import os
import time
import tracemalloc
from collections import Counter
from collections.abc import Callable
from typing import Any

from nicegui import Client, app, background_tasks, run, ui

from core.games import GAMES
from core.table import BOT, Move, SeatInfo, Table

MOVES: dict[str, dict[int, float]] = {}
GO: list[Callable[[], None]] = []  # what POST /bench/go starts


def rss_bytes() -> int:
    """This process's resident set size (``VmRSS``), in bytes."""
    with open("/proc/self/status", encoding="ascii") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) * 1024
    return 0


def probes() -> None:
    """The bench-only endpoints both modes share."""

    # async: run on the event loop, not in FastAPI's thread pool

    @app.get("/bench/moves")
    async def moves() -> dict[str, dict[int, float]]:
        return MOVES

    @app.get("/bench/memory")
    async def memory() -> dict[str, int]:
        return {"rss": rss_bytes(), "clients": len(Client.instances)}

    @app.get("/bench/pages")
    async def pages() -> list[dict[str, Any]]:
        """What each page this server holds keeps (``bench.page_build``): its elements by
        kind, their event listeners, their props and the messages in its outbox."""
        out = []
        for client in list(Client.instances.values()):
            elements = list(client.elements.values())
            kinds = Counter(type(e).__name__ for e in elements)
            out.append(
                {
                    "path": str(getattr(client.page, "path", "")),
                    "elements": len(elements),
                    "listeners": sum(len(e._event_listeners) for e in elements),
                    "props": sum(len(e.props) for e in elements),
                    "kinds": dict(kinds.most_common(6)),
                    "outbox": len(client.outbox.updates) + len(client.outbox.messages),
                }
            )
        return out

    @app.post("/bench/trace")
    async def trace(pages: int = 0) -> dict[str, Any]:
        """``bench.page_build``'s memory census. The first call starts tracing allocations;
        the second (``pages``: how many were built in between) compares, and says what the
        pages built meanwhile still hold, in bytes a page, by the first frame of the
        project's own code that allocated it (``ui/layout.py:87``), else by the frame that
        did (in a library)."""
        if not tracemalloc.is_tracing():
            tracemalloc.start(25)
            TRACE[:] = [tracemalloc.take_snapshot()]
            return {"tracing": True}
        gc.collect()
        after = tracemalloc.take_snapshot()
        tracemalloc.stop()
        held: Counter[str] = Counter()
        for diff in after.compare_to(TRACE[0], "traceback"):
            held[_origin(diff.traceback)] += diff.size_diff
        TRACE.clear()
        per_page = max(pages, 1)
        return {
            "total": sum(held.values()) // per_page,
            "by_origin": {
                where: size // per_page for where, size in held.most_common(40) if size > 0
            },
        }

    @app.post("/bench/go")
    async def go() -> dict[str, int]:
        started = len(GO)
        while GO:
            GO.pop()()
        return {"started": started}


TRACE: list[tracemalloc.Snapshot] = []
OWN = tuple(os.sep + part + os.sep for part in ("ui", "core"))


def _origin(traceback: tracemalloc.Traceback) -> str:
    """Where an allocation comes from: the innermost frame in the project's own code (not
    this bench), else the innermost frame."""
    for frame in reversed(traceback):  # most recent call last
        if any(part in frame.filename for part in OWN) and "site-packages" not in frame.filename:
            tail = frame.filename.split(os.sep)
            return f"{'/'.join(tail[-2:])}:{frame.lineno}"
    frame = traceback[-1]
    tail = frame.filename.split(os.sep)
    return f"{'/'.join(tail[-2:])}:{frame.lineno}"


def table_mode(game: str, hands: int) -> None:
    """The real site, plus an endpoint that opens a ``game`` table of random bots (two, or
    the game's fewest players), with its default options (Caravan: ``hands`` hands)."""
    from ui.app import build  # the site's own entry point, untouched

    site = build()

    def record(table: Table, move: Move) -> None:
        MOVES.setdefault(table.id, {})[move.ply] = time.time()

    @app.post("/bench/table")
    async def new_table() -> dict[str, Any]:
        held: list[Table] = []
        site.bots.watch = held.append  # type: ignore[method-assign]  # the bots wait for go
        try:
            players = max(2, GAMES[game].min_players)
            table = await site.create_table(
                game=game,
                options={"hands": hands} if game == "caravan" else {},
                seats=[SeatInfo(BOT, "bot:random", "ABCDEFGH"[n]) for n in range(players)],
                user_ids=[None] * players,
            )
        finally:
            del site.bots.watch
        # Subscribed before any page opens, so called before the pages redraw.
        table.subscribe(record)
        MOVES[table.id] = {}
        GO.extend(functools.partial(site.bots.watch, waiting) for waiting in held)
        return {"id": table.id, "ply": table.ply}


def floor_mode(tick: float) -> None:
    """One bare page whose label a single timer sets on every open copy."""
    listeners: list[Callable[[int], None]] = []
    ticks: dict[int, float] = {}
    MOVES["floor"] = ticks

    @ui.page("/floor")
    def floor_page() -> None:
        label = ui.label(str(len(ticks))).props('data-testid="tick"')

        def show(n: int) -> None:
            label.set_text(str(n))

        listeners.append(show)
        ui.context.client.on_delete(lambda: listeners.remove(show))

    started = asyncio.Event()
    GO.append(started.set)

    async def ticker() -> None:
        await started.wait()
        n = 0
        while True:
            await asyncio.sleep(tick)
            n += 1
            ticks[n] = time.time()  # before any label is set, as the table's listener
            for show in list(listeners):
                show(n)

    app.on_startup(lambda: background_tasks.create(ticker(), name="floor-ticker"))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--floor", action="store_true", help="serve the bare floor page")
    parser.add_argument("--game", default="caravan", choices=sorted(GAMES), help="the game")
    parser.add_argument("--hands", type=int, default=5, help="hands of each Caravan match (1-9)")
    parser.add_argument("--tick", type=float, default=0.5, help="floor: seconds between ticks")
    args = parser.parse_args()
    logging.basicConfig(level=logging.WARNING)
    probes()
    profile_to = os.environ.get("FANOUT_PROFILE")  # a file: cProfile stats of the event loop
    if profile_to:
        import cProfile

        profiler = cProfile.Profile()
        GO.append(profiler.enable)  # the moves, not the pages' loading
        app.on_shutdown(lambda: profiler.dump_stats(profile_to))
    if args.floor:
        floor_mode(args.tick)
    else:
        table_mode(args.game, args.hands)
        run.process_pool_start_method = "spawn"  # as ui.app.main()
    ui.run(
        host="127.0.0.1",
        port=int(os.environ.get("PORT", "8080")),
        title="Caravanserai fan-out bench",
        storage_secret="fanout-bench",
        reload=False,
        show=False,
    )


if __name__ == "__main__":
    main()
