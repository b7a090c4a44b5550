"""The rules pages' pictures: positions the engine still reaches, placed in both languages,
drawn by the real boards; and the rules pages reachable from the home page and the table."""

from __future__ import annotations

from pathlib import Path

import pytest
from nicegui import ElementFilter, ui
from nicegui.testing import User
from nicegui.testing.user_interaction import UserInteraction

from core.games import GAMES
from ui.boards import BOARDS
from ui.help.situations import SITUATIONS, markers, split
from ui.i18n import LANGUAGES, Translator
from ui.pages.table_options import option_fields

HELP = Path(__file__).resolve().parents[2] / "ui" / "help"


def help_text(game: str, lang: str) -> str:
    return (HELP / f"{game}.{lang}.md").read_text(encoding="utf-8")


@pytest.mark.parametrize("situation", sorted(SITUATIONS), ids=str)
def test_every_situation_is_reached_by_legal_moves_from_its_seed(situation: str) -> None:
    s = SITUATIONS[situation]
    state = GAMES[s.game].new_game(s.players, s.seed, dict(s.options) or None)
    for ply, (seat, action) in enumerate(s.actions, start=1):
        assert seat in state.to_move(), f"{situation}: move {ply} is not seat {seat}'s turn"
        assert action in state.legal_actions(seat), f"{situation}: move {ply} {action!r}"
        state.apply(seat, action)
    assert not state.is_over()
    assert s.seat is None or 0 <= s.seat < s.players
    assert s.position().view(s.seat) == state.view(s.seat)


def test_every_game_has_two_to_four_situations_with_a_caption_in_both_languages() -> None:
    for game in BOARDS:
        count = sum(s.game == game for s in SITUATIONS.values())
        assert 2 <= count <= 4, (game, count)
    for situation in SITUATIONS.values():
        for lang in LANGUAGES:
            assert Translator(lang).has(situation.caption_key), (lang, situation.id)


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("game", sorted(BOARDS))
def test_each_marker_names_a_situation_of_its_game_and_each_situation_is_placed_once(
    game: str, lang: str
) -> None:
    named = markers(help_text(game, lang))
    assert named, f"{game}.{lang}.md pictures nothing"
    for situation in named:
        assert situation in SITUATIONS, f"{game}.{lang}.md: unknown situation {situation!r}"
        assert SITUATIONS[situation].game == game, f"{game}.{lang}.md: {situation!r}"
    mine = sorted(s.id for s in SITUATIONS.values() if s.game == game)
    assert sorted(named) == mine, f"{game}.{lang}.md places {named}, the game has {mine}"


def test_split_cuts_the_text_at_marker_lines_only() -> None:
    text = "# T\n\nSee [[situation:a-b]] inline.\n[[situation:c-1]]\nAfter.\n[[situation:d]]\n"
    assert split(text) == [
        ("text", "# T\n\nSee [[situation:a-b]] inline.\n"),
        ("situation", "c-1"),
        ("text", "\nAfter.\n"),
        ("situation", "d"),
    ]


# How each field of a game's new-table form is named in its help, in English and French.
OPTION_NAMES = {
    "caravan": {
        "hands": ("Number of hands", "Nombre de manches"),
        "wild_ranks": ("Aces and Crowns stand for", "Les As et Couronnes remplacent"),
    },
    "camping": {
        "size": ("Board", "Plateau"),
        "caravans": ("Caravans each", "Caravanes par joueur"),
        "neutral_setup": ("Pool and mystery tokens", "Piscine et jetons mystère"),
    },
    "feurio": {"firebreak": ("firebreak variant", "variante coupe-feu")},
    "pueblo": {
        "sacred_sites": ("Sacred sites", "Lieux sacrés"),
        "auction": ("Turn-order auction", "Enchères pour l’ordre du tour"),
        "demolition": ("Demolition", "Démolition"),
        "chief_start": ("The chief starts on the", "Le chef part du"),
    },
    "offseason": {
        "open_coins": ("Open coins", "Pièces visibles"),
        "fruit_rule": ("Selling fruit", "Vente des fruits"),
        "tiles": ("Market tiles", "Tuiles de marché"),
    },
}


async def test_the_help_explains_every_field_of_the_new_table_form_and_the_notation(
    user: User,
) -> None:
    await user.open("/")
    for game in BOARDS:
        with user.client.layout:
            fields = option_fields(Translator("en"), GAMES[game], 2)
        assert set(fields) == set(OPTION_NAMES[game]), f"{game}: describe the new option here"
        for index, lang in enumerate(LANGUAGES):
            text = help_text(game, lang)
            for key, names in OPTION_NAMES[game].items():
                assert f"**{names[index]}**" in text, (game, lang, key)
            assert "\n## Notation\n" in text, (game, lang)


async def test_each_rules_page_draws_its_situations_with_the_real_boards(user: User) -> None:
    for game in sorted(BOARDS):
        await user.open(f"/rules/{game}")
        await user.should_not_see("[[situation:")
        for situation in (s for s in SITUATIONS.values() if s.game == game):
            figure = user.find(marker=f"situation-{situation.id}").elements.pop()
            inside = list(figure.descendants())
            turn = [e for e in inside if "turn" in e._markers and isinstance(e, ui.label)]
            assert len(turn) == 1 and turn[0].text, f"{situation.id}: no board drawn"
            inert = [e for e in inside if e.props.get("inert")]
            assert inert, f"{situation.id}: the picture takes clicks"
            await user.should_see(Translator("en")(situation.caption_key))


async def test_the_pictures_are_captioned_in_french(user: User) -> None:
    user.http_client.headers["accept-language"] = "fr"
    await user.open("/rules/caravan")
    await user.should_see(Translator("fr")("situation.caravan-bandit"))
    await user.should_see("Options de la table")


async def test_the_rules_are_one_click_away_from_the_home_page_and_the_table(user: User) -> None:
    await user.open("/")
    rules: dict[str, set[ui.button]] = {}
    for game in BOARDS:
        card = next(
            e for e in user.client.elements.values() if e.props.get("data-testid") == f"game-{game}"
        )
        with user.client:
            rules[game] = set(ElementFilter(kind=ui.button, content="Rules").within(instance=card))
        assert len(rules[game]) == 1, game
    UserInteraction(user, rules["feurio"], None).click()
    await user.should_see(marker="situation-feurio-zone")

    await user.open("/new/caravan")
    user.find(marker="start").click()
    await user.should_see(marker="turn")
    links = {e.props.get("href") for e in user.client.elements.values() if isinstance(e, ui.link)}
    assert "/rules/caravan" in links
