"""D11: everything is public except which mystery token is the pest, until the reveal;
``determinize`` re-deals exactly that secret."""

from __future__ import annotations

import json
import random

import pytest

from core.games.camping import CampingRules
from core.games.camping.state import CampingState

SETUP_PHASES = ("pool", "token", "bungalow", "caravan")


def views(state: CampingState) -> list[dict]:
    return [state.view(seat) for seat in [None, *range(state.players)]]


def finish_setup(state: CampingState) -> CampingState:
    """Place everything left with the first legal placement each time (the same
    whatever the tokens hide)."""
    while state.phase in SETUP_PHASES:
        state.apply(state.current, state.legal_actions(state.current)[0])
    return state


def pest_square(state: CampingState) -> str:
    """Where the pest turns up once the set-up is finished (on a copy)."""
    return finish_setup(state.clone()).view(None)["pest"]


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("neutral", ["random", "players"])
def test_before_the_reveal_no_view_says_which_token_is_the_pest(players, neutral):
    state = CampingRules().new_game(players, 21, {"neutral_setup": neutral})
    while state.phase in SETUP_PHASES:
        for view in views(state):
            assert view["pest"] is None and not view["revealed"]
            assert all(token["kind"] == "hidden" for token in view["tokens"])
            text = json.dumps(view)
            assert "icecream" not in text and '"pest": "' not in text
        state.apply(state.current, state.legal_actions(state.current)[0])
    assert state.view(None)["revealed"]


@pytest.mark.parametrize("players", [2, 4])
def test_the_views_before_the_reveal_are_the_same_whichever_token_hides_the_pest(players):
    state = CampingRules().new_game(players, 5)
    state.apply(state.current, state.legal_actions(state.current)[0])
    before = views(state)
    pests = set()
    for k in range(40):
        guess = state.determinize(k % players, random.Random(k))
        assert views(guess) == before
        pests.add(pest_square(guess))
    assert pests == {token["square"] for token in before[0]["tokens"]}


@pytest.mark.parametrize("seat", [0, 1, 2])
def test_determinize_resamples_the_identities_without_changing_any_view(seat):
    state = CampingRules().new_game(3, 8)
    truth = pest_square(state)
    before = views(state)
    outcomes = set()
    for k in range(30):
        guess = state.determinize(seat, random.Random(k))
        assert views(guess) == before
        outcomes.add(pest_square(guess))
    assert len(outcomes) > 1
    assert views(state) == before and pest_square(state) == truth


def test_determinize_leaves_the_original_and_its_future_untouched():
    state = CampingRules().new_game(2, 13)
    truth = pest_square(state)
    for k in range(10):
        guess = state.determinize(0, random.Random(k))
        finish_setup(guess)
    assert pest_square(state) == truth and not state.view(None)["revealed"]


def test_after_the_reveal_the_pest_is_public_to_every_seat_and_spectator():
    state = finish_setup(CampingRules().new_game(3, 2))
    pests = {view["pest"] for view in views(state)}
    assert len(pests) == 1 and None not in pests
    for view in views(state):
        assert [t["kind"] for t in view["tokens"]] == ["icecream", "icecream"]
        assert view["pest"] not in [t["square"] for t in view["tokens"]]


def test_after_the_reveal_determinize_changes_nothing(playout):
    for ply, state in enumerate(playout(2, 4)):
        if state.revealed and ply % 7 == 0 and not state.is_over():
            guess = state.determinize(state.current, random.Random(ply))
            assert views(guess) == views(state)
            legal = state.legal_actions(state.current)
            assert guess.legal_actions(state.current) == legal
            after = state.clone()
            after.apply(state.current, legal[0])
            guess.apply(state.current, legal[0])
            assert views(guess) == views(after)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_seat_and_a_spectator_see_the_same_picture_at_every_moment(playout, players):
    for state in playout(players, 17):
        seen = [dict(view, seat=None) for view in views(state)]
        assert all(view == seen[0] for view in seen)


def test_the_player_who_places_a_token_does_not_learn_what_it_hides():
    state = CampingRules().new_game(2, 0, {"neutral_setup": "players"})
    state.apply(state.current, "pool a1-b1")
    placer = state.current
    state.apply(placer, "token e5")
    assert state.view(placer)["tokens"] == [{"square": "e5", "kind": "hidden"}]
    assert state.view(placer) == dict(state.view(None), seat=placer)
