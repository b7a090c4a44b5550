"""The games waiting for a player, in two browsers: the "Your turn" page lists them longest
wait first, the header counts them, and **Next game** at a table goes round all of them.
The count follows the moves without a reload."""

from __future__ import annotations

import secrets

from playwright.sync_api import Page, expect

from e2e.online import invite_link, open_table, table_id, take_seat, take_turn, whose_turn

GAMES = 3


def waiting_for_ann(ann: Page, bea: Page, base_url: str, name: str) -> str:
    """A one-hand Caravan table of Ann's that Bea joined, played on by Bea until it is
    Ann's turn (she sits at seat 0); its id."""
    match_id = open_table(ann, base_url, name=name, seat="invited")
    bea.goto(invite_link(ann))
    take_seat(bea, "Bea")
    while whose_turn(bea) != 0:
        take_turn(bea)
    return match_id


def test_the_your_turn_page_and_next_game_go_through_every_waiting_game(
    two: tuple[Page, Page], base_url: str
) -> None:
    ann, bea = two
    name = f"ann{secrets.token_hex(3)}"
    games = [waiting_for_ann(ann, bea, base_url, name) for _ in range(GAMES)]
    ann.goto(base_url + "/turns")
    cards = ann.get_by_test_id("turn-game")
    expect(cards).to_have_count(GAMES)
    expect(ann.get_by_test_id("turns-count")).to_have_text(str(GAMES))
    # Longest wait first: the first game became Ann's turn first.
    ann.get_by_test_id("turn-play").first.click()
    ann.wait_for_url(f"**/table/{games[0]}")
    visited = [table_id(ann)]
    for _ in range(GAMES):
        ann.get_by_test_id("board").wait_for()
        before = ann.url
        ann.get_by_test_id("next-game").click()
        ann.wait_for_url(lambda url, before=before: url != before)
        visited.append(table_id(ann))
    assert visited == [*games, games[0]], visited  # round all three, then back to the first
    # Ann moves here: one game fewer waits for her, her badge says so without a reload,
    # and Bea's page counts the game now waiting for her.
    ann.get_by_test_id("board").wait_for()
    while whose_turn(ann) == 0:
        take_turn(ann)
    expect(ann.get_by_test_id("turns-count")).to_have_text(str(GAMES - 1))
    expect(bea.get_by_test_id("turns-count")).to_have_text("1")
    bea.get_by_test_id("next-game").click()  # from her last table, to the one waiting
    bea.wait_for_url(f"**/table/{games[0]}")
