"""The replay analysis (core.analysis): its document, the digest that ties it to a game,
the refusals of a document that does not fit, labels and accuracy, and chunks that give
the same entries as one run. Budgets here are iteration-only, so every result is fixed by
its seed."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from typing import Any

import pytest

from bench.analysis import played_record
from core.analysis import (
    FORCED,
    LABELS,
    AnalysisBudget,
    AnalysisError,
    analyse_plies,
    check_analysis,
    moves_digest,
    rollout_depth,
    rollout_policy,
    summarise,
)
from core.analysis_labels import THRESHOLDS, accuracy, label, move_accuracy
from core.bots import levels
from core.bots.rewards import outcome, standing
from core.games import GAMES
from core.record import replay

TINY = AnalysisBudget(seconds=None, rounds=1, candidates=1)
SMALL = AnalysisBudget(seconds=None, rounds=3, candidates=3)
SHORT = {
    "caravan": (2, {"hands": 1}),
    "camping": (2, None),
    "feurio": (3, None),
    "pueblo": (2, None),
    "offseason": (3, None),
}


@pytest.fixture(scope="module")
def caravan() -> dict[str, Any]:
    return played_record("caravan", 2, 4, {"hands": 1})


@pytest.fixture(scope="module")
def document(caravan: dict[str, Any]) -> dict[str, Any]:
    n = len(caravan["actions"])
    return summarise(caravan, analyse_plies(caravan, 0, n, budget=TINY, seed=1), TINY)


def test_the_digest_follows_the_game_and_its_moves_not_the_names(caravan: dict) -> None:
    renamed = {**caravan, "seats": ["ann", "bob"]}
    shorter = {**caravan, "actions": caravan["actions"][:-1]}
    newer = {**caravan, "rules_version": caravan["rules_version"] + 1}
    assert moves_digest(renamed) == moves_digest(caravan)
    assert moves_digest(shorter) != moves_digest(caravan)
    assert moves_digest(newer) != moves_digest(caravan)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_whole_short_game_has_one_consistent_entry_per_ply(game: str) -> None:
    players, options = SHORT[game]
    record = played_record(game, players, 2, options)
    n = len(record["actions"])
    doc = summarise(record, analyse_plies(record, 0, n, budget=TINY, seed=3), TINY)
    assert json.loads(json.dumps(doc)) == doc
    assert doc["value"] == ("win" if players == 2 else "standing")
    assert [entry["ply"] for entry in doc["plies"]] == list(range(1, n + 1))
    state = replay(record, upto=0)
    for entry, (seat, action) in zip(doc["plies"], record["actions"], strict=True):
        legal = state.legal_actions(seat)
        assert (entry["seat"], entry["played"]) == (seat, action)
        assert (entry["label"] == FORCED) == (len(legal) == 1)
        assert entry["best"] in legal
        assert entry["before"] == entry["best_value"] >= entry["after"]
        assert entry["loss"] == pytest.approx(entry["best_value"] - entry["after"], abs=2e-4)
        assert len(entry["values"]) == players
        assert entry["values"][seat] == entry["after"]
        state.apply(seat, action)
    for seat in range(players):
        judged = [e["loss"] for e in doc["plies"] if e["seat"] == seat and e["label"] != FORCED]
        assert doc["accuracy"][seat] == accuracy(game, judged)
    assert sum(sum(counts.values()) for counts in doc["labels"]) == n


def test_a_chunked_analysis_gives_the_entries_of_one_run(caravan: dict) -> None:
    whole = analyse_plies(caravan, 0, 10, budget=SMALL, seed=5)
    parts = analyse_plies(caravan, 0, 5, budget=SMALL, seed=5)
    parts += analyse_plies(caravan, 5, 10, budget=SMALL, seed=5)
    assert whole == parts
    assert [entry["ply"] for entry in whole] == list(range(1, 11))


def test_the_same_seed_gives_the_same_entries(caravan: dict) -> None:
    one = analyse_plies(caravan, 3, 8, budget=SMALL, seed=9)
    assert one == analyse_plies(caravan, 3, 8, budget=SMALL, seed=9)


def test_plies_outside_the_game_are_refused(caravan: dict) -> None:
    with pytest.raises(AnalysisError):
        analyse_plies(caravan, 0, len(caravan["actions"]) + 1, budget=TINY, seed=1)
    with pytest.raises(AnalysisError):
        analyse_plies(caravan, 4, 3, budget=TINY, seed=1)


def test_the_candidates_are_the_heuristics_best_and_the_move_played(caravan: dict) -> None:
    for entry in analyse_plies(caravan, 0, 12, budget=SMALL, seed=2):
        moves = [move for move, _ in entry["candidates"]]
        assert entry["played"] in moves and entry["best"] in moves
        assert len(moves) <= SMALL.candidates + 1 and len(set(moves)) == len(moves)
        values = [value for _, value in entry["candidates"]]
        assert values == sorted(values, reverse=True) and values[0] == entry["best_value"]
        assert entry["rounds"] == (SMALL.rounds if entry["label"] != FORCED else 3)


def test_a_forced_ply_is_labelled_forced_and_still_valued(document: dict) -> None:
    forced = [entry for entry in document["plies"] if entry["label"] == FORCED]
    assert forced, "a one-hand game of Caravan has plies with one legal move"
    for entry in forced:
        assert entry["best"] == entry["played"] and entry["loss"] == 0.0
        assert entry["rounds"] >= 1 and len(entry["values"]) == 2


def test_labels_follow_each_games_thresholds() -> None:
    for game, bands in THRESHOLDS.items():
        assert bands.good < bands.inaccuracy < bands.mistake < 1
        assert label(game, 0.0) == "best"
        assert label(game, bands.good) == "good"
        assert label(game, bands.good + 1e-3) == "inaccuracy"
        assert label(game, bands.inaccuracy + 1e-3) == "mistake"
        assert label(game, bands.mistake) == "mistake"
        assert label(game, bands.mistake + 1e-3) == "blunder"
    assert THRESHOLDS["offseason"].good > THRESHOLDS["pueblo"].good  # more luck, wider


def test_accuracy_is_100_within_the_noise_and_falls_with_the_loss() -> None:
    good = THRESHOLDS["feurio"].good
    assert move_accuracy("feurio", 0.0) == move_accuracy("feurio", good) == 100.0
    falling = [move_accuracy("feurio", loss) for loss in (0.1, 0.2, 0.4, 1.0)]
    assert falling == sorted(falling, reverse=True) and 0 <= falling[-1] < 5
    assert accuracy("feurio", []) is None
    assert accuracy("feurio", [0.0, 1.0]) == round((100 + move_accuracy("feurio", 1.0)) / 2, 1)


def test_standing_is_the_chance_of_winning_at_two_players() -> None:
    decided = 0
    for seed in range(1, 5):
        state = replay(played_record("pueblo", 2, seed))
        assert standing(state) == outcome(state)
        scores = state.scores()
        if scores[0] != scores[1]:  # penalties: the fewer wins
            assert standing(state)[scores.index(min(scores))] == 1.0
            decided += 1
    assert decided


def test_standing_with_more_players_is_the_share_of_opponents_beaten() -> None:
    state = replay(played_record("feurio", 4, 1))
    ranks = state.ranking()
    beaten = [sum(0.5 if o == r else float(r < o) for o in ranks) - 0.5 for r in ranks]
    assert standing(state) == pytest.approx([b / 3 for b in beaten])
    assert sum(standing(state)) == pytest.approx(2.0)  # every pair shares one point


Mutation = Callable[[dict[str, Any], dict[str, Any]], None]


def _set(path: tuple[Any, ...], value: Any) -> Mutation:
    def mutate(doc: dict[str, Any], record: dict[str, Any]) -> None:
        target: Any = doc
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value

    return mutate


def _other_moves(doc: dict[str, Any], record: dict[str, Any]) -> None:
    record["actions"] = record["actions"][:-1]


def _other_rules(doc: dict[str, Any], record: dict[str, Any]) -> None:
    record["rules_version"] += 1


def _a_ply_missing(doc: dict[str, Any], record: dict[str, Any]) -> None:
    del doc["plies"][3]


def _an_illegal_best(doc: dict[str, Any], record: dict[str, Any]) -> None:
    doc["plies"][0]["best"] = "no such move"


def _a_judged_forced_ply(doc: dict[str, Any], record: dict[str, Any]) -> None:
    entry = next(e for e in doc["plies"] if e["label"] == FORCED)
    entry["label"] = "best"


REFUSED: dict[str, Mutation] = {
    "another format": _set(("format",), 2),
    "another game": _set(("game",), "pueblo"),
    "other moves": _other_moves,
    "other rules": _other_rules,
    "another digest": _set(("digest",), "0" * 64),
    "another value": _set(("value",), "standing"),
    "a ply missing": _a_ply_missing,
    "a ply renumbered": _set(("plies", 0, "ply"), 2),
    "another mover": _set(("plies", 0, "seat"), 5),
    "another move": _set(("plies", 0, "played"), "pass"),
    "an unknown label": _set(("plies", 0, "label"), "brilliant"),
    "a value above 1": _set(("plies", 0, "after"), 1.5),
    "a value of the wrong type": _set(("plies", 0, "loss"), "0.1"),
    "a boolean for a value": _set(("plies", 0, "before"), True),
    "values of too few seats": _set(("plies", 0, "values"), [0.5]),
    "an illegal best move": _an_illegal_best,
    "a judged forced ply": _a_judged_forced_ply,
    "an entry without keys": _set(("plies", 0), {"ply": 1}),
    "an accuracy above 100": _set(("accuracy", 0), 101),
    "an accuracy per seat missing": _set(("accuracy",), [50.0]),
    "a negative budget": _set(("budget", "seconds"), -1),
    "a budget without candidates": _set(("budget", "candidates"), 0),
    "too many candidates": _set(("plies", 0, "candidates"), [["x", 0.5]] * 100),
}


@pytest.mark.parametrize("case", sorted(REFUSED))
def test_a_document_that_does_not_fit_its_record_is_refused(
    case: str, caravan: dict, document: dict
) -> None:
    doc, record = copy.deepcopy(document), copy.deepcopy(caravan)
    REFUSED[case](doc, record)
    with pytest.raises(AnalysisError) as refused:
        check_analysis(record, doc)
    assert str(refused.value).endswith(".")


@pytest.mark.parametrize("junk", [None, [], "analysis", 3])
def test_what_is_not_a_document_is_refused(junk: Any, caravan: dict) -> None:
    with pytest.raises(AnalysisError, match="JSON object"):
        check_analysis(caravan, junk)


def test_a_document_checks_against_its_record(caravan: dict, document: dict) -> None:
    assert check_analysis(caravan, document) is document
    assert set(document) >= {"format", "game", "rules_version", "digest", "value", "budget"}
    assert document["budget"] == TINY.as_dict()
    assert all(entry["label"] in LABELS + (FORCED,) for entry in document["plies"])
    older = {key: value for key, value in document.items() if key not in ("labels", "thresholds")}
    older["plies"] = [{k: v for k, v in e.items() if k != "candidates"} for e in document["plies"]]
    assert check_analysis(caravan, older) is older  # the first outline's keys are enough


@pytest.mark.parametrize("game", sorted(GAMES))
def test_rollouts_play_as_normal_does_even_where_hard_rolls_out_a_quicker_policy(game: str) -> None:
    known = levels.knowledge(game)
    policy = rollout_policy(game)
    if known.settings.rollout == "quick":
        assert policy is known.choose and known.quick is not None
    else:
        assert policy is known.rollout()


@pytest.mark.parametrize("game", sorted(GAMES))
def test_rollouts_are_as_long_as_when_the_noise_bands_were_measured(game: str) -> None:
    """Pueblo's hard rolls out eight plies; its analysis, measured at four, keeps four."""
    depth = rollout_depth(game)
    if game == "pueblo":
        assert depth == 4 < levels.knowledge(game).settings.depth
    else:
        assert depth == levels.knowledge(game).settings.depth
