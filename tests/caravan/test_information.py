"""D10: what each seat may see, and determinize keeping exactly that."""

from __future__ import annotations

import json
import random

from core.games.caravan import CaravanRules
from core.games.caravan.cards import CARDS
from core.games.caravan.position import position


def shows(view: dict, code: str) -> bool:
    """Whether the card code appears anywhere in the view's JSON."""
    return f'"{code}"' in json.dumps(view)


def secrets(state) -> tuple[list[str], list[str], list[str]]:
    """Both hands, and the cards set aside unseen (only right before the first play)."""
    hands = [state.view(seat)["hand"] for seat in (0, 1)]
    public = state.view(None)
    shown = [i["code"] for i in public["indicators"]] + [public["swapped_out"]]
    unseen = [c for c in CARDS if c not in hands[0] + hands[1] + shown]
    return hands[0], hands[1], unseen


def test_a_seat_sees_its_own_hand_and_only_the_size_of_the_other():
    state = position(("2MK 5ML NK", "3MV 7VY"), unseen_wilds="1Y", unseen_numbers="9VY 8VL")
    view = state.view(0)
    assert view["hand"] == ["2MK", "5ML", "NK"] and view["hand_counts"] == [3, 2]
    assert not any(shows(view, code) for code in ["3MV", "7VY", "1Y", "9VY", "8VL"])


def test_a_spectator_sees_no_hand_at_all():
    state = position(("2MK 5ML NK", "3MV 7VY"))
    view = state.view(None)
    assert view["hand"] is None and view["hand_counts"] == [3, 2]
    assert not any(shows(view, code) for code in ["2MK", "5ML", "NK", "3MV", "7VY"])


def test_no_view_ever_shows_a_hidden_hand_or_an_unseen_set_aside_card(playout):
    for seed in range(8):
        states = playout(seed, {"hands": 1})
        first = next(states)
        _, _, unseen = secrets(first)
        assert len(unseen) == (3 if first.view(None)["swapped_out"] else 4)
        for state in states:
            hand0, hand1, _ = secrets(state)
            views = {0: hand1, 1: hand0, None: hand0 + hand1}
            for seat, hidden in views.items():
                assert not any(shows(state.view(seat), code) for code in hidden + unseen)


def test_indicators_played_cards_and_both_collections_are_public(play):
    state = position(("2MK 5ML NK", "3MV 7VY"), collections=("4MS", "9LK"))
    play(state, "2MK")
    public = [
        {key: state.view(seat)[key] for key in ("indicators", "season", "collections")}
        for seat in (None, 0, 1)
    ]
    assert public[0] == public[1] == public[2]
    assert public[0]["collections"] == [["4MS"], ["9LK"]]
    assert public[0]["season"][0]["cards"] == ["2MK"]


def test_a_swapped_out_indicator_is_public():
    seed = next(s for s in range(100) if CaravanRules().new_game(2, s).view(None)["swapped_out"])
    state = CaravanRules().new_game(2, seed)
    out = state.view(None)["swapped_out"]
    assert all(state.view(seat)["swapped_out"] == out for seat in (0, 1))
    _, _, unseen = secrets(state)
    assert out not in unseen and len(unseen) == 3


def test_determinize_keeps_both_the_seats_and_the_spectators_view(playout):
    for seed in range(6):
        for step, state in enumerate(playout(seed, {"hands": 2})):
            if step % 5 or state.is_over():
                continue
            for seat in (0, 1):
                guess = state.determinize(seat, random.Random(step))
                assert guess.view(seat) == state.view(seat)
                assert guess.view(None) == state.view(None)


def test_determinize_keeps_the_opponents_number_of_wild_cards():
    state = position(
        ("2MK 5ML", "NK 1V 3MV 7VY 9VY"),
        "1M NS",
        swapped_out="NM",
        unseen_wilds="1Y",
        unseen_numbers="8VL 4MS",
    )
    for k in range(30):
        guess = state.determinize(0, random.Random(k)).view(1)["hand"]
        assert sum(CARDS[c].is_wild for c in guess) == 2 and len(guess) == 5
        assert set(guess) <= {"NK", "1V", "1Y", "3MV", "7VY", "9VY", "8VL", "4MS"}


def test_determinize_resamples_the_hidden_cards_and_leaves_the_original_untouched():
    state = CaravanRules().new_game(2, 11)
    before = state.view(1)["hand"]
    guesses = {tuple(state.determinize(0, random.Random(k)).view(1)["hand"]) for k in range(10)}
    assert len(guesses) > 1
    assert state.view(1)["hand"] == before
