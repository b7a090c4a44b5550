"""Simulated spectators of one table, in a process of their own (run by :mod:`bench.cluster`).

The viewers are :class:`bench.fanout.Viewer`: a page load, then NiceGUI's Socket.IO
connection, acknowledgements and reconnections as ``nicegui.js`` does. Thousands of them
are more than one Python process can read in time (each move brings every viewer a
~15 KiB frame to decode), so :mod:`bench.cluster` spreads them over several of these
processes, which the operating system spreads over the cores.

The protocol, one JSON object a line: on standard input first
``{"targets": [[label, base, path, count], ...], "concurrency": c, "connect_limit": s}``;
once the viewers are in, this answers ``{"connected": n, "wanted": m, "seconds": s}``. Then
``{"first": a, "last": b, "timeout": s}`` makes it wait until every viewer shows ply ``b``
(or ``s`` seconds have passed) and answer, for each viewer, its label and the
``time.time()`` at which it first showed each ply from ``a`` to ``b`` (``null``: never),
with its drops and reloads; both answers carry the process's CPU time so far. It then
closes the viewers and exits.
"""

from __future__ import annotations

import asyncio
import json
import logging
import sys
import time
from typing import Any

from bench.fanout import ACK_EVERY, RELOADS, Viewer, board_ply


async def read_line() -> dict[str, Any]:
    line = await asyncio.to_thread(sys.stdin.readline)
    if not line:
        raise SystemExit(0)  # the bench is gone
    return dict(json.loads(line))


def say(message: dict[str, Any]) -> None:
    sys.stdout.write(json.dumps(message) + "\n")
    sys.stdout.flush()


async def open_all(viewers: list[Viewer], concurrency: int, limit: float) -> list[Viewer]:
    """The viewers that connected (a page load that fails is tried again, as a browser
    would be reloaded), within ``limit`` seconds."""
    started = time.monotonic()
    gate = asyncio.Semaphore(concurrency)

    async def open_one(viewer: Viewer) -> bool:
        async with gate:
            for _ in range(RELOADS):
                if time.monotonic() - started > limit:
                    return False
                try:
                    await viewer.open()
                    return True
                except Exception:  # counted as not connected
                    await asyncio.sleep(0.5)
            return False

    opened = await asyncio.gather(*(open_one(v) for v in viewers))
    return [v for v, ok in zip(viewers, opened, strict=True) if ok]


async def main_async() -> None:
    setup = await read_line()
    viewers: list[Viewer] = []
    labels: list[str] = []
    for label, base, path, count in setup["targets"]:
        for _ in range(int(count)):
            viewers.append(Viewer(base, path, board_ply))
            labels.append(label)
    began = time.monotonic()
    live = await open_all(viewers, int(setup["concurrency"]), float(setup["connect_limit"]))
    label = dict(zip(map(id, viewers), labels, strict=True))
    say(
        {
            "connected": len(live),
            "wanted": len(viewers),
            "seconds": time.monotonic() - began,
            "cpu": time.process_time(),
        }
    )

    async def acks() -> None:
        while True:
            await asyncio.sleep(ACK_EVERY)
            await asyncio.gather(*(v.ack() for v in live), return_exceptions=True)

    acking = asyncio.create_task(acks())
    ask = await read_line()
    first, last, timeout = int(ask["first"]), int(ask["last"]), float(ask["timeout"])
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if all(v.lost or (v.current is not None and v.current >= last) for v in live):
            break
        await asyncio.sleep(0.1)
    acking.cancel()
    plies = range(first, last + 1)
    say(
        {
            "viewers": [
                {
                    "label": label[id(v)],
                    "received": [v.received(ply) for ply in plies],
                    "drops": v.drops,
                    "reloads": v.reloads,
                    "lost": v.lost,
                }
                for v in live
            ],
            "cpu": time.process_time(),
        }
    )
    await asyncio.gather(*(v.close() for v in viewers), return_exceptions=True)


def main() -> None:
    # engine.io logs an error for every socket whose writer stops while the viewers close;
    # a socket lost while measuring is counted as a drop instead.
    logging.getLogger("engineio.client").setLevel(logging.CRITICAL)
    asyncio.run(main_async())


if __name__ == "__main__":
    main()
