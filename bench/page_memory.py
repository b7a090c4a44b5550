"""Page memory: what a table page keeps on the server, a player's and a spectator's, per game.

The real site in NiceGUI's simulated browser (``nicegui.testing.user_simulation``, as the
page tests run it; no socket), on a fresh SQLite database. For each game a visitor opens a
table against the game's fewest bots (``/new/<game>``, the form's defaults) and is shown
its page. That visitor's page of the table, opened again and again (each a page of its
own, the earlier ones kept open), is a player's page; ``--pages`` more visitors, each a
new browser, open the same table's page: spectators' pages. Each kind of page is
measured by tracing the
allocations (``tracemalloc``) over ``--pages`` pages built one after the other and kept
open, divided by the pages: the bytes a page keeps once built. The floor is NiceGUI's
bare one-label page, measured the same way in the same process. Bots are held back
(``CARAVANSERAI_BOT_PAUSE`` an hour) so that nothing moves while pages are counted.

    .venv/bin/python -m bench.page_memory --markdown
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import os
import tempfile
import tracemalloc
from collections import Counter
from collections.abc import Awaitable, Callable
from pathlib import Path

import httpx
from httpx._transports.asgi import ASGIResponseStream
from nicegui import Client, core, ui
from nicegui.testing import User
from nicegui.testing.user_simulation import user_simulation

from bench.fanout_server import _origin
from core.games import GAMES

MAIN = Path(__file__).resolve().parents[1] / "tests" / "ui" / "site_main.py"


ORIGINS: dict[str, Counter[str]] = {}  # by kind of page: bytes a page, by origin


async def kept(kind: str, pages: int, build: Callable[[], Awaitable[None]]) -> tuple[float, float]:
    """KiB a page keeps (traced) and elements a page, over ``pages`` built by ``build``;
    where the bytes come from goes to ``ORIGINS[kind]``."""
    await build()  # the first of a kind warms caches; it is not counted
    gc.collect()
    elements = sum(len(c.elements) for c in Client.instances.values())
    tracemalloc.start(25)
    before = tracemalloc.take_snapshot()
    for _ in range(pages):
        await build()
    gc.collect()
    after = tracemalloc.take_snapshot()
    tracemalloc.stop()
    origins: Counter[str] = Counter()
    for stat in after.compare_to(before, "traceback"):
        origins[_origin(stat.traceback)] += stat.size_diff // pages
    ORIGINS[kind] = origins
    added = sum(len(c.elements) for c in Client.instances.values()) - elements
    return sum(origins.values()) / 1024, added / pages


class Forgetful(httpx.ASGITransport):
    """The simulated browser's transport, keeping nothing of a page's HTML where the server's
    page holds it. httpx's transport gathers a response's body in a list that its ``send``
    refers to; the page's ``Client`` keeps its request, and with it that ``send``, so every
    page's HTML stayed in the measure (52–93 KiB a page) though a real server, which writes
    the body to a socket, keeps none of it. This one hands back a response of its own and
    empties that list."""

    async def handle_async_request(self, request: httpx.Request) -> httpx.Response:
        response = await super().handle_async_request(request)
        stream = response.stream
        assert isinstance(stream, ASGIResponseStream)
        content = b"".join(stream._body)  # noqa: SLF001  # the list the request refers to
        stream._body.clear()  # noqa: SLF001
        return httpx.Response(response.status_code, headers=response.headers, content=content)


def browser(base_url: str = "http://t", cookies: httpx.Cookies | None = None) -> User:
    client = httpx.AsyncClient(transport=Forgetful(core.app), base_url=base_url, cookies=cookies)
    return User(client)


async def measure(args: argparse.Namespace) -> list[str]:
    rows = []
    async with user_simulation(main_file=MAIN) as simulated:
        first = browser(str(simulated.http_client.base_url))  # the simulation's, forgetful

        @ui.page("/bench-floor")
        def floor() -> None:
            ui.label("0")

        async def floor_page() -> None:
            await browser().open("/bench-floor")

        kib, count = await kept("floor", args.pages, floor_page)
        rows.append(f"| floor | {kib:.0f} KiB | {count:.0f} | | |")
        for game in args.games:
            await first.open(f"/new/{game}")
            first.find(marker="name").clear().type("Ann")
            first.find(marker="start").click()
            await first.should_see(marker="move-input")
            path = str(first.back_history[-1])

            async def player_page(path: str = path) -> None:  # Ann's page again, anew
                await first.open(path)
                await first.should_see(marker="move-input")

            async def spectator_page(path: str = path) -> None:
                await browser().open(path)

            kib_player, count_player = await kept(f"{game}, player", args.pages, player_page)
            kib_watch, count_watch = await kept(f"{game}, spectator", args.pages, spectator_page)
            rows.append(
                f"| {GAMES[game].title} | {kib_player:.0f} KiB | {count_player:.0f} | "
                f"{kib_watch:.0f} KiB | {count_watch:.0f} |"
            )
            print(rows[-1], flush=True)
    return rows


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", default=",".join(sorted(GAMES)))
    parser.add_argument("--pages", type=int, default=10, help="pages of each kind measured")
    parser.add_argument("--markdown", action="store_true")
    parser.add_argument("--top", type=int, default=0, help="origins of the bytes printed")
    parser.add_argument("--seed", type=int, default=1, help="the tables' deals")
    args = parser.parse_args(argv)
    args.games = [g.strip() for g in args.games.split(",") if g.strip()]
    with tempfile.TemporaryDirectory() as folder:
        os.chdir(folder)
        os.environ["DATABASE_URL"] = f"sqlite:///{folder}/site.db"
        os.environ.setdefault("CARAVANSERAI_SECRET", "bench")
        os.environ["CARAVANSERAI_BOT_PAUSE"] = "3600"
        # The same deals in every run, so that runs compare: who moves first decides
        # whether a player's picture carries its targets and its page the legal actions.
        os.environ["CARAVANSERAI_TEST_SEED"] = str(args.seed)
        # NiceGUI's simulation, as under pytest: outside it, its reset would read a page's
        # storage with no page there and take the site for a one-page script.
        os.environ["PYTEST_CURRENT_TEST"] = "bench.page_memory"
        if args.markdown:
            print("| Page | Player's page | Elements | Spectator's page | Elements |")
            print("|---|---:|---:|---:|---:|")
        rows = asyncio.run(measure(args))
        print(rows[0])
        for kind, origins in ORIGINS.items():
            if kind == "floor" or not args.top:
                continue
            print(f"\n{kind}: {sum(origins.values()) / 1024:.0f} KiB a page, by origin")
            for where, size in origins.most_common(args.top):
                print(f"  {size / 1024:7.1f} KiB  {where}")


if __name__ == "__main__":
    main()
