"""What an idle Pueblo table page costs the browser, by the 3D scene's frame rate.

Starts a test site and Debian's Chromium (the browser suite's flags: WebGL drawn in
software by SwiftShader), opens a two-player Pueblo table and, for each frame rate asked
for, sets the scene's ``fps`` prop in the page, leaves the page alone and reads the CPU
time every Chromium process spent meanwhile (``/proc/<pid>/stat``, user + system).

    .venv/bin/python -m bench.scene_fps --rates 20 4 --seconds 10 --repeats 5
"""

from __future__ import annotations

import argparse
import os
import statistics
import tempfile
import time
from pathlib import Path

from playwright.sync_api import sync_playwright

from e2e.conftest import CHROMIUM, CHROMIUM_ARGS
from e2e.pueblo import SET_SCENE_FPS, open_pueblo_table
from e2e.server import Server

TICKS = os.sysconf("SC_CLK_TCK")


def chromium_cpu() -> float:
    """CPU seconds (user + system) of every running Chromium process."""
    total = 0
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            with open(f"/proc/{pid}/stat", encoding="ascii") as handle:
                stat = handle.read()
        except OSError:
            continue
        name, rest = stat[stat.index("(") + 1 : stat.rindex(")")], stat[stat.rindex(")") + 2 :]
        if name.startswith("chromium") or name.startswith("chrome"):
            fields = rest.split()
            total += int(fields[11]) + int(fields[12])  # utime, stime
    return total / TICKS


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rates", type=float, nargs="+", default=[20.0, 4.0, 0.5])
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        site = Server(Path(folder)).start()
        try:
            with sync_playwright() as pw:
                browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
                page = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
                open_pueblo_table(page, site.url)
                page.mouse.move(5, 5)  # the pointer off the scene
                samples: dict[float, list[float]] = {rate: [] for rate in args.rates}
                for _ in range(args.repeats):  # the rates interleaved, so load hits each alike
                    for rate in args.rates:
                        page.evaluate(SET_SCENE_FPS, rate)
                        time.sleep(1)  # the frame scheduled at the old rate has been drawn
                        before = chromium_cpu()
                        time.sleep(args.seconds)
                        samples[rate].append((chromium_cpu() - before) / args.seconds)
                browser.close()
        finally:
            site.stop()
    print(
        f"Chromium CPU per second of an idle Pueblo page, {args.repeats} runs of {args.seconds} s"
    )
    for rate, values in samples.items():
        shown = ", ".join(f"{v:.3f}" for v in values)
        print(f"  {rate:>3} fps: median {statistics.median(values):.3f} core ({shown})")
    first, *rest = args.rates
    for rate in rest:
        ratio = statistics.median(samples[first]) / statistics.median(samples[rate])
        print(f"  {first} fps / {rate} fps: {ratio:.2f}x")


if __name__ == "__main__":
    main()
