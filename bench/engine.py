"""Engine throughput: random Caravan matches, plies, and the cost of the protocol's calls.

Each repeat plays ``--matches`` full matches (5 hands by default) with uniformly
random legal actions, timing every ``legal_actions`` and ``apply`` call, and
``view``, ``clone`` and ``determinize`` every tenth ply (those samples are not
counted in the match and ply rates). The table gives the median over the
repeats and the range.

    .venv/bin/python -m bench.engine [--matches 50] [--repeats 5] [--hands 5] [--seed 1]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections import defaultdict
from collections.abc import Callable
from typing import Any, TypeVar

from core.games import GAMES

T = TypeVar("T")
SAMPLE_EVERY = 10  # plies between timings of view, clone and determinize
SAMPLED = ("view", "clone", "determinize")


class Timer:
    """Total seconds and call counts per operation."""

    def __init__(self) -> None:
        self.seconds: dict[str, float] = defaultdict(float)
        self.calls: dict[str, int] = defaultdict(int)

    def __call__(self, name: str, call: Callable[..., T], *args: Any) -> T:
        start = time.perf_counter()
        result = call(*args)
        self.seconds[name] += time.perf_counter() - start
        self.calls[name] += 1
        return result

    def per_call_us(self, name: str) -> float:
        return 1e6 * self.seconds[name] / max(1, self.calls[name])


def one_repeat(matches: int, hands: int, seed: int) -> dict[str, float]:
    """Play ``matches`` random matches; the figures of this repeat."""
    rules = GAMES["caravan"]
    rng = random.Random(seed)
    plies = 0
    timer = Timer()
    start = time.perf_counter()
    for match in range(matches):
        state = rules.new_game(2, seed * 100_000 + match, {"hands": hands})
        while not state.is_over():
            (seat,) = state.to_move()
            actions = timer("legal_actions", state.legal_actions, seat)
            action = rng.choice(actions)
            timer("apply", state.apply, seat, action)
            plies += 1
            if plies % SAMPLE_EVERY == 0:
                timer("view", state.view, seat)
                timer("clone", state.clone)
                timer("determinize", state.determinize, seat, rng)
    # The sampled calls are not part of the play; take them out of the rates.
    elapsed = time.perf_counter() - start - sum(timer.seconds[n] for n in SAMPLED)
    return {
        "matches/s": matches / elapsed,
        "plies/s": plies / elapsed,
        "plies/match": plies / matches,
        **{f"{name} µs/call": timer.per_call_us(name) for name in timer.calls},
    }


def report(rows: list[dict[str, float]]) -> str:
    lines = [f"{'measure':<24}{'median':>12}{'min':>12}{'max':>12}"]
    for name in rows[0]:
        values = [row[name] for row in rows]
        lines.append(
            f"{name:<24}{statistics.median(values):>12,.1f}{min(values):>12,.1f}"
            f"{max(values):>12,.1f}"
        )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=50, help="matches per repeat")
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--hands", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    rows = [one_repeat(args.matches, args.hands, args.seed + r) for r in range(args.repeats)]
    settings: dict[str, Any] = vars(args)
    print("Caravan engine, random play:", ", ".join(f"{k}={v}" for k, v in settings.items()))
    print(report(rows))


if __name__ == "__main__":
    main()
