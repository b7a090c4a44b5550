"""Playouts per CPU second of the hard bot's search, and the same random games, in this
tree and in another commit's, side by side in one run.

For each game at two players, the positions searched are those of a seeded game the
heuristic plays for both seats (each from its own determinization): every ``--every``-th
ply where the seat to move has a choice, ``--positions`` of them. At each, ``hard``
searches from the mover's own determinization (``levels.play_level``) for a fixed number
of iterations (no clock: the same work in both trees), and its CPU time
(``time.process_time``) is counted. The rate is the iterations over the CPU seconds of one
repeat; the table gives the median of ``--repeats``, the two trees' repeats alternating
(A, B, A, B...) so that whatever else the machine does falls on both alike.

The same random games: ``--games-checked`` seeded games of random moves per game
(``random.Random(seed).choice`` over the *sorted* legal moves, so the order in which
``legal_actions`` lists them does not matter), played to the end in both trees; their moves
and final scores must be the same (a digest each). The same searches: the actions the
searches of a repeat chose (a digest); where a change makes the engine or the heuristic
faster without changing what they do, the searches choose alike in every repeat of both
trees ("yes"); a change of play shows as "no", and then the ladder (``bench.arena``) must say
whether the bots got stronger or weaker.

    .venv/bin/python -m bench.playouts --against HEAD~3          # this tree against HEAD~3
    .venv/bin/python -m bench.playouts --games caravan,pueblo --repeats 5

``--against REV`` checks REV out in a temporary git worktree (removed at the end); each
measurement runs in a fresh process with that tree (or this one) first on its path, so no
module of one tree is ever imported into the other's process.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent
# Iterations per search: about half a second of CPU each on this machine, per game.
ITERATIONS = {"caravan": 32, "pueblo": 32, "offseason": 64, "feurio": 400, "camping": 400}

# Runs in the measured tree's own process: only the engine protocol and the levels' entry
# point, which every tree compared has.
MEASURE = r"""
import hashlib, json, random, sys, time
from core.games import GAMES
from core.bots import levels

game, seed, every, count, iterations, checked = sys.argv[1:7]
seed, every, count, iterations, checked = map(int, (seed, every, count, iterations, checked))

def random_game(seed):
    state, rng, moves = GAMES[game].new_game(2, seed), random.Random(seed), []
    while not state.is_over():
        for seat in sorted(state.to_move()):
            if seat in state.to_move():
                action = rng.choice(sorted(state.legal_actions(seat)))
                moves.append((seat, action))
                state.apply(seat, action)
    return state, moves

def positions():
    # The heuristic plays both seats, each from its own determinization, as in a real game.
    policy = levels.heuristic(game)
    state, rng, found, ply = GAMES[game].new_game(2, seed), random.Random(seed), [], 0
    while not state.is_over() and len(found) < count:
        seat = min(state.to_move())
        ply += 1
        if len(state.legal_actions(seat)) > 1 and ply % every == 0:
            found.append((state.clone(), seat))
        state.apply(seat, policy(state.determinize(seat, rng), seat, rng))
    return found

done, cpu, chosen = 0, 0.0, []
for n, (state, seat) in enumerate(positions()):
    rng = random.Random(seed * 7919 + n)
    guess = state.determinize(seat, rng)
    start = time.process_time()
    found = levels.play_level("hard", guess, seat, rng, seconds=None, iterations=iterations)
    cpu += time.process_time() - start
    done += found.iterations
    chosen.append(found.action)
digests = []
for s in range(1, checked + 1):
    state, moves = random_game(s)
    text = json.dumps([moves, state.scores()])
    digests.append(hashlib.sha256(text.encode()).hexdigest()[:16])
searches = hashlib.sha256(json.dumps(chosen).encode()).hexdigest()[:16]
print(json.dumps({"iterations": done, "cpu": cpu, "digests": digests, "searches": searches}))
"""


def measure(tree: Path, game: str, args: argparse.Namespace) -> dict[str, object]:
    """One repeat of ``game`` in ``tree``'s own process."""
    env = {**os.environ, "PYTHONPATH": str(tree), "PYTHONHASHSEED": "0"}
    argv = [str(a) for a in (game, args.seed, args.every, args.positions)]
    argv += [str(ITERATIONS[game]), str(args.games_checked)]
    out = subprocess.run(
        [sys.executable, "-c", MEASURE, *argv],
        cwd=tree,
        env=env,
        check=True,
        capture_output=True,
        text=True,
        timeout=600,
    )
    return dict(json.loads(out.stdout.strip().splitlines()[-1]))


def worktree(rev: str, folder: Path) -> Path:
    path = folder / "against"
    subprocess.run(
        ["git", "-C", str(HERE), "worktree", "add", "--detach", "--quiet", str(path), rev],
        check=True,
    )
    return path


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", default=",".join(ITERATIONS), help="game ids, comma-separated")
    parser.add_argument("--against", default=None, help="a commit to compare this tree with")
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--positions", type=int, default=4)
    parser.add_argument("--every", type=int, default=7, help="a position every n plies")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--games-checked", type=int, default=20)
    args = parser.parse_args(argv)
    games = [g for g in args.games.split(",") if g]
    with tempfile.TemporaryDirectory() as folder:
        trees = {"this tree": HERE}
        if args.against:
            trees[args.against] = worktree(args.against, Path(folder))
        try:
            print(report(trees, games, args))
        finally:
            if args.against:
                subprocess.run(
                    ["git", "-C", str(HERE), "worktree", "remove", "--force", trees[args.against]],
                    check=False,
                )


def report(trees: dict[str, Path], games: list[str], args: argparse.Namespace) -> str:
    names = list(trees)
    head = ["game", "iterations a search"]
    head += [f"{n}: playouts / CPU s (median, range)" for n in names]
    if len(names) == 2:
        head += ["ratio", "same random games", "same searches"]
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    for game in games:
        rates: dict[str, list[float]] = {n: [] for n in names}
        digests: dict[str, object] = {}
        searches: dict[str, set[object]] = {n: set() for n in names}
        for _ in range(args.repeats):
            for name in names:
                result = measure(trees[name], game, args)
                rates[name].append(float(result["iterations"]) / float(result["cpu"]))  # type: ignore[arg-type]
                digests[name] = result["digests"]
                searches[name].add(result["searches"])
        row = [game, str(ITERATIONS[game])]
        for name in names:
            r = rates[name]
            row.append(f"{statistics.median(r):,.0f} ({min(r):,.0f}–{max(r):,.0f})")
        if len(names) == 2:
            a, b = (statistics.median(rates[n]) for n in names)
            row.append(f"{a / b:.2f}×")
            pairs = zip(digests[names[0]], digests[names[1]], strict=True)  # type: ignore[call-overload]
            same = sum(a == b for a, b in pairs)
            row.append(f"{same} of {args.games_checked}")
            # The searches' choices, given the same seeds: the same heuristic and search in
            # both trees choose the same actions (each tree must agree with itself too).
            alike = len(searches[names[0]]) == 1 and searches[names[0]] == searches[names[1]]
            row.append("yes" if alike else "no")
        lines.append("| " + " | ".join(row) + " |")
        print(lines[-1], file=sys.stderr, flush=True)
    return "\n".join(lines)


if __name__ == "__main__":
    main()
