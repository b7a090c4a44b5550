"""Bot strength: one bot against another over many Caravan matches, seats alternated.

Match ``i`` uses deal seed ``seed + i // 2`` and puts the bot under test in seat
``i % 2``, so both seats play each deal. Bots are called as the server calls them:
with ``true_state.determinize(seat, rng)``. Prints the win rate with a 95% Wilson
interval (draws count as not won, and are listed), the mean score margin with a
95% normal interval, and the mean think time per move of each bot (the
``choose_action`` call only, not the determinization).

    .venv/bin/python -m bench.bots [--matches 200] [--hands 5] [--bot heuristic]
        [--opponent random] [--seed 1] [--workers 1]
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass

from core.bots import choose_action
from core.games import GAMES

Z95 = 1.959964


@dataclass(frozen=True)
class Result:
    """One match seen from the bot under test."""

    margin: float
    think: tuple[float, float]  # seconds thinking: bot under test, opponent
    moves: tuple[int, int]


def wilson(successes: int, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a binomial proportion.

    >>> [round(x, 3) for x in wilson(30, 40)]
    [0.598, 0.858]
    """
    if trials == 0:
        return 0.0, 1.0
    p = successes / trials
    centre = (p + z * z / (2 * trials)) / (1 + z * z / trials)
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials**2)) / (1 + z * z / trials)
    return centre - half, centre + half


def play(bot: str, opponent: str, match: int, hands: int, seed: int) -> Result:
    seat = match % 2
    bots = [bot, opponent] if seat == 0 else [opponent, bot]
    state = GAMES["caravan"].new_game(2, seed + match // 2, {"hands": hands})
    rng = random.Random(seed * 1_000_003 + match)
    think, moves = [0.0, 0.0], [0, 0]
    while not state.is_over():
        (mover,) = state.to_move()
        guess = state.determinize(mover, rng)
        start = time.perf_counter()
        action = choose_action(bots[mover], guess, mover, rng)
        think[mover] += time.perf_counter() - start
        moves[mover] += 1
        state.apply(mover, action)
    scores = state.scores()
    return Result(
        margin=scores[seat] - scores[1 - seat],
        think=(think[seat], think[1 - seat]),
        moves=(moves[seat], moves[1 - seat]),
    )


def summary(results: list[Result], bot: str, opponent: str) -> str:
    n = len(results)
    wins = sum(r.margin > 0 for r in results)
    draws = sum(r.margin == 0 for r in results)
    low, high = wilson(wins, n)
    margins = [r.margin for r in results]
    spread = Z95 * statistics.stdev(margins) / math.sqrt(n) if n > 1 else float("nan")
    lines = [
        f"{bot} vs {opponent}: {n} matches",
        f"  won {wins}, drawn {draws}, lost {n - wins - draws}",
        f"  win rate {wins / n:.1%}  (95% Wilson CI {low:.1%} to {high:.1%})",
        f"  mean score margin {statistics.mean(margins):+.2f} ± {spread:.2f}",
    ]
    for side, name in enumerate((bot, opponent)):
        seconds = sum(r.think[side] for r in results)
        moves = sum(r.moves[side] for r in results)
        lines.append(f"  {name} think time {1e3 * seconds / moves:.3f} ms/move over {moves} moves")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=200)
    parser.add_argument("--hands", type=int, default=5)
    parser.add_argument("--bot", default="heuristic")
    parser.add_argument("--opponent", default="random")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=1)
    args = parser.parse_args(argv)
    jobs = [(args.bot, args.opponent, i, args.hands, args.seed) for i in range(args.matches)]
    start = time.perf_counter()
    if args.workers > 1:
        with ProcessPoolExecutor(args.workers) as pool:
            results = list(pool.map(play, *zip(*jobs, strict=True), chunksize=8))
    else:
        results = [play(*job) for job in jobs]
    print(summary(results, args.bot, args.opponent))
    print(f"  ({time.perf_counter() - start:.1f} s wall, {args.workers} worker(s))")


if __name__ == "__main__":
    main()
