"""The notation: canonical strings only; legal_actions is exactly what apply accepts."""

from __future__ import annotations

import itertools

import pytest

from core.engine import IllegalAction
from core.games.offseason.cards import CODE_OF, CODES, TYPES
from core.games.offseason.notation import parse
from core.games.offseason.position import position

GARBLED = [
    "", " ", "\n", "x", "pass ", " pass", "PASS", "Pass", "pass\n", "pass pass", "skip!",
    "bid", "bid ", "bid -1", "bid +1", "bid 01", "bid 1.0", "bid 1e1", "bid  1", "bid\t1",
    "bid 1 ", "bid \u0661", "bid 1\u00b2", "bid 1234567", "Bid 1", "bid1", "bid one",
    "market", "market 0", "market 10", "market 1 2", "market A", "sell", "sell ", "sell d1",
    "sell D5", "sell D1+", "sell +D1", "sell D1++D1", "sell D1 D1", "sell D1,D1", "sell C",
    "sell CRR", "load", "load dates", "load date 3", "load Dates 3", "load dates 0",
    "load dates 3 4", "unload", "unload 0", "unload 10", "swap 3", "swap 3 3", "swap 3  4",
    "saddle", "discard", "discard d1", "purse 2", "token 1", "\x00", "x" * 1000, "🙂",
]  # fmt: skip


def positions():
    yield position(3, auction="standard", coins=[3, 3, 3])
    yield position(3, caravans=["3: D1 D2 | 5: CR CB", "", ""], start="market")
    yield position(3, caravans=["3: D1 D2 | 5: CR CB", "", ""], start="sale")


@pytest.mark.parametrize("action", GARBLED)
def test_garbled_notation_is_refused_as_notation_at_every_step(refused, action):
    for state in positions():
        err = refused(state, action, code="notation")
        assert err.key == "offseason.notation"


@pytest.mark.parametrize("action", [None, 5, 1.5, b"pass", ["pass"], ("bid", 1)])
def test_an_action_that_is_not_text_is_refused_as_notation(refused, action):
    assert refused(position(3), action, code="notation").key == "bad_notation"


@pytest.mark.parametrize(
    "action, hint",
    [("sell D3+D1", "'sell D1+D3'"), ("sell CB+CR", "'sell CR+CB'"), ("swap 6 3", "'swap 3 6'")],
)
def test_a_lot_or_a_swap_written_out_of_order_is_refused_with_its_canonical_spelling(
    refused, action, hint
):
    state = position(3, caravans=["3: D1 D3 | 5: CR CB", "", ""], start="sale")
    assert hint in refused(state, action, code="notation").message


@pytest.mark.parametrize(
    "action, expected",
    [
        ("bid 0", ("bid", (0,))),
        ("bid 105", ("bid", (105,))),
        ("pass", ("pass", ())),
        ("market 6", ("market", (6,))),
        ("purse", ("purse", ())),
        ("discard VAJ", ("discard", ("VAJ",))),
        ("sell CR+CB+CW", ("sell", ("CR", "CB", "CW"))),
        ("sell VA+VAJ+VAB", ("sell", ("VA", "VAJ", "VAB"))),
        ("unload 3", ("unload", (3,))),
        ("swap 4 6", ("swap", (4, 6))),
        ("load carpets 6", ("load", ("carpets", 6))),
        ("saddle 5", ("saddle", (5,))),
    ],
)
def test_canonical_actions_read_back_to_their_word_and_arguments(action, expected):
    assert parse(action) == expected


def test_only_seats_to_move_may_act_and_only_they_have_legal_actions(refused):
    state = position(3, caravans=["3: D1", "", ""], start="market", holder=2)
    assert state.to_move() == {2}
    assert [bool(state.legal_actions(s)) for s in range(3)] == [False, False, True]
    for seat in (0, 1, -1, 3, 99):
        assert state.legal_actions(seat) == []
        assert refused(state, "market 1", seat=seat).key == "not_your_turn"


def test_nothing_is_accepted_once_the_game_is_over(refused):
    state = position(3, last_round=True, start="sale")
    assert state.is_over()
    for seat in range(3):
        assert state.legal_actions(seat) == []
        assert refused(state, "pass", seat=seat).key == "game_over"


def candidates(state, seat) -> list[str]:
    """Every spelling worth trying here: each word with every plausible argument."""
    found = ["pass", "skip", "purse", "token", "supply", "sort"]
    found += [f"bid {n}" for n in range(max(state.coins) + 3)]
    digits = range(1, 10)
    found += [f"{word} {d}" for word in ("market", "unload", "saddle") for d in digits]
    found += [f"swap {a} {b}" for a, b in itertools.combinations(digits, 2)]
    found += [f"load {kind} {d}" for kind in TYPES for d in digits]
    found += [f"discard {code}" for code in CODES]
    found += [f"sell {code}" for code in CODES]
    found += [f"sell {a}+{b}" for a, b in itertools.combinations_with_replacement(CODES, 2)]
    for camel in state.camels[seat]:
        codes = sorted((CODE_OF[c] for c in camel), key=CODES.index)
        for size in range(3, len(codes) + 2):
            for lot in set(itertools.combinations(codes + codes[:1], size)):
                found.append("sell " + "+".join(sorted(lot, key=CODES.index)))
    return sorted(set(found))


def accepted(state, seat, action) -> bool:
    trial = state.clone()
    try:
        trial.apply(seat, action)
    except IllegalAction:
        return False
    return True


def test_legal_actions_are_exactly_the_strings_apply_accepts(playout):
    checked = 0
    for players in (2, 3, 5):
        for ply, state in enumerate(playout(players, 40 + players)):
            if ply % 9 or state.is_over():
                continue
            for seat in sorted(state.to_move())[:1]:
                legal = state.legal_actions(seat)
                assert legal == sorted(set(legal))
                found = [a for a in candidates(state, seat) if accepted(state, seat, a)]
                assert found == legal, f"ply {ply}, seat {seat}"
                checked += 1
    assert checked > 40


def test_every_well_formed_refusal_names_a_rule_with_a_key():
    for state in positions():
        seat = min(state.to_move())
        for action in candidates(state, seat):
            if action in state.legal_actions(seat):
                continue
            with pytest.raises(IllegalAction) as info:
                state.apply(seat, action)
            err = info.value
            assert err.code in ("illegal", "notation"), action
            assert err.key.startswith("offseason.") and err.message.endswith("."), action
