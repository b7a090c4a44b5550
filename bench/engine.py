"""Engine throughput: random full games, plies, and the cost of the protocol's calls.

Each repeat plays ``--matches`` full games with uniformly random legal actions,
timing every ``legal_actions`` and ``apply`` call, and ``view``, ``clone`` and
``determinize`` every tenth ply (those samples are not counted in the game and ply
rates). The table gives the median over the repeats and the range.

Caravan (the default): 2 players, ``--hands`` hands a match.

Deluxe Camping (``--game camping``): one table per player count (``--players``,
by default 2, 3 and 4), default options. ``legal_actions`` and ``apply`` are
timed by phase: set-up (placing pieces), ``move`` (a step) and ``fence`` (the free
fence). The legal free fences are worked out by the step that ends the movement
(it must know whether any exists, D6), so in play ``legal_actions`` in the fence
phase reads a cache; ``fence (cold)`` is the same call on a copy with the caches
dropped, i.e. the full cost of finding the legal fences (sampled every fence
turn, not counted in the rates), and ``apply move (last step)`` is the step that
ends the movement: automatic fences, end test and legal fences.

    .venv/bin/python -m bench.engine [--matches 50] [--repeats 5] [--hands 5] [--seed 1]
    .venv/bin/python -m bench.engine --game camping [--players 2,3,4] [--matches 50]
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
CAMPING_SETUP = ("pool", "token", "bungalow", "caravan")


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
    """Play ``matches`` random Caravan matches; the figures of this repeat."""
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


def camping_phase(state: Any) -> str:
    phase: str = state.view(None)["phase"]
    return "setup" if phase in CAMPING_SETUP else phase


def camping_repeat(players: int, matches: int, seed: int) -> dict[str, float]:
    """Play ``matches`` random Deluxe Camping games; the figures of this repeat."""
    rules = GAMES["camping"]
    rng = random.Random(seed)
    plies = 0
    timer = Timer()
    untimed = 0.0  # phase look-ups and the sampled calls, taken out of the rates
    start = time.perf_counter()
    for match in range(matches):
        state: Any = rules.new_game(players, seed * 100_000 + match)
        while not state.is_over():
            mark = time.perf_counter()
            phase = camping_phase(state)
            (seat,) = state.to_move()
            steps_left = state.view(seat)["steps_left"]
            if phase == "fence":
                # The same call without the caches (a private method: benchmark only).
                cold = state.clone()
                cold._invalidate()
                timer("legal_actions fence (cold)", cold.legal_actions, seat)
            untimed += time.perf_counter() - mark
            actions = timer(f"legal_actions {phase}", state.legal_actions, seat)
            action = rng.choice(actions)
            ends_movement = phase == "move" and (action == "stop" or steps_left == 1)
            name = "apply move (last step)" if ends_movement else f"apply {phase}"
            timer(name, state.apply, seat, action)
            plies += 1
            mark = time.perf_counter()
            if plies % SAMPLE_EVERY == 0:
                timer("view", state.view, seat)
                timer("clone", state.clone)
                timer("determinize", state.determinize, seat, rng)
            untimed += time.perf_counter() - mark
    elapsed = time.perf_counter() - start - untimed
    order = [
        "legal_actions setup",
        "legal_actions move",
        "legal_actions fence",
        "legal_actions fence (cold)",
        "apply setup",
        "apply move",
        "apply move (last step)",
        "apply fence",
        *SAMPLED,
    ]
    return {
        "games/s": matches / elapsed,
        "plies/s": plies / elapsed,
        "plies/game": plies / matches,
        "fence turns/game": timer.calls["apply fence"] / matches,
        **{f"{name} µs/call": timer.per_call_us(name) for name in order if timer.calls[name]},
    }


def report(rows: list[dict[str, float]]) -> str:
    width = max(24, 2 + max(len(name) for name in rows[0]))
    lines = [f"{'measure':<{width}}{'median':>12}{'min':>12}{'max':>12}"]
    for name in rows[0]:
        values = [row[name] for row in rows]
        lines.append(
            f"{name:<{width}}{statistics.median(values):>12,.1f}{min(values):>12,.1f}"
            f"{max(values):>12,.1f}"
        )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=("caravan", "camping"), default="caravan")
    parser.add_argument("--matches", type=int, default=50, help="full games per repeat")
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--hands", type=int, default=5, help="Caravan: hands per match")
    parser.add_argument(
        "--players", default="2,3,4", help="Deluxe Camping: player counts, comma-separated"
    )
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    if args.game == "caravan":
        rows = [one_repeat(args.matches, args.hands, args.seed + r) for r in range(args.repeats)]
        settings: dict[str, Any] = {
            k: v for k, v in vars(args).items() if k not in ("game", "players")
        }
        print("Caravan engine, random play:", ", ".join(f"{k}={v}" for k, v in settings.items()))
        print(report(rows))
        return
    settings = {k: v for k, v in vars(args).items() if k not in ("game", "hands", "players")}
    for players in (int(p) for p in args.players.split(",")):
        rows = [camping_repeat(players, args.matches, args.seed + r) for r in range(args.repeats)]
        print(
            f"Deluxe Camping engine, random play, {players} players:",
            ", ".join(f"{k}={v}" for k, v in settings.items()),
        )
        print(report(rows))
        print()


if __name__ == "__main__":
    main()
