"""The invitation page says who invites you, to which game and with which options, and
does not count the seat kept for you among the free ones."""

from __future__ import annotations

from nicegui.testing import User

from core.games import GAMES
from tests.ui.test_online_pages import INVITED, invite_link, open_waiting_table, other_browser
from ui.i18n import Translator
from ui.pages.table_options import describe


async def test_the_invited_friend_reads_who_invites_them_to_what_and_their_seat_is_theirs(
    user: User,
) -> None:
    path = await open_waiting_table(user)
    await user.should_see("A game of Caravan for 2 players.")  # the host's own page
    await user.should_see("• 5 hands")
    link = invite_link(user)
    async with other_browser() as bea:
        await bea.open(link)
        await bea.should_see("Ann invites you to a game of Caravan.")
        await bea.should_see("Table options")
        await bea.should_see("• 5 hands")
        await bea.should_see("• Aces and Crowns stand for ranks 2–9 (standard)")
        await bea.should_see("One seat is free: take it and the game starts.")
        await bea.should_not_see("1 still free")
        await bea.should_see(marker="take-seat")
    async with other_browser() as cy:  # without the invitation: Ann's table, not theirs
        await cy.open(path)
        await cy.should_see("Ann's table: a game of Caravan.")
        await cy.should_see("The game starts when every seat is taken (1 still free).")


async def test_the_invitation_page_speaks_french(user: User) -> None:
    await open_waiting_table(user, INVITED)
    link = invite_link(user)
    async with other_browser() as bea:
        bea.http_client.headers["accept-language"] = "fr"
        await bea.open(link)
        await bea.should_see("Ann vous invite à une partie de Caravan.")
        await bea.should_see("• 5 manches")
        await bea.should_see("Il reste une place\u202f: prenez-la et la partie commence.")


def test_every_game_s_options_read_as_words_in_both_languages() -> None:
    for lang in ("en", "fr"):
        t = Translator(lang)
        for game, rules in GAMES.items():
            players = rules.min_players
            lines = describe(t, game, rules.validate_options(players, None))
            assert all(line and "{" not in line and "." not in line[-1:] for line in lines)
            assert all(not t.has(line) for line in lines)  # words, not keys
        assert describe(t, "feurio", {"firebreak": False}) == []
    t = Translator("en")
    assert describe(t, "pueblo", {**GAMES["pueblo"].default_options(2), "sacred_sites": 2}) == [
        "The chief starts on the north-west corner",
        "2 sacred sites",
    ]
    assert describe(t, "camping", GAMES["camping"].validate_options(3, None))[:2] == [
        "Board: 9 × 9",
        "Caravans each: 3",
    ]
