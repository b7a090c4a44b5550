"""The Pueblo heuristic's quick look ahead (``core/bots/pueblo_follow.py``) gives what the
long way gives: the same floats, not merely close ones, after every action of random
games at two, three and four players, so the heuristic plays the same moves."""

from __future__ import annotations

import random

import pytest

from core.bots import pueblo_heuristic
from core.bots.pueblo_follow import Around, best_after, chief_after
from core.bots.pueblo_heuristic import LOOK, NEUTRAL, SAMPLE, Pueblo
from core.games.pueblo import PuebloRules
from core.games.pueblo.geometry import placements

TABLES = [(2, 1, {}), (2, 2, {"sacred_sites": 2}), (3, 3, {}), (4, 4, {})]


def placing_positions(players: int, seed: int, options: dict[str, object]):
    """Every position of a random game where a seat places a stone, with that seat."""
    state = PuebloRules().new_game(players, seed, options)
    rng = random.Random(seed)
    while not state.is_over():
        (seat,) = state.to_move()
        if state.phase == "place":
            yield state, seat
        state.apply(seat, rng.choice(state.legal_actions(seat)))


def long_way(model: Pueblo, suffix: str, owner: int, letters: str) -> tuple[float, float]:
    """The chief's value and the best next stone once ``suffix`` is put, every line
    looked at again and every placement scored again."""
    model.see_all()
    model.put(suffix, owner)
    saved = model.sights, model.worths, model.seen_at, model.seen_owner
    model.look_again(suffix)
    chief = model.chief_value(model.chief)
    best = model.best_static(letters, random.Random(0), suffix) if letters else 0.0
    model.sights, model.worths, model.seen_at, model.seen_owner = saved
    model.lift(suffix)
    return chief, best


def quick_way(model: Pueblo, around: Around, suffix: str, owner: int, letters: str):
    base = model.put(suffix, owner) + 1
    kinds = tuple(0 if letter == "C" else 1 for letter in letters)
    chief = chief_after(model, around, suffix, base, LOOK)
    best = best_after(model, around, suffix, base, kinds, SAMPLE) if letters else 0.0
    model.lift(suffix)
    return chief, best


@pytest.mark.parametrize(("players", "seed", "options"), TABLES)
def test_the_quick_look_ahead_is_the_long_way_after_every_action(players, seed, options):
    checked = positions = 0
    for ply, (state, seat) in enumerate(placing_positions(players, seed, options)):
        model = Pueblo(state.view(seat), seat)
        around = Around.of(model)
        positions += 1
        if around is None:  # weights in sixths: the heuristic takes the long way
            assert players == 4
            continue
        assert around.pairs() == {
            s: model.statics(s) for s in placements(model.height, model.sacred)
        }
        for action in state.legal_actions(seat)[ply % 3 :: 3]:
            owner = seat if action[0] == "C" else NEUTRAL
            for letters in ("C", "N", "CN"):
                quick = quick_way(model, around, action[1:], owner, letters)
                assert quick == long_way(model, action[1:], owner, letters), (action, letters)
                checked += 1
    assert positions > 20 and (checked == 0 if players == 4 else checked > 1000)


@pytest.mark.parametrize(("players", "seed", "options"), TABLES)
def test_the_heuristic_scores_placements_as_the_long_way_does(players, seed, options):
    for state, seat in list(placing_positions(players, seed, options))[::4]:
        view = state.view(seat)
        actions = state.legal_actions(seat)
        quick = pueblo_heuristic.scored(view, seat, list(actions), random.Random(1))
        assert quick == long_scores(Pueblo(view, seat), list(actions))


def long_scores(model: Pueblo, actions: list[str]) -> tuple[list[str], list[float]]:
    """``Pueblo.place_scores`` as it was written first, every follow-up the long way."""
    scores = [model.static(a[1:], model.seat if a[0] == "C" else NEUTRAL) for a in actions]
    ranked = sorted(range(len(actions)), key=lambda i: -scores[i])
    shortlist = ranked[: pueblo_heuristic.SHORTLIST]
    for letter in {a[0] for a in actions}:
        shortlist += [i for i in ranked if actions[i][0] == letter][:2]
    for i in set(shortlist):
        action = actions[i]
        owner = model.seat if action[0] == "C" else NEUTRAL
        following = model.next_letters(action[0])
        chief, best = long_way(model, action[1:], owner, following)
        extra = pueblo_heuristic.CHIEF_NOW * chief
        if following:
            extra += pueblo_heuristic.FOLLOW_UP * best
        scores[i] += extra + 1e6
    return actions, scores
