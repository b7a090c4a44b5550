"""Arena: round-robin matches between bots on every game and player count.

Bots: ``random``, ``heuristic`` (the game's rules of thumb), and the levels of
:mod:`core.bots.levels` -- ``easy`` (the heuristic with noise), ``normal`` (the
heuristic) and ``hard`` (IS-MCTS). Every pair ``A:B`` of the chosen bots (or the ``--pairs``
given) plays ``--matches`` games at each player count: game ``i`` uses seed
``seed + i // n`` with ``A`` in seat ``i % n`` and ``B`` in every other seat, so
every seat plays each deal. Bots are called as the server calls them, with
``true_state.determinize(seat, rng)``; where several seats bid at once, each is
asked in seat order on its own determinization (the bids already sealed re-drawn).

A game is won by ``A`` when it ranks first alone (``ranking()``, so Pueblo's
penalties count the right way round); a shared first place is a draw. Printed
per pair: games, A's wins / draws / losses, A's win rate with a 95% Wilson
interval, the rate a seat no better than the others would expect (``1/n``), the
mean think time per move of each bot (forced moves included: the bot is asked
and answers at once), and for IS-MCTS bots the iterations (playouts) per second
of search and per move.

    .venv/bin/python -m bench.arena --games feurio --players 2 --matches 20 \\
        --pairs hard:random,hard:heuristic --budget hard=0.5 --workers 2

``--budget hard=seconds`` and ``--iterations hard=N`` override the search's budget
per move (``--iterations`` alone makes the search deterministic: no time limit);
``--settings field=value,...`` overrides fields of the searched games'
:class:`core.bots.knowledge.Settings` for the run (``depth=none``, ``paired=true``);
``--markdown`` prints table rows for ``bench/README.md``; ``--progress`` prints each
game's result as it ends (a long run then leaves partial results).
"""

from __future__ import annotations

import argparse
import dataclasses
import itertools
import math
import random
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field

from core.bots import BOTS, levels, random_bot
from core.bots.knowledge import Settings
from core.engine import State
from core.games import GAMES

Z95 = 1.959964
BOT_NAMES = ("random", "heuristic", "easy", "normal", "hard")
SEARCHERS = tuple(levels.BUDGETS)  # the levels that search: "hard"


@dataclass
class Tally:
    """Thinking done by one bot over one or more games."""

    seconds: float = 0.0
    moves: int = 0
    searches: int = 0  # moves where a search ran (more than one legal action)
    iterations: int = 0
    search_seconds: float = 0.0

    def add(self, other: Tally) -> None:
        self.seconds += other.seconds
        self.moves += other.moves
        self.searches += other.searches
        self.iterations += other.iterations
        self.search_seconds += other.search_seconds


@dataclass
class Game:
    """One game seen from bot A: its share of first place and the bots' thinking."""

    result: float  # 1 won, 0 lost, 1/k first place shared by k (a draw)
    tallies: dict[str, Tally] = field(default_factory=dict)


@dataclass(frozen=True)
class Job:
    game: str
    players: int
    a: str
    b: str
    index: int
    seed: int
    budgets: tuple[tuple[str, float], ...] = ()
    iterations: tuple[tuple[str, int], ...] = ()
    settings: tuple[tuple[str, str], ...] = ()


def parse_value(text: str) -> object:
    """A ``--settings`` value: none, true/false, an int, a float, else the text.

    >>> [parse_value(t) for t in ("none", "true", "12", "0.5", "heuristic")]
    [None, True, 12, 0.5, 'heuristic']
    """
    lowered = text.lower()
    if lowered in ("none", "true", "false"):
        return {"none": None, "true": True, "false": False}[lowered]
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            pass
    return text


def settings_for(game: str, overrides: tuple[tuple[str, str], ...]) -> Settings:
    """How the search plays the game, with the run's ``--settings`` overrides.

    >>> settings_for("feurio", (("depth", "4"), ("paired", "true"))).depth
    4
    """
    changes = {name: parse_value(value) for name, value in overrides}
    return dataclasses.replace(levels.knowledge(game).settings, **changes)  # type: ignore[arg-type]


def wilson(successes: float, trials: int, z: float = Z95) -> tuple[float, float]:
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


def player(
    name: str, game: str, job: Job, tally: Tally
) -> Callable[[State, int, random.Random], str]:
    """The policy bot ``name`` plays ``game`` with, recording its searches in ``tally``."""
    if name in SEARCHERS:
        seconds = dict(job.budgets).get(name)
        iterations = dict(job.iterations).get(name)

        def searching(state: State, seat: int, rng: random.Random) -> str:
            found = levels.play_level(
                name, state, seat, rng, seconds=seconds, iterations=iterations
            )
            if found.iterations:
                tally.searches += 1
                tally.iterations += found.iterations
                tally.search_seconds += found.seconds
            return found.action

        return searching
    if name == "easy":
        return levels.easy
    if name == "random":
        return random_bot.choose
    return BOTS[name].policy(game)


def play(job: Job) -> Game:
    """Game ``job.index`` of the pair: A in seat ``index % n``, B in the others."""
    n = job.players
    seat_a = job.index % n
    if job.settings:  # this process plays only this run's jobs
        known = dataclasses.replace(levels.knowledge(job.game), game=job.game)
        chosen = settings_for(job.game, job.settings)
        levels.KNOWLEDGE[job.game] = dataclasses.replace(known, settings=chosen)
    state = GAMES[job.game].new_game(n, job.seed + job.index // n)
    rng = random.Random(job.seed * 1_000_003 + job.index)
    tallies = {name: Tally() for name in (job.a, job.b)}
    policies = {name: player(name, job.game, job, tallies[name]) for name in tallies}
    names = [job.a if s == seat_a else job.b for s in range(n)]
    while not state.is_over():
        for seat in sorted(state.to_move()):
            if seat not in state.to_move():
                continue
            guess = state.determinize(seat, rng)
            start = time.perf_counter()
            action = policies[names[seat]](guess, seat, rng)
            tally = tallies[names[seat]]
            tally.seconds += time.perf_counter() - start
            tally.moves += 1
            state.apply(seat, action)
    ranking = state.ranking()
    first = ranking.count(1)
    return Game(1.0 / first if ranking[seat_a] == 1 else 0.0, tallies)


def summarise(jobs: list[Job], games: list[Game], markdown: bool) -> str:
    job = jobs[0]
    n = len(games)
    wins = sum(g.result == 1.0 for g in games)
    draws = sum(0.0 < g.result < 1.0 for g in games)
    low, high = wilson(wins, n)
    totals = {name: Tally() for name in (job.a, job.b)}
    for g in games:
        for name, tally in g.tallies.items():
            totals[name].add(tally)

    def think(name: str) -> str:
        t = totals[name]
        text = f"{name} {1e3 * t.seconds / max(1, t.moves):.1f} ms"
        if t.searches:
            rate = t.iterations / max(t.search_seconds, 1e-9)
            text += f" ({rate:.0f} playouts/s, {t.iterations / t.searches:.0f} per search)"
        return text

    budget = ", ".join(f"{k} {v:g} s" for k, v in job.budgets) or "default budgets"
    if job.settings:
        budget += "; " + ", ".join(f"{k}={v}" for k, v in job.settings)
    if job.iterations:
        budget += "; " + ", ".join(f"{k} {v} iterations" for k, v in job.iterations)
    if markdown:
        return (
            f"| {job.game} | {job.players} | {job.a} vs {job.b} | {n} | {wins} / {draws} / "
            f"{n - wins - draws} | {wins / n:.0%} ({low:.0%}–{high:.0%}) | "
            f"{think(job.a)}; {think(job.b)} | {budget} |"
        )
    return "\n".join(
        [
            f"{job.game}, {job.players} players: {job.a} vs {job.b} ({budget})",
            f"  {n} games: won {wins}, drawn {draws}, lost {n - wins - draws}"
            f"  (a seat no better than the others: {1 / job.players:.0%})",
            f"  win rate {wins / n:.1%}  (95% Wilson CI {low:.1%} to {high:.1%})",
            f"  think time per move: {think(job.a)}; {think(job.b)}",
        ]
    )


def pairs_of(bots: list[str], pairs: str | None) -> list[tuple[str, str]]:
    if pairs:
        found = [tuple(p.split(":")) for p in pairs.split(",")]
        return [(a, b) for a, b in found]
    return list(itertools.combinations(bots, 2))


def assignments(text: str | None, kind: Callable[[str], float | int]) -> dict[str, float | int]:
    if not text:
        return {}
    out = {}
    for item in text.split(","):
        name, value = item.split("=")
        if name not in SEARCHERS:
            raise SystemExit(f"Only {', '.join(SEARCHERS)} take a budget, not {name!r}.")
        out[name] = kind(value)
    return out


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", default=",".join(GAMES), help="game ids, comma-separated")
    parser.add_argument("--players", default=None, help="player counts (default: every one)")
    parser.add_argument("--bots", default=",".join(BOT_NAMES))
    parser.add_argument("--pairs", default=None, help="A:B pairs instead of a round robin")
    parser.add_argument("--matches", type=int, default=20, help="games per pair and count")
    parser.add_argument("--budget", default=None, help="seconds per move: hard=0.5")
    parser.add_argument("--iterations", default=None, help="iterations per move: hard=500")
    parser.add_argument(
        "--settings", default=None, help="search settings for the run: depth=4,paired=true"
    )
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--markdown", action="store_true", help="print README table rows")
    parser.add_argument(
        "--progress", action="store_true", help="print each game's result as it ends"
    )
    args = parser.parse_args(argv)
    budgets = tuple(sorted(assignments(args.budget, float).items()))
    iterations = tuple(sorted((k, int(v)) for k, v in assignments(args.iterations, int).items()))
    overrides: tuple[tuple[str, str], ...] = ()
    if args.settings:
        overrides = tuple(
            (name, value)
            for name, value in (item.split("=", 1) for item in args.settings.split(","))
        )
        settings_for(next(iter(GAMES)), overrides)  # a misspelt field fails here
    bots = args.bots.split(",")
    for name in bots + [n for p in pairs_of(bots, args.pairs) for n in p]:
        if name not in BOT_NAMES:
            raise SystemExit(f"There is no bot called {name!r}: choose from {BOT_NAMES}.")
    pool = ProcessPoolExecutor(args.workers) if args.workers > 1 else None
    try:
        for game in args.games.split(","):
            rules = GAMES[game]
            counts = list(range(rules.min_players, rules.max_players + 1))
            if args.players:
                counts = [int(p) for p in args.players.split(",") if int(p) in counts]
            for players in counts:
                for a, b in pairs_of(bots, args.pairs):
                    jobs = [
                        Job(game, players, a, b, i, args.seed, budgets, iterations, overrides)
                        for i in range(args.matches)
                    ]
                    start = time.perf_counter()
                    found = pool.map(play, jobs) if pool is not None else map(play, jobs)
                    games = []
                    for job, one in zip(jobs, found, strict=True):
                        games.append(one)
                        if args.progress:
                            print(f"  game {job.index}: {a} scored {one.result:g}", flush=True)
                    print(summarise(jobs, games, args.markdown))
                    if not args.markdown:
                        wall = time.perf_counter() - start
                        print(f"  ({wall:.0f} s wall, {args.workers} worker(s))", flush=True)
    finally:
        if pool is not None:
            pool.shutdown()


if __name__ == "__main__":
    main()
