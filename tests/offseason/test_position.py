"""The position() helper: the modules' doctests, and the positions it refuses."""

from __future__ import annotations

import doctest

import pytest

from core.games.offseason import auction, cards, notation
from core.games.offseason import position as positions
from core.games.offseason.cards import BACK_OF, CODE_OF
from core.games.offseason.position import position


@pytest.mark.parametrize("module", [positions, cards, notation, auction])
def test_the_doctests_run(module):
    result = doctest.testmod(module)
    assert result.failed == 0 and result.attempted > 0


def test_a_position_holds_the_caravans_markets_and_piles_written():
    game = position(
        4,
        caravans=["3: D1 D2 | 6+: VA VAJ", "", "5: F1", ""],
        markets={2: "CR / CB CG", 3: "", 4: "D4", 5: "", 6: "F2"},
        sides={2: "B"},
        market_coins={4: 2},
        coins=[1, 2, 3, 4],
        tokens=[0, 1, 0, 0],
        tower="D3 D3",
        auction="alms",
        discard="CW",
        holder=3,
        round=4,
    )
    view = game.view(None)
    assert view["round"] == 4 and game.coins == [1, 2, 3, 4]
    assert game.holder == 0  # alms: seat 0 is the poorest
    assert [c["cards"] for c in view["caravans"][0]["camels"]] == [
        ["D1", "D2"],
        [],
        [],
        ["VA", "VAJ"],
    ]
    assert view["caravans"][0]["camels"][3]["token"] and view["caravans"][1]["tokens"] == 1
    assert [(m["tile"], m["side"], m["coins"]) for m in view["markets"]][:3] == [
        (2, "B", 0), (3, "A", 0), (4, "A", 2),
    ]  # fmt: skip
    assert view["markets"][0]["face_up"] == ["CR"] and view["markets"][0]["face_down"] == 2
    assert view["discarded"] == {"CW": 1}
    assert BACK_OF[game.tower[-1]] == "alms" and view["tower"] == 127 - 11


def test_the_tower_is_drawn_in_the_order_written_and_unlisted_cards_can_be_left_out():
    game = position(3, tower="D4 F4 CW", rest="out", auction="standard")
    assert [CODE_OF[c] for c in reversed(game.tower[:-1])] == ["D4", "F4", "CW"]
    assert BACK_OF[game.tower[-1]] == "standard"
    assert len(game.tower) == 4 and len(game.out) == 123


@pytest.mark.parametrize(
    "arguments",
    [
        {"caravans": ["3: D1 D1 D1 D1", "", ""]},
        {"caravans": ["3: D1 CR", "", ""]},
        {"caravans": ["3: D1 | 4: D2", "", ""]},
        {"caravans": ["7: D1", "", ""]},
        {"caravans": ["3 D1", "", ""]},
        {"caravans": ["3+: ", "", ""]},
        {"caravans": ["", ""]},
        {"caravans": ["3: X9", "", ""]},
        {"tower": " ".join(["D4"] * 5)},
        {"tower": "D1@tuesday"},
        {"tower": "VA@alms"},
        {"auction": "fist"},
        {"markets": {1: "", 2: "", 3: ""}},
        {"markets": {1: "", 2: "", 3: "", 7: ""}},
        {"sides": {1: "C"}},
        {"market_coins": {6: 1}},
        {"coins": [5, 5]},
        {"coins": [5, 5, -1]},
        {"holder": 3},
        {"start": "upkeep"},
        {"rest": "bin"},
    ],
)
def test_an_inconsistent_position_is_refused(arguments):
    with pytest.raises(ValueError):
        position(3, **arguments)
