"""Every replay's move list shows each move as the move box reads it, in the page's
language, beside the words; Feurio!'s board labels every cell with the name the list,
the move box and the tooltips use; the waiting room says the table's clock."""

from __future__ import annotations

import re

import pytest
from nicegui import ui
from nicegui.testing import User

from core.games import GAMES
from core.record import views_by_ply
from core.table import INVITED
from tests.ui.sites import until
from tests.ui.test_history_pages import played, store, visitor
from tests.ui.test_online_pages import other_browser
from ui.boards.feurio.svg import Clicks, forest_svg
from ui.i18n import Translator
from ui.pages.move_box import read, shown


def typed(user: User, ply: int) -> str:
    (label,) = user.find(marker=f"replay-typed-{ply}").elements
    assert isinstance(label, ui.label)
    return str(label.text)


@pytest.mark.parametrize("game", sorted(GAMES))
async def test_every_move_is_listed_as_the_move_box_reads_it(user: User, game: str) -> None:
    engine, uid = await visitor(user)
    record = played(game)
    match_id = store(engine, uid, record)
    await user.open(f"/replay/{match_id}")
    await user.should_see("Moves")
    moves = list(enumerate(record["actions"], start=1))
    for ply, (_seat, action) in moves[:40] + moves[-5:]:
        text = typed(user, ply)
        assert text == shown(game, "en", action)
        assert read(game, "en", text) == action  # typing it plays that very move


async def test_caravan_codes_follow_the_page_language(user: User) -> None:
    user.http_client.headers["accept-language"] = "fr"
    engine, uid = await visitor(user)
    record = played("caravan")
    match_id = store(engine, uid, record)
    await user.open(f"/replay/{match_id}")
    await user.should_see("Coups")
    plays = [(ply, a) for ply, (_s, a) in enumerate(record["actions"], start=1) if a != "pass"]
    assert plays
    for ply, action in plays[:20]:
        text = typed(user, ply)
        assert text == shown("caravan", "fr", action)
        assert read("caravan", "fr", text) == action
    assert any(typed(user, ply) != action for ply, action in plays)  # French corners


def test_feurio_labels_every_cell_the_move_list_names() -> None:
    t = Translator("en")
    record = played("feurio", plies=30)
    for view in views_by_ply(record):
        svg = forest_svg(view, Clicks(), t)
        labelled = set(re.findall(r'data-cell-label="([^"]+)"[^>]*>([^<]+)</text>', svg))
        assert {cell for cell, text in labelled if cell == text} == {
            *(tile["cell"] for tile in view["tiles"]),
            *(cell["cell"] for cell in view["frontier"]),
        }
        for step in view.get("steps") or []:
            word, _, cell = step["action"].partition(" ")
            if cell:
                assert (cell, cell) in labelled, (word, cell)


async def test_the_waiting_room_says_the_clock(user: User) -> None:
    await user.open("/new/caravan")
    user.find(marker="name").clear().type("Ann")
    (seat,) = user.find(marker="opponent").elements
    seat.value = INVITED
    (tempo,) = user.find(marker="tempo").elements
    await until(lambda: tempo.visible and tempo.parent_slot.parent.visible)
    tempo.value = "custom"
    (minutes,) = user.find(marker="tempo-minutes").elements
    minutes.value = 2
    (increment,) = user.find(marker="tempo-increment").elements
    increment.value = 3
    user.find(marker="start").click()
    await user.should_see("Waiting for players")
    await user.should_see("Each player has 2 min, and 3 sec more after each turn")
    await user.should_see("When a player's time runs out, a bot plays on for them")
    path = user.back_history[-1]
    async with other_browser() as bea:  # the invited player reads it before sitting down
        bea.http_client.headers["accept-language"] = "fr"
        await bea.open(path)
        await bea.should_see("Pendule")


async def test_an_untimed_table_says_so_in_the_waiting_room(user: User) -> None:
    await user.open("/new/caravan")
    user.find(marker="name").clear().type("Ann")
    (seat,) = user.find(marker="opponent").elements
    seat.value = INVITED
    user.find(marker="start").click()
    await user.should_see("Waiting for players")
    await user.should_see("No time limit: friends play at their own pace")
