"""Which Pueblo actions may be taken back (``State.reversible``, see docs/games/pueblo.md).

Placing a stone (or removing one in the demolition) may be: the same player then moves
the chief, and nothing is hidden or drawn. Moving the chief ends the turn; sacred sites,
bids and turn-order cards hand over to the next player.
"""

from __future__ import annotations

from typing import Any

from core.games.pueblo import PuebloRules
from core.games.pueblo.state import PuebloState


def game(**options: Any) -> PuebloState:
    state = PuebloRules().new_game(2, 4, {"first_player": 0, **options})
    assert isinstance(state, PuebloState)
    return state


def test_every_placement_may_be_taken_back_and_the_same_player_moves_the_chief() -> None:
    state = game()
    placements = state.legal_actions(0)
    assert placements and all(state.reversible(0, a) for a in placements)
    state.apply(0, placements[0])
    assert state.to_move() == {0} and state.view(None)["phase"] == "chief"


def test_moving_the_chief_ends_the_turn_and_may_not_be_taken_back() -> None:
    state = game()
    state.apply(0, state.legal_actions(0)[0])
    assert not any(state.reversible(0, f"chief {k}") for k in range(1, 5))


def test_the_other_seat_and_refused_actions_are_never_reversible() -> None:
    state = game()
    placement = state.legal_actions(0)[0]
    assert not state.reversible(1, placement)
    assert not state.reversible(0, "N0@a1"), "the first stone is the coloured one"
    assert not state.reversible(0, "C0@h8"), "off the site"
    assert not state.reversible(0, "chief 1"), "not the chief's step yet"
    assert not state.reversible(0, "garbled")


def test_sacred_sites_bids_and_cards_hand_over_and_may_not_be_taken_back() -> None:
    state = game(sacred_sites=2, auction=True)
    seen = set()
    while state.view(None)["phase"] in ("auction", "card", "sacred"):
        (seat,) = state.to_move()
        legal = state.legal_actions(seat)
        assert not any(state.reversible(seat, a) for a in legal[:25])
        seen.add(state.view(None)["phase"])
        state.apply(seat, "pass" if "pass" in legal else legal[0])
    assert seen == {"auction", "card", "sacred"}
    assert state.view(None)["phase"] == "place"


def test_a_stone_removed_in_the_demolition_may_be_taken_back() -> None:
    state = game(demolition=True)
    while state.view(None)["phase"] not in ("remove", "over"):
        (seat,) = state.to_move()
        state.apply(seat, state.legal_actions(seat)[0])
    assert state.view(None)["phase"] == "remove"
    (seat,) = state.to_move()
    removals = state.legal_actions(seat)
    assert removals and all(state.reversible(seat, a) for a in removals)
    state.apply(seat, removals[0])
    assert state.to_move() == {seat}
    assert not state.reversible(seat, "chief 1")
