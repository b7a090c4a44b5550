"""Analysis of a finished game: the bots' judgement of every move.

For every ply, for the seat that moved, judged from that seat's information at that
moment (the search sees ``state.determinize(seat, rng)``, never the true state):

- ``before``: the value of the position before the move (the value of the best move found);
- ``after``: the value of the move it played;
- ``best`` and ``best_value``: the search's best move and its value;
- ``loss``: ``best_value - after`` (never below 0), and ``label`` from the game's thresholds;
- ``values``: every seat's value after the played move (the graph's lines).

A value is in [0, 1]: a seat's expected share of the other seats it finishes ahead of
(ties count half), which at two players is its chance of winning.

The analysis document (JSON, stored and downloadable)::

    {"format": 1, "game": ..., "rules_version": ..., "digest": moves_digest(record),
     "value": "win" | "standing", "budget": {...},
     "plies": [{"ply": 1, "seat": 0, "played": ..., "best": ..., "before": 0.5,
                "after": 0.5, "best_value": 0.5, "loss": 0.0, "label": "best",
                "values": [0.5, 0.5], "rounds": 40,
                "candidates": [[action, value], ...]}, ...],
     "accuracy": [per seat: 0-100, or None for a seat that made no judged move],
     "thresholds": {"good": ..., "inaccuracy": ..., "mistake": ...},
     "labels": [per seat: {label: count}]}

``candidates`` (every move compared, with its value for the mover, the best first),
``thresholds`` (the game's, :mod:`core.analysis_labels`) and ``labels`` (per seat, how
many of its moves carry each label, forced ones included) are additions to the first
outline of the format; :func:`check_analysis` accepts a document without them.

The search (:func:`judge`) is the bots' paired root comparison
(:func:`core.bots.ismcts.paired_rounds`): the heuristic's best ``budget.candidates``
moves and the move played are each played, round after round, on the same
determinization with the same rollout luck, the rollouts playing the game's heuristic
(or its random policy) to the game's depth. See ``docs/analysis.md``.

>>> from core.record import new_record, replay
>>> rec = new_record("feurio", 2, seed=3, options=None, seats=["ann", "bob"])
>>> state = replay(rec)
>>> for _ in range(3):
...     seat = min(state.to_move())
...     action = state.legal_actions(seat)[0]
...     state.apply(seat, action)
...     rec["actions"].append([seat, action])
>>> tiny = AnalysisBudget(seconds=None, rounds=2, candidates=2)
>>> plies = analyse_plies(rec, 0, 3, budget=tiny, seed=1)
>>> [entry["ply"] for entry in plies], plies == analyse_plies(rec, 0, 3, budget=tiny, seed=1)
([1, 2, 3], True)
>>> check_analysis(rec, summarise(rec, plies, tiny))["value"]
'win'
"""

from __future__ import annotations

import hashlib
import json
import math
import random
import time
from dataclasses import asdict, dataclass
from typing import Any, cast

from core.analysis_check import check_document
from core.analysis_labels import (
    FORCED,
    LABELS,
    accuracy,
    described,
    label,
    label_counts,
    value_kind,
)
from core.bots.ismcts import Evaluator, Policy, paired_rounds
from core.bots.levels import knowledge
from core.bots.rewards import outcome, standing
from core.engine import State
from core.record import replay

__all__ = [
    "FORCED",
    "LABELS",
    "AnalysisBudget",
    "AnalysisError",
    "analyse_plies",
    "check_analysis",
    "judge",
    "moves_digest",
    "summarise",
    "value_kind",
]

FORMAT = 1
FORCED_ROUNDS = 4  # the rounds a forced move's values are estimated with, at most
DIGITS = 4


class AnalysisError(ValueError):
    """An analysis that does not belong to the record it came with, or cannot be read."""


@dataclass(frozen=True)
class AnalysisBudget:
    """What the search spends on one ply: whichever bound comes first.

    At least two rounds are played whatever the time (a round plays every candidate
    once); a ply with one legal move gets a quarter of the time and at most
    :data:`FORCED_ROUNDS` rounds. Without ``seconds`` the analysis is deterministic
    given its seed. The default keeps a 150-ply game within 2 minutes of one core
    (``docs/analysis.md``, Budget)."""

    seconds: float | None = 0.6
    rounds: int | None = 64
    candidates: int = 4  # the heuristic's best k moves, with the move played, compared

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)


def moves_digest(record: dict[str, Any]) -> str:
    """What ties an analysis to its game: a hash of the game, its setup and its moves."""
    setup = {
        key: record.get(key)
        for key in ("game", "rules_version", "players", "seed", "options", "actions")
    }
    text = json.dumps(setup, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def analyse_plies(
    record: dict[str, Any], start: int, stop: int, *, budget: AnalysisBudget, seed: int
) -> list[dict[str, Any]]:
    """The entries of plies ``start + 1`` to ``stop`` (1-based), in order. Pure and picklable,
    so a process pool runs it in chunks.

    Each ply's random numbers come from ``(seed, ply)`` alone, so with an iteration-only
    budget a chunk gives the same entries as the whole game analysed at once."""
    actions = record["actions"]
    if not 0 <= start <= stop <= len(actions):
        raise AnalysisError(f"Plies {start + 1}-{stop} are not moves of this game.")
    state = replay(record, upto=start)
    entries = []
    for ply in range(start + 1, stop + 1):
        seat, action = actions[ply - 1]
        rng = random.Random(f"analysis {seed} {ply}")
        given = state.determinize(seat, rng)
        entry = judge(given, seat, action, budget, rng, players=record["players"])
        entries.append({"ply": ply, **entry})
        state.apply(seat, action)
    return entries


def judge(
    given: State,
    seat: int,
    played: str,
    budget: AnalysisBudget,
    rng: random.Random,
    *,
    players: int,
) -> dict[str, Any]:
    """One ply's entry (without its number): ``seat`` played ``played`` in ``given``,
    a position of a ``players``-player game as that seat may know it (a
    determinization, as the bots are given).

    On ``given`` it calls only what a bot may: ``game``, ``legal_actions(seat)``,
    ``determinize(seat, rng)`` and the game's heuristic ranking (which reads
    ``view(seat)``); everything else happens on the determinizations it returns."""
    legal = given.legal_actions(seat)
    if played not in legal:
        raise AnalysisError(f"{played!r} is not a legal move of seat {seat} here.")
    known = knowledge(given.game)
    forced = len(legal) == 1
    compared = [played]
    if not forced:
        ranked = known.rank(given, seat, rng)[: max(1, budget.candidates)]
        compared = ranked + [played] * (played not in ranked)
    means, rounds = _compare(given, seat, compared, (budget, forced, players), rng)
    mine = {action: means[action][seat] for action in compared}
    best = max(compared, key=lambda a: (mine[a], a == played, -compared.index(a)))
    loss = max(0.0, mine[best] - mine[played])
    tag = FORCED if forced else label(given.game, loss)
    if tag == "best":
        best = played
    order = sorted(compared, key=lambda a: (-mine[a], compared.index(a)))
    return {
        "seat": seat,
        "played": played,
        "best": best,
        "before": _round(mine[best]),
        "after": _round(mine[played]),
        "best_value": _round(mine[best]),
        "loss": _round(loss),
        "label": tag,
        "values": [_round(v) for v in means[played]],
        "rounds": rounds,
        "candidates": [[action, _round(mine[action])] for action in order],
    }


def _compare(
    given: State,
    seat: int,
    compared: list[str],
    how: tuple[AnalysisBudget, bool, int],
    rng: random.Random,
) -> tuple[dict[str, list[float]], int]:
    """Every seat's mean reward after each compared move, over the rounds that played
    them all (a round cut short by the clock is left out), and how many those were."""
    budget, forced, players = how
    rounds = budget.rounds if budget.rounds is not None else math.inf
    seconds = budget.seconds if budget.seconds is not None else math.inf
    least = 2
    if forced:
        rounds, seconds, least = min(rounds, FORCED_ROUNDS), seconds / 4, 1
    limit = rounds * len(compared)
    deadline = time.perf_counter() + seconds
    judge_cut, end = _rewards(given.game, players)
    played = paired_rounds(
        given,
        seat,
        rng,
        lambda _round: compared,
        (limit, deadline, least * len(compared)),
        (rollout_policy(given.game), rollout_depth(given.game), judge_cut),
        end,
    )
    whole = sorted(set.intersection(*(set(played.rewards[a]) for a in compared)))
    means = {
        action: [
            sum(played.rewards[action][n][s] for n in whole) / len(whole)
            for s in range(len(played.rewards[action][whole[0]]))
        ]
        for action in compared
    }
    return means, len(whole)


def rollout_policy(game: str) -> Policy | None:
    """The policy an analysis's rollouts play: the one ``hard``'s rollouts play, except
    where those play the game's quick policy, a cheaper cut of the heuristic: there the
    heuristic itself. A move is judged by how the game goes on when everybody then plays
    as ``normal`` does, and the labels' noise bands were measured with those rollouts."""
    known = knowledge(game)
    return known.choose if known.settings.rollout == "quick" else known.rollout()


MEASURED_DEPTH = {"pueblo": 4}
"""Rollout plies an analysis plays where ``hard`` now rolls out longer than the analysis's
noise bands were measured with (Pueblo's went from four to eight, 2026-12-06)."""


def rollout_depth(game: str) -> int | None:
    """The plies an analysis's rollouts play before the position is judged: ``hard``'s,
    except where its noise bands were measured with another length (:data:`MEASURED_DEPTH`).

    >>> rollout_depth("pueblo"), rollout_depth("caravan") == knowledge("caravan").settings.depth
    (4, True)
    """
    return MEASURED_DEPTH.get(game, knowledge(game).settings.depth)


def _rewards(game: str, players: int) -> tuple[Evaluator, Evaluator]:
    """How a rollout is judged where it was cut off, and where the game ended: at two
    players the game's own evaluation and the winner; with more, :func:`standing`."""
    if players == 2:
        return knowledge(game).evaluator(), outcome
    return standing, standing


def _round(value: float) -> float:
    return round(min(1.0, max(0.0, value)), DIGITS)


def summarise(
    record: dict[str, Any], plies: list[dict[str, Any]], budget: AnalysisBudget
) -> dict[str, Any]:
    """The analysis document from every ply's entry."""
    game, players = record["game"], record["players"]
    ordered = sorted(plies, key=lambda entry: entry["ply"])
    judged: list[list[float]] = [[] for _ in range(players)]
    tags: list[list[str]] = [[] for _ in range(players)]
    for entry in ordered:
        tags[entry["seat"]].append(entry["label"])
        if entry["label"] != FORCED:
            judged[entry["seat"]].append(entry["loss"])
    document = {
        "format": FORMAT,
        "game": game,
        "rules_version": record["rules_version"],
        "digest": moves_digest(record),
        "value": value_kind(players),
        "budget": budget.as_dict(),
        "plies": ordered,
        "accuracy": [accuracy(game, losses) for losses in judged],
        "thresholds": described(game),
        "labels": [label_counts(seat_tags, LABELS + (FORCED,)) for seat_tags in tags],
    }
    return check_analysis(record, document)


def check_analysis(record: dict[str, Any], analysis: Any) -> dict[str, Any]:
    """``analysis`` if it is a well-formed document of ``record``'s moves, else
    :class:`AnalysisError` saying why."""
    problem = check_document(record, analysis, moves_digest(record), FORMAT)
    if problem:
        raise AnalysisError(problem)
    return cast(dict[str, Any], analysis)
