"""The position() helper: its doctest, the modules' doctests, and the positions it refuses."""

from __future__ import annotations

import doctest

import pytest

from core.games.pueblo import geometry, notation
from core.games.pueblo import position as positions
from core.games.pueblo.position import position


@pytest.mark.parametrize("module", [positions, geometry, notation])
def test_the_doctests_run(module):
    result = doctest.testmod(module)
    assert result.failed == 0 and result.attempted > 0


def test_a_position_is_a_real_state_with_the_pueblo_hands_and_chief_given():
    game = position(
        "RN\n. NB",
        stones=["G0@d4"],
        players=3,
        current=2,
        chief=12,
        hands=["S5", "3C", "0N"],
        penalties=[1, 2, 3],
        order=[1, 2, 0],
    )
    view = game.view(None)
    assert [(c["x"], c["y"], c["z"], c["colour"], c["stone"]) for c in view["cubes"][:4]] == [
        (2, 1, 1, "neutral", 1),
        (2, 1, 2, "blue", 2),
        (1, 2, 1, "red", 3),
        (1, 2, 2, "neutral", 4),
    ]
    assert view["stones"][-1] == {"id": 5, "colour": "green", "by": 2, "action": None}
    assert (view["current"], view["phase"], view["chief"]["index"]) == (2, "place", 12)
    assert view["order"] == [1, 2, 0] and view["penalties"] == [1, 2, 3]
    assert [h["next"] for h in view["hands"]] == ["coloured", "coloured", "neutral"]
    assert view["turn"] == 1 and view["last_turn"] is None


@pytest.mark.parametrize(
    "diagram, arguments",
    [
        ("X", {}),
        ("r", {}),
        ("G", {}),
        (". . . . . . . . .", {}),
        ("\n".join(["."] * 9), {}),
        ("", {"stones": ["R8@a1"]}),
        ("", {"stones": ["R0@h1"]}),
        ("", {"stones": ["Q0@a1"]}),
        ("R", {"sacred": ["a1"]}),
        ("", {"sacred": ["a1", "a1"]}),
        ("", {"sacred": ["a1", "b1", "c1", "d1", "e1"]}),
        ("", {"sacred": ["z9"]}),
        ("", {"hands": ["S7"]}),
        ("", {"hands": ["S8", "S7"]}),
        ("", {"hands": ["7X", "S7"]}),
        ("", {"hands": ["0", "S7"]}),
        ("", {"chief": "N"}),
        ("", {"chief": 36}),
        ("", {"current": 2}),
        ("", {"order": [0, 0]}),
        ("", {"penalties": [1]}),
        ("", {"phase": "over"}),
    ],
)
def test_an_inconsistent_position_is_refused(diagram, arguments):
    with pytest.raises(ValueError):
        position(diagram, **arguments)
