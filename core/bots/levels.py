"""The bots, defined once: what each level is, and what they know of each game.

:data:`KNOWLEDGE` collects every game's :class:`~core.bots.knowledge.GameKnowledge`
(``core/bots/<game>.py``) by game id; a state says which game it is
(:attr:`State.game`), so a bot finds its game without building a view. :data:`BOTS`
lists the bots:

- ``random``: a uniformly random legal action (:mod:`core.bots.random_bot`);
- ``heuristic``: the game's rules of thumb (``GameKnowledge.choose``), random in a
  game without them;
- ``easy`` (:func:`easy`): the heuristic, but a random legal action with probability
  :data:`EASY_NOISE`;
- ``normal`` (:func:`normal`): the heuristic itself, every move;
- ``hard`` (:func:`hard`): IS-MCTS (:mod:`core.bots.ismcts`) with the game's
  ``Settings``, :data:`HARD_SECONDS` a move (at most :data:`HARD_ITERATIONS`), which
  keeps a move under 2 s on this machine.

Each level beats the one below it (``bench/README.md``, the ladder). ``normal`` used to
be the search with a sixth of hard's budget; the search's play levels off well before
either budget, so the two were one level, and a level must be a different way of
playing, not more of the same thinking (``docs/decisions.md``).

The site offers :data:`LEVELS`. The search's budget is in :data:`BUDGETS`; tests swap
in an iteration-only one, which makes ``hard`` deterministic.

>>> import random
>>> from core.games import GAMES
>>> state = GAMES["feurio"].new_game(2, seed=3)
>>> seat = min(state.to_move())
>>> play_level("hard", state, seat, random.Random(1), iterations=5).iterations
5
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from core.bots import camping, caravan, feurio, offseason, pueblo, random_bot
from core.bots.ismcts import Policy, SearchResult, search
from core.bots.knowledge import UNKNOWN, GameKnowledge, Ranking
from core.engine import State

EASY_NOISE = 0.3
HARD_SECONDS = 1.8  # leaves room for the determinization and the answer within 2 s
HARD_ITERATIONS = 100_000

KNOWLEDGE: dict[str, GameKnowledge] = {
    known.game: known
    for known in (
        caravan.KNOWLEDGE,
        camping.KNOWLEDGE,
        feurio.KNOWLEDGE,
        pueblo.KNOWLEDGE,
        offseason.KNOWLEDGE,
    )
}
"""Per game id, what the bots know of it (a benchmark may replace an entry for a run)."""


def knowledge(game: str | None) -> GameKnowledge:
    """What the bots know of ``game``: :data:`~core.bots.knowledge.UNKNOWN` for a game
    without a module of its own."""
    return KNOWLEDGE.get(game or "", UNKNOWN)


def heuristic(game: str | None) -> Policy:
    """The heuristic bot's policy for ``game`` (random for a game it does not know)."""
    return knowledge(game).choose


def ranking(game: str | None) -> Ranking:
    """The heuristic's ranking of a seat's legal actions, its choice first."""
    return knowledge(game).rank


# ---------------------------------------------------------------------- the search levels


@dataclass(frozen=True)
class Budget:
    """How long a level searches a move: whichever bound comes first (None: no bound)."""

    seconds: float | None
    iterations: int | None


BUDGETS: dict[str, Budget] = {"hard": Budget(HARD_SECONDS, HARD_ITERATIONS)}
"""Per searching level. Tests may swap in iteration-only budgets, which make the search
deterministic."""


def play_level(
    level: str,
    state: State,
    seat: int,
    rng: random.Random,
    *,
    seconds: float | None = None,
    iterations: int | None = None,
) -> SearchResult:
    """Search as ``level`` (a key of :data:`BUDGETS`: "hard") does; ``seconds`` or
    ``iterations``, when either is given, replace the level's budget. The game's
    ``Settings.playouts``, where set, caps the iterations either way."""
    known = knowledge(state.game)
    chosen = known.settings
    budget = BUDGETS[level]
    if seconds is not None or iterations is not None:
        budget = Budget(seconds, iterations)
    caps = [n for n in (budget.iterations, chosen.playouts) if n is not None]
    prior = ranked = None
    if chosen.wants_ranking and len(state.legal_actions(seat)) > 1:
        ranked = known.rank(state, seat, rng)
        prior = ranked[0]
    return search(
        state,
        seat,
        rng,
        iterations=min(caps) if caps else None,
        seconds=budget.seconds,
        rollout=known.rollout(chosen),
        depth=chosen.depth,
        evaluate=known.evaluator(chosen),
        exploration=chosen.exploration,
        prior=prior,
        prior_bias=chosen.prior_bias,
        candidates=ranked,
        widening=(chosen.candidates, chosen.widening),
        tree_depth=chosen.tree_depth,
        paired=chosen.paired,
        confidence=chosen.confidence,
    )


def easy(state: State, seat: int, rng: random.Random) -> str:
    """The game's heuristic, but a random legal action with probability ``EASY_NOISE``."""
    legal = state.legal_actions(seat)
    if len(legal) == 1:
        return legal[0]
    if rng.random() < EASY_NOISE:
        return rng.choice(legal)
    return heuristic(state.game)(state, seat, rng)


def normal(state: State, seat: int, rng: random.Random) -> str:
    """The game's heuristic, every move (random in a game it does not know)."""
    return heuristic(state.game)(state, seat, rng)


def hard(state: State, seat: int, rng: random.Random) -> str:
    """IS-MCTS with :data:`HARD_SECONDS` a move and the game's settings."""
    return play_level("hard", state, seat, rng).action


# ---------------------------------------------------------------------- the bots


@dataclass(frozen=True)
class Bot:
    """A named bot: its policy for each game it knows, and one for every other game."""

    id: str
    description: str
    policies: dict[str, Policy] = field(default_factory=dict)
    fallback: Policy = random_bot.choose

    def policy(self, game: str | None) -> Policy:
        """The policy this bot plays ``game`` with (the fallback when it has none)."""
        return self.policies.get(game or "", self.fallback)


BOTS: dict[str, Bot] = {
    bot.id: bot
    for bot in (
        Bot("random", "Plays a uniformly random legal action."),
        Bot(
            "heuristic",
            "Plays by rules of thumb where the game has them, randomly elsewhere.",
            policies={game: known.choose for game, known in KNOWLEDGE.items()},
        ),
        Bot("easy", "The heuristic, with a random slip three moves in ten.", fallback=easy),
        Bot("normal", "The game's rules of thumb, every move.", fallback=normal),
        Bot("hard", "Information-set MCTS, under 2 s a move.", fallback=hard),
    )
}
LEVELS = ("easy", "normal", "hard")
"""The bots the site offers, weakest first (``random``, ``heuristic``: tests and benches)."""
