"""D9: the last stone, the final lap over all 36 squares, fewest penalties wins."""

from __future__ import annotations

from core.games.pueblo.position import position

PUEBLO = """
. . . . . . . B
. . . . . . . .
. . NNR . . . . .
. . . . . B . .
. . . . . . . .
. R . . . . . .
. . . NB . . . .
R . . . . . . G
"""


def last_stone(**kwargs):
    """Seat 0 places its last stone (its single one); nobody has any other stone."""
    return position(PUEBLO, players=3, hands=["S0", "0", "0"], **kwargs)


def test_the_last_player_still_moves_the_chief_then_the_chief_walks_a_full_lap(play):
    state = last_stone(chief=5)
    play(state, "C0@e2")
    before = list(state.penalties)
    view = state.view(None)
    scored_on_the_move = view["preview"][2]["penalties"]
    lap = [state.sight(square)[1] for square in range(36)]
    play(state, "chief 3")
    assert state.is_over()
    final = state.view(None)["final_lap"]
    assert final["start"] == 8
    assert [s["index"] for s in final["squares"]] == [*range(9, 36), *range(0, 9)]
    assert len(final["squares"]) == 36 and final["squares"][-1]["index"] == 8  # his own square
    by_square = {s["index"]: s["penalties"] for s in final["squares"]}
    assert all(by_square[i] == lap[i] for i in range(36))
    totals = [sum(points[seat] for points in lap) for seat in range(3)]
    assert final["penalties"] == totals
    assert state.penalties == [
        b + m + t for b, m, t in zip(before, scored_on_the_move, totals, strict=True)
    ]
    assert state.view(None)["chief"]["index"] == 8  # back where the lap began


def test_the_final_lap_scores_the_square_where_the_chief_stopped_a_second_time(play):
    state = last_stone(chief=0)
    play(state, "C0@e2", "chief 2")  # onto north(2), looking down file b: red on b3
    final = state.view(None)["final_lap"]
    assert state.view(None)["last_turn"]["penalties"] == [1, 0, 0]
    assert final["squares"][-1]["penalties"] == [1, 0, 0]


def test_fewest_penalty_points_win_and_scores_are_the_penalties(play):
    state = last_stone(penalties=[10, 30, 20])
    play(state, "C0@e2", "chief 1")
    view = state.view(None)
    assert view["lower_is_better"] is True
    assert state.scores() == [float(p) for p in state.penalties] == view["scores"]
    assert view["result"] == {"scores": state.scores(), "ranking": state.ranking()}
    order = sorted(range(3), key=lambda s: state.penalties[s])
    assert [state.ranking()[s] for s in order] == [1, 2, 3]


def test_equal_penalties_share_the_rank():
    state = position(penalties=[7, 7, 3, 7], players=4)
    assert state.ranking() == [2, 2, 1, 2]
    state = position(penalties=[4, 4])
    assert state.ranking() == [1, 1]


def test_a_finished_game_has_nobody_to_move_and_refuses_everything(play, refused):
    state = play(last_stone(), "C0@e2", "chief 1")
    assert state.to_move() == frozenset() and state.phase == "over"
    assert all(state.legal_actions(seat) == [] for seat in (None, 0, 1, 2))
    view = state.view(1)
    assert view["current"] is None and view["preview"] is None and view["this_turn"] is None
    for action in ("C0@a1", "chief 1", "remove 1", "garbage"):
        assert refused(state, action, seat=0).key == "game_over"


def test_a_seeded_game_ends_after_every_stone_with_the_final_lap(playout):
    for players in (2, 3, 4):
        *_, state = playout(players, 60 + players)
        view = state.view(None)
        assert state.is_over() and view["final_lap"] is not None
        assert all(hand["left"] == 0 for hand in view["hands"])
        assert len(view["stones"]) == {2: 30, 3: 33, 4: 36}[players]
        assert len(view["cubes"]) == 4 * len(view["stones"])


CHECKERED = "\n".join(
    " ".join("N" * (2 * (x % 2) + 4 * (y % 2)) or "." for x in range(1, 9)) for y in range(8, 0, -1)
)


def test_a_stone_that_fits_nowhere_leaves_the_game_and_the_chief_still_moves(play):
    state = position(CHECKERED, hands=["S7", "7"])
    assert state.phase == "chief" and state.legal_actions(0)[0] == "chief 1"
    view = state.view(None)
    assert view["this_turn"]["discarded"] == "coloured" and view["this_turn"]["stone"] is None
    assert view["hands"][0]["single"] is False and view["hands"][0]["left"] == 14
    play(state, "chief 1")
    view = state.view(None)
    assert view["last_turn"]["discarded"] == "coloured"
    assert view["current"] == 1 and view["this_turn"]["discarded"] == "coloured"
    assert view["hands"][1]["open_half"] == "neutral"  # opening a pair, the coloured half goes
