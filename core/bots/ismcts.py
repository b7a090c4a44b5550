"""Information-set Monte Carlo tree search over the engine protocol, and three bot levels.

The search (single-observer IS-MCTS, Cowling, Powley and Whitehouse 2012)
-------------------------------------------------------------------------
One tree, grown from the searching seat's point of view. Each iteration:

1. **Determinize.** ``state.determinize(seat, rng)`` deals the cards ``seat``
   cannot see afresh: the iteration plays on that guess. For a game without
   secrets the guess is a clone, and the search is plain MCTS.
2. **Select.** From the root, follow the actions played so far in this tree
   (nodes are keyed by action history). At each node only the actions legal *in
   this determinization* compete, by UCB1 with availability counts: an action's
   exploration term uses the number of iterations it was *available*, not the
   parent's visits, so rarely-possible actions are not over-explored.
3. **Expand** one untried legal action (picked with ``rng``).
4. **Roll out** with a policy (uniformly random by default; any bot policy, for
   instance a game's heuristic) until the game ends or ``depth`` plies have been
   played, whichever comes first.
5. **Back up** a reward per seat: at the end of the game 1 for ranking first
   alone, ``1/k`` for a first place shared by ``k`` seats, 0 otherwise (from
   :meth:`State.ranking`, so games where a lower score is better, like Pueblo,
   need nothing special); at a cut-off, ``evaluate(state)`` (by default
   :func:`score_evaluation`). Each edge is credited with the reward of the seat
   that took it, so two to five players search the same way.

The choice is the root action of ``seat`` visited most often (ties: the better
mean, then the first in order).

**A prior.** :func:`search` may be given one root action to favour -- the levels
pass the game's heuristic choice where that helps (:data:`SETTINGS`) -- as a
progressive bias: ``prior_bias / visits`` is added to its mean, so it is tried
first and kept unless the search finds a clearly better action.

**Candidates (progressive widening).** Where the root has far more actions than
the budget can tell apart (Pueblo: about 185 placements), :func:`search` may be
given them ranked -- the levels pass the heuristic's ranking, :func:`ranking` --
with ``widening = (k, c)``: after ``n`` iterations only the first ``k + c *
sqrt(n)`` compete, so the search spends its budget telling the heuristic's best
few apart and admits more as it goes. Only the root and only the searching seat
are narrowed (at a simultaneous root, its own bids: Off Season's ranking puts the
bids nearest the heuristic's first); the heuristic is called once a move, on the
state the bot was given, so the hidden-information contract is unchanged.

**A shallow tree.** ``tree_depth`` bounds the tree: after that many actions from
the root the rest of the iteration is rollout, so a search one action deep
compares the root actions by their rollouts alone.

**Paired, one action deep: a step of policy improvement.** Where the rollouts play
the game's heuristic for every seat -- the arena's opponent *is* that heuristic --
the value of a root action ``a`` is an estimate of "play ``a``, then everybody plays
like the heuristic", and choosing the best such action is one step of policy
improvement over the heuristic: at least as good as it, in the measure the rollouts
end in, up to the noise of the estimates. With ``paired`` the search does that over
the heuristic's best ``k`` root actions (:func:`_paired`) and fights the noise with
common random numbers: every round plays each candidate once, on *the same*
determinization and with the rollout's random numbers drawn from *the same* seed, so
two candidates meet the same hidden cards and, while their paths agree, the same
luck; their difference is far less noisy than either value (a paired comparison).
The heuristic's choice is kept unless another candidate beats it by ``confidence``
standard errors of the paired difference. Heuristic rollouts are slow (0.6 to 5 ms a
ply), so they are cut off after ``depth`` plies and judged by the game's evaluation.
This is IS-MCTS with a tree one action deep and the visits spread evenly (rounds)
rather than by UCB: with a few candidates and a few hundred playouts, an even
spread is what a paired comparison needs, and UCB would gain little.

**Simultaneous moves** (Off Season's sealed bids: ``to_move()`` holds several
seats). The engine takes the bids one at a time, so the tree treats them
sequentially in seat order, but no seat's choice may depend on the others' sealed
choices. So the choices are *decoupled*: the node where the block starts keeps
separate statistics per seat, each seat of the block draws its action from its
own statistics, blind to what the seats before it drew in this iteration, and the
child node is keyed by the joint choice. The draw is Exp3 (Auer et al. 2002;
simultaneous-move MCTS, Lanctot et al. 2013), not UCB: a sealed bid wants a
mixed strategy, and seats choosing by deterministic UCB can fall into lockstep
(always matching in matching pennies). At a simultaneous root the bot still plays
the most visited action: the mixed strategy a few hundred iterations estimate is
too rough to draw from, so a predictable bid is the price. Bids other seats sealed
before the root are re-drawn by ``determinize``, so they are not seen either.
The approximation: Exp3 in a tree converges to an equilibrium only in the limit,
and every seat's statistics average over the others' current mix.

**Other approximations, as in every single-observer IS-MCTS.** Opponents'
decisions are read from the same tree, keyed by actions, so they are modelled as
choosing with what the searching seat knows (strategy fusion), and the search
cannot plan to hide or to reveal information. Chance inside ``apply`` (the next
cards) follows each determinization's own random state, so chance is averaged
over, not branched on.

The hidden-information contract (``core.bots``)
-----------------------------------------------
On the state it is given, the search calls only ``legal_actions(seat)`` and
``determinize(seat, rng)``; the levels add ``view(seat)`` (to know the game) and,
for a prior, candidates or :func:`easy`, the heuristic (its choice or its ranking),
which keeps to the same contract.
Everything else -- other seats' actions, ``apply``, rollout policies and
evaluations reading any seat's ``view`` or the state's own methods -- happens on
the states ``determinize`` returned, which are the search's own guesses.

Cost
----
Each iteration pays one ``determinize`` (a clone plus a re-deal). Caravan's clone
is a ``deepcopy`` (about 265 us on an idle core, ``bench/README.md``), but its
``legal_actions`` (about 100 us, called on every ply) costs more: a profile of
300 iterations with 20-ply rollouts spent 18% in ``deepcopy`` and 56% in listing
caravans (``combos.hand_caravans``). Other games clone in 5-140 us. ``view`` is
never called inside the tree; rollouts are uniformly random, :func:`light`, or the
game's heuristic (0.6 ms a ply in Off Season, 2 to 5 ms in the others, on an idle
core), cut off after ``depth`` plies, and the position is then judged by a per-game
evaluation (below). Playouts per second per game are in ``bench/README.md`` (Arena).

Reproducibility: given the same ``rng`` state and an iteration budget without a
time budget, the choice is the same. A time budget makes the number of
iterations, and so the choice, depend on the machine's speed and load.

The levels
----------
- :func:`easy`: the game's heuristic (``BOTS["heuristic"]``), but a random legal
  action with probability :data:`EASY_NOISE`.
- :func:`normal`: IS-MCTS with the per-game settings of :data:`SETTINGS` and a
  small budget, :data:`NORMAL_SECONDS` a move (at most :data:`NORMAL_ITERATIONS`).
- :func:`hard`: the same search, :data:`HARD_SECONDS` a move (at most
  :data:`HARD_ITERATIONS`), which keeps a move under 2 s on this machine.

Budgets are in :data:`BUDGETS`; tests swap in iteration-only ones.

>>> from core.games import GAMES
>>> state = GAMES["feurio"].new_game(2, seed=3)
>>> seat = min(state.to_move())
>>> action = ismcts_choose(state, seat, random.Random(1), iterations=30)
>>> action in state.legal_actions(seat)
True
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from core.engine import State

Policy = Callable[[State, int, random.Random], str]
"""``policy(state, seat, rng) -> action``, as in :mod:`core.bots`."""

Evaluator = Callable[[State], list[float]]
"""Per seat, a reward in [0, 1] for a position where a rollout was cut off."""

EXPLORATION = 0.7  # UCB1's constant, for rewards in [0, 1]
GAMMA = 0.2  # simultaneous choices (Exp3): the share of uniformly random exploration
EASY_NOISE = 0.3
NORMAL_SECONDS = 0.3
NORMAL_ITERATIONS = 2_000
HARD_SECONDS = 1.8  # leaves room for the determinization and the answer within 2 s
HARD_ITERATIONS = 100_000


# ---------------------------------------------------------------------- rewards


def outcome(state: State) -> list[float]:
    """Per seat, its share of first place: 1 alone, ``1/k`` among ``k`` tied, else 0.

    >>> from core.bots.ismcts import outcome
    >>> class Over:
    ...     def ranking(self): return [2, 1, 1]
    >>> outcome(Over())
    [0.0, 0.5, 0.5]
    """
    ranking = state.ranking()
    first = ranking.count(1)
    return [1.0 / first if rank == 1 else 0.0 for rank in ranking]


def score_evaluation(state: State, scale: float = 0.0) -> list[float]:
    """A cut-off position's reward per seat, from the scores so far.

    Each seat's margin over the best other seat goes through a logistic curve of
    width ``scale`` (by default a quarter of the largest score in absolute value,
    at least 1). Whether higher or lower scores are better is read from
    :meth:`State.ranking`: the seat ranked first has the highest score, or the
    lowest (Pueblo's penalties).
    """
    if state.is_over():
        return outcome(state)
    scores = state.scores()
    ranking = state.ranking()
    leader = ranking.index(min(ranking))
    if scores[leader] < max(scores):
        scores = [-s for s in scores]
    return margins(scores, scale or max(1.0, 0.25 * max(abs(s) for s in scores)))


def margins(totals: list[float], width: float) -> list[float]:
    """Per seat, a logistic curve of its lead over the best other seat (higher is better).

    >>> [round(r, 2) for r in margins([10.0, 10.0, 4.0], 5.0)]
    [0.5, 0.5, 0.23]
    """
    rewards = []
    for seat, mine in enumerate(totals):
        best_other = max(t for other, t in enumerate(totals) if other != seat)
        lead = max(-50.0, min(50.0, (mine - best_other) / width))
        rewards.append(1.0 / (1.0 + math.exp(-lead)))
    return rewards


def caravan_evaluation(state: State, width: float = 0.0) -> list[float]:
    """Caravan: the match scores plus what each seat has collected in this hand."""
    if state.is_over():
        return outcome(state)
    view = state.view(0)  # the collections and scores are public
    totals = [m + c for m, c in zip(view["match_scores"], view["collection_values"], strict=True)]
    return margins(totals, width or 5.0)


def camping_evaluation(state: State, width: float = 0.0) -> list[float]:
    """Deluxe Camping: the heuristic's territory estimate (contested squares shared out
    by the nearest camper, see :mod:`core.bots.camping_heuristic`), not just the
    closed regions that :meth:`State.scores` counts."""
    from core.bots.camping_heuristic import Board

    if state.is_over():
        return outcome(state)
    totals = Board(state.view(0), 0).totals()
    return margins(totals, width or 10.0)


def pueblo_evaluation(state: State, width: float = 0.0) -> list[float]:
    """Pueblo: penalties so far plus each seat's exposure -- what the chief would charge
    it on a whole lap now -- counted ``1 + stops left / 36`` times, as the heuristic
    does (:mod:`core.bots.pueblo_heuristic`): the final lap charges a whole lap, each
    stop before it one square. Lower is better; reads the determinized state's
    ``sight`` (the engine's own rule), which a bot may do on its own guesses.

    The chief's next stop is known better than an average square: when the seat to
    move will move him next (it is placing, or moving him), it is charged as the
    square of the four ahead that is best for that seat (by this same measure), in
    place of one average stop."""
    from core.games.pueblo.geometry import RING

    if state.is_over():
        return outcome(state)
    pueblo: Any = state
    players = len(pueblo.penalties)
    sights = [pueblo.sight(index)[1] for index in range(RING)]
    exposure = [sum(points[seat] for points in sights) for seat in range(players)]
    stops = sum(pueblo.stones_left(seat) for seat in range(players))
    factor = 1 + stops / RING
    penalties = list(pueblo.penalties)
    mover = pueblo.current
    if pueblo.phase in ("place", "chief") and mover is not None:
        if pueblo.phase == "place":
            factor -= 1 / RING  # the stone now placed is one stop fewer to come
        best = None
        for steps in range(1, 5):
            points = sights[(pueblo.chief + steps) % RING]
            mine = points[mover] - max(p for s, p in enumerate(points) if s != mover)
            if best is None or mine < best[0]:
                best = mine, points
        assert best is not None
        penalties = [p + q for p, q in zip(penalties, best[1], strict=True)]
    projected = [-(p + factor * e) for p, e in zip(penalties, exposure, strict=True)]
    return margins(projected, width or 10.0)


def offseason_evaluation(state: State, width: float = 0.0) -> list[float]:
    """Camel Up Off Season: coins plus what each seat's loaded camels and +1 tokens
    are worth, as the heuristic values them (:mod:`core.bots.offseason_heuristic`:
    goods at the price of their best lots, less as the end nears), from each seat's
    own view of the determinized state."""
    from core.bots.offseason_heuristic import Merchant

    if state.is_over():
        return outcome(state)
    totals = []
    for seat in range(len(state.scores())):
        merchant = Merchant(state.view(seat), seat, random.Random(0))
        totals.append(merchant.coins + merchant.worth(merchant.caravan, merchant.tokens))
    return margins(totals, width or 4.0)


EVALUATIONS: dict[str, Callable[[State, float], list[float]]] = {
    "scores": score_evaluation,
    "caravan": caravan_evaluation,
    "camping": camping_evaluation,
    "pueblo": pueblo_evaluation,
    "offseason": offseason_evaluation,
}
"""Cut-off evaluations by name; each takes a state and a logistic width (0: its own)."""


# ---------------------------------------------------------------------- the tree


class _Edge:
    """An action from a node: its visits, its total reward, how often it was legal."""

    __slots__ = ("visits", "total", "avail", "bias", "gain", "child")

    def __init__(self, bias: float = 0.0) -> None:
        self.visits = 0
        self.total = 0.0
        self.avail = 1
        self.bias = bias  # progressive bias: bias / visits is added to the mean
        self.gain = 0.0  # simultaneous choices: Exp3's importance-weighted total
        self.child: _Node | None = None


class _Node:
    """A point of the action history: per seat to move, its actions' edges."""

    __slots__ = ("edges", "joint")

    def __init__(self) -> None:
        self.edges: dict[int, dict[str, _Edge]] = {}
        self.joint: dict[tuple[str, ...], _Node] | None = None  # after a simultaneous block


def _select(
    table: dict[str, _Edge],
    legal: list[str],
    rng: random.Random,
    exploration: float,
) -> tuple[str, _Edge, bool]:
    """UCB1 over the legal actions, an untried one first; (action, edge, is_new).

    Ties go to the first action in order."""
    untried = []
    waiting = None  # an edge made before its first visit (the prior)
    for action in legal:
        edge = table.get(action)
        if edge is None:
            untried.append(action)
        else:
            edge.avail += 1
            if not edge.visits:
                waiting = action, edge
    if waiting is not None:
        return waiting[0], waiting[1], True
    if untried:
        action = untried[rng.randrange(len(untried))] if len(untried) > 1 else untried[0]
        edge = table[action] = _Edge()
        return action, edge, True
    log = math.log
    best_action, best_edge, best = legal[0], table[legal[0]], -1.0
    for action in legal:
        edge = table[action]
        n = edge.visits
        value = (edge.total + edge.bias) / n + exploration * math.sqrt(log(edge.avail) / n)
        if value > best:
            best_action, best_edge, best = action, edge, value
    return best_action, best_edge, False


def _select_simultaneous(
    table: dict[str, _Edge], legal: list[str], rng: random.Random
) -> tuple[str, _Edge, bool, float]:
    """Exp3 over the legal actions; (action, edge, is_new, 1 / probability of the action).

    A seat choosing in a simultaneous block needs a mixed strategy: UCB's choices are
    deterministic, and two seats choosing by UCB can fall into lockstep (always
    matching in matching pennies, as their exploration terms grow alike). Exp3 draws
    from ``exp(eta * gain)``, mixed with ``GAMMA`` of uniform exploration, where an
    action's gain sums its rewards divided by the probability it had when drawn.
    """
    k = len(legal)
    eta = GAMMA / k
    gains = [0.0] * k
    for i, action in enumerate(legal):
        edge = table.get(action)
        if edge is not None:
            edge.avail += 1
            gains[i] = edge.gain
    top = max(gains)
    weights = [math.exp(eta * (g - top)) for g in gains]
    total = sum(weights)
    probabilities = [(1 - GAMMA) * w / total + GAMMA / k for w in weights]
    pick = rng.random()
    index = k - 1
    for i, p in enumerate(probabilities):
        pick -= p
        if pick < 0:
            index = i
            break
    action = legal[index]
    edge = table.get(action)
    new = edge is None
    if edge is None:
        edge = table[action] = _Edge()
    return action, edge, new, 1.0 / probabilities[index]


@dataclass(frozen=True)
class SearchResult:
    """What a search chose, and how much searching it took."""

    action: str
    iterations: int
    seconds: float
    visits: dict[str, int]  # per legal action of the root
    values: dict[str, float] = field(default_factory=dict)  # mean reward, visited ones
    plies: int = 0  # plies played in rollouts (a measure of the work done)


def search(
    state: State,
    seat: int,
    rng: random.Random,
    *,
    iterations: int | None = None,
    seconds: float | None = None,
    rollout: Policy | None = None,
    depth: int | None = None,
    evaluate: Evaluator | None = None,
    exploration: float = EXPLORATION,
    prior: str | None = None,
    prior_bias: float = 0.0,
    candidates: list[str] | None = None,
    widening: tuple[int, float] = (0, 0.0),
    tree_depth: int | None = None,
    paired: bool = False,
    confidence: float = 0.0,
) -> SearchResult:
    """Search from ``seat``'s point of view; stop after ``iterations`` or ``seconds``.

    At least one iteration is run unless ``seat`` has a single legal action, which
    is returned at once. ``rollout`` is the playout policy (None: uniformly random
    legal actions), ``depth`` the number of rollout plies before ``evaluate``
    (default :func:`score_evaluation`) judges the position instead of the end of
    the game. Without ``iterations`` or ``seconds`` this would never stop, so one
    of them is required.

    ``candidates`` (the root actions of ``seat`` in the order to try them, for instance
    the heuristic's ranking) with ``widening = (k, c)`` narrows the root: after ``n``
    iterations only the first ``k + c * sqrt(n)`` candidates compete (progressive
    widening; ``k`` 0: no narrowing). Deeper nodes and other seats are not narrowed.

    ``tree_depth`` bounds the tree: after that many actions from the root the rest of
    the iteration is rollout (None: no bound). ``paired`` searches the root alone with
    common random numbers (:func:`_paired`); ``confidence`` is then the number of
    standard errors by which an action must beat ``prior`` to be chosen over it.
    """
    if iterations is None and seconds is None:
        raise ValueError("Give the search an iteration budget, a time budget, or both.")
    start = time.perf_counter()
    legal = state.legal_actions(seat)
    if not legal:
        raise ValueError(f"Seat {seat} has nothing to do in this position.")
    if len(legal) == 1:
        return SearchResult(legal[0], 0, time.perf_counter() - start, {legal[0]: 0})
    budget = iterations if iterations is not None else math.inf
    deadline = start + seconds if seconds is not None else math.inf
    judge = evaluate or score_evaluation
    root = _Node()
    if prior is not None and prior in legal and prior_bias:
        root.edges[seat] = {prior: _Edge(prior_bias)}
        root.edges[seat][prior].avail = 0
    narrow: Callable[[list[str]], list[str]] | None = None
    first, growth = widening
    if candidates and first:
        ranked = [a for a in candidates if a in legal] or legal

        def widened(actions: list[str]) -> list[str]:
            k = first + int(growth * math.sqrt(done))
            return [a for a in ranked[:k] if a in actions] or actions

        narrow = widened

    if paired:
        ranked = [a for a in (candidates or []) if a in legal] or legal
        return _paired(
            state,
            seat,
            rng,
            ranked,
            (first, growth) if first else (len(ranked), 0.0),
            (budget, deadline, start),
            (rollout, depth, judge),
            (prior if prior in legal else None, confidence),
        )
    done = plies = 0
    clock = time.perf_counter
    while done < budget and (done == 0 or clock() < deadline):
        guess = state.determinize(seat, rng)
        path, node = _descend(root, guess, rng, exploration, (seat, narrow), tree_depth)
        plies += _play_out(guess, rng, rollout, depth)
        rewards = outcome(guess) if guess.is_over() else judge(guess)
        for mover, edge, weight in path:
            edge.visits += 1
            edge.total += rewards[mover]
            if weight:
                edge.gain += rewards[mover] * weight
        done += 1
    table = root.edges.get(seat, {})
    visits = {action: table[action].visits if action in table else 0 for action in legal}

    def preference(action: str) -> tuple[int, float]:
        edge = table.get(action)
        return (0, 0.0) if edge is None else (edge.visits, edge.total / max(1, edge.visits))

    chosen = max(legal, key=preference)
    values = {a: e.total / e.visits for a, e in table.items() if e.visits}
    return SearchResult(chosen, done, time.perf_counter() - start, visits, values, plies)


def _descend(
    root: _Node,
    state: State,
    rng: random.Random,
    exploration: float,
    narrowed: tuple[int, Callable[[list[str]], list[str]] | None] = (-1, None),
    tree_depth: int | None = None,
) -> tuple[list[tuple[int, _Edge, float]], _Node]:
    """Selection and expansion on ``state`` (changed in place); the edges taken, each
    with its Exp3 weight (0 for a choice made alone, by UCB). ``narrowed`` is a seat
    and what it may choose from at the root (progressive widening), or None. After
    ``tree_depth`` actions the descent stops (the rollout plays on, from the middle
    of a simultaneous block if need be)."""
    seat, narrow = narrowed
    limit = tree_depth if tree_depth is not None else math.inf
    path: list[tuple[int, _Edge, float]] = []
    node = root
    while True:
        movers = state.to_move()
        if not movers or len(path) >= limit:
            return path, node
        if len(movers) == 1:
            (mover,) = movers
            table = node.edges.get(mover)
            if table is None:
                table = node.edges[mover] = {}
            legal = state.legal_actions(mover)
            if narrow is not None and node is root and mover == seat:
                legal = narrow(legal)
            action, edge, new = _select(table, legal, rng, exploration)
            state.apply(mover, action)
            path.append((mover, edge, 0.0))
            if edge.child is None:
                edge.child = _Node()
            node = edge.child
        else:
            # Decoupled: every seat of the block draws from its own statistics at
            # this node (Exp3), blind to what the seats before it chose.
            chosen = []
            new = False
            for mover in sorted(movers):
                if mover not in state.to_move() or len(path) >= limit:
                    continue
                table = node.edges.get(mover)
                if table is None:
                    table = node.edges[mover] = {}
                legal = state.legal_actions(mover)
                if narrow is not None and node is root and mover == seat:
                    legal = narrow(legal)
                action, edge, fresh, weight = _select_simultaneous(table, legal, rng)
                state.apply(mover, action)
                path.append((mover, edge, weight))
                chosen.append(action)
                new = new or fresh
            if node.joint is None:
                node.joint = {}
            key = tuple(chosen)
            child = node.joint.get(key)
            if child is None:
                child = node.joint[key] = _Node()
            node = child
        if new:
            return path, node


def _paired(
    state: State,
    seat: int,
    rng: random.Random,
    ranked: list[str],
    widening: tuple[int, float],
    budget: tuple[float, float, float],
    playing: tuple[Policy | None, int | None, Evaluator],
    prior: tuple[str | None, float],
) -> SearchResult:
    """The root alone, with common random numbers: a search one action deep.

    The iterations go in rounds. A round draws one determinization and one seed,
    and plays each admitted root action of ``seat`` (the first ``k + c * sqrt(round)``
    of ``ranked``) on its own copy of that guess, the rollout's random numbers drawn
    from that same seed, so the actions are compared on the same hidden cards and, as
    far as their paths agree, the same luck: the differences between them have far
    less noise than their values. With the game's heuristic as the rollout policy this
    estimates "play this, then everybody plays like the heuristic", one step of policy
    improvement over the heuristic (its choice, ``prior``, among the candidates).

    The choice is the best mean; when ``prior`` is given, the best mean of the actions
    that beat it, over the rounds both were played in, by more than nothing and by
    ``confidence`` standard errors of the paired difference, or else ``prior``."""
    rollout, depth, judge = playing
    limit, deadline, start = budget
    first, growth = widening
    favourite, confidence = prior
    rewards: dict[str, dict[int, float]] = {action: {} for action in ranked}
    done = plies = rounds = 0
    clock = time.perf_counter
    while done < limit and (done == 0 or clock() < deadline):
        guess = state.determinize(seat, rng)
        seed = rng.getrandbits(64)
        for action in ranked[: first + int(growth * math.sqrt(rounds))]:
            if done >= limit or (done and clock() >= deadline):
                break
            copy = guess.clone()
            copy.apply(seat, action)
            plies += _play_out(copy, random.Random(seed), rollout, depth)
            rewards[action][rounds] = (outcome(copy) if copy.is_over() else judge(copy))[seat]
            done += 1
        rounds += 1
    values = {a: sum(r.values()) / len(r) for a, r in rewards.items() if r}
    chosen = max(values, key=lambda a: (values[a], -ranked.index(a)))
    if favourite is not None and favourite in values:
        better = [a for a in values if a != favourite and _beats(rewards, a, favourite, confidence)]
        chosen = max(better, key=lambda a: (values[a], -ranked.index(a)), default=favourite)
    visits = {a: len(rewards.get(a, {})) for a in state.legal_actions(seat)}
    return SearchResult(chosen, done, time.perf_counter() - start, visits, values, plies)


def _beats(rewards: dict[str, dict[int, float]], one: str, other: str, z: float) -> bool:
    """Whether ``one`` beats ``other`` over their common rounds by ``z`` standard errors
    of the paired difference, and by more than nothing."""
    gains = [rewards[one][n] - rewards[other][n] for n in rewards[one] if n in rewards[other]]
    if not gains:
        return False
    mean = sum(gains) / len(gains)
    spread = 0.0
    if len(gains) > 1:
        spread = math.sqrt(sum((g - mean) ** 2 for g in gains) / (len(gains) - 1))
    return mean > 1e-12 and mean > z * spread / math.sqrt(len(gains))


def _play_out(state: State, rng: random.Random, policy: Policy | None, depth: int | None) -> int:
    """Play ``state`` on with ``policy`` for ``depth`` plies or to the end; plies played."""
    plies = 0
    limit = depth if depth is not None else math.inf
    while plies < limit:
        movers = state.to_move()
        if not movers:
            break
        for mover in sorted(movers) if len(movers) > 1 else movers:
            if len(movers) > 1 and mover not in state.to_move():
                continue
            if policy is None:
                legal = state.legal_actions(mover)
                action = legal[rng.randrange(len(legal))] if len(legal) > 1 else legal[0]
            else:
                action = policy(state, mover, rng)
            state.apply(mover, action)
            plies += 1
    return plies


def ismcts_choose(
    state: State,
    seat: int,
    rng: random.Random,
    *,
    iterations: int | None = None,
    seconds: float | None = None,
    rollout: Policy | None = None,
    depth: int | None = None,
    evaluate: Evaluator | None = None,
) -> str:
    """The action IS-MCTS chooses for ``seat``; see :func:`search` for the options."""
    return search(
        state,
        seat,
        rng,
        iterations=iterations,
        seconds=seconds,
        rollout=rollout,
        depth=depth,
        evaluate=evaluate,
    ).action


# ---------------------------------------------------------------------- levels


@dataclass(frozen=True)
class Settings:
    """How the levels search one game (the budget is the level's: :data:`BUDGETS`)."""

    depth: int | None = None  # rollout plies before evaluating; None: to the end
    evaluation: str = "scores"  # a key of EVALUATIONS
    scale: float = 0.0  # the evaluation's logistic width (0: its own default)
    rollout: str = "random"  # "random", "heuristic" (the game's), or "light" (:func:`light`)
    prior_bias: float = 0.0  # progressive bias towards the heuristic's choice at the root
    exploration: float = EXPLORATION
    candidates: int = 0  # the root starts with the heuristic's best k actions (0: all)
    widening: float = 0.0  # ... and one more as sqrt(iterations) (paired: rounds) grows by 1/this
    tree_depth: int | None = None  # actions kept in the tree below the root; None: no bound
    paired: bool = False  # the root alone, with common random numbers (rounds, not UCB)
    confidence: float = 0.0  # paired: standard errors by which to overrule the heuristic


@dataclass(frozen=True)
class Budget:
    """How long a level searches a move: whichever bound comes first (None: no bound)."""

    seconds: float | None
    iterations: int | None


BUDGETS: dict[str, Budget] = {
    "normal": Budget(NORMAL_SECONDS, NORMAL_ITERATIONS),
    "hard": Budget(HARD_SECONDS, HARD_ITERATIONS),
}
"""Per level. Tests may swap in iteration-only budgets, which make the levels deterministic."""

SETTINGS: dict[str, Settings] = {
    "caravan": Settings(
        depth=10,
        evaluation="caravan",
        rollout="heuristic",
        candidates=4,
        paired=True,
        confidence=1.0,
    ),
    "camping": Settings(depth=6, evaluation="camping", prior_bias=2.0),
    "feurio": Settings(depth=10, prior_bias=2.0),
    "pueblo": Settings(
        depth=4, evaluation="pueblo", rollout="heuristic", candidates=32, paired=True
    ),
    "offseason": Settings(
        depth=12,
        evaluation="offseason",
        rollout="heuristic",
        candidates=4,
        paired=True,
        confidence=1.0,
    ),
}
"""Per game id; a game not listed is searched with ``Settings()``: random rollouts to the end."""


def heuristic(game: str | None) -> Policy:
    """The heuristic bot's policy for ``game`` (random for a game it does not know)."""
    from core.bots import BOTS  # here, not at the top: core.bots may import this module

    return BOTS["heuristic"].policy(game)


def rollout_policy(kind: str, game: str | None) -> Policy | None:
    """The rollout policy named ``kind`` for ``game`` (None: uniformly random)."""
    if kind == "heuristic":
        return heuristic(game)
    if kind == "light":
        return light
    return None


def light(state: State, seat: int, rng: random.Random) -> str:
    """A rollout policy barely dearer than random: in an auction (every action a bid or a
    pass) it bids the least it may, or passes; elsewhere a uniformly random action.
    Random bids would spend half a seat's coins on every auction of a rollout."""
    legal = state.legal_actions(seat)
    if all(a == "pass" or a.startswith("bid ") for a in legal):
        if "pass" in legal:
            return "pass"
        return min(legal, key=lambda a: int(a.split()[1]))
    return legal[rng.randrange(len(legal))] if len(legal) > 1 else legal[0]


def ranking(game: str | None) -> Callable[[State, int, random.Random], list[str]]:
    """The heuristic's ranking of a seat's legal actions, its choice first: a game's own
    ``ranked`` where its heuristic has one, else the choice followed by the rest."""
    from core.bots import caravan_heuristic, offseason_heuristic, pueblo_heuristic

    own = {
        "caravan": caravan_heuristic.ranked,
        "pueblo": pueblo_heuristic.ranked,
        "offseason": offseason_heuristic.ranked,
    }
    if game in own:
        return own[game]
    choose = heuristic(game)

    def choice_first(state: State, seat: int, rng: random.Random) -> list[str]:
        first = choose(state, seat, rng)
        return [first] + [a for a in state.legal_actions(seat) if a != first]

    return choice_first


def play_level(
    level: str,
    state: State,
    seat: int,
    rng: random.Random,
    *,
    seconds: float | None = None,
    iterations: int | None = None,
) -> SearchResult:
    """Search as ``level`` ("normal" or "hard") does; ``seconds``/``iterations``, when
    either is given, replace the level's budget."""
    game = state.view(seat).get("game")
    chosen = SETTINGS.get(game or "", Settings())
    budget = BUDGETS[level]
    if seconds is not None or iterations is not None:
        budget = Budget(seconds, iterations)
    width, judge = chosen.scale, EVALUATIONS[chosen.evaluation]

    def evaluate(position: State) -> list[float]:
        return judge(position, width)

    prior = ranked = None
    wants = chosen.prior_bias or chosen.candidates or chosen.paired
    if wants and len(state.legal_actions(seat)) > 1:
        ranked = ranking(game)(state, seat, rng)
        prior = ranked[0]
    return search(
        state,
        seat,
        rng,
        iterations=budget.iterations,
        seconds=budget.seconds,
        rollout=rollout_policy(chosen.rollout, game),
        depth=chosen.depth,
        evaluate=evaluate,
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
    return heuristic(state.view(seat).get("game"))(state, seat, rng)


def normal(state: State, seat: int, rng: random.Random) -> str:
    """IS-MCTS with a small budget (:data:`NORMAL_SECONDS`, random rollouts)."""
    return play_level("normal", state, seat, rng).action


def hard(state: State, seat: int, rng: random.Random) -> str:
    """IS-MCTS with :data:`HARD_SECONDS` a move and the per-game settings."""
    return play_level("hard", state, seat, rng).action
