"""The tree of the IS-MCTS search (:mod:`core.bots.ismcts`): its nodes and edges, the
choice at a node (UCB1 with availability counts; Exp3 in a simultaneous block), and
one descent from the root, which selects and expands on a determinization.

Nodes are keyed by action history, from the searching seat's point of view; see
:mod:`core.bots.ismcts` for the search these serve and its approximations.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable

from core.engine import State

GAMMA = 0.2  # simultaneous choices (Exp3): the share of uniformly random exploration


class Edge:
    """An action from a node: its visits, its total reward, how often it was legal."""

    __slots__ = ("visits", "total", "avail", "bias", "gain", "child")

    def __init__(self, bias: float = 0.0) -> None:
        self.visits = 0
        self.total = 0.0
        self.avail = 1
        self.bias = bias  # progressive bias: bias / visits is added to the mean
        self.gain = 0.0  # simultaneous choices: Exp3's importance-weighted total
        self.child: Node | None = None


class Node:
    """A point of the action history: per seat to move, its actions' edges."""

    __slots__ = ("edges", "joint")

    def __init__(self) -> None:
        self.edges: dict[int, dict[str, Edge]] = {}
        self.joint: dict[tuple[str, ...], Node] | None = None  # after a simultaneous block


def select(
    table: dict[str, Edge],
    legal: list[str],
    rng: random.Random,
    exploration: float,
) -> tuple[str, Edge, bool]:
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
        edge = table[action] = Edge()
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


def select_simultaneous(
    table: dict[str, Edge], legal: list[str], rng: random.Random
) -> tuple[str, Edge, bool, float]:
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
        edge = table[action] = Edge()
    return action, edge, new, 1.0 / probabilities[index]


def descend(
    root: Node,
    state: State,
    rng: random.Random,
    exploration: float,
    narrowed: tuple[int, Callable[[list[str]], list[str]] | None] = (-1, None),
    tree_depth: int | None = None,
) -> tuple[list[tuple[int, Edge, float]], Node]:
    """Selection and expansion on ``state`` (changed in place); the edges taken, each
    with its Exp3 weight (0 for a choice made alone, by UCB). ``narrowed`` is a seat
    and what it may choose from at the root (progressive widening), or None. After
    ``tree_depth`` actions the descent stops (the rollout plays on, from the middle
    of a simultaneous block if need be)."""
    seat, narrow = narrowed
    limit = tree_depth if tree_depth is not None else math.inf
    path: list[tuple[int, Edge, float]] = []
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
            action, edge, new = select(table, legal, rng, exploration)
            state.apply(mover, action)
            path.append((mover, edge, 0.0))
            if edge.child is None:
                edge.child = Node()
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
                action, edge, fresh, weight = select_simultaneous(table, legal, rng)
                state.apply(mover, action)
                path.append((mover, edge, weight))
                chosen.append(action)
                new = new or fresh
            if node.joint is None:
                node.joint = {}
            key = tuple(chosen)
            child = node.joint.get(key)
            if child is None:
                child = node.joint[key] = Node()
            node = child
        if new:
            return path, node
