"""The position() helper: its doctest, the modules' doctests, and the positions it refuses."""

from __future__ import annotations

import doctest

import pytest

from core.games.feurio import hexes, notation, zones
from core.games.feurio import position as positions
from core.games.feurio.position import position


@pytest.mark.parametrize("module", [positions, hexes, notation, zones])
def test_the_doctests_run(module):
    result = doctest.testmod(module)
    assert result.failed == 0 and result.attempted > 0


def test_a_position_is_a_real_state_with_the_board_and_hands_given():
    game = position(". 6AB 3\n  4D . .", players=2, colour=1, hands=[11, 5, 12, 11])
    view = game.view(None)
    assert [(t["cell"], t["value"], t["men"]) for t in view["tiles"]] == [
        ("1,0", 6, [1, 1, 0, 0]),
        ("2,0", 3, [0, 0, 0, 0]),
        ("0,1", 4, [0, 0, 0, 1]),
    ]
    assert [c["in_hand"] for c in view["colours"]] == [11, 5, 12, 11]
    assert (view["current"], view["current_colour"], view["phase"]) == (1, 1, "men")
    assert view["stack"] == 0 and view["turn"] == 1 and view["last_turn"] is None


def test_the_stack_is_drawn_in_the_order_written():
    game = position(". 5 .\n 5 5 .\n  5 . .", stack="4 1 6")
    assert game.view(None)["drawn"] == 4
    assert game.stack == [6, 1]


@pytest.mark.parametrize(
    "diagram, arguments",
    [
        ("", {}),
        (". .", {}),
        ("5 x", {}),
        ("5 7", {}),
        ("5E", {}),
        ("5a", {}),
        ("1AA", {}),
        ("3AAA", {}),
        ("0AB", {}),
        ("6 . 6", {}),
        ("6 6 6 6 6 6 6", {}),
        ("6 6 6", {"stack": "6 6 6 6"}),
        ("6", {"stack": "7"}),
        ("6AAA 6AAA 6AAA 6AAA 6A", {}),
        ("6", {"hands": [13, 12, 12, 12]}),
        ("6A", {"hands": [12, 12, 12, 12]}),
        ("6", {"hands": [12, 12, 12]}),
        ("6", {"colour": 3, "players": 3}),
        ("6", {"players": 3, "neutral": [5, 4, 3]}),
        ("6DDD 6DDD 6DDD", {"players": 3, "neutral": [4, 4, 4]}),
        ("6", {"players": 2, "neutral": [1, 1]}),
    ],
)
def test_an_inconsistent_position_is_refused(diagram, arguments):
    with pytest.raises(ValueError):
        position(diagram, **arguments)
