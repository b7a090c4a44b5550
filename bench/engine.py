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

Feurio! (``--game feurio``) and Pueblo (``--game pueblo``): one table per player
count, default options, ``legal_actions`` and ``apply`` timed by phase. Feurio!:
``lay`` (choosing among tied hottest cells) and ``men``; ``apply`` splits into
laying, a man, and the action that ends a turn (``pass``/``done``, or a man that
ends it), which also plays the next turn's forced steps (draw, a single hottest
cell, automatic passes). Pueblo: ``place`` and ``chief``; moving the chief ends
the turn and lists the next stone's placements (the engine caches them until the
pueblo changes), so ``legal_actions place`` reads that cache and ``place (cold)``
is the same call on a copy with the cache dropped (sampled every placement, not
counted in the rates).

Camel Up Off Season (``--game offseason``): one table per player count (two
players play the two-player variant), default options, ``legal_actions`` and
``apply`` timed by step (``bid`` sealed, ``open`` once-around, ``choose`` a market,
``power``, ``discard`` after Sort, ``load``, ``saddle``, ``sell``). In sealed bids
every seat still to bid bids, in seat order; the last bid reveals them all and
starts the market phase. ``apply sell`` includes the end of a round when it is the
last sale (upkeep, refill and the next auction). The forced steps the engine plays
itself are not plies.

    .venv/bin/python -m bench.engine [--matches 50] [--repeats 5] [--hands 5] [--seed 1]
    .venv/bin/python -m bench.engine --game camping [--players 2,3,4] [--matches 50]
    .venv/bin/python -m bench.engine --game feurio [--players 2,3,4] [--matches 50]
    .venv/bin/python -m bench.engine --game pueblo [--players 2,3,4] [--matches 50]
    .venv/bin/python -m bench.engine --game offseason [--players 2,3,4,5] [--matches 50]
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import time
from collections import defaultdict
from collections.abc import Callable
from typing import Any, TypeVar

from core.games import GAMES
from core.games.offseason import OffSeasonRules

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


def feurio_apply_name(state: Any, seat: int, phase: str, action: str) -> str:
    """``apply lay``, ``apply man`` or ``apply end of turn`` (which plays the forced
    steps of the next turn): a man ends the turn on the third man of the turn, when
    the tile is then full, or with the colour's last man."""
    if phase == "lay":
        return "apply lay"
    if action in ("pass", "done"):
        return "apply end of turn"
    view = state.view(seat)
    placing = view["placing"]
    placed = placing["placed"] if placing else 0
    cell = action.split(" ")[1]
    room = next(t["room"] for t in view["tiles"] if t["cell"] == cell)
    colour = view["current_colour"]
    left = view["colours"][colour]["in_hand"] + (
        view["neutral_in_hand"][seat] if view["players"] == 3 else 0
    )
    return "apply end of turn" if placed == 2 or room == 1 or left == 1 else "apply man"


def phased_repeat(game: str, players: int, matches: int, seed: int) -> dict[str, float]:
    """Play ``matches`` random Feurio! or Pueblo games; the figures of this repeat."""
    rules = GAMES[game]
    rng = random.Random(seed)
    plies = 0
    timer = Timer()
    untimed = 0.0  # phase look-ups and the sampled calls, taken out of the rates
    start = time.perf_counter()
    for match in range(matches):
        state: Any = rules.new_game(players, seed * 100_000 + match)
        while not state.is_over():
            mark = time.perf_counter()
            (seat,) = state.to_move()
            phase = state.view(seat)["phase"]
            if game == "pueblo" and phase == "place":
                # The same call without the cache (a private attribute: benchmark only).
                cold = state.clone()
                cold._placements = None
                timer("legal_actions place (cold)", cold.legal_actions, seat)
            untimed += time.perf_counter() - mark
            actions = timer(f"legal_actions {phase}", state.legal_actions, seat)
            action = rng.choice(actions)
            mark = time.perf_counter()
            if game == "feurio":
                name = feurio_apply_name(state, seat, phase, action)
            else:
                name = f"apply {phase}"
            untimed += time.perf_counter() - mark
            timer(name, state.apply, seat, action)
            plies += 1
            mark = time.perf_counter()
            if plies % SAMPLE_EVERY == 0 and not state.is_over():
                (seat,) = state.to_move()
                timer("view", state.view, seat)
                timer("clone", state.clone)
                timer("determinize", state.determinize, seat, rng)
            untimed += time.perf_counter() - mark
    elapsed = time.perf_counter() - start - untimed
    if game == "feurio":
        order = [
            "legal_actions lay",
            "legal_actions men",
            "apply lay",
            "apply man",
            "apply end of turn",
        ]
    else:
        order = [
            "legal_actions place",
            "legal_actions place (cold)",
            "legal_actions chief",
            "apply place",
            "apply chief",
        ]
    return {
        "games/s": matches / elapsed,
        "plies/s": plies / elapsed,
        "plies/game": plies / matches,
        **{
            f"{phase} calls/game": timer.calls[f"legal_actions {phase}"] / matches
            for phase in (("lay", "men") if game == "feurio" else ("place", "chief"))
        },
        **{
            f"{name} µs/call": timer.per_call_us(name)
            for name in [*order, *SAMPLED]
            if timer.calls[name]
        },
    }


OFFSEASON_STEPS = ("bid", "open", "choose", "power", "discard", "load", "saddle", "sell")


def offseason_repeat(players: int, matches: int, seed: int) -> dict[str, float]:
    """Play ``matches`` random Camel Up Off Season games; the figures of this repeat."""
    rules = OffSeasonRules()  # imported directly: the registry may not list it yet
    rng = random.Random(seed)
    plies = rounds = 0
    timer = Timer()
    untimed = 0.0  # the sampled calls, taken out of the rates
    start = time.perf_counter()
    for match in range(matches):
        state: Any = rules.new_game(players, seed * 100_000 + match)
        while not state.is_over():
            seat = min(state.to_move())  # sealed bids: the seats still to bid, in order
            step = state.step  # a private attribute: benchmark only
            actions = timer(f"legal_actions {step}", state.legal_actions, seat)
            action = rng.choice(actions)
            timer(f"apply {step}", state.apply, seat, action)
            plies += 1
            mark = time.perf_counter()
            if plies % SAMPLE_EVERY == 0 and not state.is_over():
                seat = min(state.to_move())
                timer("view", state.view, seat)
                timer("clone", state.clone)
                timer("determinize", state.determinize, seat, rng)
            untimed += time.perf_counter() - mark
        rounds += state.round
    elapsed = time.perf_counter() - start - untimed
    return {
        "games/s": matches / elapsed,
        "plies/s": plies / elapsed,
        "plies/game": plies / matches,
        "rounds/game": rounds / matches,
        **{  # NaN: the step did not come up in this repeat (report() skips it)
            f"{name} µs/call": timer.per_call_us(name) if timer.calls[name] else math.nan
            for name in [
                *(f"legal_actions {step}" for step in OFFSEASON_STEPS),
                *(f"apply {step}" for step in OFFSEASON_STEPS),
                *SAMPLED,
            ]
        },
    }


TITLES = {
    "camping": "Deluxe Camping",
    "feurio": "Feurio!",
    "pueblo": "Pueblo",
    "offseason": "Camel Up Off Season",
}


def report(rows: list[dict[str, float]]) -> str:
    """Median, min and max of each measure over the repeats; a measure that is NaN or
    missing in some repeats (a rare step that did not come up) is taken over the rest."""
    names = list(dict.fromkeys(name for row in rows for name in row))
    width = max(24, 2 + max(len(name) for name in names))
    lines = [f"{'measure':<{width}}{'median':>12}{'min':>12}{'max':>12}"]
    for name in names:
        values = [row[name] for row in rows if name in row and not math.isnan(row[name])]
        if not values:
            continue
        seen = f"  ({len(values)} of {len(rows)} repeats)" if len(values) < len(rows) else ""
        lines.append(
            f"{name:<{width}}{statistics.median(values):>12,.1f}{min(values):>12,.1f}"
            f"{max(values):>12,.1f}{seen}"
        )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--game",
        choices=("caravan", "camping", "feurio", "pueblo", "offseason"),
        default="caravan",
    )
    parser.add_argument("--matches", type=int, default=50, help="full games per repeat")
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--hands", type=int, default=5, help="Caravan: hands per match")
    parser.add_argument(
        "--players", default="2,3,4", help="other games: player counts, comma-separated"
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
        if args.game == "camping":
            rows = [
                camping_repeat(players, args.matches, args.seed + r) for r in range(args.repeats)
            ]
        elif args.game == "offseason":
            rows = [
                offseason_repeat(players, args.matches, args.seed + r) for r in range(args.repeats)
            ]
        else:
            rows = [
                phased_repeat(args.game, players, args.matches, args.seed + r)
                for r in range(args.repeats)
            ]
        print(
            f"{TITLES[args.game]} engine, random play, {players} players:",
            ", ".join(f"{k}={v}" for k, v in settings.items()),
        )
        print(report(rows))
        print()


if __name__ == "__main__":
    main()
