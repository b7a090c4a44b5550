"""The position() helper: its doctest, and the inconsistent positions it refuses."""

from __future__ import annotations

import doctest

import pytest

from core.games.caravan import position as positions
from core.games.caravan.position import position


def test_the_position_doctest_runs():
    assert doctest.testmod(positions).failed == 0


def test_a_position_is_a_real_state_with_the_cards_and_counters_given():
    state = position(
        ("2MK 1M", "NK"), "NV 1L", season="1:5ML", hand_no=3, match_scores=(4, -2), starter=1
    )
    view = state.view(0)
    assert view["hand"] == ["1M", "2MK"] and view["hand_counts"] == [2, 1]
    assert (view["phase"], view["to_move"], view["hand_no"]) == ("respond", [0], 3)
    assert (view["match_scores"], view["starter"]) == ([4, -2], 1)
    assert [i["code"] for i in view["indicators"]] == ["NV", "1L"]


@pytest.mark.parametrize(
    "arguments",
    [
        {"hands": ("2MK", "2MK")},
        {"hands": ("2MK", ""), "season": "1:2MK"},
        {"hands": ("1S", ""), "indicators": "NM 1S"},
        {"hands": ("2XX", "")},
        {"indicators": "NM 1M"},
        {"indicators": "NM 2MK"},
        {"unseen_numbers": "1K"},
        {"season": "0:5ML 1:4VL"},
        {"season": "0:5ML 0:6MV"},
        {"season": "0:1K"},
        {"season": "0:1K+7SK"},
        {"first_out": 0},
    ],
)
def test_an_inconsistent_position_is_refused(arguments):
    with pytest.raises(ValueError):
        position(**arguments)
