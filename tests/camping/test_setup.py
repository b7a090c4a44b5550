"""D1-D3: the board, the pieces, who places what and in which order, the reveal,
and the automatic fences of the set-up."""

from __future__ import annotations

from typing import Any

import pytest

from core.games.camping import CampingRules
from core.games.camping.state import CampingState

NEUTRAL_BY_PLAYERS = {"neutral_setup": "players"}


def new(players: int, seed: int, **options: Any) -> CampingState:
    return CampingRules().new_game(players, seed, options or None)


def place_all(state: CampingState) -> list[tuple[str, int]]:
    """Finish the set-up with the first legal placement each time; (phase, seat) per placement."""
    steps = []
    while state.phase in ("pool", "token", "bungalow", "caravan"):
        seat = state.current
        steps.append((state.phase, seat))
        state.apply(seat, state.legal_actions(seat)[0])
    return steps


def squares_of_every_piece(view: dict[str, Any]) -> list[str]:
    tokens = [t["square"] for t in view["tokens"]]
    pest = [view["pest"]] if view["pest"] else []
    campers = [s for piece in view["bungalows"] + view["caravans"] for s in piece]
    return view["pool"] + tokens + pest + campers


# ------------------------------------------------------------------ D1: the board


@pytest.mark.parametrize("players, size", [(2, 8), (3, 9), (4, 10)])
def test_the_board_is_8_by_8_for_two_9_by_9_for_three_and_10_by_10_for_four(players, size):
    view = new(players, 1).view(None)
    assert view["size"] == size and view["options"]["size"] == size


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("size", [8, 9, 10])
def test_any_player_count_may_choose_any_of_the_three_board_sizes(players, size):
    state = new(players, 3, size=size)
    assert state.view(None)["size"] == size
    corner = "abcdefghij"[size - 1] + str(size)
    assert state.g.square(corner) == size * size - 1


# ------------------------------------------------------------------ D2: the pieces


@pytest.mark.parametrize("players, caravans", [(2, 4), (3, 3), (4, 3)])
def test_each_player_has_4_caravans_with_two_players_and_3_with_three_or_four(players, caravans):
    state = new(players, 2)
    assert state.view(None)["caravans_to_place"] == [caravans] * players
    place_all(state)
    view = state.view(None)
    assert [len(c) for c in view["caravans"]] == [caravans] * players
    assert all(len(b) == 2 for b in view["bungalows"])


@pytest.mark.parametrize("caravans", [2, 6])
def test_the_caravans_per_player_are_a_table_option_from_2_to_6(caravans):
    state = new(2, 2, caravans=caravans)
    place_all(state)
    assert [len(c) for c in state.view(None)["caravans"]] == [caravans, caravans]


def test_the_neutral_pieces_are_a_pool_on_two_squares_and_two_ice_creams_and_one_pest():
    state = new(2, 5)
    place_all(state)
    view = state.view(None)
    assert len(view["pool"]) == 2
    assert sorted(t["kind"] for t in view["tokens"]) == ["icecream", "icecream"]
    assert view["pest"] is not None


@pytest.mark.parametrize("players", [2, 3, 4])
def test_no_two_pieces_ever_share_a_square(players, playout):
    for state in playout(players, 11):
        squares = squares_of_every_piece(state.view(None))
        assert len(squares) == len(set(squares))


# ------------------------------------------------------------------ D3: random neutral set-up


def test_the_engine_places_the_pool_on_two_neighbouring_squares_and_three_tokens_elsewhere():
    for seed in range(40):
        state = new(2, seed)
        view = state.view(None)
        a, b = (state.g.square(s) for s in view["pool"])
        assert state.g.edge_between(a, b) is not None
        tokens = [t["square"] for t in view["tokens"]]
        assert len(set(tokens)) == 3 and not set(tokens) & set(view["pool"])
        assert view["phase"] == "bungalow" and view["setup_left"] == 2 + 2 * 4


def test_the_random_neutral_set_up_follows_the_seed():
    def layout(seed: int) -> tuple:
        view = new(3, seed).view(None)
        return view["pool"], view["tokens"], view["first"]

    assert layout(8) == layout(8)
    assert len({str(layout(seed)) for seed in range(10)}) == 10


def test_which_token_hides_the_pest_follows_the_seed_and_each_token_can_be_it():
    def pest_token(seed: int) -> int:
        state = new(2, seed)
        tokens = [t["square"] for t in state.view(None)["tokens"]]
        place_all(state)
        return tokens.index(state.view(None)["pest"])

    assert pest_token(4) == pest_token(4)
    assert {pest_token(seed) for seed in range(30)} == {0, 1, 2}


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_first_player_is_drawn_from_the_seed_and_play_goes_clockwise(players):
    firsts = set()
    for seed in range(40):
        view = new(players, seed).view(None)
        first = view["first"]
        firsts.add(first)
        assert view["order"] == [(first + i) % players for i in range(players)]
        assert view["current"] == first
    assert firsts == set(range(players))


# ------------------------------------------------------------------ D3: placement order


@pytest.mark.parametrize("players", [2, 3, 4])
def test_bungalows_are_placed_in_turn_order_then_caravans_one_at_a_time_round_the_table(
    players,
):
    state = new(players, 6)
    order, caravans = state.view(None)["order"], state.options["caravans"]
    steps = place_all(state)
    expected = [("bungalow", seat) for seat in order]
    expected += [("caravan", seat) for _ in range(caravans) for seat in order]
    assert steps == expected


def test_a_bungalow_may_be_placed_in_either_orientation_on_two_empty_squares():
    state = new(2, 0)
    legal = state.legal_actions(state.current)
    assert "bungalow a1-b1" in legal and "bungalow a1-a2" in legal
    pool = state.view(None)["pool"]
    assert f"bungalow {pool[0]}-{pool[1]}" not in legal
    state.apply(state.current, "bungalow a1-a2")
    assert ["a1", "a2"] in state.view(None)["bungalows"]


def test_caravans_go_on_empty_squares_only(refused):
    state = new(2, 0)
    for _ in range(2):
        state.apply(state.current, state.legal_actions(state.current)[0])
    bungalow = state.view(None)["bungalows"][state.current][0]
    legal = state.legal_actions(state.current)
    view = state.view(None)
    taken = set(squares_of_every_piece(view))
    assert len(legal) == 64 - len(taken)
    assert not any(action.split()[1] in taken for action in legal)
    err = refused(state, state.current, f"caravan {bungalow}")
    assert err.key == "camping.occupied"


def test_the_view_counts_down_the_caravans_each_player_still_has_to_place():
    state = new(3, 4)
    order = state.view(None)["order"]
    for _ in range(3):
        state.apply(state.current, state.legal_actions(state.current)[0])
    state.apply(state.current, state.legal_actions(state.current)[0])
    left = state.view(None)["caravans_to_place"]
    assert left[order[0]] == 2 and left[order[1]] == left[order[2]] == 3


def test_only_the_seat_whose_placement_it_is_may_place(refused):
    state = new(2, 0)
    other = 1 - state.current
    assert state.legal_actions(other) == []
    assert refused(state, other, "bungalow a1-b1").key == "not_your_turn"


# ------------------------------------------------------------ D3 option: players place neutrals


def test_with_the_players_option_the_first_player_places_the_pool_then_the_others_a_token_each():
    state = new(3, 2, **NEUTRAL_BY_PLAYERS)
    order = state.view(None)["order"]
    assert state.view(None)["pool"] == [] and state.view(None)["tokens"] == []
    steps = place_all(state)
    assert steps[:4] == [("pool", order[0]), ("token", order[1]), ("token", order[2])] + [
        ("token", order[0])
    ]
    assert steps[4:7] == [("bungalow", seat) for seat in order]


def test_with_the_players_option_tokens_cannot_go_on_the_pool(refused):
    state = new(2, 0, **NEUTRAL_BY_PLAYERS)
    state.apply(state.current, "pool c4-d4")
    assert "token c4" not in state.legal_actions(state.current)
    assert refused(state, state.current, "token d4").key == "camping.occupied"


def test_with_the_players_option_the_pool_needs_two_neighbouring_squares(refused):
    state = new(2, 0, **NEUTRAL_BY_PLAYERS)
    assert refused(state, state.current, "pool c4-e4").key == "camping.pair_apart"
    assert refused(state, state.current, "pool c4-d5").key == "camping.pair_apart"


# ------------------------------------------------------------------ D3: reveal and set-up fences


def scripted(caravans: int = 4) -> tuple[CampingState, int]:
    """A two-player set-up with the players option, placed by hand; the first seat."""
    state = new(2, 0, caravans=caravans, **NEUTRAL_BY_PLAYERS)
    first = state.current
    for action in ["pool g7-h7", "token h1", "token h2", "token h3"]:
        state.apply(state.current, action)
    return state, first


def test_the_tokens_stay_face_down_until_the_last_caravan_is_placed_then_are_revealed(play):
    state, _ = scripted()
    play(state, "bungalow a1-b1", "bungalow a3-b3")
    play(state, "caravan d4", "caravan f4", "caravan a8", "caravan c8", "caravan d1")
    play(state, "caravan d8", "caravan f1")
    view = state.view(None)
    assert not view["revealed"] and view["pest"] is None
    assert [t["kind"] for t in view["tokens"]] == ["hidden"] * 3
    play(state, "caravan f8")
    view = state.view(None)
    assert view["revealed"] and view["pest"] in ("h1", "h2", "h3")
    icecreams = [t["square"] for t in view["tokens"]]
    assert sorted([*icecreams, view["pest"]]) == ["h1", "h2", "h3"]
    assert all(t["kind"] == "icecream" for t in view["tokens"])


def test_after_the_reveal_the_first_player_begins_with_two_steps(play):
    state, first = scripted(caravans=2)
    play(state, "bungalow a1-b1", "bungalow a3-b3", "caravan d4", "caravan f4")
    play(state, "caravan a8", "caravan c8")
    view = state.view(None)
    assert view["phase"] == "move" and view["current"] == first and view["steps_left"] == 2
    assert view["turn"] == 1 and view["setup_left"] == 0


def test_the_automatic_fences_go_up_once_when_the_set_up_is_over(play):
    state, _ = scripted()
    play(state, "bungalow a1-b1", "bungalow a2-b2")
    play(state, "caravan d4", "caravan e4", "caravan a8", "caravan c8", "caravan d1")
    play(state, "caravan d8", "caravan f1")
    assert state.view(None)["fences"] == []
    play(state, "caravan f8")
    expected = ["a1|a2", "b1|b2", "d4|e4"]
    assert state.view(None)["fences"] == expected
    assert state.view(None)["auto"] == expected


def test_a_set_up_whose_automatic_fences_leave_every_region_owned_ends_the_game_at_once(play):
    state, first = scripted(caravans=2)
    play(state, "bungalow a1-a2", "bungalow a3-b3", "caravan b1", "caravan c1", "caravan b2")
    play(state, "caravan c2")
    assert state.view(None)["fences"] == ["a2|a3", "b1|c1", "b2|b3", "b2|c2"]
    assert state.is_over() and state.to_move() == frozenset()
    assert state.scores()[first] == 4
