"""The replay analysis is honest: a move that loses by the rules is marked a mistake or a
blunder with a winning move named best, in every game; and it judges a move from what its
player could know, never from the hidden cards (as the bots do, tests/bots/test_bots.py)."""

from __future__ import annotations

import random
from typing import Any, cast

import pytest

from core import analysis
from core.analysis import AnalysisBudget, analyse_plies, judge
from core.bots.rewards import outcome
from core.engine import State
from core.games import GAMES
from core.record import new_record, replay
from tests.bots.playing import ALLOWED, Spy

BUDGET = AnalysisBudget(seconds=None, rounds=6, candidates=4)
GUESSES = 6  # determinizations for the mover in which a verdict must hold too
WALK = 150  # positions a verdict may look through before it gives up
LAST = 10  # plies from the end a scan looks at
# Per game: players, options and the seeds scanned (each range starts at the first seed,
# counting from 0, whose random game has such a ply, so a scan stays short).
DECISIVE: dict[str, tuple[int, dict[str, Any] | None, range]] = {
    "caravan": (2, {"hands": 1}, range(10, 14)),
    "camping": (2, None, range(6, 10)),
    "feurio": (2, None, range(11, 15)),
    "pueblo": (2, None, range(1, 5)),
    "offseason": (3, None, range(2, 6)),
}


def verdict(state: State, seat: int, action: str) -> float | None:
    """``seat``'s share of first place after ``action``, when every way the game may go on
    from there gives the same (looking through at most :data:`WALK` positions), else None."""
    seen: set[float] = set()
    walked = 0

    def same_whatever_follows(position: State) -> bool:
        nonlocal walked
        if position.is_over():
            seen.add(outcome(position)[seat])
            return len(seen) == 1
        walked += 1
        mover = min(position.to_move())
        return walked <= WALK and all(
            same_whatever_follows(after)
            for move in position.legal_actions(mover)
            if (after := position.after(mover, move)) is not None
        )

    after = state.after(seat, action)
    return seen.pop() if after is not None and same_whatever_follows(after) else None


def winning_and_losing(state: State, seat: int) -> tuple[list[str], list[str]]:
    """The moves of ``seat`` that win, and those that lose, whatever follows, in the true
    state and in each of :data:`GUESSES` determinizations for ``seat``."""
    verdicts = {a: verdict(state, seat, a) for a in state.legal_actions(seat)}
    if 1.0 not in verdicts.values() or 0.0 not in verdicts.values():
        return [], []
    guesses = [state.determinize(seat, random.Random(n)) for n in range(GUESSES)]
    sure = {
        action: result
        for action, result in verdicts.items()
        if result is not None and all(verdict(g, seat, action) == result for g in guesses)
    }
    return (
        sorted(a for a, r in sure.items() if r == 1.0),
        sorted(a for a, r in sure.items() if r == 0.0),
    )


def decisive_ply(game: str) -> tuple[dict[str, Any], int, list[str], list[str]]:
    """A record of a seeded random game up to a ply near its end where the mover has a move
    that wins and one that loses by the rules; that mover, and those moves."""
    players, options, seeds = DECISIVE[game]
    for seed in seeds:
        state, rng = GAMES[game].new_game(players, seed, options), random.Random(seed)
        history: list[tuple[State, int, str]] = []
        while not state.is_over():
            seat = min(state.to_move())
            action = rng.choice(state.legal_actions(seat))
            history.append((state.clone(), seat, action))
            state.apply(seat, action)
        for ply in range(len(history), len(history) - LAST, -1):
            before, seat, _ = history[ply - 1]
            wins, losses = winning_and_losing(before, seat)
            if wins and losses:
                record = new_record(game, players, seed, options, ["a"] * players)
                record["actions"] = [[s, a] for _, s, a in history[: ply - 1]]
                return record, seat, wins, losses
    raise AssertionError(f"no decisive ply in {game} seeds {seeds}")


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_move_that_loses_by_the_rules_is_marked_and_a_winning_move_is_best(game: str) -> None:
    record, seat, wins, losses = decisive_ply(game)
    ply = len(record["actions"]) + 1
    record["actions"].append([seat, losses[0]])
    entry = analyse_plies(record, ply - 1, ply, budget=BUDGET, seed=0)[0]
    assert entry["label"] in ("mistake", "blunder"), entry
    assert entry["best"] in wins, (entry, wins)
    assert entry["best_value"] - entry["after"] >= 0.5


def positions(game: str, players: int, plies: tuple[int, ...]) -> list[tuple[State, int, str]]:
    """(true state, seat to move, the move it makes) at ``plies`` of a seeded random game;
    where several seats are to move (sealed bids), each of them."""
    state, rng, found = GAMES[game].new_game(players, 2, None), random.Random(2), []
    for ply in range(max(plies) + 1):
        if state.is_over():
            break
        seats = sorted(state.to_move())
        moves = {seat: rng.choice(state.legal_actions(seat)) for seat in seats}
        if ply in plies:
            found += [(state.clone(), seat, moves[seat]) for seat in seats]
        state.apply(seats[0], moves[seats[0]])
    return found


SPIED = [("caravan", 2), ("camping", 3), ("feurio", 3), ("pueblo", 2), ("offseason", 3)]


@pytest.mark.parametrize(("game", "players"), SPIED)
def test_the_analysis_asks_the_position_only_about_the_movers_seat(game: str, players: int) -> None:
    """The strict form, as for the bots (tests/bots/test_ismcts.py): only game / view /
    legal_actions / determinize, for the mover's seat; anything goes on the states
    determinize returns, the search's own guesses."""
    for n, (state, seat, move) in enumerate(positions(game, players, (0, 7, 20))):
        rng = random.Random(n)
        spy = Spy(state.determinize(seat, rng))
        judge(cast(State, spy), seat, move, BUDGET, rng, players=players)
        assert {call for call, _ in spy.calls} <= ALLOWED, spy.calls
        assert {who for call, who in spy.calls if call != "game"} == {seat}, spy.calls
        assert ("determinize", seat) in spy.calls


@pytest.mark.parametrize(("game", "players"), SPIED)
def test_the_true_state_is_only_determinized_for_the_mover_and_played_on(
    game: str, players: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    record = new_record(game, players, 2, None, ["a"] * players)
    state, rng = replay(record), random.Random(2)
    for _ in range(12):
        seat = min(state.to_move())
        record["actions"].append([seat, rng.choice(state.legal_actions(seat))])
        state.apply(*record["actions"][-1])
    spies: list[Spy] = []

    def spied_replay(rec: dict[str, Any], upto: int | None = None) -> Any:
        spies.append(Spy(replay(rec, upto)))
        return spies[-1]

    monkeypatch.setattr(analysis, "replay", spied_replay)
    cheap = AnalysisBudget(seconds=None, rounds=1, candidates=1)
    analyse_plies(record, 0, len(record["actions"]), budget=cheap, seed=1)
    (spy,) = spies
    movers = [seat for seat, _ in record["actions"]]
    assert [call for call in spy.calls if call[0] == "determinize"] == [
        ("determinize", seat) for seat in movers
    ]
    assert {name for name, _ in spy.calls} == {"determinize", "apply"}


@pytest.mark.parametrize(("game", "players"), SPIED)
def test_the_judgement_is_the_same_whatever_the_cards_the_mover_cannot_see(
    game: str, players: int
) -> None:
    for n, (state, seat, move) in enumerate(positions(game, players, (0, 9, 25))):
        one = state.determinize(seat, random.Random(2 * n))  # two truths the mover cannot
        other = state.determinize(seat, random.Random(2 * n + 1))  # tell apart
        judged = [
            judge(g, seat, move, BUDGET, random.Random(n), players=players) for g in (one, other)
        ]
        assert judged[0] == judged[1]


def test_a_sealed_bid_is_judged_for_its_bidder_blind_to_the_bids_sealed_before() -> None:
    judged = []
    for first_bid in ("bid 0", "bid 3"):
        record = new_record("offseason", 3, 1, None, ["a", "b", "c"])
        record["actions"] = [[0, first_bid], [1, "bid 2"]]
        judged.append(analyse_plies(record, 1, 2, budget=BUDGET, seed=4)[0])
    assert judged[0] == judged[1]
    entry = judged[0]
    assert entry["seat"] == 1 and entry["label"] != "forced"
    assert all(move.startswith("bid ") or move == "pass" for move, _ in entry["candidates"])
