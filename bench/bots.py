"""Bot strength: one bot against others over many games, seats rotated.

Caravan (the default, 2 players): match ``i`` uses deal seed ``seed + i // 2`` and
puts the bot under test in seat ``i % 2``, so both seats play each deal.

Deluxe Camping (``--game camping``), at each player count ``n`` of ``--players``
(by default 2, 3 and 4): game ``i`` uses seed ``seed + i // n`` and puts the bot
under test in seat ``i % n``, the ``--opponent`` bot in every other seat, so every
seat plays each set-up. Default options (board 8, 9, 10; 4, 3, 3 caravans).

Feurio! (``--game feurio``) and Pueblo (``--game pueblo``) are run the same way as
Deluxe Camping, default options. A Feurio! tie on points goes to the seat with more
men in hand, a Pueblo score is penalty points (lower is better): wins and draws
are read from the engine's ``ranking()``, and a Pueblo margin is the best other
seat's penalty minus the bot's own (positive when the bot is ahead).

Camel Up Off Season (``--game offseason``) is run the same way too, default options
(two players play the two-player variant). Where several seats bid at once (sealed
bids), each is asked in seat order, on its own determinization (the bids already
sealed are drawn afresh in it). Scores are coins; ``ranking()`` counts the tie-break.

Bots are called as the server calls them: with ``true_state.determinize(seat,
rng)``. A game is won when the bot under test is ranked 1st alone (scores more
than every other seat); a tie for first counts as drawn, and is listed. Prints the win
rate with a 95% Wilson interval, the rate a seat playing no better than the others
would expect (``1/n``), the mean score margin (own score minus the best other
score) with a 95% normal interval, and the mean think time per move of each side
(the ``choose_action`` call only, not the determinization).

    .venv/bin/python -m bench.bots [--matches 200] [--hands 5] [--bot heuristic]
        [--opponent random] [--seed 1] [--workers 1]
    .venv/bin/python -m bench.bots --game camping [--players 2,3,4] [--matches 300]
    .venv/bin/python -m bench.bots --game feurio --players 4 --matches 300
    .venv/bin/python -m bench.bots --game pueblo --players 2 --matches 300
    .venv/bin/python -m bench.bots --game offseason --players 2,3,4,5 --matches 300
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
LOWER_IS_BETTER = {"pueblo"}  # games scored in penalty points


@dataclass(frozen=True)
class Result:
    """One game seen from the bot under test."""

    margin: float  # own score minus the best other seat's (Pueblo: the other way round)
    think: tuple[float, float]  # seconds thinking: bot under test, opponents
    moves: tuple[int, int]
    rank: int = 1  # the bot under test's place (1: first)
    shared: bool = False  # its place is shared with another seat

    @property
    def won(self) -> bool:
        return self.rank == 1 and not self.shared

    @property
    def drawn(self) -> bool:
        return self.rank == 1 and self.shared


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


def play(
    bot: str,
    opponent: str,
    match: int,
    hands: int,
    seed: int,
    game: str = "caravan",
    players: int = 2,
) -> Result:
    seat = match % players
    bots = [bot if s == seat else opponent for s in range(players)]
    options = {"hands": hands} if game == "caravan" else None
    state = GAMES[game].new_game(players, seed + match // players, options)
    rng = random.Random(seed * 1_000_003 + match)
    think, moves = [0.0, 0.0], [0, 0]
    while not state.is_over():
        for mover in sorted(state.to_move()):  # several seats only for simultaneous bids
            guess = state.determinize(mover, rng)
            start = time.perf_counter()
            action = choose_action(bots[mover], guess, mover, rng)
            side = 0 if mover == seat else 1
            think[side] += time.perf_counter() - start
            moves[side] += 1
            state.apply(mover, action)
    scores = state.scores()
    margin = scores[seat] - max(s for p, s in enumerate(scores) if p != seat)
    if game in LOWER_IS_BETTER:
        margin = min(s for p, s in enumerate(scores) if p != seat) - scores[seat]
    ranking = state.ranking()
    return Result(
        margin=margin,
        think=(think[0], think[1]),
        moves=(moves[0], moves[1]),
        rank=ranking[seat],
        shared=ranking.count(ranking[seat]) > 1,
    )


def summary(
    results: list[Result], bot: str, opponent: str, players: int = 2, game: str = "caravan"
) -> str:
    n = len(results)
    wins = sum(r.won for r in results)
    draws = sum(r.drawn for r in results)
    low, high = wilson(wins, n)
    margins = [r.margin for r in results]
    spread = Z95 * statistics.stdev(margins) / math.sqrt(n) if n > 1 else float("nan")
    against = opponent if players == 2 else f"{players - 1} × {opponent}"
    noun = "matches" if game == "caravan" else f"{players}-player games"
    lines = [
        f"{bot} vs {against}: {n} {noun}",
        f"  won {wins}, drawn {draws}, lost {n - wins - draws}",
        f"  win rate {wins / n:.1%}  (95% Wilson CI {low:.1%} to {high:.1%})",
        f"  mean score margin {statistics.mean(margins):+.2f} ± {spread:.2f}",
    ]
    if players > 2:
        lines.insert(3, f"  (a seat no better than the others: {1 / players:.1%})")
    for side, name in enumerate((bot, opponent)):
        seconds = sum(r.think[side] for r in results)
        moves = sum(r.moves[side] for r in results)
        lines.append(f"  {name} think time {1e3 * seconds / moves:.3f} ms/move over {moves} moves")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--game",
        choices=("caravan", "camping", "feurio", "pueblo", "offseason"),
        default="caravan",
    )
    parser.add_argument("--matches", type=int, default=200, help="games per player count")
    parser.add_argument("--hands", type=int, default=5, help="Caravan: hands per match")
    parser.add_argument(
        "--players", default="2,3,4", help="other games: player counts, comma-separated"
    )
    parser.add_argument("--bot", default="heuristic")
    parser.add_argument("--opponent", default="random")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=1)
    args = parser.parse_args(argv)
    counts = [2] if args.game == "caravan" else [int(p) for p in args.players.split(",")]
    for players in counts:
        jobs = [
            (args.bot, args.opponent, i, args.hands, args.seed, args.game, players)
            for i in range(args.matches)
        ]
        start = time.perf_counter()
        if args.workers > 1:
            with ProcessPoolExecutor(args.workers) as pool:
                results = list(pool.map(play, *zip(*jobs, strict=True), chunksize=8))
        else:
            results = [play(*job) for job in jobs]
        print(summary(results, args.bot, args.opponent, players, args.game))
        print(f"  ({time.perf_counter() - start:.1f} s wall, {args.workers} worker(s))")


if __name__ == "__main__":
    main()
