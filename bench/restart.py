"""How long a restart takes with many unfinished games: the real server on a SQLite file.

Seeds ``--games`` unfinished matches (the five games in turn, a guest against an easy bot,
a few plies in; about half with the bot to move), then, ``--runs`` times on a fresh copy of
that file, starts ``python -m ui.app`` and measures from the moment the process starts:

- ``answer``: the first 200 on ``/``;
- ``recovered``: the log line that says recovery has gone through every match;
- ``bots``: every table whose bot was to move has a move more in storage.

``--root`` runs the server of another checkout of the project (to measure a version before
a change); the seeding always uses this one.
"""

from __future__ import annotations

import argparse
import os
import random
import re
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

from sqlalchemy import Engine, func
from sqlmodel import Session, col, select

from core.games import GAMES
from core.record import new_record, replay
from e2e.server import free_port
from storage.db import make_engine, migrate, session
from storage.models import GUEST, PLAYING, Match, Move, Seat, User

ROOT = Path(__file__).resolve().parent.parent
GUEST_ID = "g" * 32
BOT = "bot:easy"
RECOVERED = re.compile(r"rebuilt \d+ unfinished match")  # the log line, before and after


def seed(path: Path, games: int, rng: random.Random) -> dict[str, int]:
    """Store ``games`` unfinished matches; return {match id: its ply} of those whose bot
    is to move."""
    engine = make_engine(f"sqlite:///{path}")
    migrate(engine)
    waiting_bots: dict[str, int] = {}
    with session(engine) as s:
        s.add(User(id=GUEST_ID, name="Guest", kind=GUEST))
        names = sorted(GAMES)
        for i in range(games):
            match_id = f"bench{i:06d}"
            ply, bot_to_move = _store_match(s, match_id, names[i % len(names)], rng)
            if bot_to_move:
                waiting_bots[match_id] = ply
        s.commit()
    engine.dispose()
    return waiting_bots


def _store_match(s: Session, match_id: str, game: str, rng: random.Random) -> tuple[int, bool]:
    record = new_record(game, 2, rng.randrange(2**31), None, ["Guest", "Easy bot"])
    state = replay(record)
    plies = rng.randrange(2, 16)
    actions: list[tuple[int, str]] = []
    while len(actions) < plies:
        seat = min(state.to_move())
        action = rng.choice(state.legal_actions(seat))
        after = state.clone()
        after.apply(seat, action)
        if after.is_over():
            break
        state = after
        actions.append((seat, action))
    s.add(
        Match(
            id=match_id,
            game=game,
            players=2,
            seed=record["seed"],
            options=record["options"],
            rules_version=record["rules_version"],
            status=PLAYING,
        )
    )
    s.flush()  # the match row first: seats and moves refer to it
    s.add(
        Seat(match_id=match_id, seat=0, kind=GUEST, holder=GUEST_ID, user_id=GUEST_ID, name="Guest")
    )
    s.add(Seat(match_id=match_id, seat=1, kind="bot", holder=BOT, user_id=None, name="Easy bot"))
    for ply, (seat, action) in enumerate(actions, start=1):
        s.add(Move(match_id=match_id, ply=ply, seat=seat, action=action))
    return len(actions), 1 in state.to_move()


def bots_pending(engine: Engine, waiting: dict[str, int]) -> int:
    """How many of the bot tables have no move beyond their seeded ply yet."""
    with session(engine) as s:
        rows = s.exec(
            select(Move.match_id, func.max(Move.ply))
            .where(col(Move.match_id).in_(list(waiting)))
            .group_by(col(Move.match_id))
        ).all()
    plies = dict(rows)
    return sum(1 for match_id, ply in waiting.items() if plies.get(match_id, 0) <= ply)


def run_once(root: Path, db: Path, waiting: dict[str, int], timeout: float) -> dict[str, float]:
    """Start the server on ``db`` and time the three milestones (seconds after the start)."""
    port, work = free_port(), db.parent
    env = {
        **os.environ,
        "PORT": str(port),
        "HOST": "127.0.0.1",
        "PYTHONPATH": str(root),
        "DATABASE_URL": f"sqlite:///{db}",
        "CARAVANSERAI_SECRET": "bench",
    }
    env.pop("PYTEST_CURRENT_TEST", None)
    log_path = work / "server.log"
    started = time.monotonic()
    with open(log_path, "wb") as log:
        process = subprocess.Popen(
            [sys.executable, "-m", "ui.app"], cwd=work, env=env, stdout=log, stderr=log
        )
    engine = make_engine(f"sqlite:///{db}")
    times: dict[str, float] = {}
    try:
        while len(times) < 3:
            now = time.monotonic() - started
            if now > timeout or process.poll() is not None:
                raise RuntimeError(f"gave up after {now:.0f} s with {times}; see {log_path}")
            if "answer" not in times and _answers(port):
                times["answer"] = time.monotonic() - started
            if "recovered" not in times and RECOVERED.search(log_path.read_text(errors="replace")):
                times["recovered"] = time.monotonic() - started
            if "bots" not in times and not bots_pending(engine, waiting):
                times["bots"] = time.monotonic() - started
            time.sleep(0.05)
    finally:
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(20)
        except subprocess.TimeoutExpired:
            process.kill()
        engine.dispose()
    return times


def _answers(port: int) -> bool:
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=1) as response:
            return bool(response.status == 200)
    except OSError:
        return False


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--root", type=Path, default=ROOT, help="the checkout whose server runs")
    parser.add_argument("--timeout", type=float, default=300.0)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="restart-bench-") as tmp:
        seeded = Path(tmp) / "seeded.db"
        waiting = seed(seeded, args.games, random.Random(args.seed))
        print(f"{args.games} unfinished games, {len(waiting)} with the bot to move")
        results = []
        for run in range(args.runs):
            work = Path(tmp) / f"run{run}"
            work.mkdir()
            shutil.copy(seeded, work / "site.db")
            times = run_once(args.root.resolve(), work / "site.db", waiting, args.timeout)
            print("run", run + 1, " ".join(f"{k}={v:.2f}s" for k, v in times.items()), flush=True)
            results.append(times)
    for key in ("answer", "recovered", "bots"):
        print(f"median {key}: {statistics.median(r[key] for r in results):.2f} s")


if __name__ == "__main__":
    main()
