"""Replay analysis: the time to analyse a whole game, and how far two runs agree.

For each game, one seeded full game played by the heuristic bots (each seat given its own
determinization, as on the server) is analysed twice in this one process (one core), at
the budget given (by default ``AnalysisBudget()``, the site's), with analysis seeds 1 and
2. It prints, per game: the plies, the seconds of one run (wall and CPU, the median of the
two runs), the seconds per ply and for a game of 150 plies at that rate, the rounds a
judged ply got (median), the share of judged (non-forced) plies whose label agrees
between the runs and the share agreeing within one label step (best/good, good/inaccuracy,
...), the noise of the loss (median, 90th and 99th percentiles of ``|loss1 - loss2|`` over
the judged plies: the basis of each game's thresholds, ``core/analysis_labels.py``),
and the labels of the first run.

A time budget makes the number of rounds, and so the labels, depend on the machine's speed
and load; ``--seconds 0`` gives an iteration-only budget (``--rounds``), which does not.

    .venv/bin/python -m bench.analysis [--games caravan,pueblo] [--seed 1]
        [--seconds 0.6] [--rounds 64] [--candidates 4] [--markdown] [--save FILE]
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from collections import Counter
from typing import Any

from core.analysis import FORCED, LABELS, AnalysisBudget, analyse_plies
from core.bots.levels import knowledge
from core.games import GAMES
from core.record import new_record, replay

PLAYERS = {"caravan": 2, "camping": 2, "feurio": 2, "pueblo": 2, "offseason": 3}
STEPS = {label: step for step, label in enumerate(LABELS)}


def played_record(
    game: str, players: int, seed: int, options: dict[str, Any] | None = None
) -> dict[str, Any]:
    """A whole game of the heuristic bots, each seat given its own determinization (the
    tests of the analysis play theirs with it too)."""
    record = new_record(game, players, seed, options, [f"seat {n}" for n in range(players)])
    state, rng = replay(record), random.Random(seed)
    while not state.is_over():
        seat = min(state.to_move())
        action = knowledge(game).choose(state.determinize(seat, rng), seat, rng)
        state.apply(seat, action)
        record["actions"].append([seat, action])
    return record


def timed_run(
    record: dict[str, Any], budget: AnalysisBudget, seed: int
) -> tuple[list[dict[str, Any]], float, float]:
    """One whole analysis: its entries, wall seconds and CPU seconds."""
    wall, cpu = time.perf_counter(), time.process_time()
    plies = analyse_plies(record, 0, len(record["actions"]), budget=budget, seed=seed)
    return plies, time.perf_counter() - wall, time.process_time() - cpu


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))] if ordered else 0.0


def measure(game: str, seed: int, budget: AnalysisBudget) -> dict[str, Any]:
    """One game's row."""
    record = played_record(game, PLAYERS[game], seed)
    runs = [timed_run(record, budget, analysis_seed) for analysis_seed in (1, 2)]
    (one, _, _), (two, _, _) = runs
    judged = [(a, b) for a, b in zip(one, two, strict=True) if a["label"] != FORCED]
    plies = len(record["actions"])
    wall = statistics.median(run[1] for run in runs)
    cpu = statistics.median(run[2] for run in runs)
    return {
        "game": game,
        "players": PLAYERS[game],
        "plies": plies,
        "forced": plies - len(judged),
        "wall": wall,
        "cpu": cpu,
        "per_ply": wall / plies,
        "for_150": 150 * wall / plies,
        "rounds": statistics.median(a["rounds"] for a, _ in judged) if judged else 0,
        "agree": _share(judged, lambda a, b: a["label"] == b["label"]),
        "within_one": _share(judged, lambda a, b: abs(STEPS[a["label"]] - STEPS[b["label"]]) <= 1),
        "noise_median": statistics.median(abs(a["loss"] - b["loss"]) for a, b in judged),
        "noise_90": percentile([abs(a["loss"] - b["loss"]) for a, b in judged], 0.9),
        "noise_99": percentile([abs(a["loss"] - b["loss"]) for a, b in judged], 0.99),
        "labels": dict(Counter(a["label"] for a in one)),
        "entries": [one, two],
    }


def _share(pairs: list[tuple[dict[str, Any], dict[str, Any]]], same: Any) -> float:
    return sum(bool(same(a, b)) for a, b in pairs) / len(pairs) if pairs else 1.0


COLUMNS = (
    ("game", "{game}"),
    ("players", "{players}"),
    ("plies (forced)", "{plies} ({forced})"),
    ("s / game wall", "{wall:.1f}"),
    ("s / game CPU", "{cpu:.1f}"),
    ("s / ply", "{per_ply:.3f}"),
    ("s / 150 plies", "{for_150:.0f}"),
    ("rounds", "{rounds:g}"),
    ("labels agree", "{agree:.0%}"),
    ("within one step", "{within_one:.0%}"),
    ("loss noise median / 90% / 99%", "{noise_median:.3f} / {noise_90:.3f} / {noise_99:.3f}"),
)


def report(rows: list[dict[str, Any]], markdown: bool) -> str:
    cells = [[name for name, _ in COLUMNS]]
    cells += [[form.format(**row) for _, form in COLUMNS] for row in rows]
    if markdown:
        lines = ["| " + " | ".join(line) + " |" for line in cells]
        lines.insert(1, "|" + "---|" * len(COLUMNS))
        return "\n".join(lines)
    widths = [max(len(line[i]) for line in cells) for i in range(len(COLUMNS))]
    return "\n".join(
        "  ".join(c.rjust(w) for c, w in zip(line, widths, strict=True)) for line in cells
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", default=",".join(PLAYERS))
    parser.add_argument("--seed", type=int, default=1, help="the seed of each played game")
    default = AnalysisBudget()
    parser.add_argument("--seconds", type=float, default=default.seconds, help="0: none")
    parser.add_argument("--rounds", type=int, default=default.rounds)
    parser.add_argument("--candidates", type=int, default=default.candidates)
    parser.add_argument("--markdown", action="store_true")
    parser.add_argument("--save", help="write every row, entries included, as JSON")
    args = parser.parse_args()
    budget = AnalysisBudget(args.seconds or None, args.rounds, args.candidates)
    print("Replay analysis, heuristic games:", budget, f"game seed {args.seed}", flush=True)
    rows = []
    for game in args.games.split(","):
        if game not in GAMES:
            parser.error(f"unknown game {game!r}")
        rows.append(measure(game, args.seed, budget))
        row = rows[-1]
        print(f"  {game}: {row['wall']:.1f} s, labels {row['labels']}", flush=True)
    print(report(rows, args.markdown))
    if args.save:
        with open(args.save, "w", encoding="utf-8") as file:
            json.dump(rows, file)


if __name__ == "__main__":
    main()
