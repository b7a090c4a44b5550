"""Every game's table options, declared once (core/options.py): at every player count
each value the site offers validates, alone and with all the others, and anything else
is refused with a sentence naming what the option takes."""

from __future__ import annotations

import itertools
import re
from typing import Any

import pytest

from core.games import GAMES
from core.options import Choice, Flag, IntRange, OptionError, SeatOrRandom

TABLES = [
    (game, players)
    for game, rules in GAMES.items()
    for players in range(rules.min_players, rules.max_players + 1)
]
for_every_table = pytest.mark.parametrize("game, players", TABLES)

# What the site offered before the options were declared once, at every count: the
# values (in the form's order) and the default per player count.
OFFERED: dict[str, dict[str, tuple[tuple[Any, ...], dict[int, Any]]]] = {
    "caravan": {
        "hands": (tuple(range(1, 10)), {2: 5}),
        "wild_ranks": (("2-9", "1-10"), {2: "2-9"}),
    },
    "camping": {
        "size": ((8, 9, 10), {2: 8, 3: 9, 4: 10}),
        "caravans": ((2, 3, 4, 5, 6), {2: 4, 3: 3, 4: 3}),
        "neutral_setup": (("random", "players"), dict.fromkeys((2, 3, 4), "random")),
    },
    "feurio": {"firebreak": ((False, True), dict.fromkeys((2, 3, 4), False))},
    "pueblo": {
        "chief_start": (("NW", "NE", "SE", "SW"), dict.fromkeys((2, 3, 4), "NW")),
        "sacred_sites": ((0, 1, 2, 3, 4), dict.fromkeys((2, 3, 4), 0)),
        "auction": ((False, True), dict.fromkeys((2, 3, 4), False)),
        "demolition": ((False, True), dict.fromkeys((2, 3, 4), False)),
    },
    "offseason": {
        "open_coins": ((False, True), dict.fromkeys(range(2, 6), False)),
        "fruit_rule": (("lowest_only", "lowest_price"), dict.fromkeys(range(2, 6), "lowest_only")),
        "tiles": (("random", "fixed"), dict.fromkeys(range(2, 6), "random")),
    },
}
NOT_OFFERED = {"pueblo": {"first_player"}, "offseason": {"two_player_variant"}}

# Values of every kind, most of them wrong for any option.
ODD_VALUES: list[Any] = [None, "", "x", "random", "NW", "2-9", -1, 0, 1, 5, 8, 99, 1.0, 8.0]
ODD_VALUES += [True, False, [], {}, "5", "true"]


def offered_by_the_form(rules: Any) -> list[Any]:
    return [
        o for o in rules.options if o.form and not (isinstance(o, Flag) and o.locked is not None)
    ]


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_form_offers_the_same_options_ranges_and_defaults_as_before(game: str) -> None:
    rules = GAMES[game]
    offered = {o.id: o for o in offered_by_the_form(rules)}
    assert set(offered) == set(OFFERED[game])
    assert {o.id for o in rules.options} - set(offered) == NOT_OFFERED.get(game, set())
    for name, (values, defaults) in OFFERED[game].items():
        for players in range(rules.min_players, rules.max_players + 1):
            assert offered[name].choices(players) == values, (name, players)
            assert offered[name].default_for(players) == defaults[players], (name, players)
            assert offered[name].follows_count() == (len(set(defaults.values())) > 1)


@for_every_table
def test_the_defaults_come_from_the_declaration_and_validate(game: str, players: int) -> None:
    rules = GAMES[game]
    defaults = rules.default_options(players)
    assert list(defaults) == [o.id for o in rules.options]  # the stored order
    assert rules.validate_options(players, None) == defaults
    assert rules.validate_options(players, {}) == defaults
    for option in rules.options:
        assert option.accepts(defaults[option.id], players), option.id


@for_every_table
def test_every_value_the_form_offers_validates_alone_and_combined(game: str, players: int) -> None:
    rules = GAMES[game]
    offered = offered_by_the_form(rules)
    for option in offered:
        for value in option.choices(players):
            chosen = rules.validate_options(players, {option.id: value})
            assert chosen == {**rules.default_options(players), option.id: value}
    for values in itertools.product(*(o.choices(players) for o in offered)):
        chosen = dict(zip((o.id for o in offered), values, strict=True))
        assert rules.validate_options(players, chosen) == {
            **rules.default_options(players),
            **chosen,
        }


@for_every_table
def test_every_other_value_is_refused_with_a_sentence_naming_the_option(
    game: str, players: int
) -> None:
    rules = GAMES[game]
    for option in rules.options:
        allowed = option.choices(players)
        for value in ODD_VALUES:
            if any(type(value) is type(a) and value == a for a in allowed):
                continue
            with pytest.raises(OptionError) as info:
                rules.validate_options(players, {option.id: value})
            message = str(info.value)
            assert info.value.option == option.id
            assert message[:1].isupper() and message.endswith(".") and "{" not in message
            with pytest.raises(ValueError, match=re.escape(message)):
                rules.new_game(players, 1, {option.id: value})


@pytest.mark.parametrize(
    "game, players, options, message",
    [
        ("caravan", 2, {"hands": 10}, "A match lasts 1 to 9 hands."),
        ("caravan", 2, {"wild_ranks": "1-9"}, "Wild cards stand for ranks 2-9 or 1-10."),
        ("camping", 3, {"size": 8.0}, "The board is 8, 9 or 10 squares a side."),
        ("camping", 3, {"caravans": True}, "Each player has 2 to 6 caravans."),
        (
            "camping",
            2,
            {"neutral_setup": None},
            "The pool and tokens are placed at random or by the players.",
        ),
        (
            "feurio",
            2,
            {"firebreak": 1},
            "The firebreak variant is either on (true) or off (false).",
        ),
        (
            "offseason",
            3,
            {"open_coins": "yes"},
            "The option open_coins is either on (true) or off (false).",
        ),
        (
            "offseason",
            2,
            {"two_player_variant": "yes"},
            "The option two_player_variant is either on (true) or off (false).",
        ),
        (
            "offseason",
            4,
            {"two_player_variant": True},
            "Two players always play the two-player variant (an 80-card Tower); "
            "three to five players never do.",
        ),
        (
            "offseason",
            3,
            {"tiles": "mine"},
            "Market tiles are 'random' (drawn from the six) or 'fixed' (tiles 1 to players + 1).",
        ),
        ("pueblo", 2, {"chief_start": "N"}, "The chief starts on a corner: NW, NE, SE or SW."),
        ("pueblo", 3, {"first_player": 3}, "The first player is 'random' or a seat from 0 to 2."),
        ("pueblo", 2, {"sacred_sites": "2"}, "There are 0 to 4 sacred sites."),
        ("pueblo", 2, {"auction": 1}, "The auction option is either on (true) or off (false)."),
        ("pueblo", 2, {"height": 3}, "Unknown table option 'height'."),
        ("pueblo", 5, None, "Pueblo takes 2 to 4 players."),
        ("caravan", 2, ["hands"], "Table options must be a mapping of names to values."),
    ],
)
def test_the_refusals_say_what_they_said_before(
    game: str, players: int, options: Any, message: str
) -> None:
    with pytest.raises(ValueError) as info:
        GAMES[game].validate_options(players, options)
    assert str(info.value) == message


def test_each_kind_of_option_checks_its_values() -> None:
    flag = Flag(id="f", label="f", message="F is on or off.")
    assert flag.choices(2) == (False, True) and not flag.accepts(1, 2)
    locked = Flag(id="v", label="v", message="V.", locked="Only two.", default=lambda n: n == 2)
    assert locked.choices(2) == (True,) and locked.choices(3) == (False,)
    with pytest.raises(OptionError, match="Only two."):
        locked.check(True, 3)
    number = IntRange(id="n", label="n", low=1, high=3, default=2, message="1 to 3.")
    assert [number.accepts(v, 2) for v in (0, 1, 3, 4, True, 2.0)] == [0, 1, 1, 0, 0, 0]
    choice = Choice(id="c", label="c", values={"a": "k.a", "b": "k.b"}, default="a", message="A.")
    assert choice.choices(2) == ("a", "b") and not choice.accepts(["a"], 2)
    seat = SeatOrRandom(id="s", label="s", message="Random or 0 to {last_seat}.")
    assert seat.choices(3) == ("random", 0, 1, 2)
    with pytest.raises(OptionError, match="0 to 2"):
        seat.check(3, 3)
