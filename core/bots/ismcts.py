"""Information-set Monte Carlo tree search over the engine protocol.

The search knows no game: what it knows of one (a heuristic prior, candidates, the
rollout policy, the cut-off evaluation) it is given, by the levels
(:mod:`core.bots.levels`) from the game's :class:`core.bots.knowledge.GameKnowledge`.
The tree itself (nodes, UCB1, Exp3, the descent) is :mod:`core.bots.tree`.

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
pass the game's heuristic choice where its ``Settings`` ask for it -- as a
progressive bias: ``prior_bias / visits`` is added to its mean, so it is tried
first and kept unless the search finds a clearly better action.

**Candidates (progressive widening).** Where the root has far more actions than
the budget can tell apart (Pueblo: about 185 placements), :func:`search` may be
given them ranked -- the levels pass the heuristic's ranking (``GameKnowledge.rank``) --
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
``determinize(seat, rng)``; the levels add ``game`` (the state says which game it
is) and, for a prior, candidates or ``easy``, the heuristic (its choice or its
ranking), which keeps to the same contract.
Everything else -- other seats' actions, ``apply``, rollout policies and
evaluations reading any seat's ``view`` or the state's own methods -- happens on
the states ``determinize`` returned, which are the search's own guesses.

Cost
----
Each iteration pays one ``determinize`` (a clone plus a re-deal): a few
microseconds in Caravan, whose clone shares what play does not change, 5-140 us in
the other games. ``view`` is never called inside the tree; rollouts are uniformly
random, :func:`light`, or the game's heuristic, cut off after ``depth`` plies, and
the position is then judged by a per-game evaluation (``core/bots/<game>.py``).
Where the rollouts play the heuristic, it is most of the search's cost, so Caravan,
Pueblo and Off Season roll out a quick form of it instead (``GameKnowledge.quick``:
fewer sampled hands and a greedy count in Caravan, no look ahead after a placement in
Pueblo, fewer draws of a market's hidden goods in Off Season), at a fraction of
the heuristic's cost a ply. Playouts per CPU second per game are in
``bench/README.md`` (Playouts per CPU second, side by side).

Reproducibility: given the same ``rng`` state and an iteration budget without a
time budget, the choice is the same. A time budget makes the number of
iterations, and so the choice, depend on the machine's speed and load.

The levels that use this search are in :mod:`core.bots.levels`.

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

from core.bots.rewards import outcome, score_evaluation
from core.bots.tree import Edge, Node, descend
from core.engine import State

Policy = Callable[[State, int, random.Random], str]
"""``policy(state, seat, rng) -> action``, as in :mod:`core.bots`."""

Evaluator = Callable[[State], list[float]]
"""Per seat, a reward in [0, 1] for a position where a rollout was cut off."""

EXPLORATION = 0.7  # UCB1's constant, for rewards in [0, 1]


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
    root = Node()
    if prior is not None and prior in legal and prior_bias:
        root.edges[seat] = {prior: Edge(prior_bias)}
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
        path, node = descend(root, guess, rng, exploration, (seat, narrow), tree_depth)
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
    limit, deadline, start = budget
    first, growth = widening
    favourite, confidence = prior

    def admitted(round_: int) -> list[str]:
        return ranked[: first + int(growth * math.sqrt(round_))]

    played = paired_rounds(state, seat, rng, admitted, (limit, deadline, 1), playing)
    done, plies = played.playouts, played.plies
    rewards = {
        action: {n: vector[seat] for n, vector in played.rewards.get(action, {}).items()}
        for action in ranked
    }
    values = {a: sum(r.values()) / len(r) for a, r in rewards.items() if r}
    chosen = max(values, key=lambda a: (values[a], -ranked.index(a)))
    if favourite is not None and favourite in values:
        better = [a for a in values if a != favourite and _beats(rewards, a, favourite, confidence)]
        chosen = max(better, key=lambda a: (values[a], -ranked.index(a)), default=favourite)
    visits = {a: len(rewards.get(a, {})) for a in state.legal_actions(seat)}
    return SearchResult(chosen, done, time.perf_counter() - start, visits, values, plies)


@dataclass
class Rounds:
    """What :func:`paired_rounds` played: per action, per round, every seat's reward."""

    rewards: dict[str, dict[int, list[float]]]
    playouts: int
    plies: int


def paired_rounds(
    state: State,
    seat: int,
    rng: random.Random,
    admitted: Callable[[int], list[str]],
    budget: tuple[float, float, int],
    playing: tuple[Policy | None, int | None, Evaluator],
    end: Evaluator = outcome,
) -> Rounds:
    """Rounds of common random numbers: the loop of :func:`_paired`, shared with the
    replay analysis (:mod:`core.analysis`).

    Round ``n`` draws one determinization of ``state`` for ``seat`` and one seed, and
    plays each action of ``admitted(n)`` on its own copy of that guess, then a rollout
    (``playing``: policy, depth, the judge of a cut-off) whose random numbers come
    from that same seed; a game that ended is judged by ``end`` (the share of first
    place by default). ``budget`` is ``(playouts, deadline, least)``: it stops after
    that many playouts, or at the ``time.perf_counter`` deadline once ``least``
    playouts are done, even inside a round."""
    rollout, depth, judge = playing
    limit, deadline, least = budget
    rewards: dict[str, dict[int, list[float]]] = {}
    done = plies = round_ = 0
    clock = time.perf_counter
    while done < limit and (done < least or clock() < deadline):
        guess = state.determinize(seat, rng)
        seed = rng.getrandbits(64)
        for action in admitted(round_):
            if done >= limit or (done >= least and clock() >= deadline):
                break
            copy = guess.clone()
            copy.apply(seat, action)
            plies += _play_out(copy, random.Random(seed), rollout, depth)
            reward = end(copy) if copy.is_over() else judge(copy)
            rewards.setdefault(action, {})[round_] = list(reward)
            done += 1
        round_ += 1
    return Rounds(rewards, done, plies)


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
