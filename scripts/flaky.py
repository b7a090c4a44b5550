"""Run tests again and again and list every test that failed even once, with its artefacts.

    python -m scripts.flaky -n 5 e2e/test_online.py -k invitation   # chosen tests, 5 times
    python -m scripts.flaky -n 5                                    # `make test`, 5 times
    python -m scripts.flaky -n 2 --hog 2                            # beside 2 busy CPU loops

``make flaky N=5 TESTS="e2e/test_online.py"`` calls it. With test arguments each run is one
``pytest`` of those (its own JUnit report); without any, each run is the whole ``make test``
and its three JUnit reports are read. Every run keeps its reports, its output and the
browser suite's failure artefacts (screenshots, page HTML, traces, site logs, seeds) under
``flaky/run-<k>/``. ``--hog N`` keeps N processes busy at nice 0 for the whole time, as a
loaded machine would: a test that fails only then is a defect all the same.

The closing table lists each test that failed in any run, how often and in which runs; the
exit status is 1 when any did.
"""

from __future__ import annotations

import argparse
import multiprocessing
import shutil
import subprocess
import sys
import time
import xml.etree.ElementTree as ET
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ARTEFACTS = ROOT / "e2e" / "artifacts"
SUITE_REPORTS = (ROOT / ".unit-tests.xml", ARTEFACTS / "junit.xml", ARTEFACTS / "junit-cluster.xml")


@dataclass
class Run:
    number: int
    seconds: float
    status: int
    failed: list[str] = field(default_factory=list)
    counted: int = 0


def failures(report: Path) -> tuple[int, list[str]]:
    """How many tests a JUnit report holds, and the ids of those that failed or erred."""
    if not report.exists():
        return 0, []
    root = ET.parse(report).getroot()
    cases = list(root.iter("testcase"))
    bad = [
        f"{case.get('classname')}::{case.get('name')}"
        for case in cases
        if case.find("failure") is not None or case.find("error") is not None
    ]
    return len(cases), bad


def hog() -> None:  # pragma: no cover - a busy loop, ended by terminate()
    while True:
        pass


def run_once(number: int, tests: list[str], folder: Path) -> Run:
    folder.mkdir(parents=True, exist_ok=True)
    if tests:
        report = folder / "junit.xml"
        command = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", *tests]
        command.append(f"--junitxml={report}")
        reports = [report]
    else:
        command = ["make", "test"]
        reports = list(SUITE_REPORTS)
    started = time.monotonic()
    with open(folder / "output.log", "wb") as output:
        status = subprocess.run(
            command, cwd=ROOT, stdout=output, stderr=subprocess.STDOUT
        ).returncode
    run = Run(number, time.monotonic() - started, status)
    for junit in reports:
        count, bad = failures(junit)
        run.counted += count
        run.failed += bad
        if junit.parent != folder and junit.exists():
            shutil.copy(junit, folder / junit.name)
    if ARTEFACTS.is_dir():
        for kept in ARTEFACTS.iterdir():
            if kept.is_dir():
                shutil.copytree(kept, folder / "artifacts" / kept.name, dirs_exist_ok=True)
    if status and not run.failed:
        run.failed.append(f"(the run exited {status} with no failed test: see its output.log)")
    return run


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("-n", "--runs", type=int, default=5, help="how many runs (5)")
    parser.add_argument("--hog", type=int, default=0, help="busy CPU loops beside the runs (0)")
    parser.add_argument("--out", type=Path, default=ROOT / "flaky", help="where runs are kept")
    parser.add_argument(
        "tests", nargs=argparse.REMAINDER, help="pytest's arguments (none: make test)"
    )
    args = parser.parse_args(argv)
    shutil.rmtree(args.out, ignore_errors=True)
    hogs = [multiprocessing.Process(target=hog, daemon=True) for _ in range(args.hog)]
    for process in hogs:
        process.start()
    runs: list[Run] = []
    try:
        for number in range(1, args.runs + 1):
            run = run_once(number, args.tests, args.out / f"run-{number}")
            runs.append(run)
            print(
                f"run {number}/{args.runs}: {run.counted} tests, {len(run.failed)} failed, "
                f"{run.seconds / 60:.1f} min (exit {run.status})",
                flush=True,
            )
    finally:
        for process in hogs:
            process.terminate()
    return report(runs, args.out)


def report(runs: list[Run], out: Path) -> int:
    seen: dict[str, list[int]] = defaultdict(list)
    for run in runs:
        for test in run.failed:
            seen[test].append(run.number)
    times = sorted(run.seconds for run in runs)
    print(f"\n{len(runs)} runs, median {times[len(times) // 2] / 60:.1f} min; kept in {out}/")
    if not seen:
        print("no test failed")
        return 0
    print(f"{len(seen)} tests failed at least once:")
    for test, numbers in sorted(seen.items(), key=lambda item: (-len(item[1]), item[0])):
        where = ", ".join(f"run-{n}" for n in numbers)
        print(f"  {len(numbers)}/{len(runs)}  {test}  ({where})")
    return 1


if __name__ == "__main__":
    sys.exit(main())
