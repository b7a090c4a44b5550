"""The new-table form's options, built from each game's declaration: the same fields,
ranges and defaults as before, every value they can send valid at every player count,
their words in both languages, and what is chosen is what the table stores."""

from __future__ import annotations

import itertools
import os
from typing import Any

import pytest
from nicegui import ui
from nicegui.testing import User

from core.games import GAMES
from core.options import Choice, Flag, IntRange
from storage import repo
from storage.db import make_engine
from tests.ui.patience import until
from ui.i18n import EN, FR, LANGUAGES, Translator
from ui.pages.new_table import starting_players
from ui.pages.table_options import describe, option_fields, value_words

# Per game, each field: its kind and what it offers (None: "by player count").
FIELDS: dict[str, dict[str, tuple[type, list[Any]]]] = {
    "caravan": {
        "hands": (ui.select, list(range(1, 10))),
        "wild_ranks": (ui.toggle, ["2-9", "1-10"]),
    },
    "camping": {
        "size": (ui.select, [None, 8, 9, 10]),
        "caravans": (ui.select, [None, 2, 3, 4, 5, 6]),
        "neutral_setup": (ui.toggle, ["random", "players"]),
    },
    "feurio": {"firebreak": (ui.switch, [False, True])},
    "pueblo": {
        "chief_start": (ui.select, ["NW", "NE", "SE", "SW"]),
        "sacred_sites": (ui.select, [0, 1, 2, 3, 4]),
        "auction": (ui.switch, [False, True]),
        "demolition": (ui.switch, [False, True]),
    },
    "offseason": {
        "open_coins": (ui.switch, [False, True]),
        "fruit_rule": (ui.toggle, ["lowest_only", "lowest_price"]),
        "tiles": (ui.toggle, ["random", "fixed"]),
    },
}


def offered(field: ui.element) -> list[Any]:
    if isinstance(field, ui.switch):
        return [False, True]
    return list(field.options)  # type: ignore[attr-defined]


async def test_each_game_s_form_offers_its_options_and_every_value_validates(user: User) -> None:
    await user.open("/")
    for game, rules in GAMES.items():
        first = starting_players(game)
        with user.client.layout:
            fields = option_fields(Translator("en"), rules, first)
        assert list(fields) == list(FIELDS[game]), game
        for name, (kind, values) in FIELDS[game].items():
            assert type(fields[name]) is kind, (game, name)
            assert offered(fields[name]) == values, (game, name)
        start = {name: field.value for name, field in fields.items()}
        for players in range(rules.min_players, rules.max_players + 1):
            defaults = rules.default_options(players)
            # What the form starts on gives the count's defaults.
            sent = {k: v for k, v in start.items() if v is not None}
            assert rules.validate_options(players, sent) == defaults, (game, players)
            for values in itertools.product(*(offered(f) for f in fields.values())):
                sent = {k: v for k, v in zip(fields, values, strict=True) if v is not None}
                assert rules.validate_options(players, sent) == {**defaults, **sent}


def test_every_word_of_the_options_exists_in_both_languages() -> None:
    for game, rules in GAMES.items():
        for option in rules.options:
            keys = [option.label] + ([option.help] if option.help else [])
            if isinstance(option, Choice):
                keys += list(option.values.values())
            if isinstance(option, IntRange) and option.words:
                keys += [f"{option.words}.one", f"{option.words}.other"]
            for key in keys:
                assert key in EN and key in FR, (game, option.id, key)
            for lang in LANGUAGES:
                t = Translator(lang)
                if not isinstance(option, Flag):
                    for value in option.choices(rules.max_players):
                        if option.form:
                            assert value_words(t, option, value), (game, option.id, value)
    fr = Translator("fr")
    assert value_words(fr, GAMES["caravan"].options[0], 1) == "1 manche"
    assert value_words(fr, GAMES["camping"].options[0], 9) == "9 × 9"
    assert fr("options.by_players") == "Selon le nombre de joueurs"


def test_a_table_s_options_read_as_before() -> None:
    t = Translator("en")
    assert describe(t, "caravan", {"hands": 1, "wild_ranks": "1-10"}) == [
        "1 hand",
        "Aces and Crowns stand for ranks 1–10",
    ]
    assert describe(t, "offseason", GAMES["offseason"].validate_options(2, {"tiles": "fixed"})) == [
        "Two-player variant",
        "Selling fruit: Only the cheapest fruit on the camel",
        "Market tiles: Tiles 1 to players + 1",
    ]
    fr = Translator("fr")
    pueblo = {**GAMES["pueblo"].default_options(3), "chief_start": "SE", "auction": True}
    assert describe(fr, "pueblo", pueblo) == [
        "Le chef part du coin sud-est",
        "Enchères pour l’ordre du tour (règles avancées)",
    ]
    assert describe(fr, "camping", GAMES["camping"].validate_options(4, None)) == [
        "Plateau\u202f: 10 × 10",
        "Caravanes par joueur\u202f: 3",
        "Piscine et jetons mystère\u202f: Posés au hasard",
    ]
    assert describe(t, "pueblo", {"chief_start": "NW"}) == []  # an older record
    assert describe(t, "chess", {}) == []


async def stored_options(user: User) -> dict[str, Any]:
    """The options stored for the visitor's new table (the conftest points DATABASE_URL
    at the site's database)."""
    await until(lambda: bool(user.back_history) and "/table/" in user.back_history[-1])
    table_id = user.back_history[-1].rsplit("/", 1)[-1]
    record = repo.load_record(make_engine(os.environ["DATABASE_URL"]), match_id=table_id)
    assert record is not None
    return dict(record["options"])


@pytest.mark.parametrize(
    "game, players, chosen, stored",
    [
        (
            "camping",
            3,
            {"size": 10, "caravans": 5, "neutral_setup": "players"},
            {"size": 10, "caravans": 5, "neutral_setup": "players"},
        ),
        ("camping", 4, {}, {"size": 10, "caravans": 3, "neutral_setup": "random"}),
        (
            "pueblo",
            2,
            {"chief_start": "SE", "sacred_sites": 2, "demolition": True},
            {
                "chief_start": "SE",
                "first_player": "random",
                "sacred_sites": 2,
                "auction": False,
                "demolition": True,
            },
        ),
        (
            "offseason",
            2,
            {"fruit_rule": "lowest_price"},
            {
                "two_player_variant": True,
                "open_coins": False,
                "fruit_rule": "lowest_price",
                "tiles": "random",
            },
        ),
    ],
)
async def test_the_table_stores_what_the_form_chose(
    user: User, game: str, players: int, chosen: dict[str, Any], stored: dict[str, Any]
) -> None:
    await user.open(f"/new/{game}")
    user.find(marker="name").clear().type("Ann")
    (toggle,) = user.find(marker="players").elements
    toggle.value = players
    for name, value in chosen.items():
        (field,) = user.find(marker="option-" + name.replace("_", "-")).elements
        field.value = value
    user.find(marker="start").click()
    assert await stored_options(user) == stored
