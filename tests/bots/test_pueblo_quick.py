"""The Pueblo heuristic's quick variant (``pueblo_heuristic.quick``), which ``hard``'s
rollouts play: legal and repeatable everywhere, blind to all but its own seat like the
heuristic, and the heuristic's own scores without the look ahead after a placement."""

from __future__ import annotations

import random
from typing import Any, cast

import pytest

from core.bots import levels, pueblo_heuristic
from core.bots.pueblo_heuristic import NEUTRAL, QUICK_SHORTLIST, TIE, Pueblo
from core.engine import State
from core.games import GAMES
from tests.bots.playing import ALLOWED, Spy, positions

TABLES = [
    (2, range(2), {}),
    (3, range(1), {}),
    (4, range(1), {}),
    (2, range(1), {"sacred_sites": 2, "auction": True, "demolition": True}),
    (3, range(1), {"sacred_sites": 1, "chief_start": "SE", "demolition": True}),
]


@pytest.mark.parametrize(("players", "seeds", "options"), TABLES)
def test_quick_plays_a_legal_action_everywhere_and_the_same_given_the_same_rng(
    players: int, seeds: range, options: dict[str, Any]
) -> None:
    phases = set()
    for ply, (state, seat) in enumerate(positions("pueblo", players, seeds, **options)):
        rng = random.Random(ply)
        guess = state.determinize(seat, rng)
        action = pueblo_heuristic.quick(guess, seat, rng)
        assert action in state.legal_actions(seat)
        again = random.Random(ply)
        assert pueblo_heuristic.quick(state.determinize(seat, again), seat, again) == action
        phases.add(state.view(seat)["phase"])
    assert {"place", "chief"} <= phases
    if options.get("demolition"):
        assert "remove" in phases


def test_quick_asks_the_state_only_about_its_own_seat() -> None:
    steps = set()
    options = {"sacred_sites": 1, "auction": True, "demolition": True}
    for players in (2, 4):
        for ply, (state, seat) in enumerate(positions("pueblo", players, range(1), **options)):
            if ply % 3:
                continue
            rng = random.Random(ply)
            spy = Spy(state.determinize(seat, rng))
            action = pueblo_heuristic.quick(cast(State, spy), seat, rng)
            assert action in state.legal_actions(seat)
            assert spy.calls, "the bot never looked at the state"
            assert {name for name, _ in spy.calls} <= ALLOWED, spy.calls
            assert {asked for name, asked in spy.calls if name != "game"} == {seat}, spy.calls
            steps.add(state.view(seat)["phase"])
    assert {"place", "chief"} <= steps


def looked_ahead(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every placement put on the bot's model for a look ahead (either way: quick or long)
    is recorded in the list returned."""
    put = Pueblo.put
    seen: list[str] = []

    def recorded(self: Pueblo, suffix: str, owner: int) -> int:
        seen.append(suffix)
        return put(self, suffix, owner)

    monkeypatch.setattr(Pueblo, "put", recorded)
    return seen


@pytest.mark.parametrize("players", [2, 3, 4])
def test_quick_follows_up_no_placement_where_the_heuristic_follows_up_many(
    players: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The parameter threaded through (``shortlist``) takes effect: not the heuristic
    under another name."""
    assert QUICK_SHORTLIST == 0 < pueblo_heuristic.SHORTLIST
    seen = looked_ahead(monkeypatch)
    decisions = 0
    for ply, (state, seat) in enumerate(positions("pueblo", players, range(1))):
        if state.view(seat)["phase"] != "place" or len(state.legal_actions(seat)) < 2:
            continue
        pueblo_heuristic.quick(state, seat, random.Random(ply))
        assert seen == [], ply
        pueblo_heuristic.choose(state, seat, random.Random(ply))
        assert len(seen) >= min(pueblo_heuristic.SHORTLIST, len(state.legal_actions(seat)))
        seen.clear()
        decisions += 1
    assert decisions >= 10


@pytest.mark.parametrize("players", [2, 4])
def test_quick_places_where_the_static_score_is_best(players: int) -> None:
    """Every placement scored by the change of exposure alone (``Pueblo.statics``, the
    heuristic's own measure), the best taken; ties broken with the rng."""
    checked = 0
    for ply, (state, seat) in enumerate(positions("pueblo", players, range(1))):
        view = state.view(seat)
        actions = state.legal_actions(seat)
        if view["phase"] != "place" or len(actions) < 2 or ply % 2:
            continue
        model = Pueblo(view, seat)
        static = {a: model.static(a[1:], seat if a[0] == "C" else NEUTRAL) for a in set(actions)}
        action = pueblo_heuristic.quick(state, seat, random.Random(ply))
        assert static[action] == pytest.approx(max(static.values()), abs=1e-6), action
        checked += 1
    assert checked >= 5


def test_quick_moves_the_chief_and_takes_options_as_the_heuristic_does() -> None:
    options = {"sacred_sites": 2, "auction": True, "demolition": True}
    compared = set()
    for ply, (state, seat) in enumerate(positions("pueblo", 3, range(1), **options)):
        phase = state.view(seat)["phase"]
        if phase == "place":
            continue
        quick = pueblo_heuristic.quick(state, seat, random.Random(ply))
        assert quick == pueblo_heuristic.choose(state, seat, random.Random(ply)), (ply, phase)
        compared.add(phase)
    assert {"chief", "sacred", "auction"} <= compared


def test_hard_rolls_out_with_quick_and_searches_as_before() -> None:
    """The rollouts play quick: the root's candidates still come from the whole
    heuristic, as many as before; the rollouts are eight plies, a whole round of the
    table at four players (``core/bots/pueblo.py``)."""
    known = levels.knowledge("pueblo")
    assert known.settings.rollout == "quick"
    assert known.rollout() is pueblo_heuristic.quick is known.quick
    assert known.choose is pueblo_heuristic.choose and known.ranked is pueblo_heuristic.ranked
    settings = known.settings
    assert (settings.depth, settings.candidates, settings.paired) == (8, 32, True)


def test_quick_breaks_ties_with_the_rng() -> None:
    """The first stone on an empty site: many placements score alike, and different
    seeds pick different ones among the best."""
    game = GAMES["pueblo"].new_game(2, 1)
    (seat,) = game.to_move()
    assert game.view(seat)["phase"] == "place"
    chosen = {pueblo_heuristic.quick(game, seat, random.Random(n)) for n in range(12)}
    model = Pueblo(game.view(seat), seat)
    scores = [model.static(a[1:], seat if a[0] == "C" else NEUTRAL) for a in chosen]
    assert len(chosen) > 1 and max(scores) - min(scores) <= TIE
