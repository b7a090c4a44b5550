"""Overrules: where ``hard`` plays another move than ``normal``, and whether it should.

The positions are those of games the heuristic (``normal``) plays against itself at
``--players``, seeds ``--seed`` to ``--seed + --games - 1``, every ``--every``-th
decision with more than one legal action (simultaneous bids left out). At each, the
heuristic's move and the search's (``hard``, ``--iterations`` playouts, on the seat's
own determinization as the server asks it) are found; where they differ, each is played
on the true position and the game finished with every seat playing ``normal``, once per
``--continuations`` seed (they differ only where the heuristic breaks ties, and, in a
game of chance, in the cards). What the overrule gained is the mean difference: in the
seat's share of first place ("win"), in its final margin over the best other seat in
points, the right way round ("margin"), and in the share of other seats it finishes
ahead of ("standing"). Each is given per position, so that a variant that overrules
more often is not flattered, and the overrules that gained points are counted against
those that lost some.

This is one step of the search's policy improvement judged against the opponents the
arena gives it: play the move, then everybody plays ``normal``. It says where a search
setting goes wrong without playing whole arenas; the arena then says what it wins.

    .venv/bin/python -m bench.overrules --game pueblo --players 4 --games 8 --every 4 \\
        --iterations 416 --variant shipped: --variant depth8:depth=8 --markdown

``--variant name:field=value,...`` overrides fields of the game's
:class:`core.bots.knowledge.Settings` (as ``bench.arena --settings``); ``name:`` alone is
the game's own settings. The positions are shared out over ``--workers`` processes.
"""

from __future__ import annotations

import argparse
import dataclasses
import random
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field

from bench.arena import settings_for, wilson
from core.bots import levels
from core.bots.rewards import outcome, standing
from core.engine import State
from core.games import GAMES


@dataclass(frozen=True)
class Run:
    """What every worker needs to judge one position."""

    game: str
    iterations: int
    continuations: int
    variants: tuple[tuple[str, tuple[tuple[str, str], ...]], ...]


@dataclass
class Verdict:
    """One variant's overrules, summed over positions."""

    positions: int = 0
    overrules: int = 0
    win: float = 0.0
    margin: float = 0.0
    standing: float = 0.0
    better: int = 0
    worse: int = 0
    seconds: float = 0.0  # CPU time of the searches

    def add(self, other: Verdict) -> None:
        for name in (f.name for f in dataclasses.fields(self)):
            setattr(self, name, getattr(self, name) + getattr(other, name))


@dataclass
class Position:
    """A position to judge: the true state, the seat to move, its index."""

    state: State
    seat: int
    index: int
    verdicts: dict[str, Verdict] = field(default_factory=dict)


def positions(game: str, players: int, seeds: range, every: int) -> list[Position]:
    """Every ``every``-th decision of heuristic self-play with a choice to make."""
    found: list[Position] = []
    decision = 0
    for seed in seeds:
        state = GAMES[game].new_game(players, seed)
        rng = random.Random(seed)
        while not state.is_over():
            movers = sorted(state.to_move())
            for seat in movers:
                if seat not in state.to_move():
                    continue
                if len(movers) == 1 and len(state.legal_actions(seat)) > 1:
                    if decision % every == 0:
                        found.append(Position(state.clone(), seat, len(found)))
                    decision += 1
                guess = state.determinize(seat, rng)
                state.apply(seat, levels.normal(guess, seat, rng))
    return found


def finish(state: State, seat: int, action: str, seed: int) -> tuple[float, float, float]:
    """``action`` played on the true ``state``, then ``normal`` for everybody to the end:
    ``seat``'s share of first place, its margin over the best other seat, its standing."""
    game = state.clone()
    game.apply(seat, action)
    rng = random.Random(seed)
    while not game.is_over():
        for mover in sorted(game.to_move()):
            if mover in game.to_move():
                game.apply(mover, levels.normal(game.determinize(mover, rng), mover, rng))
    ranking = game.ranking()
    scores = list(game.scores())
    if scores[ranking.index(1)] < max(scores):  # lower is better (Pueblo's penalties)
        scores = [-s for s in scores]
    margin = scores[seat] - max(s for other, s in enumerate(scores) if other != seat)
    return outcome(game)[seat], margin, standing(game)[seat]


def value(state: State, seat: int, action: str, continuations: int) -> tuple[float, ...]:
    """The mean of :func:`finish` over ``continuations`` seeds."""
    runs = [finish(state, seat, action, seed) for seed in range(continuations)]
    return tuple(sum(run[i] for run in runs) / len(runs) for i in range(3))


def judge(job: tuple[Run, Position]) -> Position:
    """Every variant's move at one position, and what its overrule gained."""
    run, position = job
    state, seat = position.state, position.seat
    known = levels.knowledge(run.game)
    rng = random.Random(position.index)
    heuristic = levels.normal(state.determinize(seat, rng), seat, rng)
    base: tuple[float, ...] | None = None
    settings = {name: settings_for(run.game, overrides) for name, overrides in run.variants}
    try:
        for name, chosen in settings.items():
            levels.KNOWLEDGE[run.game] = dataclasses.replace(known, settings=chosen)
            rng = random.Random(position.index)
            guess = state.determinize(seat, rng)
            start = time.process_time()
            found = levels.play_level("hard", guess, seat, rng, iterations=run.iterations)
            verdict = Verdict(positions=1, seconds=time.process_time() - start)
            if found.action != heuristic:
                base = base or value(state, seat, heuristic, run.continuations)
                mine = value(state, seat, found.action, run.continuations)
                verdict.overrules = 1
                verdict.win, verdict.margin, verdict.standing = (
                    m - b for m, b in zip(mine, base, strict=True)
                )
                verdict.better, verdict.worse = int(mine[1] > base[1]), int(mine[1] < base[1])
            position.verdicts[name] = verdict
    finally:
        levels.KNOWLEDGE[run.game] = known
    return position


def summarise(run: Run, players: int, totals: dict[str, Verdict], markdown: bool) -> str:
    """One line per variant."""
    lines = []
    if markdown:
        lines.append(
            "| Variant | Positions | Overrules | Win / position | Margin / position "
            "| Standing / position | Gained / lost points | Gained share (95% CI) "
            "| Search CPU a move |"
        )
        lines.append("|---|---:|---:|---:|---:|---:|---|---|---:|")
    for name, overrides in run.variants:
        v = totals[name]
        n = max(1, v.positions)
        decided = v.better + v.worse
        low, high = wilson(v.better, decided) if decided else (0.0, 1.0)
        share = f"{v.better / decided:.0%} ({low:.0%}–{high:.0%})" if decided else "–"
        label = name + (f" ({', '.join(f'{k}={x}' for k, x in overrides)})" if overrides else "")
        cells = [
            label,
            f"{v.positions}",
            f"{v.overrules} ({v.overrules / n:.0%})",
            f"{v.win / n:+.3f}",
            f"{v.margin / n:+.2f}",
            f"{v.standing / n:+.3f}",
            f"{v.better} / {v.worse}",
            share,
            f"{v.seconds / n:.2f} s",
        ]
        if markdown:
            lines.append("| " + " | ".join(cells) + " |")
        else:
            lines.append("  ".join(cells))
    heading = f"{run.game}, {players} players, hard at {run.iterations} playouts"
    return heading + "\n" + "\n".join(lines)


def variant(text: str) -> tuple[str, tuple[tuple[str, str], ...]]:
    """``name:field=value,...`` (``name:`` alone: the game's own settings)."""
    name, _, rest = text.partition(":")
    pairs = tuple(
        (key.strip(), val.strip())
        for key, _, val in (item.partition("=") for item in rest.split(",") if item.strip())
    )
    return name or "shipped", pairs


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", required=True, choices=sorted(GAMES))
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--games", type=int, default=8, help="self-play games for positions")
    parser.add_argument("--every", type=int, default=4, help="judge every k-th decision")
    parser.add_argument("--seed", type=int, default=1000, help="the first game's seed")
    parser.add_argument("--iterations", type=int, default=416, help="hard's playouts a move")
    parser.add_argument("--continuations", type=int, default=3, help="finishes a move")
    parser.add_argument("--variant", action="append", default=None, help="name:field=value,...")
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--markdown", action="store_true")
    parser.add_argument("--progress", action="store_true", help="running totals every 20")
    args = parser.parse_args(argv)
    variants = tuple(variant(v) for v in (args.variant or ["shipped:"]))
    run = Run(args.game, args.iterations, args.continuations, variants)
    found = positions(args.game, args.players, range(args.seed, args.seed + args.games), args.every)
    totals = {name: Verdict() for name, _ in variants}
    with ProcessPoolExecutor(max_workers=max(1, args.workers)) as pool:
        for done, position in enumerate(pool.map(judge, [(run, p) for p in found]), 1):
            for name, verdict in position.verdicts.items():
                totals[name].add(verdict)
            if args.progress and (done % 20 == 0 or done == len(found)):
                print(summarise(run, args.players, totals, False), flush=True)
    print(summarise(run, args.players, totals, args.markdown))


if __name__ == "__main__":
    main()
