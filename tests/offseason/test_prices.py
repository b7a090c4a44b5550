"""§3.6: the four sale restrictions and price tables, and the lots they allow."""

from __future__ import annotations

import pytest

from core.games.offseason.cards import (
    LOWEST_PRICE,
    dates_price,
    legal_lots,
    lot_problem,
    lot_text,
    price,
)

DATES_TABLE = [1, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 12, 13, 14, 16, 17, 19, 21, 22, 24, 26, 28, 30]
DATES_TABLE += [32, 34]


def texts(load, rule="lowest_only"):
    return [lot_text(lot) for lot in legal_lots(load, rule)]


def test_dates_are_paid_by_the_number_of_dates_shown_as_in_the_table():
    assert [dates_price(d) for d in range(1, 26)] == DATES_TABLE
    assert price(["D4", "D4", "D4", "D3"]) == dates_price(15) == 16
    assert price(["D1"]) == 1 and price(["D1", "D1"]) == 1


def test_carpets_are_paid_by_the_number_of_cards_as_in_the_table():
    lots = [["CR"], ["CR", "CB"], ["CR", "CB", "CG"], ["CR", "CB", "CG", "CY"]]
    lots += [["CR", "CB", "CG", "CY", "CP"], ["CR", "CB", "CG", "CY", "CP", "CW"]]
    assert [price(lot) for lot in lots] == [1, 3, 6, 10, 14, 19]


def test_vases_are_paid_by_the_number_of_cards_as_in_the_table():
    assert [price(["VA"] * n) for n in range(1, 8)] == [1, 3, 6, 9, 13, 17, 21]


def test_fruit_is_paid_its_value_times_the_cards_with_no_size_bonus():
    assert price(["F3"]) == 3 and price(["F3", "F3", "F3"]) == 9 and price(["F1"] * 5) == 5


def test_any_set_of_the_dates_on_a_camel_is_a_legal_lot():
    assert texts(["D2", "D1", "D2"]) == ["D2", "D2+D2", "D1", "D1+D2", "D1+D2+D2"]


def test_a_carpet_lot_never_holds_one_colour_twice():
    assert texts(["CR", "CR", "CB"]) == ["CB", "CR", "CR+CB"]
    assert lot_problem(["CR", "CR", "CB"], ("CR", "CR"))[0] == "offseason.carpet_colours"


def test_every_vase_in_a_lot_shows_one_same_shape_and_two_shape_vases_count_for_either():
    load = ["VA", "VJ", "VAJ", "VB"]
    assert texts(load) == [
        "VAJ", "VB", "VJ", "VJ+VAJ", "VA", "VA+VAJ",
    ]  # fmt: skip
    assert lot_problem(load, ("VA", "VJ"))[0] == "offseason.vase_shape"
    assert lot_problem(["VAJ", "VJB"], ("VAJ", "VJB")) is None  # both show a jug
    assert lot_problem(["VAB", "VAJ", "VJB"], ("VAJ", "VAB", "VJB"))[0] == "offseason.vase_shape"


def test_only_the_lowest_fruit_on_the_camel_may_be_sold():
    assert texts(["F3", "F2", "F2", "F4"]) == ["F2", "F2+F2"]
    assert lot_problem(["F3", "F2"], ("F3",))[0] == "offseason.fruit_lowest"
    assert texts(["F4", "F3"]) == ["F3"]


def test_with_the_lowest_price_reading_any_fruit_sells_paid_at_the_lowest_value_in_the_lot():
    assert texts(["F3", "F2"], LOWEST_PRICE) == ["F3", "F2", "F2+F3"]
    assert lot_problem(["F3", "F2"], ("F2", "F3"), LOWEST_PRICE) is None
    assert price(["F2", "F3", "F4"]) == 6


@pytest.mark.parametrize(
    "load, lot, key",
    [
        (["D1"], ("D1", "D1"), "offseason.not_on_camel"),
        (["D1"], ("D2",), "offseason.not_on_camel"),
        (["D1", "CR"], ("D1", "CR"), "offseason.mixed_lot"),
    ],
)
def test_a_lot_must_be_on_the_camel_and_of_one_type(load, lot, key):
    assert lot_problem(load, lot)[0] == key
